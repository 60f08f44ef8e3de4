import Typeset
import TypesetTestSupport
import XCTest

/// Inline attachments: one unbreakable piece of their width at their U+FFFC,
/// a line box as tall as their vertical alignment makes it, a frame where
/// they stand, no glyph drawn, and a typed error for a bad one.
final class TextAttachmentTests: XCTestCase {
    private let style = TextStyle(font: ["Noto Sans"], size: 15)

    func testABadgeAfterANameTakesItsWidthAndRaisesTheLine() throws {
        var text = AttributedText("Ada Lovelace", style: style)
        let plain = try Fixtures.typesetter.prepare(text).layout(width: 300)
        text.append(TextAttachment(width: 18, height: 30), style: style)
        let layout = try Fixtures.typesetter.prepare(text).layout(width: 300)
        XCTAssertEqual(layout.lines.count, 1)
        XCTAssertEqual(layout.naturalWidth, plain.naturalWidth + 18, accuracy: 1.0 / 64)
        // On the baseline: the box rises 30 px above it, past the font's 16 px ascent.
        XCTAssertEqual(layout.lines[0].ascent, 30)
        let frame = try XCTUnwrap(layout.attachmentFrames().first)
        XCTAssertEqual(frame.utf16Offset, 12)
        XCTAssertEqual(frame.rect.y, layout.lines[0].baseline - 30)
        XCTAssertEqual(frame.rect.width, 18)
        // Nothing is drawn for it.
        let glyphs = layout.visualRuns(of: layout.lines[0]).flatMap { layout.glyphs(of: $0, on: layout.lines[0]) }
        XCTAssertFalse(glyphs.contains { $0.utf16Offset == 12 })
    }

    func testVerticalAlignments() throws {
        func frame(_ align: TextAttachment.VerticalAlignment) throws -> (LayoutRect, TextLayout.Line) {
            var text = AttributedText("x", style: style)
            text.append(TextAttachment(width: 10, height: 10, verticalAlignment: align), style: style)
            let layout = try Fixtures.typesetter.prepare(text).layout(width: 300)
            return (try XCTUnwrap(layout.attachmentFrames().first).rect, layout.lines[0])
        }
        let (top, line) = try frame(.textTop)
        XCTAssertEqual(top.y, line.baseline - 16, "the top at the font's rounded ascent (Noto Sans 15 px: 16)")
        let (bottom, line2) = try frame(.textBottom)
        XCTAssertEqual(bottom.y + bottom.height, line2.baseline + 4, "the bottom at the font's rounded descent (4)")
        let (middle, line3) = try frame(.middle)
        XCTAssertEqual(middle.y + 5, line3.baseline - 15 * 0.536 / 2, accuracy: 1.0 / 64, "centred on half the x-height")
    }

    func testLinesBreakAroundAttachmentsNotInsideThem() throws {
        var text = AttributedText("", style: style)
        for _ in 0..<6 { text.append(TextAttachment(width: 40, height: 10), style: style) }
        let layout = try Fixtures.typesetter.prepare(text).layout(width: 100)
        XCTAssertEqual(layout.lines.map(\.utf16Range), [0..<2, 2..<4, 4..<6])
        XCTAssertEqual(layout.attachmentFrames().map(\.rect.x), [0, 40, 0, 40, 0, 40])
    }

    func testBadAttachmentsAreTypedErrors() {
        var notThere = AttributedText("no object here", style: style)
        notThere.setAttachment(TextAttachment(width: 10, height: 10), atUTF16Offset: 3)
        XCTAssertThrowsError(try Fixtures.typesetter.prepare(notThere)) { error in
            guard case TypesetError.invalidAttachment(utf16Offset: 3, _) = error else { return XCTFail("\(error)") }
        }
        for size in [Double.nan, -1, .infinity] {
            var bad = AttributedText("a", style: style)
            bad.append(TextAttachment(width: size, height: 10), style: style)
            XCTAssertThrowsError(try Fixtures.typesetter.prepare(bad), "width \(size)") { error in
                guard case TypesetError.invalidAttachment(utf16Offset: 1, _) = error else { return XCTFail("\(error)") }
            }
        }
        // A U+FFFC without an attachment is a character like any other.
        XCTAssertNoThrow(try Fixtures.typesetter.prepare("a\u{FFFC}b", style: style))
    }
}
