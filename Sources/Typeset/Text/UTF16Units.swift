extension String {
    /// The string's UTF-16 code units, transcoded from its UTF-8 storage
    /// (see below); `Array(utf16)` walks the view one index at a time,
    /// which showed in the prepare profile.
    var utf16Units: [UInt16] {
        var units: [UInt16] = []
        writeUTF16Units(into: &units)
        return units
    }

    /// The same units written into `units` (its contents replaced, in the
    /// buffer it has when that is large enough: a caller keeping it between
    /// strings allocates only while it grows).
    ///
    /// Eight bytes at a time where it can, through pointers (a String's
    /// UTF-8 is always valid, so no check is needed): whether every byte is
    /// ASCII, by OR-ing words; then every byte widened, or, past ASCII, the
    /// units written into room for one per byte (never fewer than the
    /// units), eight ASCII bytes at once and one scalar otherwise, and the
    /// rest of the room cut off (no pass to count the units first).
    func writeUTF16Units(into units: inout [UInt16]) {
        var string = self
        string.withUTF8 { utf8 in
            guard let bytes = utf8.baseAddress, utf8.count > 0 else {
                units.removeAll(keepingCapacity: true)
                return
            }
            let n = utf8.count
            units.refill(0, count: n)
            if Self.isASCII(bytes, n) {
                units.withUnsafeMutableBufferPointer { Self.widen(bytes, n, into: $0.baseAddress!) }
                return
            }
            let count = units.withUnsafeMutableBufferPointer { Self.transcode(bytes, n, into: $0.baseAddress!) }
            units.removeLast(n - count)
        }
    }

    /// The eight bytes at `offset`, the first in the lowest bits.
    @inline(__always)
    private static func word(_ bytes: UnsafePointer<UInt8>, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes + offset).loadUnaligned(as: UInt64.self))
    }

    /// The bit 7 of every byte of a word.
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether every byte is below 0x80, eight bytes at a time.
    private static func isASCII(_ bytes: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        var i = 0, high: UInt64 = 0
        while i &+ 8 <= n {
            high |= word(bytes, i)
            i &+= 8
        }
        while i < n { high |= UInt64(bytes[i]); i &+= 1 }
        return high & highBits == 0
    }

    /// ASCII bytes as units.
    private static func widen(_ bytes: UnsafePointer<UInt8>, _ n: Int, into out: UnsafeMutablePointer<UInt16>) {
        for i in 0..<n { out[i] = UInt16(bytes[i]) }
    }

    /// Valid UTF-8 as UTF-16: runs of eight ASCII bytes widened at once,
    /// every other scalar decoded alone; returns the number of units.
    private static func transcode(_ bytes: UnsafePointer<UInt8>, _ n: Int, into out: UnsafeMutablePointer<UInt16>) -> Int {
        var i = 0, k = 0
        while i < n {
            let b = UInt32(bytes[i])
            if b < 0x80 {
                // (Eight at once only from an ASCII byte: a scalar past ASCII is not tested for it.)
                if i &+ 8 <= n && word(bytes, i) & highBits == 0 {
                    for j in 0..<8 { out[k &+ j] = UInt16(bytes[i &+ j]) }
                    i &+= 8; k &+= 8
                    continue
                }
                out[k] = UInt16(truncatingIfNeeded: b); i &+= 1; k &+= 1
            } else if b < 0xE0 {
                out[k] = UInt16(truncatingIfNeeded: (b & 0x1F) << 6 | UInt32(bytes[i &+ 1]) & 0x3F)
                i &+= 2; k &+= 1
            } else if b < 0xF0 {
                out[k] = UInt16(truncatingIfNeeded: (b & 0x0F) << 12 | (UInt32(bytes[i &+ 1]) & 0x3F) << 6
                    | UInt32(bytes[i &+ 2]) & 0x3F)
                i &+= 3; k &+= 1
            } else {
                let scalar = (b & 0x07) << 18 | (UInt32(bytes[i &+ 1]) & 0x3F) << 12
                    | (UInt32(bytes[i &+ 2]) & 0x3F) << 6 | UInt32(bytes[i &+ 3]) & 0x3F
                let v = scalar &- 0x10000
                out[k] = UInt16(truncatingIfNeeded: 0xD800 &+ (v >> 10))
                out[k &+ 1] = UInt16(truncatingIfNeeded: 0xDC00 &+ (v & 0x3FF))
                i &+= 4; k &+= 2
            }
        }
        return k
    }
}
