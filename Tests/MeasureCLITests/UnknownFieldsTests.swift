import Foundation
import Typeset
import TypesetBatch
import TypesetTestSupport
import XCTest

/// A misspelt request field is reported, never silently left at its default:
/// a warning per field name on stderr, an error line under `--strict`.
final class UnknownFieldsTests: XCTestCase {
    let lines = [
        #"{"id": 1, "text": "Hello world", "widht": 50}"#,
        #"{"id": 2, "text": "Hello world", "widht": 50, "runs": [{"start": 0, "end": 5, "font_wieght": 700}]}"#,
        #"{"id": 3, "text": "Hello world", "width": 50, "font": "Noto Sans", "attachments": []}"#,
    ]

    func testWarnedOncePerFieldName() throws {
        let r = try CLI.run(["batch", "-", "--no-progress"], stdin: lines.joined(separator: "\n") + "\n")
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(r.lines.count, 3)
        XCTAssertEqual(JSON.int(try JSON.object(r.lines[0]), "line_count"), 1, "measured without the misspelt width")
        let warnings = r.stderr.split(separator: "\n").filter { $0.contains("warning") }.map(String.init)
        XCTAssertEqual(warnings, [
            #"measure: warning: line 1: unknown field "widht" (did you mean "width"?); ignored (--strict makes it an error)"#,
            #"measure: warning: line 2: unknown field "runs[].font_wieght" (did you mean "runs[].font_weight"?); ignored (--strict makes it an error)"#,
        ], r.summary)
    }

    func testStrictMakesThemErrorLines() throws {
        let r = try CLI.run(["batch", "-", "--no-progress", "--strict"], stdin: lines.joined(separator: "\n") + "\n")
        XCTAssertEqual(r.status, 1, r.summary)
        let first = try XCTUnwrap(try JSON.object(r.lines[0])["error"] as? [String: Any])
        XCTAssertEqual(first["message"] as? String, #"unknown field "widht" (did you mean "width"?)"#)
        XCTAssertNotNil(try JSON.object(r.lines[1])["error"])
        XCTAssertNil(try JSON.object(r.lines[2])["error"], "former style names and every documented field are known")
        XCTAssertEqual(JSON.int(try JSON.object(r.lines[2]), "line_count"), 2)
    }

    /// In process: the same fields reported, the same error lines when strict.
    func testInProcess() throws {
        let lenient = BatchLines(typesetter: Fixtures.typesetter)
        var out: [UInt8] = [], unknown: [String] = []
        XCTAssertTrue(lenient.answer(Array(lines[1].utf8)[...], number: 2, to: &out, unknownFields: &unknown))
        XCTAssertEqual(unknown, ["widht", "runs[].font_wieght"])
        XCTAssertTrue(lenient.answer(Array(lines[2].utf8)[...], number: 3, to: &out, unknownFields: &unknown))
        XCTAssertEqual(unknown, [])
        let strict = BatchLines(typesetter: Fixtures.typesetter, rejectsUnknownFields: true)
        out = []
        XCTAssertFalse(strict.answer(Array(lines[0].utf8)[...], number: 1, to: &out))
        XCTAssertTrue(String(decoding: out, as: UTF8.self).contains(#"unknown field \"widht\""#))
    }

    /// A batch's font stacks resolve as CSS lists: a family without a font is
    /// skipped with one warning per name, whatever the number of lines.
    func testSkippedFamiliesWarnedOncePerName() throws {
        let input = [
            #"{"id": 1, "text": "Hello world", "font_family": ["Arial", "Noto Sans"], "font_size": 15}"#,
            #"{"id": 2, "text": "Hello world", "font_family": ["Arial", "Noto Sans"]}"#,
            #"{"id": 3, "text": "Hello world", "runs": [{"start": 0, "end": 5, "font_family": ["Comic", "Arial", "sans-serif"]}]}"#,
            #"{"id": 4, "text": "Hello world", "font_family": ["Nothing", "Else"]}"#,
        ]
        let r = try CLI.run(["batch", "-", "--no-progress"], stdin: input.joined(separator: "\n") + "\n")
        XCTAssertEqual(r.status, 1, "the last line has no font: \(r.summary)")
        XCTAssertEqual(JSON.double(try JSON.object(r.lines[0]), "exact_width"), 80.453125)
        XCTAssertTrue(r.lines[3].contains(#"none of the font families \"Nothing\", \"Else\" has a font"#), r.lines[3])
        let warnings = r.stderr.split(separator: "\n").filter { $0.contains("warning") }.map(String.init)
        XCTAssertEqual(warnings, [
            #"measure: warning: font family "Arial" has no font; skipped, as CSS skips it"#,
            #"measure: warning: font family "Comic" has no font; skipped, as CSS skips it"#,
        ], "the line with no font at all is an error line, not a warning")
    }

    /// On the command line a misspelt field of `--runs` is a usage error.
    func testTextRunsWithAMisspeltFieldAreAUsageError() throws {
        let r = try CLI.run(["text", "Hello", "--runs", #"[{"start": 0, "end": 2, "font_wieght": 700}]"#])
        XCTAssertEqual(r.status, 2, r.summary)
        XCTAssertTrue(r.stderr.hasPrefix(#"measure: unknown field "runs[].font_wieght" (did you mean "runs[].font_weight"?)"#), r.summary)
    }
}
