/// The advances of one line's units as the line breaker counted them: the
/// prepared text's unit advances, plus what only the line knows — each tab's
/// advance to its stop (it depends on the pen) and the line's end adjustment
/// (a closing bracket set half-width to fit, the kern a split word loses, a
/// soft hyphen's hyphen) and a justified line's expansion. Visual runs, rectangles and glyphs measure with it,
/// so that what is drawn spans what was measured.
struct LineAdvances {
    private let metrics: UnitMetrics
    /// Units with extra width, sorted, and the extra width before each of
    /// them (prefix sums: a range's extra is found in O(log n), so drawing a
    /// line of many tabs stays linear).
    private let units: [Int]
    private let before: [Int64]

    init(core: PreparedCore, line: DeviceLine) {
        metrics = core.unitMetrics
        let a = Int(line.contentStart), b = Int(line.contentEnd)
        var extras: [(unit: Int, width: Int64)] = []
        if core.tabInterval > 0, a < b, core.text.units[a..<b].contains(0x09) {
            // Tab stops count from the line's start, as the line breaker's pen does.
            var pen: Int64 = 0
            for i in a..<b {
                let next = core.advance(pen, over: i, metrics)
                if core.text.units[i] == 0x09 { extras.append((i, next - pen - Int64(metrics.advances[i]))) }
                pen = next
            }
        }
        if line.endAdjust != 0 && b > a { extras.append((b - 1, line.endAdjust)) }
        if line.startAdjust != 0 && b > a { extras.append((a, line.startAdjust)) }
        if line.justification > 0 {
            // Justification widens each opportunity (after a space, around CJK
            // characters) by a share of the free space; the last takes the rest.
            var opportunities: [Int] = []
            for j in (a + 1)..<max(a + 1, b) where core.isExpansionOpportunity(before: j) { opportunities.append(j - 1) }
            if !opportunities.isEmpty {
                let share = line.justification / Int64(opportunities.count)
                for (k, unit) in opportunities.enumerated() {
                    extras.append((unit, k + 1 == opportunities.count ? line.justification - share * Int64(k) : share))
                }
            }
        }
        extras.sort { $0.unit < $1.unit }
        units = extras.map(\.unit)
        var sums: [Int64] = [0]
        for e in extras { sums.append(sums.last! + e.width) }
        before = sums
    }

    /// The width of `[a, b)` on the line, 1/65536 px.
    func width(_ a: Int, _ b: Int) -> Int64 {
        let w = metrics.width(a, b)
        guard !units.isEmpty else { return w }
        return w + before[firstIndex(atOrAfter: b)] - before[firstIndex(atOrAfter: a)]
    }

    /// The index of the first unit with extra width at or after `unit`.
    private func firstIndex(atOrAfter unit: Int) -> Int {
        var lo = 0, hi = units.count
        while lo < hi { let m = (lo + hi) / 2; if units[m] < unit { lo = m + 1 } else { hi = m } }
        return lo
    }
}
