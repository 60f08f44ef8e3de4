import Foundation
import XCTest
import Typeset
import TypesetTestSupport

/// Holds the engine to Chromium with fonts the project does not ship
/// (`corpus/fonts`, see corpus/README.md, "The fonts corpus"): variable fonts
/// at instances across their axes, static families that kern with the space
/// or lose their `kern` table to Chromium's sanitizer, and woff2 families
/// split by `unicode-range`, every family given to both by the same
/// `faces.css`, as a web page declares it. Recorded at device pixel ratios
/// 1, 2 and 3; scored by the options corpus's rule (line starts, height,
/// every line's x), and every line's width is counted within 1/64 device px.
///
/// The fonts are fetched by `scripts/fetch-test-fonts` (the test suite's
/// script runs it); without them the test skips and says so.
/// Pins and known misses per scale: `corpus/fonts/pins.json`,
/// `known-misses.tsv` at 1x and `fonts@<s>x-pins.json`, `…-known-misses.tsv`
/// at 2x and 3x (`TYPESET_CORPUS_UPDATE=1` rewrites them).
/// `TYPESET_FONTS_CORPUS=DIR` scores another directory of the same form (a
/// held-out set, with its own `faces.css`) and only prints its tables.
final class FontsCorpusAccuracyTests: XCTestCase {
    static let scales: [Double] = [1, 2, 3]

    func testFontsCorpusAgreesWithChromium() throws {
        let env = ProcessInfo.processInfo.environment
        let heldOut = env["TYPESET_FONTS_CORPUS"].map { URL(fileURLWithPath: $0) }
        let dir = heldOut ?? Fixtures.corpusDirectory.appendingPathComponent("fonts")
        let faces = dir.appendingPathComponent("faces.css")
        let showWidths = env["TYPESET_FONTS_WIDTHS"] == "1"
        let typesetter = try Self.typesetter(faces: faces)
        let staticFamilies = try Self.staticFamilies(faces)
        var staticWidths: [String: StaticLineWidths] = [:]
        for scale in Self.scales {
            let file = "expected@\(ScaledCorpusAccuracyTests.name(scale)).jsonl"
            guard FileManager.default.fileExists(atPath: dir.appendingPathComponent(file).path) else {
                XCTAssertNotNil(heldOut, "corpus/fonts has no \(file)")
                continue
            }
            let all = try Self.load(dir, expected: file)
            XCTAssertGreaterThan(all.count, 0, "no fonts corpus cases in \(dir.path)")
            var tallies: [String: CorpusScoreboard.Tally] = [:]
            var misses: [CorpusScoreboard.Miss] = []
            var statics = StaticLineWidths()
            let widthTolerance = 1 / (64 * scale) + (scale == 1 ? 1e-9 : 1e-4)
            for (c, variable, want) in all {
                var t = tallies[c.category, default: .init()]
                t.cases += 1
                defer { tallies[c.category] = t }
                let layout: TextLayout
                do {
                    var (style, paragraph) = try c.engineInput()
                    try variable.apply(to: &style)
                    layout = try typesetter.prepare(c.text, style: style, paragraph: paragraph, scale: scale)
                        .layout(width: c.width)
                } catch {
                    misses.append(.init(id: c.id, detail: "error: \(error)"))
                    continue
                }
                if env["TYPESET_FONTS_DEBUG"] == c.id {
                    for line in layout.lines {
                        let start = layout.scalarOffset(utf16: line.utf16Range.lowerBound)
                        let end = layout.scalarOffset(utf16: line.utf16Range.upperBound)
                        print("line \(start)..<\(end) width \(line.width) "
                              + String(c.text.unicodeScalars.dropFirst(start).prefix(end - start)).debugDescription)
                    }
                }
                let why = OptionCorpusAccuracyTests.disagreements(c, want, layout)
                if why.isEmpty { t.agree += 1 } else { misses.append(.init(id: c.id, detail: why.joined(separator: "; "))) }
                let starts = layout.lines.map { layout.scalarOffset(utf16: $0.utf16Range.lowerBound) }
                if starts == want.lines.map(\.start) {
                    let isStatic = c.font_family.first.map(staticFamilies.contains) ?? false
                    for (k, (line, w)) in zip(layout.lines, want.lines).enumerated() {
                        t.lines += 1
                        let agrees = abs(line.width - w.width) <= widthTolerance
                        if agrees { t.widthsAgree += 1 }
                        if isStatic { statics.lines += 1; statics.agree += agrees ? 1 : 0 }
                        if !agrees && showWidths {
                            print("width \(c.id) line \(k): \(line.width) vs \(w.width) "
                                  + String(c.text.unicodeScalars.dropFirst(w.start).prefix(w.end - w.start)).debugDescription)
                        }
                    }
                }
            }
            let name = ScaledCorpusAccuracyTests.name(scale)
            print("fonts corpus at \(name):\n" + CorpusScoreboard.table(tallies))
            print("static-font lines within 1/(64*\(Int(scale))) px at \(name): \(statics.agree) / \(statics.lines) "
                  + String(format: "(%.2f%%)", statics.percent))
            staticWidths[name] = statics
            if heldOut == nil {
                let prefix = scale == 1 ? "" : "fonts@\(ScaledCorpusAccuracyTests.name(scale))-"
                try CorpusScoreboard(directory: dir, prefix: prefix).check(tallies, misses: misses)
            }
        }
        if heldOut == nil { try Self.checkStaticLineWidths(staticWidths, dir: dir) }
    }

