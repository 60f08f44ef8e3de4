/// The library's performance targets, each next to the figure
/// it is judged on and, where the target is relative, the peer measured in
/// the same run, with a pass/miss verdict. Rows whose figure this run did not
/// take (no peer, no allocation counter) say so instead of a verdict.
struct TargetTable {
    private struct Row {
        let target: String
        let figure: Double?
        let limit: Double
        let atMost: Bool
        let unit: String
        /// What the figure is made of (the peer's figure, say).
        let detail: String
    }

    private var rows: [Row] = []

    /// A target the figure must not exceed.
    mutating func atMost(_ target: String, _ figure: Double?, _ limit: Double, unit: String, detail: String = "") {
        rows.append(Row(target: target, figure: figure, limit: limit, atMost: true, unit: unit, detail: detail))
    }

    /// A target the figure must reach.
    mutating func atLeast(_ target: String, _ figure: Double?, _ limit: Double, unit: String, detail: String = "") {
        rows.append(Row(target: target, figure: figure, limit: limit, atMost: false, unit: unit, detail: detail))
    }

    var table: String {
        var out = "Targets, judged on this run's medians\n"
        out += "| target | figure | target | | from |\n|---|---:|---:|---|---|\n"
        for row in rows {
            let sign = row.atMost ? "≤" : "≥"
            guard let figure = row.figure, figure.isFinite else {
                out += "| \(row.target) | — | \(sign) \(fmt(row.limit)) \(row.unit) | not measured | \(row.detail) |\n"
                continue
            }
            let pass = row.atMost ? figure <= row.limit : figure >= row.limit
            out += "| \(row.target) | \(fmt(figure)) \(row.unit) | \(sign) \(fmt(row.limit)) \(row.unit) | \(pass ? "pass" : "miss") | \(row.detail) |\n"
        }
        return out
    }
}
