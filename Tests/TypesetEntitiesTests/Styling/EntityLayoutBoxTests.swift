import Typeset
import TypesetEntities
import TypesetTestSupport
import XCTest

/// Entity rectangles in layouts: across line breaks, in right-to-left text, after
/// astral characters, and when truncation hides an entity.
final class EntityLayoutBoxTests: XCTestCase {
    private typealias F = EntityLayoutFixtures

    private func layout(_ text: String, width: Double?, paragraph: ParagraphStyle = ParagraphStyle()) throws
        -> (TextLayout, [EntityBox])
    {
        let layout = try Fixtures.typesetter.prepare(text, style: F.style, paragraph: paragraph).layout(width: width)
        return (layout, layout.entityBoxes(for: EntityDetector().entities(in: text)))
    }

    /// A hashtag too long for its line breaks between letters (overflow-wrap):
    /// one rectangle ends its first line, the next starts the following line.
    func testHashtagBrokenAcrossLinesHasOneRectPerLine() throws {
        let (layout, boxes) = try layout("Follow #SwiftLangIsGreatForEveryone now", width: 120)
        XCTAssertEqual(boxes.count, 1)
        let box = boxes[0]
        XCTAssertEqual(box.entity.utf16Range, 7..<35)
        XCTAssertEqual(box.rects.count, 2, "\(box.rects)")
        guard box.rects.count == 2 else { return }
        // The hashtag starts the second line (the first holds "Follow ") and ends
        // inside the third; Noto Sans 15 px lines are 20 px (16 ascent + 4 descent).
        let second = layout.lines[1], third = layout.lines[2]
        XCTAssertEqual(second.utf16Range.lowerBound, 7)
        XCTAssertEqual(box.rects.map(\.y), [20, 40])
        XCTAssertEqual(box.rects.map(\.height), [20, 20])
        XCTAssertEqual(box.rects.map(\.x), [0, 0])
        // First piece: the whole second line; second piece: the third line up to the entity's end.
        F.assertCeiledWidth(box.rects[0].width, second.width)
        F.assertCeiledWidth(box.rects[0].width, try F.naturalWidth(layout.text(of: second)))
        let tail = String(layout.text(of: third).prefix(35 - third.utf16Range.lowerBound))
        XCTAssertEqual(tail, "atForEveryone")
        F.assertCeiledWidth(box.rects[1].width, try F.naturalWidth(tail))
        // Both pieces together are the hashtag's width (no letter pair in it kerns in Noto Sans).
        F.assertCeiledWidth(box.rects[0].width + box.rects[1].width, try F.naturalWidth("#SwiftLangIsGreatForEveryone"),
                          "pieces of the hashtag")
        XCTAssertEqual(box.bounds, LayoutRect(x: 0, y: 20, width: box.rects[0].width, height: 40))
    }

    /// A URL wraps at its own hyphen (a normal break opportunity): two rectangles
    /// on consecutive lines, the first from the line's start, the second ending
    /// before " today".
    func testURLWrappedAtHyphenHasTwoRects() throws {
        let text = "Read the docs at https://example.com/some-long-path/to-a-page today"
        let (layout, boxes) = try layout(text, width: 200)
        let box = try F.box(boxes, .url, "https://example.com/some-long-path/to-a-page")
        XCTAssertEqual(box.rects.count, 2, "\(box.rects)")
        guard box.rects.count == 2 else { return }
        let lineOf = { (y: Double) in layout.lines.firstIndex { $0.top == y } }
        let first = try XCTUnwrap(lineOf(box.rects[0].y)), second = try XCTUnwrap(lineOf(box.rects[1].y))
        XCTAssertEqual(second, first + 1)
        XCTAssertEqual(layout.text(of: layout.lines[first]), "https://example.com/some-")
        XCTAssertEqual(box.rects[0].x, 0)
        XCTAssertEqual(box.rects[1].x, 0)
        F.assertCeiledWidth(box.rects[0].width, try F.naturalWidth("https://example.com/some-"))
        F.assertCeiledWidth(box.rects[1].width, try F.naturalWidth("long-path/to-a-page"))
    }

