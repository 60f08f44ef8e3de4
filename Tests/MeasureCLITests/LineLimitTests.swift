import Foundation
import XCTest

/// `--max-line-bytes`: a line over the limit is answered with an error naming
/// its length and the limit, in its place; the lines around it are measured.
final class LineLimitTests: XCTestCase {
    func testLinesOverTheLimitAreErrorsInTheirPlace() throws {
        let exact = #"{"id": 3, "text": ""# + String(repeating: "z", count: 1_000) + #""}"#
        let limit = exact.utf8.count  // a line of exactly the limit is accepted
        let lines = [
            #"{"id": 1, "text": "a"}"#,
            #"{"id": 2, "text": ""# + String(repeating: "x", count: 300_000) + #""}"#,  // spans several reads
            exact,
            #"{"id": 4, "text": "b"}"#,
            #"{"id": 5, "text": ""# + String(repeating: "y", count: 2_000),  // last, no newline
        ]
        let r = try CLI.run(["batch", "-", "--no-progress", "--no-lines", "--max-line-bytes", String(limit)],
                            stdin: Data(lines.joined(separator: "\n").utf8))
        XCTAssertEqual(r.status, 1, r.summary)
        XCTAssertEqual(r.lines.count, 5, r.summary)
        let out = try r.lines.map { try JSON.object($0) }
        for k in [0, 2, 3] { XCTAssertNil(out[k]["error"], r.lines[k]) }
        for k in [1, 4] {
            let error = try XCTUnwrap(out[k]["error"] as? [String: Any], r.lines[k])
            XCTAssertEqual(JSON.int(error, "line"), k + 1)
            let message = error["message"] as? String ?? ""
            XCTAssertTrue(message.contains("\(lines[k].utf8.count) bytes") && message.contains("limit of \(limit) bytes"), message)
        }
    }
}
