import Foundation
import TypesetTestSupport
import XCTest

/// `measure entities`, run as a process: the JSON Lines output, offsets, errors in
/// place, order under several jobs.
final class EntitiesCommandTests: XCTestCase {
    /// Runs `measure entities ARGS` with `input` as standard input.
    private func run(_ arguments: [String], input: Data = Data(),
                     file: StaticString = #filePath, line: UInt = #line) throws -> CLIResult {
        try CLI.run(["entities"] + arguments, stdin: input, file: file, line: line)
    }

    private func jsonl(_ lines: [String]) -> Data { Data(lines.map { $0 + "\n" }.joined().utf8) }

    /// Every kind, a list slug, key order, empty lists, and an input without an id.
    func testOutputLines() throws {
        let result = try run(["-", "--no-progress"], input: jsonl([
            ##"{"id": 1, "text": "Hello #swift @jack/team https://swift.org"}"##,
            ##"{"id": "b", "text": "Buy $AAPL, ask @tim"}"##,
            ##"{"text": "nothing here"}"##,
        ]))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.lines, [
            ##"{"id":1,"hashtags":[{"text":"swift","start":6,"end":12}],"mentions":[{"text":"jack","start":13,"end":23,"list_slug":"/team"}],"cashtags":[],"urls":[{"text":"https://swift.org","start":24,"end":41}]}"##,
            ##"{"id":"b","hashtags":[],"mentions":[{"text":"tim","start":15,"end":19}],"cashtags":[{"text":"AAPL","start":4,"end":9}],"urls":[]}"##,
            ##"{"hashtags":[],"mentions":[],"cashtags":[],"urls":[]}"##,
        ])
    }

    /// Scalars by default, UTF-16 code units on request: an emoji before the
    /// entities counts 1 scalar but 2 code units.
    func testOffsets() throws {
        let input = jsonl([##"{"id": 1, "text": "😀 #tag @user"}"##])
        let scalars = try run([], input: input)
        let utf16 = try run(["--offsets", "utf16"], input: input)
        XCTAssertEqual(scalars.lines, [##"{"id":1,"hashtags":[{"text":"tag","start":2,"end":6}],"mentions":[{"text":"user","start":7,"end":12}],"cashtags":[],"urls":[]}"##])
        XCTAssertEqual(utf16.lines, [##"{"id":1,"hashtags":[{"text":"tag","start":3,"end":7}],"mentions":[{"text":"user","start":8,"end":13}],"cashtags":[],"urls":[]}"##])
        let bad = try run(["--offsets", "bytes"], input: input)
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertEqual(bad.lines, [])
        for part in ["'bytes'", "--offsets", "'scalars'", "'utf16'"] {
            XCTAssertTrue(bad.stderr.contains(part), "names the value, the option and its values: \(bad.stderr)")
        }
    }

    /// Bad lines get an error object in place (with the id when there is one),
    /// the good ones still get results, and the exit status is 1.
    func testBadLinesInPlace() throws {
        var input = jsonl([
            ##"{"id": 1, "text": "#ok"}"##,
            "not json",
            ##"{"id": 3}"##,
            ##"{"id": 4, "text": 5}"##,
            "[1, 2]",
        ])
        input.append(contentsOf: Array(##"{"id": 6, "text": "bad "##.utf8) + [0xFF] + Array("\"}\n".utf8))
        input.append(contentsOf: Array(##"{"id": 7, "text": "#last"}"##.utf8))  // no final newline
        let result = try run([], input: input)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.lines, [
            ##"{"id":1,"hashtags":[{"text":"ok","start":0,"end":3}],"mentions":[],"cashtags":[],"urls":[]}"##,
            ##"{"error":{"line":2,"message":"invalid JSON at byte 0: no JSON value starts here"}}"##,
            ##"{"id":3,"error":{"line":3,"message":"missing field \"text\""}}"##,
            ##"{"id":4,"error":{"line":4,"message":"field \"text\" must be a string"}}"##,
            ##"{"error":{"line":5,"message":"each line must be a JSON object"}}"##,
            ##"{"id":6,"error":{"line":6,"message":"invalid UTF-8 at byte 23"}}"##,  // the id is readable
            ##"{"id":7,"hashtags":[{"text":"last","start":0,"end":5}],"mentions":[],"cashtags":[],"urls":[]}"##,
        ])
    }

    /// 5,000 lines (several chunks) with two jobs from a file argument come back in input order.
    func testOrderWithSeveralJobs() throws {
        let count = 5_000
        let lines = (0..<count).map { ##"{"id": \##($0), "text": "post \##($0) #n\##($0) @u\##($0 % 7)"}"## }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("entities-order-\(UUID().uuidString).jsonl")
        try jsonl(lines).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try run([file.path, "--jobs", "2", "--no-progress"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.lines.count, count)
        for (i, line) in result.lines.enumerated() where i % 97 == 0 || i == count - 1 {
            let digits = String(i).count
            XCTAssertEqual(line, ##"{"id":\##(i),"hashtags":[{"text":"n\##(i)","start":\##(6 + digits),"end":\##(8 + 2 * digits)}],"mentions":[{"text":"u\##(i % 7)","start":\##(9 + 2 * digits),"end":\##(12 + 2 * digits)}],"cashtags":[],"urls":[]}"##)
        }
        XCTAssertTrue(result.stderr.contains("5000 lines, 0 errors"), result.stderr)
    }

    /// The help names the protocol and gives examples.
    func testHelp() throws {
        let result = try run(["--help"])
        XCTAssertEqual(result.status, 0)
        let help = result.lines.joined(separator: "\n")
        XCTAssertTrue(help.contains("Examples:"), help)
        XCTAssertTrue(help.contains("measure entities examples/posts.jsonl"), help)
        XCTAssertTrue(help.contains("--offsets"), help)
        XCTAssertTrue(help.contains("--jobs"), help)
    }
}
