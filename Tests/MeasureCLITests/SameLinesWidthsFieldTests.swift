import Foundation
import Typeset
import TypesetBatch
import TypesetTestSupport
import XCTest

/// The batch protocol's `same_lines_widths`: asked for by a request, answered
/// as `{"min": a, "max": b}` (`max` null when unbounded), the library's
/// `SameLinesWidths` for the same text and width.
final class SameLinesWidthsFieldTests: XCTestCase {
    private let lines = BatchLines(typesetter: Fixtures.typesetter)
    private let text = "Are we still on for lunch tomorrow? I found a new place near the station."

    private func answer(_ request: String) throws -> [String: Any] {
        var out: [UInt8] = []
        _ = lines.answer(Array(request.utf8)[...], number: 1, to: &out)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(out)) as? [String: Any])
    }

    func testTheAnswerGivesTheLibrarysInterval() throws {
        for (width, scale) in [(200.0, 1.0), (200.0, 3.0), (137.5, 2.0)] {
            let answer = try answer(#"{"text": "\#(text)", "font_family": "Noto Sans", "font_size": 15, "width": \#(width), "scale": \#(scale), "same_lines_widths": true}"#)
            let field = try XCTUnwrap(answer["same_lines_widths"] as? [String: Any], "\(answer)")
            let prepared = try Fixtures.typesetter.prepare(text, style: TextStyle(font: ["Noto Sans"], size: 15), scale: scale)
            let want = try prepared.sameLinesWidths(width: width)
            XCTAssertEqual(field["min"] as? Double, want.min)
            XCTAssertEqual(field["max"] as? Double, want.max)
            XCTAssertLessThanOrEqual(want.min, width)
            XCTAssertGreaterThan(try XCTUnwrap(want.max), width)
        }
    }

    func testUnboundedLinesHaveNoMaxAndTheFieldIsOnlyThereWhenAsked() throws {
        let unbounded = try answer(#"{"text": "Hi there", "same_lines_widths": true}"#)
        let field = try XCTUnwrap(unbounded["same_lines_widths"] as? [String: Any])
        XCTAssertTrue(field["max"] is NSNull, "\(field)")
        XCTAssertNotNil(field["min"] as? Double)
        XCTAssertNil(try answer(#"{"text": "Hi there", "width": 30}"#)["same_lines_widths"])
        XCTAssertNil(try answer(#"{"text": "Hi there", "width": 30, "same_lines_widths": false}"#)["same_lines_widths"])
    }

    func testANonBooleanIsAnErrorNamingTheField() throws {
        let error = try XCTUnwrap(try answer(#"{"text": "Hi", "same_lines_widths": 1}"#)["error"] as? [String: Any])
        XCTAssertTrue((error["message"] as? String)?.contains("same_lines_widths") == true, "\(error)")
    }
}
