import Foundation
import XCTest
import Typeset
@testable import TypesetBatch
import TypesetTestSupport

/// Holds `text_transform`, `word_spacing`, `text_indent` and
/// `text_align_last` to Chromium's layout of the text-properties set
/// (`corpus/textprops`, made and recorded by `corpus/tools/textprops.py`
/// with the bundled fonts) at 1x, 2x and 3x. Each case is a batch request
/// (UTF-16 offsets), measured through the protocol's request type as
/// `measure batch` measures it. A case agrees when every line's source
/// range is Chromium's (a character whose glyphs a break splits, "ß" as
/// "S|S", on the line of its first glyph), its x and width are within 1/64 px, the max- and
/// min-content widths are within 1/64 px, and, for cases with hits, every
/// point Chromium hit-tested gives the same source offset (offsets stay in
/// the source text under a transform). Known misses, with why, are
/// `corpus/textprops/known-misses.tsv` (`TYPESET_CORPUS_UPDATE=1`
/// rewrites it); `TYPESET_CORPUS_DEBUG=1` prints every disagreement.
final class TextPropertiesCorpusTests: XCTestCase {
    static let tolerance = 1.0 / 64 + 1e-6
    static var directory: URL { Fixtures.corpusDirectory.appendingPathComponent("textprops") }

    func testAgreesWithChromiumAt1x() throws { try score(scale: 1) }
    func testAgreesWithChromiumAt2x() throws { try score(scale: 2) }
    func testAgreesWithChromiumAt3x() throws { try score(scale: 3) }

    /// The cases and their expected rows at `scale`.
    private func load(scale: Int) throws -> [(id: String, category: String, line: String, expected: [String: Any])] {
        let cases = try String(contentsOf: Self.directory.appendingPathComponent("cases.jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let rows = try String(contentsOf: Self.directory.appendingPathComponent("expected@\(scale)x.jsonl"), encoding: .utf8)
            .split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        let byID = Dictionary(uniqueKeysWithValues: rows.map { ($0["id"] as! String, $0) })
        return try cases.map { line in
            let o = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            let id = o["id"] as! String
            return (id, o["category"] as! String, line, try XCTUnwrap(byID[id], "no expected row for \(id)"))
        }
    }

    private func score(scale: Int) throws {
        let all = try load(scale: scale)
        XCTAssertEqual(all.count, 329, "the set's size changed: make and record it again")
        let files = FontFileCache(access: .off)
        var tallies: [String: (cases: Int, agree: Int)] = [:]
        var misses: [String: String] = [:]
        var hitsChecked = 0
        for c in all {
            tallies[c.category, default: (0, 0)].cases += 1
            // The recorder's own fields are not the protocol's.
            var object = try JSONSerialization.jsonObject(with: Data(c.line.utf8)) as! [String: Any]
            object["category"] = nil
            object["hits"] = nil
            object["scale"] = scale
            let json = try JSONSerialization.data(withJSONObject: object)
            var request = try JSONValueDecoder.decode(MeasureRequest.self, from: try JSONParser.parse(Array(json)[...]))
            request.utf16Offsets = true
            let prepared = try request.prepare(with: Fixtures.typesetter, files: files)
            let layout = try prepared.layout(width: request.width)
            var problems: [String] = []
            let lines = c.expected["lines"] as! [[String: Any]]
            if lines.count != layout.lines.count {
                problems.append("\(layout.lines.count) lines, Chromium \(lines.count)")
            }
            for (k, (want, got)) in zip(lines, layout.lines).enumerated() {
                let start = want["start"] as! Int, end = want["end"] as! Int
                let x = want["x"] as! Double, width = want["width"] as! Double
                if got.hasEllipsis {
                    // A clamped line's range ends at its visible text (the recorder's at the next, hidden line).
                    if got.utf16Range.lowerBound != start || abs(got.x - x) > Self.tolerance {
                        problems.append("cut line \(k) at \(got.utf16Range.lowerBound) x \(got.x), Chromium \(start) \(x)")
                    }
                } else if got.utf16Range != start..<end {
                    problems.append("line \(k) \(got.utf16Range), Chromium \(start)..<\(end)")
                } else if width > 0 && (abs(got.x - x) > Self.tolerance || abs(got.width - width) > Self.tolerance) {
                    problems.append("line \(k) x \(got.x) width \(got.width), Chromium \(x) \(width)")
                }
            }
            for (name, got) in [("natural_width", layout.naturalWidth), ("min_content_width", prepared.minContentWidth)] {
                let want = c.expected[name] as! Double
                if abs(got - want) > Self.tolerance { problems.append("\(name) \(got), Chromium \(want)") }
            }
            if let hits = c.expected["hits"] as? [[Double]] {
                for h in hits {
                    hitsChecked += 1
                    let got = layout.position(atX: h[0], y: h[1]).utf16Offset
                    if got != Int(h[2]) {
                        problems.append("hit (\(h[0]), \(h[1])) at \(got), Chromium \(Int(h[2]))")
                        break
                    }
                }
            }
            if problems.isEmpty { tallies[c.category]!.agree += 1 } else { misses[c.id] = problems.joined(separator: "; ") }
        }
        var table = "text properties at \(scale)x:\n"
        for (name, t) in tallies.sorted(by: { $0.key < $1.key }) {
            table += "  \(name.padding(toLength: 18, withPad: " ", startingAt: 0)) \(t.agree)/\(t.cases)\n"
        }
        let total = tallies.values.reduce(0) { $0 + $1.cases }, agree = tallies.values.reduce(0) { $0 + $1.agree }
        table += "  total \(agree)/\(total), \(hitsChecked) hit tests\n"
        print(table)
        let env = ProcessInfo.processInfo.environment
        if env["TYPESET_CORPUS_DEBUG"] != nil {
            for (id, why) in misses.sorted(by: { $0.key < $1.key }) { print("  \(id): \(why)") }
        }
        let knownFile = Self.directory.appendingPathComponent("known-misses.tsv")
        let scaleTag = "\(scale)x"
        if env["TYPESET_CORPUS_UPDATE"] != nil {
            var kept = ((try? String(contentsOf: knownFile, encoding: .utf8)) ?? "").split(separator: "\n")
                .filter { !$0.hasPrefix(scaleTag + "\t") }.map(String.init)
            kept += misses.sorted(by: { $0.key < $1.key }).map { "\(scaleTag)\t\($0.key)\t\($0.value)" }
            try (kept.sorted().joined(separator: "\n") + "\n").write(to: knownFile, atomically: true, encoding: .utf8)
            return
        }
        let known = Set(((try? String(contentsOf: knownFile, encoding: .utf8)) ?? "").split(separator: "\n")
            .map { $0.split(separator: "\t").map(String.init) }
            .filter { $0.count >= 2 && $0[0] == scaleTag }.map { $0[1] })
        for (id, why) in misses.sorted(by: { $0.key < $1.key }) where !known.contains(id) {
            XCTFail("\(id) at \(scaleTag) disagrees with Chromium: \(why)")
        }
        for id in known.sorted() where misses[id] == nil {
            XCTFail("\(id) at \(scaleTag) now agrees with Chromium: take it out of known-misses.tsv")
        }
    }
}
