import XCTest
import Typeset
import TypesetTestSupport

/// The end of a `white-space: break-spaces` line, where its preserved spaces
/// and tabs take room (they never hang), and a clamped blank `pre-line`
/// line: pinned in the bundled Noto Sans (Hebrew and Arabic after it) at
/// 16 px to the numbers Chromium 156 gave for the same texts (ChromiumRules.md,
/// "White space and overflow-wrap").
final class BreakSpacesLineEndTests: XCTestCase {
    private let style = Fixtures.style(["Noto Sans", "Noto Sans Hebrew", "Noto Sans Arabic"], size: 16)

    private func layout(_ text: String, width: Double, _ paragraph: ParagraphStyle) throws -> TextLayout {
        try Fixtures.typesetter.prepare(text, style: style, paragraph: paragraph).layout(width: width)
    }

    private func breakSpaces(_ alignment: ParagraphStyle.Alignment, _ direction: ParagraphStyle.Direction)
        -> ParagraphStyle {
        ParagraphStyle(whiteSpace: .breakSpaces, alignment: alignment, direction: direction)
    }

    /// Spaces after left-to-right words in a right-to-left paragraph keep the
    /// words' level: they sit right of the word, so a start-aligned (right)
    /// line's word is left of them and an end-aligned (left) line's word is
    /// at the left edge.
    func testSpacesAfterLeftToRightWordsStayOnTheirRight() throws {
        let start = try layout("hello   world", width: 60, breakSpaces(.start, .rtl))
        XCTAssertEqual(start.lines.map { start.text(of: $0) }, ["hello   ", "world"])
        XCTAssertEqual(start.lines[0].x, 10.671875, accuracy: 1.0 / 64)  // not 23.140625: the spaces are not on the left
        XCTAssertEqual(start.lines[0].width, 36.859375, accuracy: 1.0 / 64)
        XCTAssertEqual(start.lines[1].x, 17.15625, accuracy: 1.0 / 64)
        let end = try layout("hello   world", width: 60, breakSpaces(.end, .rtl))
        XCTAssertEqual(end.lines[0].x, 0, accuracy: 1.0 / 64)
        // Carets in the spaces go right from "hello" (Chromium's spaces span 47.53 to 60, 4.16 px each).
        XCTAssertEqual(start.caretRect(for: TextPosition(utf16Offset: 6)).x, 51.6875, accuracy: 0.02)
        XCTAssertEqual(start.caretRect(for: TextPosition(utf16Offset: 7)).x, 55.84375, accuracy: 0.02)
    }

    /// Spaces between right-to-left words keep their level in a
    /// left-to-right paragraph: on the line's left, before the Arabic.
    func testSpacesAfterRightToLeftWordsInALeftToRightParagraph() throws {
        let l = try layout("مرحبا      بالعالم      الجميل", width: 150, breakSpaces(.end, .ltr))
        XCTAssertEqual(l.lines.count, 2)
        XCTAssertEqual(l.lines[0].x, 52.09375, accuracy: 1.0 / 64)
        XCTAssertEqual(l.lines[0].width, 97.90625, accuracy: 1.0 / 64)
    }

    /// Spaces between two pieces of the line (left-to-right words, then
    /// leading spaces at the paragraph's level) are inside its extent.
    func testSpacesInsideTheLineCountInItsWidth() throws {
        let l = try layout("   leading spaces and more", width: 140, breakSpaces(.end, .rtl))
        XCTAssertEqual(l.lines.map { l.text(of: $0) }, ["   leading spaces ", "and more"])
        XCTAssertEqual(l.lines[0].x, 0, accuracy: 1.0 / 64)
        XCTAssertEqual(l.lines[0].width, 127.484375, accuracy: 1.0 / 64)
    }

