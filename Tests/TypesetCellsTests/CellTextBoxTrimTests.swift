import Foundation
import Typeset
import TypesetCells
import XCTest

/// Texts trimmed to their cap height and baseline in a cell (CSS
/// `text-box-trim: trim-both; text-box-edge: cap alphabetic`, as a layout
/// exported from a design tool asks): frames and baselines as Chromium 156
/// lays the same flex column out (a 320 px column, padding 12, gap 8: a 20 px
/// headline, a 15 px body over two lines, and a row aligning a trimmed title
/// and a 13 px untrimmed label on their baselines).
final class CellTextBoxTrimTests: XCTestCase {
    static let template = #"""
        {"name": "trimmed", "root": {"kind": "column", "name": "cell", "padding": 12, "spacing": 8, "children": [
          {"kind": "text", "name": "headline", "key": "headline", "width": "fill",
           "text_box_trim": "trim-both", "text_box_edge": "cap alphabetic",
           "style": {"font_family": "Noto Sans, Noto Color Emoji", "font_size": 20}},
          {"kind": "text", "name": "body", "key": "body", "width": "fill",
           "text_box_trim": "trim-both", "text_box_edge": "cap alphabetic",
           "style": {"font_family": "Noto Sans, Noto Color Emoji", "font_size": 15}},
          {"kind": "row", "name": "row", "spacing": 8, "alignment": "baseline", "width": "fill", "children": [
            {"kind": "text", "name": "title", "text": "Title", "width": "hug",
             "text_box_trim": "trim-both", "text_box_edge": "cap alphabetic",
             "style": {"font_family": "Noto Sans", "font_size": 20}},
            {"kind": "text", "name": "meta", "text": "meta", "width": "hug",
             "style": {"font_family": "Noto Sans", "font_size": 13}}]}]}}
        """#

    func testFramesAndBaselinesAsChromium() throws {
        let template = try CellTemplate(json: Data(Self.template.utf8))
        let model = CellData(id: 1, texts: ["headline": "Figma headline",
                                            "body": "Body text that wraps over two lines here, as a card body does in a feed"])
        let layout = try CellTests.engine.layout(template, for: model, width: 320, scale: 1)
        func frame(_ name: String) throws -> LayoutRect { try XCTUnwrap(layout.frame(named: name), name) }
        // Frames are whole pixels, their edges Chromium's rounded (the cell
        // engine snaps them as Chromium paints): Chromium's headline is 12, 12,
        // 296 × 14.28125 (edges 12 and 26.28: 12, 14 tall); the body at
        // 34.28125, 30.703125 tall (34 to 65).
        XCTAssertEqual(try frame("headline").y, 12)
        XCTAssertEqual(try frame("headline").height, 14)
        XCTAssertEqual(try frame("body").y, 34)
        XCTAssertEqual(try frame("body").height, 31)
        // The trimmed title's baseline is its bottom edge; "meta" sits on it:
        // Chromium's title at 72.984375, 14.28125 tall, "meta" at 73.265625, the row 18.28125.
        XCTAssertEqual(try frame("title").y, 73)
        XCTAssertEqual(try frame("title").height, 14)
        XCTAssertEqual(try frame("meta").y, 73)
        XCTAssertEqual(try frame("row").height, 18)
        // Lines are exact, from the frame's top: the title's baseline is its trimmed bottom.
        let title = try XCTUnwrap(layout.text(named: "title"))
        XCTAssertEqual(title.lines[0].baseline + (try frame("title").y), 72.984375 + 14.28125, accuracy: 1e-9)
        let headline = try XCTUnwrap(layout.text(named: "headline"))
        // Its line box starts 6.71875 px above the frame (Chromium's glyph box top at 5.28125).
        XCTAssertEqual(headline.lines[0].top + (try frame("headline").y), 5.28125, accuracy: 1e-9)
        XCTAssertEqual(layout.height, 104)  // Chromium: 103.265625, ceil'd as the cells corpus compares it
    }
}
