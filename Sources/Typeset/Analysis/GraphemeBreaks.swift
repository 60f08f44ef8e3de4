import CUnicode

/// Extended grapheme cluster boundaries (UAX #29), as ICU's character break
/// iterator finds them.
enum GraphemeBreaks {
    /// A flag per UTF-16 offset 0...n: true where a grapheme cluster starts
    /// (and at n).
    static func boundaries(_ units: [UInt16]) -> [Bool] {
        var flags: [Bool] = []
        boundaries(units, into: &flags)
        return flags
    }

    /// The same flags written into `flags` (its contents replaced): a caller
    /// that keeps it between texts allocates nothing.
    ///
    /// Found by UAX #29's rules over ICU's properties in one pass
    /// (`tsu_grapheme_starts`), not by ICU's break iterator, whose rule
    /// machine cost more per text than the rest of the analysis; the two
    /// agree (`GraphemeBreaksTests` holds them to it). Below U+0300 (Latin,
    /// Latin-1 and Latin Extended, the spacing modifier letters) nothing
    /// extends or joins a cluster, and no property is looked up there.
    static func boundaries(_ units: [UInt16], into flags: inout [Bool]) {
        let n = units.count
        flags.refill(true, count: n + 1)
        guard n > 1 else { return }
        units.withUnsafeBufferPointer { u in
            flags.withUnsafeMutableBytes { bytes in
                tsu_grapheme_starts(u.baseAddress, Int32(n), bytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
        }
    }

    /// ICU's character break iterator's boundaries, as `boundaries(_:)`
    /// gives them: the reference the rules above are tested against.
    static func icuBoundaries(_ units: [UInt16]) throws -> [Bool] {
        let n = units.count
        var flags = [Bool](repeating: false, count: n + 1), work = [Int32](repeating: 0, count: n + 1)
        flags[0] = true
        flags[n] = true
        guard n > 0 else { return flags }
        let count = units.withUnsafeBufferPointer { tsu_grapheme_breaks($0.baseAddress, Int32(n), &work, Int32(n + 1)) }
        if count < 0 { throw TypesetError.unicodeAnalysisFailed("ICU character break iterator") }
        for k in 0..<Int(count) { flags[Int(work[k])] = true }
        return flags
    }
}
