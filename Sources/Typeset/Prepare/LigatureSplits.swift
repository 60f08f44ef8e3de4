/// Grapheme boundaries that fall inside a ligature glyph, in order, each with
/// its ligature's first unit and the width of the part before the boundary
/// when shaped on its own (1/65536 px).
struct LigatureSplits: Sendable {
    private struct Split {
        var unit: Int32
        var clusterStart: Int32
        var prefix: Int64
    }
    private var splits: [Split] = []

    var isEmpty: Bool { splits.isEmpty }

    mutating func append(unit: Int32, clusterStart: Int32, prefix: Int64) {
        splits.append(Split(unit: unit, clusterStart: clusterStart, prefix: prefix))
    }

    /// The same splits in an array of exactly their size.
    func compacted() -> LigatureSplits {
        var c = self
        c.splits = splits.compacted()
        return c
    }

    /// The split at a processed offset, if it is inside a ligature.
    func split(at unit: Int32) -> (clusterStart: Int32, prefix: Int64)? {
        var lo = 0, hi = splits.count
        while lo < hi { let m = (lo + hi) / 2; if splits[m].unit < unit { lo = m + 1 } else { hi = m } }
        guard lo < splits.count, splits[lo].unit == unit else { return nil }
        return (splits[lo].clusterStart, splits[lo].prefix)
    }

    /// What a range starting at `a` inside a ligature adds to its advances' sum:
    /// the rest of the ligature after `a` (the ligature's advance is on its first unit).
    @inline(__always)
    func startCorrection(_ a: Int, advances: [Int32]) -> Int64 {
        guard let s = split(at: Int32(a)) else { return 0 }
        return Int64(advances[Int(s.clusterStart)]) - s.prefix
    }

    /// What a range `[a, b)` ending inside a ligature adds to its advances' sum:
    /// the piece before `b`, less the ligature's advance if the range holds it.
    /// Both ends inside one ligature count the piece between them, so that
    /// `width(a, c) == width(a, b) + width(b, c)` for any boundary `b` between.
    @inline(__always)
    func endCorrection(_ a: Int, _ b: Int, advances: [Int32]) -> Int64 {
        guard let s = split(at: Int32(b)) else { return 0 }
        guard Int(s.clusterStart) >= a || split(at: Int32(a))?.clusterStart == s.clusterStart else { return 0 }
        return s.prefix - Int64(advances[Int(s.clusterStart)])
    }

    /// Heap bytes of the table.
    var byteCount: Int { arrayBytes(splits) }
}
