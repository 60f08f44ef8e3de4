/// Grapheme boundaries that fall inside a ligature glyph, in order, each with
/// its ligature's first unit and the width of the part before the boundary
/// when shaped on its own (1/65536 px).
struct LigatureSplits: Sendable {
    private var units: [Int32] = []
    private var clusterStarts: [Int32] = []
    private var prefixes: [Int64] = []

    var isEmpty: Bool { units.isEmpty }

    mutating func append(unit: Int32, clusterStart: Int32, prefix: Int64) {
        units.append(unit)
        clusterStarts.append(clusterStart)
        prefixes.append(prefix)
    }

    /// The split at a processed offset, if it is inside a ligature.
    func split(at unit: Int32) -> (clusterStart: Int32, prefix: Int64)? {
        var lo = 0, hi = units.count
        while lo < hi { let m = (lo + hi) / 2; if units[m] < unit { lo = m + 1 } else { hi = m } }
        guard lo < units.count, units[lo] == unit else { return nil }
        return (clusterStarts[lo], prefixes[lo])
    }
}