    /// Hebrew with a Hebrew hashtag and a Latin mention: each entity is one
    /// rectangle inside the line, as wide as the entity set alone, and the
    /// hashtag (logically first) lies to the right of the mention.
    func testHebrewHashtagAndMention() throws {
        let (layout, boxes) = try layout("שלום #עברית ו @noa היום", width: nil)
        XCTAssertEqual(layout.lines.count, 1)
        let line = layout.lines[0]
        let hashtag = try F.box(boxes, .hashtag, "עברית"), mention = try F.box(boxes, .mention, "noa")
        XCTAssertEqual(hashtag.entity.utf16Range, 5..<11)
        XCTAssertEqual(mention.entity.utf16Range, 14..<18)
        try assertRightToLeftBoxes(hashtag: hashtag, mention: mention, line: line)
        // "שלום " is the rightmost text: the hashtag's right edge is that far from the line's.
        let gap = try F.naturalWidth("שלום #") - F.naturalWidth("#")
        XCTAssertEqual(hashtag.rects[0].x + hashtag.rects[0].width, line.x + line.width - gap, accuracy: 2 * F.layoutUnit)
    }

    /// Arabic (joining script, taller lines) with an Arabic hashtag and a Latin mention.
    func testArabicHashtagAndMention() throws {
        let (layout, boxes) = try layout("مرحبا #سويفت مع @dev_ar اليوم", width: nil)
        XCTAssertEqual(layout.lines.count, 1)
        let line = layout.lines[0]
        let hashtag = try F.box(boxes, .hashtag, "سويفت"), mention = try F.box(boxes, .mention, "dev_ar")
        XCTAssertEqual(hashtag.entity.utf16Range, 6..<12)
        XCTAssertEqual(mention.entity.utf16Range, 16..<23)
        try assertRightToLeftBoxes(hashtag: hashtag, mention: mention, line: line)
        XCTAssertEqual(hashtag.rects[0].height, line.height)
        XCTAssertGreaterThan(line.height, 20, "Noto Sans Arabic's line is taller than Noto Sans's")
    }

    /// Right-aligned (start-aligned RTL) wrapped lines: every rectangle lies in its line.
    func testWrappedRightToLeftBoxesStayInTheirLines() throws {
        let text = "مرحبا #سويفت مع @dev_ar اليوم وغدا #عربي"
        let (layout, boxes) = try layout(text, width: 110)
        XCTAssertGreaterThan(layout.lines.count, 1)
        XCTAssertEqual(boxes.map(\.entity.text), ["سويفت", "dev_ar", "عربي"])
        XCTAssertTrue(layout.lines.contains { $0.x > 0 }, "start-aligned RTL lines sit on the right")
        for box in boxes {
            XCTAssertFalse(box.rects.isEmpty, "\(box.entity)")
            for rect in box.rects {
                let line = try XCTUnwrap(layout.lines.first { $0.top == rect.y })
                XCTAssertGreaterThan(rect.width, 0)
                XCTAssertGreaterThanOrEqual(rect.x, line.x - 1e-9, "\(box.entity.text)")
                XCTAssertLessThanOrEqual(rect.x + rect.width, line.x + line.width + 1e-9, "\(box.entity.text)")
            }
        }
    }

