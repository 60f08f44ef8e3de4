import Foundation
import XCTest

/// Every numeric field of the batch protocol given its extremes: each line is
/// answered (a result, or an error naming the field), none crashes the batch.
final class ExtremeNumbersTests: XCTestCase {
    static let extremes = ["0", "-0.0", "5e-324", "-5e-324", "2.2250738585072014e-308", "1e308", "-1e308",
                           "1.7976931348623157e308", "1e30", "-1e30", "99999999999999999999", "-99999999999999999999",
                           "0.1", "\"12\"", "null", "true", "[]", "{}"]
    static let fields = ["font_size", "font_weight", "line_height", "width", "letter_spacing", "max_lines", "scale"]
    static let runFields = ["start", "end", "font_size", "font_weight", "letter_spacing"]

    func testEveryNumericFieldsExtremesAreAnsweredLineByLine() throws {
        var lines: [String] = []
        for field in Self.fields {
            for value in Self.extremes {
                lines.append(#"{"id": \#(lines.count), "text": "Hello wörld مرحبا 你好 👋", "\#(field)": \#(value)}"#)
            }
        }
        for field in Self.runFields {
            for value in Self.extremes {
                // The field overrides the run's own start or end when it is one of them.
                let run = #"{"start": 0, "end": 5, "\#(field)": \#(value)}"#
                lines.append(#"{"id": \#(lines.count), "text": "Hello wörld مرحبا", "runs": [\#(run)]}"#)
            }
        }
        let r = try CLI.run(["batch", "--jobs", "2", "--no-progress", "--no-lines"],
                            stdin: Data((lines.joined(separator: "\n") + "\n").utf8), timeout: 120)
        XCTAssertTrue(r.status == 0 || r.status == 1, "the batch finished: \(r.summary)")
        XCTAssertEqual(r.lines.count, lines.count, "one answer per request: \(r.summary)")
        for (k, line) in r.lines.enumerated() {
            let o = try JSON.object(line)
            XCTAssertEqual(JSON.int(o, "id"), k, line)
            if let error = o["error"] as? [String: Any] {
                XCTAssertFalse((error["message"] as? String ?? "").isEmpty, line)
            } else {
                let height = try XCTUnwrap(JSON.double(o, "exact_height"), line)
                XCTAssertTrue(height.isFinite && height >= 0, "\(lines[k]) -> \(line)")
            }
        }
    }

    /// Where a number is promised there is a number, never null; a negative
    /// value that must not be negative is called that; letter spacing never
    /// makes a width negative.
    func testNumbersStayNumbersAndErrorsSayWhatIsWrong() throws {
        let lines = [
            #"{"id": 0, "text": "Hello world", "scale": 1e308}"#,
            #"{"id": 1, "text": "Hello world", "line_height": -5}"#,
            #"{"id": 2, "text": "Hello world", "line_height": {"multiple": -2}}"#,
            #"{"id": 3, "text": "Hello world foo bar", "letter_spacing": -1e6, "width": 50, "align": "center"}"#,
            #"{"id": 4, "text": "Hello world", "runs": [{"start": 0, "end": 5, "letter_spacing": -1e6}]}"#,
            #"{"id": 5, "text": "iiii llll", "letter_spacing": -30, "word_break": "break-all", "width": 0}"#,
        ]
        let r = try CLI.run(["batch", "--no-progress"], stdin: Data((lines.joined(separator: "\n") + "\n").utf8))
        XCTAssertEqual(r.lines.count, lines.count, r.summary)
        XCTAssertFalse(r.stdout.contains("null"), r.stdout)
        func message(_ k: Int) throws -> String {
            ((try JSON.object(r.lines[k])["error"] as? [String: Any])?["message"] as? String) ?? ""
        }
        XCTAssertTrue(try message(0).contains("from 0.01 to 100"), r.lines[0])
        XCTAssertTrue(try message(1).contains("must not be negative"), r.lines[1])
        XCTAssertTrue(try message(2).contains("must not be negative"), r.lines[2])
        for k in 3...5 {
            let o = try JSON.object(r.lines[k])
            XCTAssertGreaterThanOrEqual(try XCTUnwrap(JSON.double(o, "exact_width"), r.lines[k]), 0)
            for line in try XCTUnwrap(o["lines"] as? [[String: Any]], r.lines[k]) {
                XCTAssertGreaterThanOrEqual(try XCTUnwrap(line["width"] as? Double), 0, r.lines[k])
                XCTAssertGreaterThanOrEqual(try XCTUnwrap(line["x"] as? Double), 0, r.lines[k])
            }
        }
        // A cell box with a tiny aspect ratio saturates at the largest layout height.
        let template = FileManager.default.temporaryDirectory.appendingPathComponent("typeset-ratio-\(UUID().uuidString).json")
        try Data(#"{"root": {"kind": "column", "children": [{"kind": "box", "name": "b", "aspect_ratio": 1e-308}, {"kind": "box", "name": "r", "aspect_ratio": "ratio"}]}}"#.utf8).write(to: template)
        defer { try? FileManager.default.removeItem(at: template) }
        let cell = try CLI.run(["cell", "--template", template.path, "--width", "320", "--no-progress", "-"],
                               stdin: Data(#"{"id": 1, "ratio": 1e-300}"#.utf8 + [0x0A]))
        XCTAssertEqual(cell.status, 0, cell.summary)
        XCTAssertFalse(cell.stdout.contains("null"), cell.stdout)
        let height = try XCTUnwrap(JSON.double(try JSON.object(cell.lines[0]), "height"), cell.stdout)
        XCTAssertTrue(height.isFinite && height >= 33_554_431, cell.stdout)
    }

    func testCellModelIDsUpToTwoToTheSixtyFourAreAnsweredAndEchoed() throws {
        let template = FileManager.default.temporaryDirectory.appendingPathComponent("typeset-ids-\(UUID().uuidString).json")
        try Data(#"{"root": {"kind": "text", "name": "t", "key": "body"}}"#.utf8).write(to: template)
        defer { try? FileManager.default.removeItem(at: template) }
        let models = [#"{"id": 18446744073709551615, "body": "Hello"}"#, #"{"id": -9223372036854775808, "body": "Hello"}"#,
                      #"{"id": 18446744073709551616, "body": "Hello"}"#].joined(separator: "\n") + "\n"
        let cell = try CLI.run(["cell", "--template", template.path, "--width", "320", "--no-progress", "-"],
                               stdin: Data(models.utf8))
        XCTAssertEqual(cell.lines.count, 3, cell.stdout)
        XCTAssertTrue(cell.lines[0].hasPrefix(#"{"id":18446744073709551615,"height""#), cell.lines[0])
        XCTAssertTrue(cell.lines[1].hasPrefix(#"{"id":-9223372036854775808,"height""#), cell.lines[1])
        // Beyond 64 bits: an error line that says what an id may be.
        XCTAssertTrue(cell.lines[2].contains("from -2^63 to 2^64-1"), cell.lines[2])
    }
}
