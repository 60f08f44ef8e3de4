import Foundation
import XCTest

/// `measure batch` with a run's `padding`, `border_width` and `margin` (chips)
/// and the paragraph's `text_box_trim` and `text_box_edge`: Chromium 156's
/// answers (ChromiumRules.md), the `measure text` options, and bad values as
/// line errors naming the field.
final class BatchInlineBoxTests: XCTestCase {
    func testChipsAndTrimmedBoxes() throws {
        let lines = [
            // "aaa bbb ccc" with padding 0 6px on "bbb": 94.359375 wide; at 63 px the chip goes down.
            #"{"id": 1, "text": "aaa bbb ccc", "font_family": "Noto Sans", "font_size": 15, "runs": [{"start": 4, "end": 7, "padding": "0 6px"}]}"#,
            #"{"id": 2, "text": "aaa bbb ccc", "font_family": "Noto Sans", "font_size": 15, "width": 63, "runs": [{"start": 4, "end": 7, "padding": 6}]}"#,
            #"{"id": 3, "text": "aaa bbb ccc", "font_family": "Noto Sans", "font_size": 15, "runs": [{"start": 4, "end": 7, "border_width": "0 3px 0 1px", "margin": "0 5px 0 1px"}]}"#,
            #"{"id": 4, "text": "Hello world again", "font_family": "Noto Sans", "font_size": 15, "width": 80, "text_box_trim": "trim-both", "text_box_edge": "cap alphabetic"}"#,
            #"{"id": 5, "text": "aaa", "runs": [{"start": 0, "end": 3, "padding": "1 2 3 4 5"}]}"#,
            #"{"id": 6, "text": "aaa", "runs": [{"start": 0, "end": 3, "border_width": -1}]}"#,
            #"{"id": 7, "text": "aaa", "text_box_edge": "alphabetic"}"#,
            #"{"id": 8, "text": "aaa", "text_box_trim": "both"}"#,
        ]
        let result = try CLI.run(["batch", "--strict"], stdin: lines.joined(separator: "\n") + "\n")
        let out = try result.lines.map { try JSON.object($0) }
        XCTAssertEqual(out.count, 8)
        func message(_ k: Int) -> String { ((out[k]["error"] as? [String: Any])?["message"] as? String) ?? "" }
        XCTAssertEqual(JSON.double(out[0], "exact_width"), 94.359375)
        XCTAssertEqual(JSON.lines(out[1]).map(\.1), [4, 8, 11])
        // Border 1 + 3 and margin 1 + 5: 82.328125 + 4 + 6, each piece rounded on its own.
        XCTAssertEqual(JSON.double(out[2], "exact_width"), 92.359375)
        XCTAssertEqual(JSON.double(out[3], "exact_height"), 50.703125)
        XCTAssertTrue(message(4).contains("run 0") && message(4).contains("padding"), message(4))
        XCTAssertTrue(message(5).contains("run 0") && message(5).contains("border_width"), message(5))
        XCTAssertTrue(message(6).contains("text-box-edge"), message(6))
        XCTAssertTrue(message(7).contains("text_box_trim"), message(7))

        let text = try CLI.run(["text", "Hello world again", "--font", "Noto Sans", "--size", "15", "--width", "80",
                                "--text-box-trim", "trim-both", "--text-box-edge", "cap alphabetic"], stdin: "")
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.contains("50.703125"), text.stdout)
    }
}
