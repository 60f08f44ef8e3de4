import Typeset
import TypesetTestSupport
import XCTest

/// Hit testing is consistent with itself: a point on a caret finds that
/// caret's offset, positions past a line's ends are its ends, and word
/// ranges follow ICU's word boundaries (dictionaries for CJK).
final class HitTestingTests: XCTestCase {
    private let style = TextStyle(font: ["Noto Sans", "Noto Sans Arabic", "Noto Sans CJK JP"], size: 15)

    func testEveryCaretIsFoundAtItsOwnX() throws {
        let text = "Typeset measures text before it is drawn, exactly."
        let layout = try Fixtures.typesetter.prepare(text, style: style).layout(width: 120)
        XCTAssertGreaterThan(layout.lines.count, 2)
        for (k, line) in layout.lines.enumerated() {
            // Interior graphemes of the line (its ends map to the line's ends).
            let last = k + 1 < layout.lines.count ? line.utf16Range.upperBound - 1 : line.utf16Range.upperBound
            for offset in line.utf16Range.lowerBound + 1..<last {
                let caret = layout.caretRect(for: TextPosition(utf16Offset: offset))
                XCTAssertEqual(caret.y, line.top, "offset \(offset) is on line \(k)")
                let found = layout.position(atX: caret.x, y: line.top + line.height / 2)
                XCTAssertEqual(found.utf16Offset, offset, "caret at x \(caret.x) on line \(k)")
            }
        }
    }

    /// Carets are on the 1/64 px grid, as Chromium reports them and as line
    /// widths and selection edges are: the grid line at or left of the exact
    /// place (the end of the exact advances before it); at a device pixel
    /// ratio, on that ratio's grid.
    func testCaretsAreOnTheGrid() throws {
        let texts = ["Typeset measures text before it is drawn, exactly.", "Hello مرحبا بالعالم world 123",
                     "trailing spaces    ", "今日はとても良い天気ですね。"]
        for scale in [1.0, 2, 3] {
            for text in texts {
                let layout = try Fixtures.typesetter.prepare(text, style: style, scale: scale).layout(width: 97)
                for offset in 0...text.utf16.count {
                    let caret = layout.caretRect(for: TextPosition(utf16Offset: offset))
                    let units = caret.x * 64 * scale
                    XCTAssertEqual(units, units.rounded(), accuracy: 1e-6, "\(text) at \(offset), \(scale)x: x \(caret.x)")
                }
            }
        }
        // Left to right: the grid line at or left of where the exact advances end.
        let text = "Typeset measures text"
        let layout = try Fixtures.typesetter.prepare(text, style: style).layout(width: nil)
        var offgrid = 0
        for offset in 1..<text.utf16.count {
            let exact = layout.rects(forUTF16Range: 0..<offset).map { $0.x + $0.width }.max() ?? 0
            let caret = layout.caretRect(for: TextPosition(utf16Offset: offset)).x
            XCTAssertLessThanOrEqual(caret, exact + 1e-6, "offset \(offset)")
            XCTAssertGreaterThan(caret, exact - 1.0 / 64, "offset \(offset)")
            if abs(exact * 64 - (exact * 64).rounded()) > 1e-6 { offgrid += 1 }
        }
        XCTAssertGreaterThan(offgrid, 5, "exact advances off the grid are snapped to it")
    }

    func testPointsPastALineAreItsEnds() throws {
        let layout = try Fixtures.typesetter.prepare("one two three four five six", style: style).layout(width: 70)
        let line = layout.lines[1]
        let y = line.top + 1
        XCTAssertEqual(layout.position(atX: -50, y: y).utf16Offset, line.utf16Range.lowerBound)
        // Past the end: before the space the line wraps at.
        XCTAssertEqual(layout.position(atX: 500, y: y).utf16Offset, line.utf16Range.upperBound - 1)
        XCTAssertEqual(layout.position(atX: 0, y: -40).utf16Offset, 0, "above the first line: the first line")
        XCTAssertEqual(layout.position(atX: 500, y: 1e6).utf16Offset, 27, "below the last line: the last line")
    }

    func testRightToLeftLineEdgesAreTheLineEnds() throws {
        // An Arabic paragraph: the right edge is the start, the left edge the end.
        let text = "مرحبا بالعالم"
        let layout = try Fixtures.typesetter.prepare(text, style: style, paragraph: ParagraphStyle(direction: .rtl)).layout(width: 300)
        let y = layout.lines[0].top + 2
        XCTAssertEqual(layout.position(atX: 299, y: y).utf16Offset, 0)
        XCTAssertEqual(layout.position(atX: 1, y: y).utf16Offset, text.utf16.count)
        let start = layout.caretRect(for: TextPosition(utf16Offset: 0)), end = layout.caretRect(for: TextPosition(utf16Offset: text.utf16.count))
        XCTAssertGreaterThan(start.x, end.x, "the start of an RTL line is on its right")
    }

    func testWrapWithoutASpaceIsUpstreamAtTheLineEnd() throws {
        let layout = try Fixtures.typesetter.prepare("今日はとても良い天気ですね。散歩に行きましょう。", style: style).layout(width: 100)
        XCTAssertGreaterThan(layout.lines.count, 1)
        let first = layout.lines[0], second = layout.lines[1]
        let end = layout.position(atX: 1000, y: first.top + 1)
        XCTAssertEqual(end, TextPosition(utf16Offset: second.utf16Range.lowerBound, affinity: .upstream))
        XCTAssertEqual(layout.lineIndex(for: end), 0)
        XCTAssertEqual(layout.lineIndex(for: TextPosition(utf16Offset: end.utf16Offset)), 1)
        XCTAssertEqual(layout.caretRect(for: end).y, first.top)
        XCTAssertEqual(layout.caretRect(for: TextPosition(utf16Offset: end.utf16Offset)).y, second.top)
    }

    func testWordRanges() throws {
        let latin = try Fixtures.typesetter.prepare("Hello, wonderful world", style: style).layout(width: 300)
        XCTAssertEqual(latin.wordRange(at: 9), 7..<16)
        XCTAssertEqual(latin.wordRange(at: 5), 5..<6, "punctuation is a segment of its own")
        XCTAssertEqual(latin.wordRange(at: 22), 17..<22, "at the end: the last word")
        let japanese = try Fixtures.typesetter.prepare("今日は良い天気", style: style).layout(width: 300)
        XCTAssertEqual(japanese.wordRange(at: 0), 0..<2, "ICU's dictionary finds 今日")
    }
}