    /// The lines of static-font cases (families whose `@font-face` rules
    /// give single weights, without `unicode-range`) whose line starts
    /// agree, and how many of them are as wide as Chromium's within
    /// 1/(64·s) px.
    struct StaticLineWidths: Codable {
        var lines = 0, agree = 0
        var percent: Double { lines == 0 ? 100 : 100 * Double(agree) / Double(lines) }
    }

    /// The least share of static-font lines as wide as Chromium's.
    static let staticWidthTarget = 99.9

    /// Holds the static-font line widths to `line-width-pins.json` (lines
    /// in tolerance per scale, which may only go up) and to
    /// `staticWidthTarget`; `TYPESET_CORPUS_UPDATE=1` raises the pins.
    static func checkStaticLineWidths(_ found: [String: StaticLineWidths], dir: URL) throws {
        let url = dir.appendingPathComponent("line-width-pins.json")
        var pins = (try? JSONDecoder().decode([String: Int].self, from: Data(contentsOf: url))) ?? [:]
        if ProcessInfo.processInfo.environment["TYPESET_CORPUS_UPDATE"] == "1" {
            for (scale, w) in found { pins[scale] = max(pins[scale] ?? 0, w.agree) }
            let enc = JSONEncoder()
            enc.outputFormatting = [.prettyPrinted, .sortedKeys]
            try enc.encode(pins).write(to: url)
        }
        for (scale, w) in found.sorted(by: { $0.key < $1.key }) {
            XCTAssertGreaterThanOrEqual(w.agree, pins[scale] ?? 0,
                                        "static-font lines as wide as Chromium's at \(scale): \(w.agree), pinned at \(pins[scale] ?? 0)")
            XCTAssertGreaterThanOrEqual(w.percent, staticWidthTarget,
                                        "static-font lines as wide as Chromium's at \(scale): \(w.agree) of \(w.lines)")
        }
    }

    /// The families of `faces` that are static: every rule a single weight, no `unicode-range`.
    static func staticFamilies(_ faces: URL) throws -> Set<String> {
        let css = try String(contentsOf: faces, encoding: .utf8)
        var isStatic: [String: Bool] = [:]
        for rule in css.components(separatedBy: "@font-face").dropFirst() {
            let body = rule.prefix { $0 != "}" }
            guard let family = body.firstMatch(of: /font-family:\s*"([^"]+)"/)?.1 else { continue }
            let weight = body.firstMatch(of: /font-weight:\s*([^;]+);/)?.1.split(separator: " ").count ?? 1
            let single = weight == 1 && !body.contains("unicode-range")
            isStatic[String(family)] = (isStatic[String(family)] ?? true) && single
        }
        return Set(isStatic.filter(\.value).keys)
    }

    /// A typesetter over the families of `faces` (its `@font-face` rules);
    /// skips when the files it names have not been fetched.
    static func typesetter(faces: URL) throws -> Typesetter {
        let files = faces.deletingLastPathComponent().appendingPathComponent("files")
        guard FileManager.default.fileExists(atPath: files.path) else {
            throw XCTSkip("the fonts corpus's fonts are not in \(files.path): run scripts/fetch-test-fonts")
        }
        return Typesetter(fonts: try FontCollection(fontFaceRules: faces))
    }

    /// The variable-font fields of a fonts-corpus case (the batch protocol's names).
    struct VariableFields: Decodable {
        var id: String
        var font_stretch: Double?
        var font_optical_sizing: String?
        var font_variation_settings: String?

        func apply(to style: inout TextStyle) throws {
            if let s = font_stretch { style.stretch = s }
            if let o = font_optical_sizing {
                guard let v = FontOpticalSizing(rawValue: o) else {
                    throw OptionCorpusCase.UnsupportedOption(field: "font_optical_sizing", value: o)
                }
                style.opticalSizing = v
            }
            if let text = font_variation_settings { style.variations = try FontVariation.settings(css: text) }
        }
    }

    /// Every case of a directory with its variable-font fields and its recording `expected`.
    static func load(_ dir: URL, expected: String)
        throws -> [(OptionCorpusCase, VariableFields, OptionCorpusCase.Expected)] {
        let fields = try CorpusScoreboard.jsonLines(dir.appendingPathComponent("cases.jsonl"), as: VariableFields.self)
        let byID = Dictionary(fields.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return try OptionCorpusCase.loadAll(dir, expected: expected).compactMap { c, want in
            byID[c.id].map { (c, $0, want) }
        }
    }
}
