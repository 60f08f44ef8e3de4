import Foundation
import XCTest
import Typeset
import TypesetCells
import TypesetTestSupport

/// The Cells article's example, as written there: a model made with
/// `CellData(id:texts:)`, a layout, `frame(named:)`, `frames` and a text's lines.
final class CellsArticleTests: XCTestCase {
    func testTheArticlesExample() throws {
        let typesetter = Fixtures.typesetter
        // From the article (with the test's typesetter: the article takes the bundled fonts).
        let engine = CellLayoutEngine(typesetter: typesetter)
        let template = try CellTemplate.feedPost()
        let post = CellData(id: 42, texts: [
            "name": "Ada Lovelace", "handle": "@ada", "time": "2h",
            "body": "The Analytical Engine weaves #algebraic patterns just as the Jacquard loom weaves flowers.",
        ])
        let layout = try engine.layout(template, for: post, width: 390, scale: 3)
        let height = layout.height                      // the row height a list asks for
        let avatar = layout.frame(named: "avatar")      // one element's frame, nil when omitted
        for (name, rect) in layout.frames {             // every shown element, in document order
            _ = (name, rect)
        }
        let body = layout.text(named: "body")           // a text's lines and entity rectangles

        XCTAssertEqual(avatar, LayoutRect(x: 12, y: 12, width: 48, height: 48))
        XCTAssertGreaterThan(height, 48)
        XCTAssertEqual(layout.frames.first?.name, "cell")
        XCTAssertEqual(body?.lineCount, 3)
        XCTAssertEqual(body?.entityRects.map(\.kind), [.hashtag])
        XCTAssertNil(layout.frame(named: "link"), "omitted: the model has no link")
        XCTAssertEqual(post.version, CellData(id: 42, texts: post.texts).version, "a content hash")

        // The same model from JSON, as `measure cell` reads it.
        let json = try CellData(json: Data(#"{"id": 42, "name": "Ada Lovelace", "handle": "@ada", "time": "2h", "body": "The Analytical Engine weaves #algebraic patterns just as the Jacquard loom weaves flowers."}"#.utf8),
                                defaultID: 0)
        XCTAssertEqual(json, post)
        XCTAssertEqual(try engine.layout(template, for: json, width: 390, scale: 3), layout)
    }
}
