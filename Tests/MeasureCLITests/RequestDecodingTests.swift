import Foundation
import XCTest

/// Requests are decoded field by field: a wrongly typed field is an error
/// line that names the field and keeps the request's id; the id is echoed
/// exactly as sent (any JSON value, `null` included).
final class RequestDecodingTests: XCTestCase {
    func testEachWronglyTypedFieldIsNamedAndTheIdKept() throws {
        let cases: [(request: String, message: String)] = [
            (#"{"id": 1, "text": "Hi", "font_size": "15"}"#, #"field "font_size" must be a number"#),
            (#"{"id": 2, "text": "Hi", "width": true}"#, #"field "width" must be a number"#),
            (#"{"id": 3, "text": "Hi", "font_family": []}"#, "font_family must be a string or a non-empty array of strings"),
            (#"{"id": 4, "text": "Hi", "font_family": ["Noto Sans", 3]}"#, "font_family must be a string or a non-empty array of strings"),
            (#"{"id": 5, "text": "Hi", "font_weight": 1200}"#, "font_weight must be between 1 and 1000"),
            (#"{"id": 6, "text": "Hi", "align": "middle"}"#, "align must be one of"),
            (#"{"id": 7, "text": "Hi", "line_height": "tall"}"#, #"line_height must be a number of px, "normal", {"multiple": m} or null"#),
            (#"{"id": 8, "text": "Hi", "runs": {"start": 0}}"#, "runs must be an array of objects"),
            (#"{"id": 9, "text": "Hi", "runs": [3]}"#, "run 0 must be an object"),
            (#"{"id": 10, "text": "Hi", "runs": [{"start": 0.5, "end": 1}]}"#, #"run 0: "start" must be an integer offset"#),
            (#"{"id": 11, "text": "Hi", "runs": [{"start": 0, "end": 1, "font_size": "big"}]}"#, #"run 0: field "font_size" must be a number"#),
            (#"{"id": 12, "text": 42}"#, #"field "text" must be a string"#),
            (#"{"id": 13}"#, #"missing field "text""#),
        ]
        let input = cases.map(\.request).joined(separator: "\n") + "\n"
        let r = try CLI.run(["batch", "-", "--no-progress"], stdin: input)
        XCTAssertEqual(r.status, 1, r.summary)
        XCTAssertEqual(r.lines.count, cases.count, r.summary)
        for (k, (line, c)) in zip(r.lines, cases).enumerated() {
            let o = try JSON.object(line)
            XCTAssertEqual(JSON.int(o, "id"), k + 1, "the id is kept on an error line: \(line)")
            let message = ((o["error"] as? [String: Any])?["message"] as? String) ?? ""
            XCTAssertTrue(message.contains(c.message), "\(c.request) -> \(line)")
            XCTAssertEqual((o["error"] as? [String: Any]).flatMap { JSON.int($0, "line") }, k + 1, line)
        }
    }

    func testIdsAreEchoedAsSent() throws {
        let ids = [#"null"#, #"[null]"#, #""x""#, #"{"a":true,"b":[1,2.5]}"#, #"-0.5"#, #"12345678901"#]
        let input = ids.map { #"{"id": \#($0), "text": "Hi"}"# }.joined(separator: "\n") + "\n"
        let r = try CLI.run(["batch", "-", "--no-progress", "--no-lines"], stdin: input)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(r.lines.count, ids.count, r.summary)
        for (line, id) in zip(r.lines, ids) {
            // Object ids keep their keys in the order sent.
            XCTAssertTrue(line.hasPrefix(#"{"id":\#(id.replacingOccurrences(of: " ", with: "")),"#), "\(id) -> \(line)")
        }
    }

    /// A `font_family` list is capped (64 names): 100,000 names are an error
    /// line at once, 64 are measured, repeated names costing nothing.
    func testHugeFontFamilyListsAreRefusedPromptly() throws {
        func request(_ n: Int) -> String {
            let names = (0..<n).map { $0 % 3 == 0 ? "\"Noto Sans\"" : "\"Nope \($0)\"" }.joined(separator: ",")
            return #"{"id": \#(n), "text": "Hello 😀", "font_family": [\#(names)]}"#
        }
        let start = Date()
        let r = try CLI.run(["batch", "--jobs", "1", "--no-progress", "--no-lines"],
                            stdin: [request(100_000), request(64)].joined(separator: "\n") + "\n")
        XCTAssertLessThan(Date().timeIntervalSince(start), 20)
        XCTAssertEqual(r.lines.count, 2, r.summary)
        XCTAssertTrue(r.lines[0].contains("font_family may name at most 64 families, not 100000"), r.lines[0])
        XCTAssertNotNil(JSON.double(try JSON.object(r.lines[1]), "width"), r.lines[1])
    }
}
