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
    func writeUTF16Units(into units: inout [UInt16]) {
        var string = self
        string.withUTF8 { utf8 in
            let ascii = Self.isASCII(utf8)
            let count = ascii ? utf8.count : Self.utf16Count(utf8)
            units.refill(0, count: count)
            if ascii {
                // Every byte is a unit.
                units.withUnsafeMutableBufferPointer { out in
                    for i in 0..<count { out[i] = UInt16(utf8[i]) }
                }
                return
            }
            units.withUnsafeMutableBufferPointer { out in
                var i = 0, k = 0
                let n = utf8.count
                while i < n {
                    let b = UInt32(utf8[i])
                    if b < 0x80 {
                        out[k] = UInt16(b); i += 1; k += 1
                    } else if b < 0xE0 {
                        out[k] = UInt16((b & 0x1F) << 6 | UInt32(utf8[i + 1]) & 0x3F); i += 2; k += 1
                    } else if b < 0xF0 {
                        out[k] = UInt16((b & 0x0F) << 12 | (UInt32(utf8[i + 1]) & 0x3F) << 6 | UInt32(utf8[i + 2]) & 0x3F)
                        i += 3; k += 1
                    } else {
                        let scalar = (b & 0x07) << 18 | (UInt32(utf8[i + 1]) & 0x3F) << 12
                            | (UInt32(utf8[i + 2]) & 0x3F) << 6 | UInt32(utf8[i + 3]) & 0x3F
                        let v = scalar - 0x10000
                        out[k] = UInt16(0xD800 + (v >> 10)); out[k + 1] = UInt16(0xDC00 + (v & 0x3FF))
                        i += 4; k += 2
                    }
                }
            }
        }
    }

    /// Whether every byte is below 0x80, eight bytes at a time.
    private static func isASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = utf8.baseAddress else { return true }
        let raw = UnsafeRawPointer(base), n = utf8.count
        var i = 0, high: UInt64 = 0
        while i + 8 <= n {
            high |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            i += 8
        }
        while i < n { high |= UInt64(base[i]); i += 1 }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// Every scalar is one unit, except four-byte ones (two).
    private static func utf16Count(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for b in utf8 where b & 0xC0 != 0x80 { count += b >= 0xF0 ? 2 : 1 }
        return count
    }
}