    private func assertRightToLeftBoxes(hashtag: EntityBox, mention: EntityBox, line: TextLayout.Line,
                                        file: StaticString = #filePath, lineNumber: UInt = #line) throws {
        for box in [hashtag, mention] {
            XCTAssertEqual(box.rects.count, 1, "\(box.rects)", file: file, line: lineNumber)
            let rect = try XCTUnwrap(box.rects.first)
            XCTAssertGreaterThan(rect.width, 0, file: file, line: lineNumber)
            XCTAssertEqual(rect.y, line.top, file: file, line: lineNumber)
            XCTAssertGreaterThanOrEqual(rect.x, line.x, file: file, line: lineNumber)
            XCTAssertLessThanOrEqual(rect.x + rect.width, line.x + line.width, file: file, line: lineNumber)
            F.assertCeiledWidth(rect.width, try F.naturalWidth(sigil(box.entity) + box.entity.text),
                              "\(box.entity.text) set alone", file: file, line: lineNumber)
        }
        XCTAssertGreaterThanOrEqual(hashtag.rects[0].x, mention.rects[0].x + mention.rects[0].width,
                                    "right to left: the earlier hashtag is right of the mention", file: file, line: lineNumber)
    }

    private func sigil(_ entity: Entity) -> String {
        switch entity.kind {
        case .hashtag: "#"
        case .mention: "@"
        case .cashtag: "$"
        case .url: ""
        }
    }

    /// Emoji (a ZWJ family, a flag) and an astral letter before entities shift
    /// their UTF-16 ranges by two per astral scalar; the rectangles follow the
    /// UTF-16 ranges: same widths as without the prefix, moved right by the
    /// prefix's width.
    func testAstralCharactersBeforeEntities() throws {
        let plain = "#tag 𝒳 @user"
        for prefix in ["😀😀 ", "👩‍👩‍👧🇯🇵 "] {
            let text = prefix + plain
            let (_, boxes) = try layout(text, width: nil)
            let (_, plainBoxes) = try layout(plain, width: nil)
            let shift = prefix.utf16.count
            let scalarShift = prefix.unicodeScalars.count
            XCTAssertEqual(boxes.map(\.entity.utf16Range), [shift + 0..<shift + 4, shift + 8..<shift + 13])
            XCTAssertEqual(boxes.map(\.entity.scalarRange),
                           [scalarShift + 0..<scalarShift + 4, scalarShift + 7..<scalarShift + 12])
            XCTAssertEqual(boxes.map { $0.rects.count }, [1, 1])
            XCTAssertEqual(plainBoxes.map { $0.rects.count }, [1, 1])
            let offset = boxes[0].rects[0].x - plainBoxes[0].rects[0].x
            XCTAssertEqual(boxes[1].rects[0].x - plainBoxes[1].rects[0].x, offset, accuracy: 1e-6, prefix)
            XCTAssertEqual(offset, try F.naturalWidth(prefix + "x") - F.naturalWidth("x"), accuracy: 2 * F.layoutUnit, prefix)
            for (box, plainBox) in zip(boxes, plainBoxes) {
                XCTAssertEqual(box.rects[0].width, plainBox.rects[0].width, accuracy: 1e-9, prefix)
            }
            XCTAssertGreaterThan(offset, 25, "two emoji and a space")
        }
    }

    /// Truncation hides entities after the ellipsis: they keep their place in the
    /// result with no rectangles; ranges beyond the text are clamped away.
    func testHiddenAndOutOfRangeEntitiesHaveNoRects() throws {
        let text = "First line here and then #hidden far below"
        let paragraph = ParagraphStyle(maxLines: 1)
        let (layout, boxes) = try layout(text, width: 100, paragraph: paragraph)
        XCTAssertTrue(layout.isTruncated)
        XCTAssertEqual(boxes.count, 1)
        XCTAssertEqual(boxes[0].rects, [])
        XCTAssertNil(boxes[0].bounds)
        let outside = Entity(kind: .hashtag, text: "x", utf16Range: 500..<510, scalarRange: 500..<510)
        XCTAssertEqual(layout.entityBoxes(for: [outside]), [EntityBox(entity: outside, rects: [])])
        let straddling = Entity(kind: .hashtag, text: "x", utf16Range: 0..<500, scalarRange: 0..<500)
        XCTAssertEqual(layout.rects(for: straddling), layout.rects(forUTF16Range: 0..<text.utf16.count))
    }
}
