import Foundation
import Typeset

/// The cost of the fonts apps bring against the bundled static Noto Sans,
/// measured in the same run over the feed's Latin posts: static fonts whose
/// space takes part in kerning (shaped whole between breaks), and variable
/// fonts at their default instance and at instances of their own. The fonts
/// are the fonts corpus's (`corpus/fonts/faces.css`, fetched by
/// `scripts/fetch-test-fonts`); without them the section says so and is skipped.
enum FontsBenchmark {
    /// One row: a family and style, cold and warm prepare + layout.
    struct Row {
        var name: String
        var cold: Figure
        var warm: Figure
    }

    /// The rows, or why there are none.
    static func run(texts allTexts: [String], width: Double, runs: Int) -> Result<[Row], BenchmarkSkip> {
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let faces = root.appendingPathComponent("corpus/fonts/faces.css")
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("corpus/fonts/files").path) else {
            return .failure(BenchmarkSkip(reason: "the fonts corpus's fonts are not fetched (scripts/fetch-test-fonts)"))
        }
        let texts = latinPosts(allTexts)
        let noto = BenchmarkOptions.fontsDirectory() + "/NotoSans-Regular.ttf"
        let styles: [(String, TextStyle)] = [
            ("Noto Sans 400 (static, bundled)", TextStyle(font: ["Noto Sans"], size: 15)),
            ("Roboto 400 (static, kerns with the space)", TextStyle(font: ["Roboto"], size: 15)),
            ("Lato 400 (static, kerns with the space)", TextStyle(font: ["Lato"], size: 15)),
            ("Open Sans 400 (variable, default instance)", TextStyle(font: ["Open Sans"], size: 15)),
            ("Open Sans 450 (variable, an instance)", TextStyle(font: ["Open Sans"], size: 15, weight: 450)),
            ("Inter 450, opsz 15 (variable instance, kerns with the space)", TextStyle(font: ["Inter"], size: 15, weight: 450)),
        ]
        func collection() throws -> FontCollection { try FontCollection(fontFaceRules: faces, paths: [noto]) }
        do { _ = try collection() } catch {
            return .failure(BenchmarkSkip(reason: "cannot read \(faces.path): \(error)"))
        }
        var rows: [Row] = []
        for (name, style) in styles {
            var typesetter: Typesetter!
            let cold = measureRuns(runs) { () -> Double in
                typesetter = Typesetter(fonts: try! collection())
                let t0 = cpuNow()
                var lines = 0
                for text in texts { lines += try! typesetter.prepare(text, style: style).layout(width: width).lines.count }
                blackHole(lines)
                return (cpuNow() - t0) / Double(texts.count) * 1e6
            }
            let warm = measureRuns(runs) { () -> Double in
                let t0 = cpuNow()
                var lines = 0
                for text in texts { lines += try! typesetter.prepare(text, style: style).layout(width: width).lines.count }
                blackHole(lines)
                return (cpuNow() - t0) / Double(texts.count) * 1e6
            }
            rows.append(Row(name: name, cold: cold, warm: warm))
        }
        return .success(rows)
    }

    /// The posts every face of the corpus covers: Latin, its punctuation and spaces.
    static func latinPosts(_ texts: [String]) -> [String] {
        texts.filter { $0.unicodeScalars.allSatisfy { $0.value < 0x250 || (0x2000...0x206F).contains($0.value) } }
    }

    /// The rows as a table, each against the first (Noto Sans) measured in the same run.
    static func table(_ rows: [Row], posts: Int) -> String {
        guard let base = rows.first else { return "" }
        var out = "Fonts apps bring, prepare + layout of the \(posts) Latin posts, against the bundled Noto Sans in this run:\n"
        out += "family                                                         cold µs/text    ×     warm µs/text    ×\n"
        for r in rows {
            out += r.name.padding(toLength: 62, withPad: " ", startingAt: 0)
                + String(format: " %9.2f  %6.2f  %9.2f  %6.2f\n", r.cold.median, r.cold.median / base.cold.median,
                         r.warm.median, r.warm.median / base.warm.median)
        }
        return out
    }
}

/// Why a benchmark section did not run.
struct BenchmarkSkip: Error {
    var reason: String
}
