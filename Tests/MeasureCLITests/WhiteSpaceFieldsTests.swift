import Foundation
import XCTest

/// `white_space` (pre-line, pre, break-spaces), `overflow_wrap` and the
/// answer's `min_content_width` in batch requests, and their options in
/// `measure text`.
final class WhiteSpaceFieldsTests: XCTestCase {
    private func lineStarts(_ o: [String: Any], _ line: String) throws -> [Int] {
        try XCTUnwrap(o["lines"] as? [[String: Any]], line).compactMap { JSON.int($0, "start") }
    }

    func testEachWhiteSpaceValueInABatch() throws {
        let text = #"hello   world  \n  next line"#
        let requests = ["normal", "pre-wrap", "nowrap", "pre-line", "pre", "break-spaces"].map {
            #"{"id": "\#($0)", "text": "\#(text)", "font_size": 16, "width": 70, "white_space": "\#($0)"}"#
        } + [#"{"id": "bad", "text": "a", "white_space": "pre-wrapped"}"#]
        let r = try CLI.run(["batch", "-", "--no-progress"], stdin: requests.joined(separator: "\n") + "\n")
        XCTAssertEqual(r.lines.count, requests.count, r.summary)
        let starts = try r.lines.prefix(6).map { try lineStarts(JSON.object($0), $0) }
        XCTAssertEqual(starts[2], [0], "nowrap: one line")
        XCTAssertEqual(starts[3], [0, 8, 16], "pre-line: wraps at 70 px; the line after the newline starts right after it")
        XCTAssertEqual(starts[4], [0, 16], "pre: one line per source line, however narrow")
        XCTAssertGreaterThan(starts[5].count, 2, "break-spaces: spaces take room and wrap")
        XCTAssertTrue(r.lines[6].contains("white_space must be one of normal, pre-wrap, nowrap, pre-line, pre, break-spaces"),
                      r.lines[6])
    }

    func testOverflowWrapAndMinContentWidth() throws {
        let requests = ["normal", "break-word", "anywhere"].map {
            #"{"id": "\#($0)", "text": "abcdefghijklmnop qr", "font_size": 16, "width": 40, "overflow_wrap": "\#($0)"}"#
        }
        let r = try CLI.run(["batch", "-", "--no-progress"], stdin: requests.joined(separator: "\n") + "\n")
        let answers = try r.lines.map { try JSON.object($0) }
        // Chromium 156: min-content 135.890625 (normal, break-word), 14.953125 (anywhere), within 1/64 px.
        for (answer, chromium) in zip(answers, [135.890625, 135.890625, 14.953125]) {
            XCTAssertEqual(try XCTUnwrap(answer["min_content_width"] as? Double, r.summary), chromium, accuracy: 1.0 / 64)
        }
        XCTAssertFalse(r.stderr.contains("unknown field"), r.stderr)
        XCTAssertEqual(try answers.map { try lineStarts($0, "").count }, [2, 5, 5])
        let text = try CLI.run(["text", "abcdefghijklmnop qr", "--size", "16", "--width", "40", "--json",
                                "--overflow-wrap", "normal", "--white-space", "pre-line"])
        XCTAssertEqual(text.status, 0, text.summary)
        XCTAssertEqual(try lineStarts(JSON.object(text.lines[0]), text.lines[0]).count, 2)
    }
}
