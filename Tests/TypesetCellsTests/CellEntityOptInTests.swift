import Foundation
import XCTest
import TypesetCells

/// `CellLayout.text(named:)`: entity rectangles are opt-in per text element.
final class CellEntityOptInTests: XCTestCase {
    func testEntityRectanglesOnlyForTextsThatAskForThem() throws {
        let template = try CellTemplate(json: Data(#"""
            {"name": "opt-in", "root": {"kind": "column", "name": "cell", "children": [
              {"kind": "text", "name": "plain", "key": "body"},
              {"kind": "text", "name": "linked", "key": "body", "entities": true}]}}
            """#.utf8))
        let model = CellData(id: 1, texts: ["body": "Hi @ada, see #swift at example.com"])
        let layout = try CellTests.engine.layout(template, for: model, width: 320, scale: 1)
        XCTAssertEqual(try XCTUnwrap(layout.text(named: "plain")).entityRects, [], "without \"entities\": true, none")
        XCTAssertEqual(try XCTUnwrap(layout.text(named: "linked")).entityRects.count, 3)
    }
}
