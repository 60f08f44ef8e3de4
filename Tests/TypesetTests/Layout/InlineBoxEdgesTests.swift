import XCTest
import Typeset
import TypesetTestSupport

/// Padding, border and margin on runs (CSS inline boxes), each rule with the
/// numbers Chromium 156 gave for it: Noto Sans 15 px, `<span>`s in a block
/// (ChromiumRules.md, Inline boxes with padding, border and margin).
final class InlineBoxEdgesTests: XCTestCase {
    let typesetter = Fixtures.typesetter
    let stack: FontStack = ["Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans CJK JP", "Noto Color Emoji"]

    var body: TextStyle { TextStyle(font: stack, size: 15) }

    /// `string` with each (range, box) a run of the body style with that box.
    func text(_ string: String, _ boxes: [(Range<Int>, InlineBoxEdges)]) -> AttributedText {
        var t = AttributedText(string, baseStyle: body)
        for (range, box) in boxes {
            var s = body
            s.inlineBox = box
            t.setStyle(s, utf16Range: range)
        }
        return t
    }

    func chip(_ left: Double, _ right: Double) -> InlineBoxEdges {
        InlineBoxEdges(padding: BoxSides(top: 0, right: right, bottom: 0, left: left))
    }

    func lines(_ t: AttributedText, width: Double?, paragraph: ParagraphStyle = ParagraphStyle()) throws -> [String] {
        let l = try typesetter.prepare(t, paragraph: paragraph).layout(width: width)
        return l.lines.map { l.text(of: $0) }
    }

    /// Every side takes room: "aaa bbb ccc" is 82.33 px; padding 6 + 6 on
    /// "bbb" makes it 94.36, padding 2 + 6 90.36, a border 1 + 3 86.36, a
    /// margin 1 + 5 88.36. Top and bottom sides leave the height at 20.
    func testSidesTakeRoomOnTheLine() throws {
        let prepared = { (box: InlineBoxEdges) in try self.typesetter.prepare(self.text("aaa bbb ccc", [(4..<7, box)])) }
        XCTAssertEqual(try prepared(.none).maxContentWidth, 82.328125)
        XCTAssertEqual(try prepared(chip(6, 6)).maxContentWidth, 94.359375)
        XCTAssertEqual(try prepared(chip(2, 6)).maxContentWidth, 90.359375)
        XCTAssertEqual(try prepared(InlineBoxEdges(border: BoxSides(top: 0, right: 3, bottom: 0, left: 1))).maxContentWidth, 86.359375)
        XCTAssertEqual(try prepared(InlineBoxEdges(margin: BoxSides(top: 0, right: 5, bottom: 0, left: 1))).maxContentWidth, 88.359375)
        let tall = InlineBoxEdges(padding: BoxSides(vertical: 10, horizontal: 6), border: BoxSides(vertical: 10, horizontal: 0),
                                  margin: BoxSides(vertical: 10, horizontal: 0))
        XCTAssertEqual(try prepared(tall).layout(width: nil).exactHeight, 20)
        // A fraction of a px is rounded down to 1/64 px: 0.3 px is 19/64 (each
        // piece of the line rounded up on its own, as with the chip of 6 | 6).
        XCTAssertEqual(try prepared(chip(0.3, 0.3)).maxContentWidth, 82.953125)
        // A negative margin takes room back: −2 on each side.
        XCTAssertEqual(try prepared(InlineBoxEdges(margin: BoxSides(vertical: 0, horizontal: -2))).maxContentWidth, 78.359375)
        // A border is whole device pixels, at least one: 1.5 | 0.5 is 1 | 1.
        XCTAssertEqual(try prepared(InlineBoxEdges(border: BoxSides(top: 0, right: 0.5, bottom: 0, left: 1.5))).maxContentWidth, 84.359375)
    }

