import Foundation
import XCTest
import Typeset
import TypesetBatch
import TypesetTestSupport

/// Holds the CSS text properties to Chromium (`corpus/css`, see
/// corpus/README.md, "The CSS corpus"): `white_space` pre-line, pre and
/// break-spaces, `overflow_wrap`, `text_transform`, `word_spacing`,
/// `text_indent`, `text_align_last`, `text_box_trim`, `text_box_edge` and
/// chips (runs with `padding`, `border_width`, `margin`), recorded at device
/// pixel ratios 1, 2 and 3.
///
/// Every case is sent as it is written (the batch protocol's field names)
/// to `BatchLines` in process, at each scale, and its answer line is scored
/// by the options corpus's rule (line starts, exact and ceil'd height, every
/// line's x, a truncated text's cut, visible code points and ellipsis);
/// line widths and, when answers carry it, `min_content_width` are counted
/// within 1/64 device px. A case whose request has a field the protocol
/// does not take (an unknown field, or an error line naming the field) is a
/// miss with cause `unsupported:<field>`, however its answer compares.
///
/// Pins and known misses per scale: `corpus/css/pins.json`,
/// `known-misses.tsv` at 1x and `css@<s>x-pins.json`, `…-known-misses.tsv`
/// at 2x and 3x (`TYPESET_CORPUS_UPDATE=1` rewrites them).
/// `TYPESET_CSS_CORPUS=DIR` scores another directory of the same form (a
/// held-out set: `cases.jsonl` and any of `expected.jsonl`,
/// `expected@2x.jsonl`, `expected@3x.jsonl`) and only prints its tables;
/// `TYPESET_CSS_DEBUG=id-prefix` prints the request, the answer and
/// Chromium's lines of the cases that disagree.
final class CSSCorpusAccuracyTests: XCTestCase {
    static let scales: [Double] = [1, 2, 3]

    func testCSSCorpusAgreesWithChromium() throws {
        let env = ProcessInfo.processInfo.environment
        let heldOut = env["TYPESET_CSS_CORPUS"].map { URL(fileURLWithPath: $0) }
        let dir = heldOut ?? Fixtures.corpusDirectory.appendingPathComponent("css")
        let cases = try Self.load(dir.appendingPathComponent("cases.jsonl"))
        XCTAssertGreaterThan(cases.count, 0, "no CSS corpus cases in \(dir.path)")
        let lines = BatchLines(typesetter: Fixtures.typesetter)
        var scored = 0
        for scale in Self.scales {
            let file = scale == 1 ? "expected.jsonl" : "expected@\(ScaledCorpusAccuracyTests.name(scale)).jsonl"
            guard FileManager.default.fileExists(atPath: dir.appendingPathComponent(file).path) else {
                XCTAssertNotNil(heldOut, "corpus/css has no \(file)")
                continue
            }
            let expected = Dictionary(try CorpusScoreboard.jsonLines(dir.appendingPathComponent(file),
                                                                     as: OptionCorpusCase.Expected.self).map { ($0.id, $0) },
                                      uniquingKeysWith: { a, _ in a })
            var tallies: [String: CorpusScoreboard.Tally] = [:]
            var misses: [CorpusScoreboard.Miss] = []
            var unsupported: [String: Int] = [:], agreeIgnoring: [String: Int] = [:]
            var minContent = (compared: 0, agree: 0)
            let widthTolerance = 1 / (64 * scale) + (scale == 1 ? 1e-9 : 1e-4)
            for c in cases {
                guard let want = expected[c.id] else { continue }
                scored += 1
                var t = tallies[c.category, default: .init()]
                t.cases += 1
                defer { tallies[c.category] = t }
                let request = c.request(scale: scale)
                var out: [UInt8] = []
                var unknown: [String] = []
                _ = lines.answer(Array(request.utf8)[...], number: 1, to: &out, unknownFields: &unknown)
                let (answer, error) = try CorpusAnswer.batch(Array(out.dropLast()), scale: scale)
                guard let answer else {
                    let field = Self.cssFields.first { error?.contains($0) == true } ?? unknown.first
                    misses.append(.init(id: c.id, detail: Self.oneLine("error: \(error ?? "")"),
                                        cause: field.map { "unsupported:\($0)" }))
                    unsupported[c.category, default: 0] += 1
                    continue
                }
                let why = OptionCorpusAccuracyTests.disagreements(text: c.text, want, answer)
                if let field = unknown.first {
                    misses.append(.init(id: c.id, detail: Self.oneLine("unknown fields \(unknown); " + why.joined(separator: "; ")),
                                        cause: "unsupported:\(field)"))
                    unsupported[c.category, default: 0] += 1
                    if why.isEmpty { agreeIgnoring[c.category, default: 0] += 1 }
                } else if why.isEmpty {
                    t.agree += 1
                } else {
                    misses.append(.init(id: c.id, detail: Self.oneLine(why.joined(separator: "; "))))
                    if let prefix = env["TYPESET_CSS_DEBUG"], c.id.hasPrefix(prefix) {
                        print("== \(c.id)@\(ScaledCorpusAccuracyTests.name(scale)): \(why.joined(separator: "; "))\n  request \(request)\n"
                              + "  answer  \(String(decoding: out, as: UTF8.self))  chromium \(want.lines.map { ($0.start, $0.x ?? .nan, $0.width) })")
                    }
                }
                if answer.lines.map(\.start) == want.lines.map(\.start) {
                    for (line, w) in zip(answer.lines, want.lines) {
                        t.lines += 1
                        if abs(line.width - w.width) <= widthTolerance { t.widthsAgree += 1 }
                    }
                }
                if let got = Self.minContentWidth(out), let wanted = want.min_content_width {
                    minContent.compared += 1
                    if abs(got - wanted) <= widthTolerance { minContent.agree += 1 }
                }
            }
            let name = ScaledCorpusAccuracyTests.name(scale)
            print("CSS corpus at \(name):\n" + CorpusScoreboard.table(tallies))
            print("  unsupported fields (misses whatever the answer): "
                  + tallies.keys.sorted().compactMap { cat in unsupported[cat].map { "\(cat) \($0) (\(agreeIgnoring[cat] ?? 0) agree ignoring them)" } }
                      .joined(separator: ", "))
            print("  min_content_width within 1/64 device px: \(minContent.agree) of \(minContent.compared) answers that carry it")
            if heldOut == nil {
                let prefix = scale == 1 ? "" : "css@\(name)-"
                try CorpusScoreboard(directory: dir, prefix: prefix).check(tallies, misses: misses)
            }
        }
        XCTAssertGreaterThan(scored, 0, "no recording of \(dir.path) found")
    }

