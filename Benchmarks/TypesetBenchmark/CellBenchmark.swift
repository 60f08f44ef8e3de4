import Typeset
import TypesetEntities
import TypesetCells

/// Feed-post `CellLayout` figures: cold (shaping every text) and from
/// prepared cells (arithmetic), µs per cell, and bytes per layout.
enum CellBenchmark {
    struct Result {
        var figures: [(String, Figure, String)]
        var notes: [String]
    }

    static func run(typesetter: Typesetter, texts: [String], runs: Int) -> Result? {
        guard let template = try? CellTemplate.feedPost() else { return nil }
        let models: [CellData] = texts.prefix(5_000).enumerated().map { i, text in
            FeedPostTemplate.model(id: .int(i), name: "Member \(i % 977)", handle: "@member\(i % 977)", time: "\(i % 59 + 1)m",
                                   body: text, linkTitle: i % 5 == 0 ? "A link preview title for post \(i)" : "")
        }
        var prepared: [PreparedCell] = []
        var layouts: [CellLayout] = []
        let cold = measureRuns(runs) { () -> Double in
            // A new typesetter per run: nothing shaped before.
            let engine = CellLayoutEngine(typesetter: Typesetter(fonts: typesetter.fonts))
            let t0 = cpuNow()
            var out: [CellLayout] = []
            out.reserveCapacity(models.count)
            for m in models { out.append(try! engine.layout(template, for: m, width: 375, scale: 3)) }
            let t = cpuNow() - t0
            layouts = out
            return t / Double(models.count) * 1e6
        }
        let engine = CellLayoutEngine(typesetter: typesetter)
        prepared = models.map { try! engine.prepare(template, for: $0, scale: 3) }
        let fromPrepared = measureRuns(runs) { () -> Double in
            let t0 = cpuNow()
            var h = 0.0
            for p in prepared { h += try! engine.layout(template, prepared: p, width: 320, scale: 3).height }
            blackHole(h)
            return (cpuNow() - t0) / Double(prepared.count) * 1e6
        }
        let bytes = Double(layouts.reduce(0) { $0 + $1.byteCount }) / Double(max(1, layouts.count))
        let preparedBytes = Double(prepared.reduce(0) { $0 + $1.byteCount }) / Double(max(1, prepared.count))
        return Result(figures: [("feed-post CellLayout, cold", cold, "µs/cell"),
                                ("feed-post CellLayout from prepared texts", fromPrepared, "µs/cell")],
                      notes: [String(format: "CellLayout (feed post): %.0f bytes per cell; prepared cell %.0f bytes", bytes, preparedBytes)])
    }
}
