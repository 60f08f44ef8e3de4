import Foundation
import XCTest
import Typeset
import TypesetBatch
import TypesetTestSupport

/// `measure batch` with `runs`: the answer equals the library's (and
/// Chromium's, from corpus/expected-runs.jsonl) for multi-run corpus cases;
/// offsets in scalars or UTF-16; bad runs are a line error naming the run.
final class BatchRunsTests: XCTestCase {
    /// Corpus cases: Arabic joining across runs (rtl), letter spacing on one
    /// run, a 24 px first word at a fixed line height, a run with its own
    /// line height, an emoji ZWJ run (surrogates: scalar and UTF-16 offsets differ).
    static let ids = ["runs-008-s15-w240-lhN", "runs-031-s17-w240-lhN-rtl", "runs-011-s15-w100-lhN",
                      "runs-014-s15-w160-lh24", "runs-023-s13-w240-lh21", "runs-046-s15-w240-lhN"]

    struct Case {
        var input: [String: Any]
        var expected: [String: Any]
    }

    static func cases() throws -> [Case] {
        let dir = Fixtures.corpusDirectory
        func rows(_ name: String) throws -> [String: [String: Any]] {
            let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
            var out: [String: [String: Any]] = [:]
            for line in text.split(separator: "\n") {
                let o = try JSON.object(String(line))
                out[o["id"] as! String] = o
            }
            return out
        }
        let inputs = try rows("cases-runs.jsonl"), expected = try rows("expected-runs.jsonl")
        return ids.map { Case(input: inputs[$0]!, expected: expected[$0]!) }
    }

    /// The batch request for a corpus case (runs with scalar offsets, or UTF-16).
    static func request(_ c: [String: Any], utf16: Bool) -> String {
        let text = c["text"] as! String
        var boundaries = [0]
        for s in text.unicodeScalars { boundaries.append(boundaries.last! + s.utf16.count) }
        let runs: [[String: Any]] = (c["runs"] as! [[String: Any]]).map { r in
            var o = r
            if utf16 {
                o["start"] = boundaries[r["start"] as! Int]
                o["end"] = boundaries[r["end"] as! Int]
            }
            return o
        }
        var o: [String: Any] = ["id": c["id"]!, "text": text, "font_family": c["font_family"]!, "font_size": c["font_size"]!,
                                "font_weight": c["font_weight"]!, "font_style": c["font_style"]!, "width": c["width"]!,
                                "direction": c["dir"]!, "white_space": c["white_space"]!, "runs": runs]
        o["line_height"] = c["line_height"] ?? NSNull()
        return String(decoding: try! JSONSerialization.data(withJSONObject: o, options: [.sortedKeys]), as: UTF8.self)
    }

    /// The library's layout of the same case.
    static func libraryLayout(_ c: [String: Any]) throws -> TextLayout {
        func style(_ o: [String: Any]) -> TextStyle {
            TextStyle(font: FontStack(families: o["font_family"] as! [String]), size: (o["font_size"] as! NSNumber).doubleValue,
                      weight: (o["font_weight"] as! NSNumber).intValue, italic: o["font_style"] as? String == "italic",
                      letterSpacing: (o["letter_spacing"] as? NSNumber)?.doubleValue ?? 0,
                      lineHeight: (o["line_height"] as? NSNumber).map { .points($0.doubleValue) } ?? .normal)
        }
        let text = c["text"] as! String
        var boundaries = [0]
        for s in text.unicodeScalars { boundaries.append(boundaries.last! + s.utf16.count) }
        var attributed = AttributedText(text, baseStyle: style(c))
        for r in c["runs"] as! [[String: Any]] {
            attributed.setStyle(style(r), utf16Range: boundaries[r["start"] as! Int]..<boundaries[r["end"] as! Int])
        }
        let paragraph = ParagraphStyle(whiteSpace: c["white_space"] as? String == "pre-wrap" ? .preWrap : .normal,
                                       direction: c["dir"] as? String == "rtl" ? .rtl : .ltr)
        return try Fixtures.typesetter.prepare(attributed, paragraph: paragraph).layout(width: (c["width"] as! NSNumber).doubleValue)
    }

