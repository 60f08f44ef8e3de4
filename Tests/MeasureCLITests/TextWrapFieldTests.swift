import Foundation
import XCTest

/// `text_wrap` in requests and `--text-wrap`: CSS `text-wrap`'s values.
final class TextWrapFieldTests: XCTestCase {
    private let headline = "Council approves the new riverside park after a two-year public consultation"

    private func starts(_ line: String) throws -> [Int] {
        let o = try JSON.object(line)
        return try XCTUnwrap(o["lines"] as? [[String: Any]], line).compactMap { JSON.int($0, "start") }
    }

    func testEachValueInABatch() throws {
        let requests = ["wrap", "balance", "pretty", "nowrap"].map {
            #"{"id": "\#($0)", "text": "\#(headline)", "font_size": 17, "width": 420, "text_wrap": "\#($0)"}"#
        } + [#"{"id": "pre", "text": "a  b\nc", "white_space": "pre-wrap", "text_wrap": "nowrap", "width": 5}"#,
             #"{"id": "bad", "text": "a b", "text_wrap": "stable"}"#,
             #"{"id": "pre-line", "text": "a b", "white_space": "pre-line", "text_wrap": "nowrap"}"#]
        let r = try CLI.run(["batch", "-", "--no-progress"], stdin: requests.joined(separator: "\n") + "\n")
        XCTAssertEqual(r.lines.count, requests.count, r.summary)
        let greedy = try starts(r.lines[0]), balanced = try starts(r.lines[1])
        XCTAssertEqual(greedy.count, 2)
        XCTAssertEqual(balanced.count, 2)
        XCTAssertNotEqual(balanced, greedy)
        XCTAssertEqual(try starts(r.lines[3]), [0], "nowrap is one line")
        // pre-wrap with text-wrap: nowrap is white-space: pre: kept spaces and newline, no wrap at 5 px.
        XCTAssertEqual(try starts(r.lines[4]), [0, 5], r.lines[4])
        XCTAssertTrue(r.lines[5].contains("text_wrap must be one of wrap, balance, pretty, nowrap"), r.lines[5])
        XCTAssertTrue(r.lines[6].contains("text_wrap nowrap with white_space pre-line keeps its newlines"), r.lines[6])
    }

    func testTheTextCommandTakesTextWrap() throws {
        let greedy = try CLI.run(["text", headline, "--size", "17", "--width", "420", "--json"])
        let balanced = try CLI.run(["text", headline, "--size", "17", "--width", "420", "--json", "--text-wrap", "balance"])
        XCTAssertEqual(balanced.status, 0, balanced.summary)
        XCTAssertNotEqual(try starts(balanced.lines[0]), try starts(greedy.lines[0]))
        let bad = try CLI.run(["text", headline, "--text-wrap", "stable"])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderr.contains("text-wrap"), bad.summary)
    }
}
