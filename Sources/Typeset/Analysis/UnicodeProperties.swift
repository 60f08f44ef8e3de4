import CUnicode

/// Character properties the pipeline needs, answered by ICU (through CUnicode).
enum UnicodeProps {
    @inline(__always)
    static func isDefaultIgnorable(_ s: UInt32) -> Bool {
        if s < 0xAD { return false }
        if s < 0x10000 { return defaultIgnorableBMP[Int(s >> 6)] >> UInt64(s & 63) & 1 != 0 }
        return tsu_is_default_ignorable(s) != 0
    }

    /// Default_Ignorable_Code_Point for the BMP, one bit each, read from ICU
    /// once (font choice asks for every character a face does not cover).
    static let defaultIgnorableBMP: [UInt64] = (0..<1024).map { word in
        var bits: UInt64 = 0
        for bit in 0..<64 where tsu_is_default_ignorable(UInt32(word * 64 + bit)) != 0 { bits |= 1 << UInt64(bit) }
        return bits
    }

    @inline(__always)
    static func isMark(_ s: UInt32) -> Bool {
        if s < 0x300 { return false }
        let gc = tsu_general_category(s)
        return gc == 6 || gc == 7 || gc == 8  // Mn, Me, Mc
    }

    /// The scalar starting at UTF-16 offset `i` of `units[..<end]` and its length
    /// in code units (an unpaired surrogate is returned as itself, length 1).
    @inline(__always)
    static func scalar(_ units: UnsafeBufferPointer<UInt16>, at i: Int, end: Int) -> (value: UInt32, length: Int) {
        let u = UInt32(units[i])
        if u & 0xFC00 == 0xD800, i + 1 < end, units[i + 1] & 0xFC00 == 0xDC00 {
            return (0x10000 + ((u - 0xD800) << 10) + (UInt32(units[i + 1]) - 0xDC00), 2)
        }
        return (u, 1)
    }

    /// The scalar starting at UTF-16 offset `i` of `units` (see above).
    @inline(__always)
    static func scalar(_ units: [UInt16], at i: Int, end: Int? = nil) -> (value: UInt32, length: Int) {
        units.withUnsafeBufferPointer { scalar($0, at: i, end: end ?? $0.count) }
    }

    /// Whitespace that CSS collapses or preserves as spaces: space, tab, LF, CR, FF.
    @inline(__always)
    static func isCSSWhitespace(_ u: UInt16) -> Bool {
        u == 0x20 || u == 0x09 || u == 0x0A || u == 0x0D || u == 0x0C
    }
}
