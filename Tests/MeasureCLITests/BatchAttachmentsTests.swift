import Foundation
import Typeset
import TypesetTestSupport
import XCTest

/// `"attachments"` in a batch request: boxes at U+FFFC characters, reported
/// back with their frames, offsets in scalars or UTF-16 units like runs.
final class BatchAttachmentsTests: XCTestCase {
    func testFramesAreTheLibrarysAndOffsetsFollowTheUnit() throws {
        // "😀" before the box: scalar offset 2, UTF-16 offset 3.
        let text = "😀 \u{FFFC} verified"
        func request(_ offset: Int) -> String {
            #"{"id": 1, "text": "\#(text)", "font_size": 15, "width": 200, "attachments": [{"offset": \#(offset), "width": 14, "height": 14, "vertical_align": "middle"}]}"#
        }
        let scalars = try CLI.run(["batch", "-", "--no-progress", "--no-lines"], stdin: request(2) + "\n")
        let utf16 = try CLI.run(["batch", "-", "--no-progress", "--no-lines", "--offsets", "utf16"], stdin: request(3) + "\n")
        XCTAssertEqual(scalars.status, 0, scalars.summary)
        XCTAssertEqual(utf16.status, 0, utf16.summary)

        var attributed = AttributedText(text, style: TextStyle(font: ["Noto Sans"], size: 15))
        attributed.setAttachment(TextAttachment(width: 14, height: 14, verticalAlignment: .middle), atUTF16Offset: 3)
        let layout = try Fixtures.typesetter.prepare(attributed).layout(width: 200)
        let frame = try XCTUnwrap(layout.attachmentFrames().first).rect
        for (result, offset) in [(scalars, 2), (utf16, 3)] {
            let o = try JSON.object(try XCTUnwrap(result.lines.first))
            let box = try XCTUnwrap((o["attachments"] as? [[String: Any]])?.first, result.summary)
            XCTAssertEqual(JSON.int(box, "offset"), offset)
            XCTAssertEqual(JSON.double(box, "x"), frame.x)
            XCTAssertEqual(JSON.double(box, "y"), frame.y)
            XCTAssertEqual(JSON.double(box, "width"), 14)
            XCTAssertEqual(JSON.double(box, "height"), 14)
            XCTAssertEqual(JSON.double(o, "exact_height"), layout.exactHeight)
        }
    }

    func testBadAttachmentsAreLineErrors() throws {
        let cases: [(String, String)] = [
            (#"{"id": 1, "text": "no box", "attachments": [{"offset": 1, "width": 5, "height": 5}]}"#, "no U+FFFC"),
            (#"{"id": 2, "text": "a\uFFFC", "attachments": [{"offset": 1, "width": -5, "height": 5}]}"#, "width must be between 0 and 32768"),
            (#"{"id": 3, "text": "a\uFFFC", "attachments": [{"offset": 1, "width": 5}]}"#, #"missing field "height""#),
            (#"{"id": 4, "text": "a\uFFFC", "attachments": [{"offset": 9, "width": 5, "height": 5}]}"#, "outside the text"),
            (#"{"id": 5, "text": "a\uFFFC", "attachments": [{"offset": 1, "width": 5, "height": 5, "vertical_align": "top"}]}"#, "vertical_align must be one of"),
            (#"{"id": 6, "text": "a\uFFFC", "attachments": {"offset": 1}}"#, "attachments must be an array of objects"),
            (#"{"id": 7, "text": "a\uFFFC", "attachments": [{"offset": 1, "width": 5, "height": 5}, {"offset": 1, "width": 5, "height": 5}]}"#, "another attachment is there"),
        ]
        let r = try CLI.run(["batch", "-", "--no-progress"], stdin: cases.map(\.0).joined(separator: "\n") + "\n")
        XCTAssertEqual(r.lines.count, cases.count, r.summary)
        for (line, (request, message)) in zip(r.lines, cases) {
            let error = (try JSON.object(line))["error"] as? [String: Any]
            XCTAssertTrue((error?["message"] as? String ?? "").contains(message), "\(request) -> \(line)")
        }
    }
}
