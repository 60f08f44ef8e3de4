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

    /// The scalar's canonical decomposition one level deep (empty when it
    /// has none): what HarfBuzz maps a character to when a font lacks it.
    static func canonicalDecomposition(_ s: UInt32) -> [UInt32] {
        withCanonicalDecomposition(s) { Array($0) }
    }

    /// `body` given the scalar's canonical decomposition (empty when it has
    /// none) in a buffer on the stack: no allocation, for the per-character
    /// font choice.
    @inline(__always)
    static func withCanonicalDecomposition<R>(_ s: UInt32, _ body: (UnsafeBufferPointer<UInt32>) -> R) -> R {
        var parts: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &parts) { raw in
            let p = raw.bindMemory(to: UInt32.self)
            let n = Int(tsu_canonical_decomposition(s, p.baseAddress, 4))
            return body(UnsafeBufferPointer(start: p.baseAddress, count: max(0, n)))
        }
    }

    /// The BMP characters that have a canonical decomposition, Hangul
    /// syllables aside (fonts that have Hangul have the syllables), with it:
    /// read from ICU once, for the font stacks' face tables.
    static let decomposableBMP: [(scalar: UInt16, parts: [UInt32])] = (0xC0..<0x10000).compactMap { c in
        if (0xAC00...0xD7A3).contains(c) || (0xD800...0xDFFF).contains(c) { return nil }
        let parts = canonicalDecomposition(UInt32(c))
        return parts.isEmpty ? nil : (UInt16(c), parts)
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

    /// Space separators other than U+0020 that hang at a line end. CSS Text 3
    /// §4.1.3 lists U+1680, U+2000–U+200A and U+205F too, but Chromium hangs
    /// only the ideographic space (the corpus shows em and thin spaces wrap).
    static func isOtherSpaceSeparator(_ u: UInt16) -> Bool {
        u == 0x3000
    }

    /// A Thai character (U+0E01–U+0E5B): ICU breaks runs of them by its dictionary.
    @inline(__always)
    static func isThai(_ u: UInt16) -> Bool { u >= 0x0E01 && u <= 0x0E5B }

    /// A Han ideograph of CJK Unified Ideographs or its Extension A.
    @inline(__always)
    static func isHanIdeograph(_ u: UInt16) -> Bool { (u >= 0x4E00 && u <= 0x9FFF) || (u >= 0x3400 && u <= 0x4DBF) }

    /// Scripts whose letters join (letter spacing would break the joins).
    static func isCursive(_ script: Int32) -> Bool {
        switch tsu_script_tag(script) {
        case 0x41726162, 0x53797263, 0x4D6F6E67, 0x4E6B6F6F, 0x4D616E64, 0x526F6867, 0x41646C6D, 0x50686167, 0x536F6764:
            return true  // Arab Syrc Mong Nkoo Mand Rohg Adlm Phag Sogd
        default:
            return false
        }
    }

    /// Whether letter spacing applies after the glyph cluster starting at `c`:
    /// not after a mark or an invisible default-ignorable character (soft
    /// hyphen, zero-width space, joiners, bidi marks, word joiner: Chromium
    /// spaces none of them, "a\u{AD}b" is as wide as "ab"), and in cursive
    /// scripts only after spaces. Thai and Lao SARA AM (U+0E33, U+0EB3) are
    /// letters, but HarfBuzz shapes them into the consonant's cluster (their
    /// nikhahit moves onto it), and Chromium spaces per shaped cluster: ทำ is
    /// spaced once.
    static func isLetterSpaced(_ units: UnsafeBufferPointer<UInt16>, at c: Int, script: Int32) -> Bool {
        if units[c] == 0x0E33 || units[c] == 0x0EB3 { return c == 0 || units[c - 1] == 0x20 }
        if isCursive(script) { return units[c] == 0x20 }
        let v = scalar(units, at: c, end: units.count).value
        return !isMark(v) && !isDefaultIgnorable(v)
    }
}