    /// A box's edges are no break opportunities: "aaa<chip>bbb</chip>ccc" is
    /// one unbreakable piece 86.55 px wide (min-content); a comma after the
    /// chip stays with it (43.72 = chip 39.69 + comma).
    func testEdgesAreNoBreakOpportunities() throws {
        XCTAssertEqual(try typesetter.prepare(text("aaa bbb ccc", [(4..<7, chip(6, 6))])).minContentWidth, 39.6875)
        XCTAssertEqual(try typesetter.prepare(text("aaabbbccc", [(3..<6, chip(6, 6))])).minContentWidth, 86.546875)
        XCTAssertEqual(try typesetter.prepare(text("aaa bbb, ccc", [(4..<7, chip(6, 6))])).minContentWidth, 43.71875)
        XCTAssertEqual(try typesetter.prepare(text("bbb-ccc", [(0..<3, chip(6, 6))])).minContentWidth, 44.53125)
    }

    /// The end side does not hang at a line's end: "aaa <chip>bbb</chip>"
    /// needs 68.84 px (62.84 without the end padding); at 63 px the chip
    /// goes to the next line.
    func testEndSidePushesAtALinesEnd() throws {
        let t = text("aaa bbb ccc", [(4..<7, chip(6, 6))])
        XCTAssertEqual(try lines(t, width: 63), ["aaa ", "bbb ", "ccc"])
        XCTAssertEqual(try lines(t, width: 68.8), ["aaa ", "bbb ccc"])
        XCTAssertEqual(try lines(t, width: 68.84375), ["aaa bbb ", "ccc"])
        let l = try typesetter.prepare(t).layout(width: 68.84375)
        XCTAssertEqual(l.lines[0].width, 68.84375)
    }

    /// After a space at the run's end the end side hangs with the space:
    /// "aaa <chip>bbb </chip>ccc" keeps "bbb" on the first line from 62.85 px.
    func testEndSideAfterATrailingSpaceHangs() throws {
        let t = text("aaa bbb ccc", [(4..<8, chip(6, 6))])
        XCTAssertEqual(try lines(t, width: 62.8), ["aaa ", "bbb ", "ccc"])
        XCTAssertEqual(try lines(t, width: 62.85), ["aaa bbb ", "ccc"])
    }

    /// Sliced over lines: the start side on the first line only, the end
    /// side on the last; in a right-to-left paragraph the right side is the
    /// start. "aaa bbb ccc" in one box 2 | 6 at 45 px: lines 27.25, 27.69,
    /// 27.61 wide (ltr) and 31.25, 27.69, 23.61 (rtl).
    func testSlicedOverLines() throws {
        let t = text("aaa bbb ccc", [(0..<11, chip(2, 6))])
        let ltr = try typesetter.prepare(t).layout(width: 45)
        XCTAssertEqual(ltr.lines.map(\.width), [27.25, 27.6875, 27.609375])
        let rtl = try typesetter.prepare(t, paragraph: ParagraphStyle(direction: .rtl)).layout(width: 45)
        XCTAssertEqual(rtl.lines.map(\.width), [31.25, 27.6875, 23.609375])
        XCTAssertEqual(rtl.lines.map(\.x), [13.75, 17.3125, 21.390625])
    }

    /// Alignment and justification count the sides as fixed room: centred
    /// at 100 px, "aaa <chip>bbb ccc</chip>" starts at 2.83; justified, its
    /// first line ends at the box's edge with the end padding.
    func testAlignmentCountsTheSides() throws {
        let t = text("aaa bbb ccc ddd eee fff ggg", [(4..<11, chip(6, 6))])
        let centred = try typesetter.prepare(t, paragraph: ParagraphStyle(alignment: .center)).layout(width: 100)
        XCTAssertEqual(centred.lines[0].x, 2.828125)
        XCTAssertEqual(centred.lines[0].width, 94.34375)
        let justified = try typesetter.prepare(t, paragraph: ParagraphStyle(alignment: .justify)).layout(width: 100)
        XCTAssertEqual(justified.lines[0].width, 100)
    }

    /// Two boxes side by side in the same style stay two boxes (each run
    /// with an inline box is one `<span>`).
    func testAdjacentBoxesStayApart() throws {
        var s = body
        s.inlineBox = chip(6, 6)
        let t = AttributedText([("aaa", s), ("bbb", s)], baseStyle: body)
        XCTAssertEqual(t.runs.count, 2)
        XCTAssertEqual(try typesetter.prepare(t).maxContentWidth, 76.9375)  // 25.25 + 27.6875 + 4 × 6
    }

