import CUnicode

/// Extended grapheme cluster boundaries (UAX #29) from ICU.
enum GraphemeBreaks {
    /// A flag per UTF-16 offset 0...n: true where a grapheme cluster starts
    /// (and at n).
    static func boundaries(_ units: [UInt16]) throws -> [Bool] {
        var flags: [Bool] = [], work: [Int32] = []
        try boundaries(units, into: &flags, work: &work)
        return flags
    }

    /// The same flags written into `flags` (its contents replaced), with
    /// `work` for ICU's output: a caller that keeps both between texts
    /// allocates neither.
    static func boundaries(_ units: [UInt16], into flags: inout [Bool], work: inout [Int32]) throws {
        let n = units.count
        // Fast path: below U+0300 (Latin, Latin-1 and Latin Extended, the
        // spacing modifier letters) and in U+2010–U+20CF (dashes, quotes,
        // ellipsis, currency signs) nothing extends or joins a cluster (the
        // first Extend character is U+0300, the General Punctuation block's
        // are U+200C and U+200D; no Prepend, SpacingMark, Hangul or Regional
        // Indicator is there): without CR (CR LF is one cluster), every unit
        // starts a cluster.
        if n <= 1 || !units.contains(where: { ($0 >= 0x300 && !(0x2010...0x20CF).contains($0)) || $0 == 0x0D }) {
            flags.refill(true, count: n + 1)
            return
        }
        flags.refill(false, count: n + 1)
        flags[0] = true
        flags[n] = true
        work.refill(0, count: n + 1)
        let count = units.withUnsafeBufferPointer { tsu_grapheme_breaks($0.baseAddress, Int32(n), &work, Int32(n + 1)) }
        if count < 0 { throw TypesetError.unicodeAnalysisFailed("ICU character break iterator") }
        for k in 0..<Int(count) { flags[Int(work[k])] = true }
    }
}