    /// The CSS text properties' fields, as error messages name them.
    static let cssFields = ["white_space", "overflow_wrap", "text_transform", "word_spacing", "text_indent",
                            "text_align_last", "text_box_trim", "text_box_edge", "padding", "border_width", "margin"]

    private static func oneLine(_ s: String) -> String {
        String(s.map { $0 == "\t" || $0 == "\n" ? " " : $0 }.prefix(400))
    }

    private static func minContentWidth(_ answer: [UInt8]) -> Double? {
        let o = try? JSONSerialization.jsonObject(with: Data(answer)) as? [String: Any]
        return (o?["min_content_width"] as? NSNumber)?.doubleValue
    }

    /// One case: its line of `cases.jsonl` and what scoring needs of it.
    struct Case {
        var id: String
        var category: String
        var text: String
        /// The case's JSON line.
        var line: String

        /// The batch request: the case's line as written, without the
        /// corpus's own `category`, with `line_height_multiple` as the
        /// protocol's `{"multiple": m}` line height, at `scale`. (The line is
        /// edited as text, never re-encoded: numbers stay as written.)
        func request(scale: Double) -> String {
            var s = line
            s = Self.replace(#""category": "[^"\\]*", "#, in: s, with: "")
            s = Self.replace(#""line_height": null, "line_height_multiple": ([0-9.eE+-]+)"#, in: s,
                             with: #""line_height": {"multiple": $1}"#)
            s = Self.replace(#", "line_height_multiple": null"#, in: s, with: "")
            guard let close = s.lastIndex(of: "}") else { return s }
            return String(s[..<close]) + ", \"scale\": \(scale)}"
        }

        private static func replace(_ pattern: String, in s: String, with template: String) -> String {
            let rx = try! NSRegularExpression(pattern: pattern)
            return rx.stringByReplacingMatches(in: s, range: NSRange(s.startIndex..., in: s), withTemplate: template)
        }
    }

    private struct Head: Decodable { var id: String; var category: String; var text: String }

    static func load(_ url: URL) throws -> [Case] {
        let data = try String(contentsOf: url, encoding: .utf8)
        return try data.split(separator: "\n", omittingEmptySubsequences: true).map { line in
            let head = try JSONDecoder().decode(Head.self, from: Data(line.utf8))
            return Case(id: head.id, category: head.category, text: head.text, line: String(line))
        }
    }
}
