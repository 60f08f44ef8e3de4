extension String {
    /// The string's UTF-16 code units, transcoded from its UTF-8 storage in
    /// two tight passes (count, then fill); `Array(utf16)` walks the view one
    /// index at a time, which showed in the prepare profile.
    var utf16Units: [UInt16] {
        var units: [UInt16] = []
        writeUTF16Units(into: &units)
        return units
    }

    /// The same units written into `units` (its contents replaced, in the
    /// buffer it has when that is large enough: a caller keeping it between
    /// strings allocates only while it grows).
    ///
    /// Both passes go eight bytes at a time where they can: the count by
    /// bit masks over a word (a byte is a unit unless it continues a
    /// scalar, and a four-byte scalar is two), the fill by widening eight
    /// ASCII bytes at once and decoding one scalar otherwise, through
    /// pointers (a String's UTF-8 is always valid, so no check is needed).
    func writeUTF16Units(into units: inout [UInt16]) {
        var string = self
        string.withUTF8 { utf8 in
            guard let bytes = utf8.baseAddress, utf8.count > 0 else {
                units.removeAll(keepingCapacity: true)
                return
            }
            let n = utf8.count
            let count = Self.utf16Count(bytes, n)
            units.refill(0, count: count)
            units.withUnsafeMutableBufferPointer { out in
                if count == n {
                    // No scalar past U+007F (a count equal to the bytes' has none): every byte is a unit.
                    Self.widen(bytes, n, into: out.baseAddress!)
                } else {
                    Self.transcode(bytes, n, into: out.baseAddress!)
                }
            }
        }
    }

    /// The eight bytes at `offset`, the first in the lowest bits.
    @inline(__always)
    private static func word(_ bytes: UnsafePointer<UInt8>, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes + offset).loadUnaligned(as: UInt64.self))
    }

    /// The bit 7 of every byte of a word.
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The number of UTF-16 units of valid UTF-8: every byte that does not
    /// continue a scalar (10xxxxxx) starts one unit, and a four-byte lead
    /// (11110xxx) a second.
    private static func utf16Count(_ bytes: UnsafePointer<UInt8>, _ n: Int) -> Int {
        var continuations = 0, fourByteLeads = 0, i = 0
        while i &+ 8 <= n {
            let w = word(bytes, i)
            if w & highBits != 0 {
                // Bit 7 set and bit 6 clear: a continuation; bits 7 to 4 set: a four-byte lead.
                continuations &+= byteSum((w & ~(w << 1) & highBits) >> 7)
                fourByteLeads &+= byteSum((w & (w << 1) & (w << 2) & (w << 3) & highBits) >> 7)
            }
            i &+= 8
        }
        while i < n {
            let b = bytes[i]
            if b & 0xC0 == 0x80 { continuations &+= 1 } else if b >= 0xF0 { fourByteLeads &+= 1 }
            i &+= 1
        }
        return n &- continuations &+ fourByteLeads
    }

    /// The sum of a word's bytes, each 0 or 1, by one multiplication (the
    /// baseline x86-64 target has no population count instruction).
    @inline(__always)
    private static func byteSum(_ w: UInt64) -> Int {
        Int(truncatingIfNeeded: (w &* 0x0101_0101_0101_0101) >> 56)
    }

    /// ASCII bytes as units.
    private static func widen(_ bytes: UnsafePointer<UInt8>, _ n: Int, into out: UnsafeMutablePointer<UInt16>) {
        for i in 0..<n { out[i] = UInt16(bytes[i]) }
    }

    /// Valid UTF-8 as UTF-16: runs of eight ASCII bytes widened at once,
    /// every other scalar decoded alone.
    private static func transcode(_ bytes: UnsafePointer<UInt8>, _ n: Int, into out: UnsafeMutablePointer<UInt16>) {
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
    }
}