    /// Justified, the spaces a line ends with are expansion opportunities
    /// too, but for the last character Chromium's walk in the paragraph's
    /// direction reaches: the last space of a left-to-right line, nothing in
    /// a right-to-left line that starts with a letter.
    func testJustifiedLinesExpandTheirTrailingSpaces() throws {
        let ltr = try layout("aaaa  bbbb   cccc", width: 80, breakSpaces(.justify, .ltr))
        XCTAssertEqual(ltr.lines.map { ltr.text(of: $0) }, ["aaaa  ", "bbbb   ", "cccc"])
        XCTAssertEqual(ltr.lines[0].x, 0)
        XCTAssertEqual(ltr.lines[0].width, 35.90625, accuracy: 1.0 / 64)
        XCTAssertEqual(ltr.lines[1].width, 39.375, accuracy: 1.0 / 64)
        let hebrew = try layout("מילה     אחת     שתיים", width: 90, breakSpaces(.justify, .rtl))
        XCTAssertEqual(hebrew.lines[0].x, 56.328125, accuracy: 1.0 / 64)
        XCTAssertEqual(hebrew.lines[1].x, 58.328125, accuracy: 1.0 / 64)
        // Six spaces inside, one after: seven opportunities, the trailing
        // space widened by one share (the ink's left edge at 4.5625, not 4.15625 + 0).
        let arabic = try layout("مرحبا   بالعالم   الجميل   اليوم", width: 150, breakSpaces(.justify, .rtl))
        XCTAssertEqual(arabic.lines.count, 2)
        XCTAssertEqual(arabic.lines[0].x, 4.5625, accuracy: 1.0 / 64)
        XCTAssertEqual(arabic.lines[0].width, 145.4375, accuracy: 1.0 / 64)
    }

    /// A tab takes room like a space: a segment whose tab does not fit ends
    /// the line before it, and one that starts a line puts its tab on the
    /// next line alone; alignment counts the tab.
    func testTabsTakeRoomAndWrap() throws {
        let text = "tab\tseparated\tvalues"
        let start = try layout(text, width: 80, breakSpaces(.start, .ltr))
        XCTAssertEqual(start.lines.map { start.text(of: $0) }, ["tab\t", "separated", "\t", "values"])
        XCTAssertEqual(start.lines.map(\.width), [24.59375, 75.421875, 0, 47.8125])
        let centred = try layout(text, width: 120, breakSpaces(.center, .ltr))
        XCTAssertEqual(centred.lines.map { centred.text(of: $0) }, ["tab\t", "separated\t", "values"])
        XCTAssertEqual(centred.lines.map(\.x), [43.359375, 10.078125, 36.09375])
        let rtl = try layout(text, width: 80, breakSpaces(.start, .rtl))
        XCTAssertEqual(rtl.lines[0].x, 55.40625, accuracy: 1.0 / 64)
        XCTAssertEqual(rtl.lines[1].x, 4.578125, accuracy: 1.0 / 64)
        XCTAssertEqual(rtl.lines[3].x, 32.1875, accuracy: 1.0 / 64)
    }

    /// A clamped blank `pre-line` line (its spaces removed before the
    /// newline) shows the ellipsis alone at the start edge, its range empty.
    func testClampedBlankPreLineLineEndsAtItsStart() throws {
        for alignment in [ParagraphStyle.Alignment.start, .center] {
            let l = try layout("   \nleading text", width: 120,
                               ParagraphStyle(whiteSpace: .preLine, alignment: alignment, maxLines: 1))
            let t = try XCTUnwrap(l.truncation)
            XCTAssertEqual(t.ellipsisX, 0)
            XCTAssertEqual(t.visibleUTF16Ranges.flatMap { Array($0) }, [])
            XCTAssertEqual(l.lines[0].utf16Range, 0..<0)
        }
    }
}

/// Spaces a `break-spaces` line ends with that lie between two pieces of it
/// (`TrailingSpaceSide.inside`): the line's runs are drawn with the gap the
/// spaces take, and its caret stops step through them there.
final class BreakSpacesInsideSpacesTests: XCTestCase {
    private let style = Fixtures.style(["Noto Sans", "Noto Sans Hebrew"], size: 16)