    func testRunsGiveTheLibrarysAndChromiumsLines() throws {
        let cases = try Self.cases()
        for utf16 in [false, true] {
            let input = cases.map { Self.request($0.input, utf16: utf16) }.joined(separator: "\n") + "\n"
            let result = try CLI.run(["batch", "--jobs", "2"] + (utf16 ? ["--offsets", "utf16"] : []),
                                           stdin: input)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.lines.count, cases.count)
            for (c, line) in zip(cases, result.lines) {
                let got = try JSON.object(line)
                let id = c.input["id"] as! String
                XCTAssertEqual(got["id"] as? String, id)
                let library = try Self.libraryLayout(c.input)
                let offset: (Int) -> Int = utf16 ? { $0 } : { library.scalarOffset(utf16: $0) }
                let want = library.lines.map { (offset($0.utf16Range.lowerBound), offset($0.utf16Range.upperBound), $0.width) }
                let lines = JSON.lines(got)
                XCTAssertEqual(lines.map(\.0), want.map(\.0), id)
                XCTAssertEqual(lines.map(\.1), want.map(\.1), id)
                XCTAssertEqual(lines.map(\.2), want.map(\.2), id)
                XCTAssertEqual(JSON.double(got, "exact_height"), library.exactHeight, id)
                // And Chromium's (scalar offsets).
                if !utf16 {
                    XCTAssertEqual(lines.map(\.0), JSON.lines(c.expected).map(\.0), id)
                    XCTAssertEqual(JSON.double(got, "exact_height"), JSON.double(c.expected, "height"), id)
                }
            }
        }
    }

    func testBadRunsAreLineErrorsNamingTheRun() throws {
        let lines = [
            #"{"id": 1, "text": "Hello world", "runs": [{"start": 0, "end": 5, "font_weight": 700}, {"start": 3, "end": 8}]}"#,
            #"{"id": 2, "text": "Hello world", "runs": [{"start": 6, "end": 12, "font_size": 20}]}"#,
            #"{"id": 3, "text": "Hello world", "runs": [{"start": 2, "end": 2}]}"#,
            #"{"id": 4, "text": "a😀b", "runs": [{"start": 1, "end": 2}]}"#,
            #"{"id": 5, "text": "Hello world", "runs": [{"start": 0, "end": 5, "font_style": "bold"}]}"#,
            #"{"id": 6, "text": "Hello world", "runs": [{"start": 0, "end": 5, "font_weight": 700}]}"#,
        ]
        let result = try CLI.run(["batch", "--offsets", "utf16"], stdin: lines.joined(separator: "\n") + "\n")
        XCTAssertEqual(result.status, 1)
        let out = try result.lines.map { try JSON.object($0) }
        XCTAssertEqual(out.count, 6)
        func message(_ k: Int) -> String { ((out[k]["error"] as? [String: Any])?["message"] as? String) ?? "" }
        XCTAssertTrue(message(0).contains("run 1") && message(0).contains("overlaps run 0"), message(0))
        XCTAssertTrue(message(1).contains("run 0") && message(1).contains("outside the text"), message(1))
        XCTAssertTrue(message(2).contains("run 0") && message(2).contains("empty"), message(2))
        XCTAssertTrue(message(3).contains("run 0") && message(3).contains("surrogate"), message(3))
        XCTAssertTrue(message(4).contains("run 0") && message(4).contains("font_style"), message(4))
        // The good line is still measured: the bold run makes "Hello" wider.
        XCTAssertNil(out[5]["error"])
        let plain = try Fixtures.typesetter.prepare("Hello world", style: TextStyle(font: ["Noto Sans"], size: 15)).layout(width: nil)
        XCTAssertGreaterThan(JSON.double(out[5], "exact_width") ?? 0, plain.exactWidth)
    }

    /// 100,000 runs in one request are measured in time linear in their
    /// number (each run rebuilt the whole run list: 20,000 took 14 s).
    func testManyRunsInOneRequestAreLinear() throws {
        let n = 100_000
        let runs = (0..<n).map { #"{"start": \#(2 * $0), "end": \#(2 * $0 + 1), "font_weight": \#($0 % 2 == 0 ? 700 : 400)}"# }
        let request = #"{"id": 1, "width": 300, "text": ""# + String(repeating: "ab", count: n) + #"", "runs": ["#
            + runs.joined(separator: ",") + "]}"
        let started = Date()
        var out: [UInt8] = []
        XCTAssertTrue(BatchLines(typesetter: Fixtures.typesetter, includesLines: false)
            .answer(Array(request.utf8)[...], number: 1, to: &out), String(decoding: out.prefix(300), as: UTF8.self))
        XCTAssertLessThan(Date().timeIntervalSince(started), 20, "100,000 runs (a few seconds in a debug build)")
        XCTAssertTrue(String(decoding: out, as: UTF8.self).contains(#""line_count":"#))
    }
}