    /// At a device pixel ratio the sides are rounded in device px (Chromium
    /// at 2x and 3x): the chip's line is 94.328125 at both, 0.3 px of padding
    /// 82.921875, a border of 1.5 | 0.5 px is 3 | 1 device px at 2x (84.328125)
    /// and 4 | 1 at 3x (83.994792).
    func testScaledSides() throws {
        let t = text("aaa bbb ccc", [(4..<7, chip(6, 6))])
        XCTAssertEqual(try typesetter.prepare(t, scale: 2).maxContentWidth, 94.328125, accuracy: 1e-6)
        XCTAssertEqual(try typesetter.prepare(t, scale: 3).maxContentWidth, 94.328125, accuracy: 1e-3)
        let frac = text("aaa bbb ccc", [(4..<7, chip(0.3, 0.3))])
        XCTAssertEqual(try typesetter.prepare(frac, scale: 2).maxContentWidth, 82.921875, accuracy: 1e-6)
        XCTAssertEqual(try typesetter.prepare(frac, scale: 3).maxContentWidth, 82.921875, accuracy: 1e-3)
        let border = text("aaa bbb ccc", [(4..<7, InlineBoxEdges(border: BoxSides(top: 0, right: 0.5, bottom: 0, left: 1.5)))])
        XCTAssertEqual(try typesetter.prepare(border, scale: 2).maxContentWidth, 84.328125, accuracy: 1e-6)
        XCTAssertEqual(try typesetter.prepare(border, scale: 3).maxContentWidth, 83.99479675292969, accuracy: 1e-3)
        // Lines break as at 1x here: at 63 px the chip goes down (Chromium at 2x and 3x).
        for s in [2.0, 3.0] {
            let l = try typesetter.prepare(t, scale: s).layout(width: 63)
            XCTAssertEqual(l.lines.map { l.text(of: $0) }, ["aaa ", "bbb ", "ccc"])
        }
    }

    /// Glyphs are drawn inside the box: "bbb" after its 6 px of padding, at
    /// 35.15625 (Chromium's text rectangle of "bbb" starts at 35.1563), and
    /// " ccc" after the end padding at 68.84375; right to left, the box's
    /// left (end) side lies before its last glyph.
    func testGlyphsAreDrawnInsideTheBox() throws {
        let l = try typesetter.prepare(text("aaa bbb ccc", [(4..<7, chip(6, 6))])).layout(width: nil)
        let glyphs = l.visualRuns(of: l.lines[0]).flatMap { l.glyphs(of: $0, on: l.lines[0]) }
        let b = try XCTUnwrap(glyphs.first { $0.utf16Offset == 4 })
        XCTAssertEqual(b.x, 35.15625, accuracy: 1.0 / 64)
        let space = try XCTUnwrap(glyphs.first { $0.utf16Offset == 7 })
        XCTAssertEqual(space.x, 68.84375, accuracy: 1.0 / 64)
        // Hebrew in a right-to-left paragraph, box 2 | 6: its start side (6) is
        // on the right, its end side (2) on the left, before its leftmost glyph.
        let rtl = try typesetter.prepare(text("א בבב ג", [(2..<5, chip(2, 6))]), paragraph: ParagraphStyle(direction: .rtl))
            .layout(width: nil)
        let rtlGlyphs = rtl.visualRuns(of: rtl.lines[0]).flatMap { rtl.glyphs(of: $0, on: rtl.lines[0]) }
        let space2 = try XCTUnwrap(rtlGlyphs.first { $0.utf16Offset == 5 })
        let last = try XCTUnwrap(rtlGlyphs.first { $0.utf16Offset == 4 })
        XCTAssertEqual(last.x - (space2.x + space2.advance), 2, accuracy: 1.0 / 64)
    }