    /// "שלום hello   " in a right-to-left box 100 px wide: "hello" and its
    /// three spaces (left-to-right, their level kept) on the left, then the
    /// space and "שלום" ending at the box's right edge. Before the gap was
    /// counted the Hebrew was drawn 3 spaces' width (12.48 px) left of it.
    func testRunsAndCaretStopsKeepTheGapOfSpacesInsideTheLine() throws {
        let paragraph = ParagraphStyle(whiteSpace: .breakSpaces, direction: .rtl)
        let l = try Fixtures.typesetter.prepare("שלום hello   world", style: style, paragraph: paragraph).layout(width: 100)
        XCTAssertEqual(l.lines.map { l.text(of: $0) }, ["שלום hello   ", "world"])
        let line = l.lines[0]
        XCTAssertEqual(line.x + line.width, 100, accuracy: 1.0 / 64, "the line (its spaces inside) ends at the box's edge")
        let runs = l.visualRuns(of: line)
        XCTAssertEqual(runs.map(\.utf16Range), [5..<10, 4..<5, 0..<4])
        // Three Noto Sans spaces at 16 px (Chromium: 12.48 px, ChromiumRules.md).
        let spaces = 12.48
        XCTAssertEqual(runs[0].x, line.x, accuracy: 1e-9)
        let helloEnd = runs[0].x + runs[0].width
        // The pieces after the gap: the gap is the spaces' width, and the
        // Hebrew ends where the line does.
        XCTAssertEqual(runs[1].x - helloEnd, spaces, accuracy: 1.0 / 64)
        XCTAssertEqual(runs[2].x, runs[1].x + runs[1].width, accuracy: 1e-6)
        XCTAssertEqual(runs[2].x + runs[2].width, line.x + line.width, accuracy: 1.0 / 64)
        // Chromium 156's rectangles: "h" at 10.875, the spaces from 47.71875,
        // the Hebrew's space at 60.203125 and "ם" at 64.359375.
        XCTAssertEqual(runs[0].x, 10.875, accuracy: 1.0 / 64)
        XCTAssertEqual(runs[1].x, 60.203125, accuracy: 1.0 / 64)
        XCTAssertEqual(runs[2].x, 64.359375, accuracy: 1.0 / 64)
        // Glyphs are drawn where their runs are.
        let hebrewGlyphs = l.glyphs(of: runs[2], on: line)
        XCTAssertFalse(hebrewGlyphs.isEmpty)
        for g in hebrewGlyphs { XCTAssertGreaterThanOrEqual(g.x, runs[2].x - 1.0 / 64) }
        // Caret stops step through the spaces in the gap, left to right,
        // and a point in the gap hits the space boundary nearest it.
        let carets = (10...13).map { l.caretRect(for: TextPosition(utf16Offset: $0, affinity: .upstream)).x }
        XCTAssertEqual(carets[0], (helloEnd * 64).rounded(.down) / 64, accuracy: 1.0 / 64)
        for k in 1...3 { XCTAssertEqual(carets[k] - carets[0], spaces * Double(k) / 3, accuracy: 2.0 / 64, "caret after \(k) spaces") }
        XCTAssertLessThan(carets[3], runs[1].x + 1.0 / 64, "the caret after the spaces is left of the Hebrew's space")
        for k in 11...12 {
            let p = l.position(atX: carets[k - 10] + 0.5, y: line.height / 2)
            XCTAssertEqual(p.utf16Offset, k, "a point in the gap after \(k - 10) spaces")
        }
        // Points over the Hebrew hit it, at its letters' boundaries.
        let hebrewMiddle = l.position(atX: runs[2].x + runs[2].width / 2, y: line.height / 2)
        XCTAssertTrue((1...3).contains(hebrewMiddle.utf16Offset), "\(hebrewMiddle)")
        let start = l.caretRect(for: TextPosition(utf16Offset: 0))
        XCTAssertEqual(start.x, 100, accuracy: 1.0 / 32, "the line's start is at the box's right edge")
        // A selection of the spaces is the gap.
        let selection = l.selectionRects(for: 10..<13)
        XCTAssertEqual(selection.count, 1)
        XCTAssertEqual(selection.first?.x ?? 0, 47.71875, accuracy: 1.0 / 64)
        XCTAssertEqual(selection.first?.width ?? 0, spaces, accuracy: 2.0 / 64)
    }
}
