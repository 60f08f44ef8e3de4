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
}