    /// `text-wrap: balance` and `pretty` score a line that ends where a box
    /// closes without the box's end side (Chromium's break candidates take
    /// it like trailing spaces), though the side takes room when the line is
    /// laid out. Chromium's lines for chips of padding 0 6px, border 1 and
    /// margin 0 2px at 14 px (ASCII text: scalar offsets are UTF-16 offsets).
    func testBalanceAndPrettyScoreWithoutClosingSides() throws {
        let font: FontStack = ["Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari",
                               "Noto Sans Thai", "Noto Sans CJK JP", "Noto Color Emoji"]
        let chip = InlineBoxEdges(padding: BoxSides(vertical: 0, horizontal: 6), border: BoxSides(1),
                                  margin: BoxSides(vertical: 0, horizontal: 2))
        func ends(_ string: String, _ ranges: [Range<Int>], width: Double, wrap: ParagraphStyle.TextWrap) throws -> [Int] {
            let body = TextStyle(font: font, size: 14)
            var t = AttributedText(string, baseStyle: body)
            var s = body
            s.inlineBox = chip
            for r in ranges { t.setStyle(s, utf16Range: r) }
            let l = try typesetter.prepare(t, paragraph: ParagraphStyle(textWrap: wrap)).layout(width: width)
            return l.lines.map(\.utf16Range.upperBound)
        }
        XCTAssertEqual(try ends("hey @alexandra did you see #swiftlang today? the new async let is great",
                                [4..<14, 27..<37, 53..<62], width: 140, wrap: .balance), [15, 27, 45, 59, 71])
        XCTAssertEqual(try ends("cc @sam @jo @maria.gonzalez \u{2014} meeting moved to 3pm #team",
                                [3..<7, 8..<11, 12..<27, 51..<56], width: 200, wrap: .pretty), [12, 30, 47, 56])
    }

    /// Bad sides are typed errors naming the value.
    /// At a clamp's ellipsis a chip's start border and padding count in the
    /// room its text needs, first on the cut line or not (Chromium 156 at
    /// 20 px, chips "2px 8px" with "0 2px" borders: "Ctrl+…" in 100 px,
    /// the "S" of "Shift" hidden; "Sh…" where "Shift" starts the cut line in 50 px).
    func testTheCutCountsAChipsStartSide() throws {
        let style = TextStyle(font: stack, size: 20)
        let box = InlineBoxEdges(padding: BoxSides(top: 2, right: 8, bottom: 2, left: 8),
                                 border: BoxSides(top: 0, right: 2, bottom: 0, left: 2))
        func cut(_ string: String, _ chips: [Range<Int>], width: Double, alignment: ParagraphStyle.Alignment) throws -> Truncation {
            var t = AttributedText(string, baseStyle: style)
            var s = style
            s.inlineBox = box
            for r in chips { t.setStyle(s, utf16Range: r) }
            let paragraph = ParagraphStyle(alignment: alignment, maxLines: 2)
            return try XCTUnwrap(try typesetter.prepare(t, paragraph: paragraph).layout(width: width).truncation)
        }
        let middle = try cut("Use Ctrl+Shift+P to open the command palette quickly", [4..<8, 9..<14, 15..<16],
                             width: 100, alignment: .center)
        XCTAssertEqual(middle.visibleUTF16Ranges, [4..<9])
        XCTAssertEqual(middle.ellipsisX, 65.6875, accuracy: 1.0 / 64)
        let first = try cut("Ctrl Shift P to open the command palette", [5..<10], width: 50, alignment: .start)
        XCTAssertEqual(first.visibleUTF16Ranges, [5..<7])
        XCTAssertEqual(first.ellipsisX, 33.34375, accuracy: 1.0 / 64)
    }

    func testBadSidesAreErrors() throws {
        XCTAssertThrowsError(try typesetter.prepare(text("aaa bbb", [(0..<3, chip(-1, 0))])))
        XCTAssertThrowsError(try typesetter.prepare(text("aaa bbb", [(0..<3, chip(.nan, 0))])))
        XCTAssertEqual(try BoxSides(css: "0 4px 0 8px"), BoxSides(top: 0, right: 4, bottom: 0, left: 8))
        XCTAssertEqual(try BoxSides(css: "2px 6px"), BoxSides(vertical: 2, horizontal: 6))
        XCTAssertEqual(try BoxSides(css: "1 2 3"), BoxSides(top: 1, right: 2, bottom: 3, left: 2))
        XCTAssertThrowsError(try BoxSides(css: "1 2 3 4 5"))
        XCTAssertThrowsError(try BoxSides(css: "2em"))
    }
}
