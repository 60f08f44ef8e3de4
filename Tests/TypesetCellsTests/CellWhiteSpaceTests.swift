import Foundation
import XCTest
import Typeset
import TypesetCells
import TypesetTestSupport

/// A text element's `white_space` (pre-line for chat messages) and
/// `overflow_wrap` in templates: read, written back, laid out.
final class CellWhiteSpaceTests: XCTestCase {
    private func message(_ fields: String) throws -> CellTemplate {
        try CellTemplate(json: Data("""
        {"root": {"kind": "column", "name": "cell", "alignment": "start", "children": [
          {"kind": "text", "name": "body", "key": "body", \(fields) "width": "longest_line",
           "style": {"font_size": 16, "font_family": "Noto Sans"}}]}}
        """.utf8))
    }

    func testPreLineAndOverflowWrapRoundTripAndLayOut() throws {
        let chat = try message(#""white_space": "pre-line", "overflow_wrap": "anywhere","#)
        XCTAssertEqual(try CellTemplate(json: try chat.jsonData()), chat)
        guard case .stack(let column) = chat.root.content, case .text(let text) = column.children[0].content else {
            return XCTFail("not a column holding a text")
        }
        XCTAssertEqual(text.whiteSpace, .preLine)
        XCTAssertEqual(text.overflowWrap, .anywhere)
        let model = try CellData(json: Data(#"{"body": "see you   soon\n\n  bye"}"#.utf8), defaultID: .int(0))
        let kept = try CellTests.engine.layout(chat, for: model, width: 300, scale: 1)
        let collapsed = try CellTests.engine.layout(try message(""), for: model, width: 300, scale: 1)
        // Three lines (the newlines kept, 22 px each at 16 px) against one.
        XCTAssertEqual(try CellTests.frame(kept, "body").height, 3 * (try CellTests.frame(collapsed, "body").height))
        XCTAssertThrowsError(try message(#""overflow_wrap": "break-all","#))
    }
}
