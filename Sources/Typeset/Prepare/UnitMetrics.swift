/// What a prepared text knows per UTF-16 unit: each unit's advance and where
/// grapheme clusters start.
///
/// Layout at a width needs none of it: segments carry their widths. Positions
/// inside a segment do: overflow-wrap of a long word, an ellipsis, tabs,
/// hanging ideographic spaces, trimmed brackets, visual runs, entity
/// rectangles, carets. A prepared text therefore does not keep these arrays
/// (they would be a third of its memory); it computes them on first use by
/// shaping again, which gives the same advances (see `PreparedCore.unitMetrics`).
final class UnitMetrics: Sendable {
    /// Advance per processed unit (its cluster's glyphs plus letter spacing), 1/65536 px.
    let advances: [Int32]
    /// Grapheme cluster starts per processed offset (0...n), one bit each.
    let graphemeBits: [UInt64]
    /// Grapheme boundaries inside ligatures, with the width before them.
    let ligatures: LigatureSplits

    init(advances: [Int32], graphemeStarts: [Bool], ligatures: LigatureSplits) {
        self.advances = advances
        var bits = [UInt64](repeating: 0, count: graphemeStarts.count / 64 + 1)
        for (i, start) in graphemeStarts.enumerated() where start { bits[i >> 6] |= 1 << UInt64(i & 63) }
        graphemeBits = bits
        self.ligatures = ligatures
    }

    /// Whether a grapheme cluster starts at processed offset `i`.
    @inline(__always)
    func isGraphemeStart(_ i: Int) -> Bool { graphemeBits[i >> 6] >> UInt64(i & 63) & 1 != 0 }

    /// Width of processed `[a, b)` ignoring tabs, 1/65536 px. An end inside a
    /// ligature counts the ligature's pieces as if shaped apart.
    func width(_ a: Int, _ b: Int) -> Int64 {
        var w: Int64 = 0
        var i = a
        while i < b { w &+= Int64(advances[i]); i += 1 }
        if !ligatures.isEmpty && a < b { w += startCorrection(a) + endCorrection(a, b) }
        return w
    }

    /// What a range starting at `a` inside a ligature adds to its advances' sum:
    /// the rest of the ligature after `a` (the ligature's advance is on its first unit).
    @inline(__always)
    func startCorrection(_ a: Int) -> Int64 { ligatures.startCorrection(a, advances: advances) }

    /// What a range `[a, b)` ending inside a ligature adds to its advances' sum:
    /// the piece before `b`, less the ligature's advance if the range holds it.
    /// Both ends inside one ligature count the piece between them, so that
    /// `width(a, c) == width(a, b) + width(b, c)` for any boundary `b` between.
    @inline(__always)
    func endCorrection(_ a: Int, _ b: Int) -> Int64 { ligatures.endCorrection(a, b, advances: advances) }

    /// Heap bytes of the object and its arrays (the ligature table belongs to the text).
    var byteCount: Int { heapSize(of: self) + arrayBytes(advances) + arrayBytes(graphemeBits) }
}
