import CUnicode

/// Character properties the pipeline needs, answered by ICU (through CUnicode).
enum UnicodeProps {
    @inline(__always)
    static func isDefaultIgnorable(_ s: UInt32) -> Bool {
        if s < 0xAD { return false }
        return tsu_is_default_ignorable(s) != 0
    }

    @inline(__always)
    static func isMark(_ s: UInt32) -> Bool {
        if s < 0x300 { return false }
        let gc = tsu_general_category(s)
        return gc == 6 || gc == 7 || gc == 8  // Mn, Me, Mc
    }

    /// Whitespace that CSS collapses or preserves as spaces: space, tab, LF, CR, FF.
    @inline(__always)
    static func isCSSWhitespace(_ u: UInt16) -> Bool {
        u == 0x20 || u == 0x09 || u == 0x0A || u == 0x0D || u == 0x0C
    }
}
