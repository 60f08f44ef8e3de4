import Foundation
import Typeset
import TypesetCells
import TypesetTestSupport
import XCTest

/// An inline badge after a name: a text part that is a ``CellInlineAttachment``.
final class CellInlineAttachmentTests: XCTestCase {
    private let json = """
    {"name": "badge", "root": {"kind": "column", "name": "cell", "padding": 12, "children": [
      {"kind": "text", "name": "name", "style": {"font": "Noto Sans", "size": 15, "weight": 700},
       "parts": [{"key": "name"}, {"text": " "},
                 {"attachment": {"name": "badge", "width": 16, "height": 16, "vertical_align": "middle", "present": "verified"}}]}
    ]}}
    """

    func testTheBadgeFollowsTheNameWhenTheModelSaysSo() throws {
        let template = try CellTemplate(json: Data(json.utf8))
        XCTAssertEqual(template.frameNames, ["cell", "name", "badge"])
        let verified = CellData(id: .int(1), texts: ["name": "Ada Lovelace", "verified": "yes"])
        let plain = CellData(id: .int(2), texts: ["name": "Ada Lovelace"])
        let a = try CellTests.engine.layout(template, for: verified, width: 320, scale: 2)
        let b = try CellTests.engine.layout(template, for: plain, width: 320, scale: 2)
        let badge = try XCTUnwrap(a.frames.first { $0.name == "badge" }?.rect)
        let name = try XCTUnwrap(a.frames.first { $0.name == "name" }?.rect)
        XCTAssertNil(b.frames.first { $0.name == "badge" }, "no badge without \"verified\"")
        XCTAssertEqual(badge.width, 16)
        XCTAssertEqual(badge.height, 16)
        XCTAssertEqual(badge.x + badge.width, name.x + name.width, accuracy: 0.5, "the badge ends the name's hugging frame")
        XCTAssertGreaterThan(a.frames.first { $0.name == "name" }!.rect.width, b.frames.first { $0.name == "name" }!.rect.width)
        // The JSON form survives a round trip.
        let again = try CellTemplate(json: try template.jsonData())
        XCTAssertEqual(again, template)
    }

    func testBadAttachmentPartsAreTemplateErrors() {
        let duplicate = json.replacingOccurrences(of: #""name": "badge", "width""#, with: #""name": "name", "width""#)
        XCTAssertThrowsError(try CellTemplate(json: Data(duplicate.utf8)))
        let negative = json.replacingOccurrences(of: #""width": 16"#, with: #""width": -16"#)
        XCTAssertThrowsError(try CellTemplate(json: Data(negative.utf8)))
        let align = json.replacingOccurrences(of: #""middle""#, with: #""sideways""#)
        XCTAssertThrowsError(try CellTemplate(json: Data(align.utf8))) { error in
            XCTAssertTrue("\(error)".contains("vertical_align"), "\(error)")
        }
    }
}
