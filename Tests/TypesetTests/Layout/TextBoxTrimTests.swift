import XCTest
import Typeset
import TypesetTestSupport

/// `text-box-trim` and `text-box-edge` with the numbers Chromium 156 gave:
/// Noto Sans (cap height 0.714 em, x-height 0.536 em), "Hello world again"
/// in an 80 px box unless said (ChromiumRules.md, Text box trim).
final class TextBoxTrimTests: XCTestCase {
    let typesetter = Fixtures.typesetter
    let stack: FontStack = ["Noto Sans", "Noto Sans Arabic", "Noto Sans CJK JP", "Noto Color Emoji"]

    func layout(_ string: String, size: Double = 15, lineHeight: LineHeight = .normal, width: Double = 80,
                trim: TextBoxTrim, edge: String, scale: Double = 1, maxLines: Int? = nil) throws -> TextLayout {
        var p = ParagraphStyle(maxLines: maxLines)
        p.textBoxTrim = trim
        p.textBoxEdge = try TextBoxEdge(css: edge)
        return try typesetter.prepare(string, style: TextStyle(font: stack, size: size, lineHeight: lineHeight),
                                      paragraph: p, scale: scale).layout(width: width)
    }

    /// Heights at 13 and 15 px, `normal` and fixed line heights, each trim
    /// and edge; the first line's top moves by what its top loses.
    func testHeights() throws {
        let cases: [(Double, LineHeight, TextBoxTrim, String, Double)] = [
            (13, .normal, .none, "auto", 36),
            (13, .normal, .trimBoth, "cap alphabetic", 27.28125),
            (13, .normal, .trimBoth, "ex alphabetic", 24.96875),
            (13, .normal, .trimBoth, "text", 36),
            (13, .normal, .trimEnd, "text alphabetic", 32),
            (13, .points(21), .trimBoth, "cap alphabetic", 30.28125),
            (13, .points(21), .trimBoth, "text", 39),
            (13, .points(21), .trimStart, "cap", 41),  // a lone `cap` is `auto` (Chromium drops it): the half-leading only
            (13, .points(21), .trimEnd, "text alphabetic", 36),
            (13, .points(26.4), .trimBoth, "cap alphabetic", 35.6875),
            (13, .points(26.4), .trimBoth, "text", 44.40625),
            (15, .normal, .trimBoth, "cap alphabetic", 50.703125),
        ]
        for (size, lh, trim, edge, height) in cases {
            let l = try layout("Hello world again", size: size, lineHeight: lh, trim: trim, edge: edge)
            XCTAssertEqual(l.exactHeight, height, accuracy: 1e-9, "\(size) \(lh) \(trim) \(edge)")
            let m = try typesetter.prepare("Hello world again", style: TextStyle(font: stack, size: size, lineHeight: lh),
                                           paragraph: { var p = ParagraphStyle(); p.textBoxTrim = trim
                                                        p.textBoxEdge = try! TextBoxEdge(css: edge); return p }())
                .measure(width: 80)
            XCTAssertEqual(m.height, height, accuracy: 1e-9, "measure: \(size) \(lh) \(trim) \(edge)")
        }
        // 13 px, cap: the first line's glyph box (its top 14 px above the baseline) starts at −4.72.
        let l = try layout("Hello world again", size: 13, trim: .trimBoth, edge: "cap alphabetic")
        XCTAssertEqual(l.lines[0].baseline - 14, -4.71875)
        XCTAssertEqual(l.lines[1].baseline - 14, 13.28125)
    }

    /// A taller font on the first or last line is trimmed with it (the edges
    /// are the block font's): CJK first at 15 px is 71.70 tall trimmed to
    /// cap/alphabetic (82 untrimmed), CJK last 51.70, one line 10.70; `text`
    /// trims the CJK line's extra pixel above (20, not 21).
    func testTallerFontsOnTheEdgeLines() throws {
        XCTAssertEqual(try layout("Hello 日本語 again and again and again", trim: .trimBoth, edge: "cap alphabetic").exactHeight, 71.703125)
        XCTAssertEqual(try layout("Hello again and again 日本", trim: .trimBoth, edge: "cap alphabetic").exactHeight, 51.703125)
        XCTAssertEqual(try layout("日本語 Hello 日本語", width: 300, trim: .trimBoth, edge: "cap alphabetic").exactHeight, 10.703125)
        XCTAssertEqual(try layout("日本語 Hello 日本語", width: 300, trim: .trimBoth, edge: "text").exactHeight, 20)
        XCTAssertEqual(try layout("日本語 Hello 日本語", lineHeight: .points(24), width: 300, trim: .trimStart,
                                  edge: "ex alphabetic").exactHeight, 14.046875)
    }

    /// A clamp trims its last shown line: two lines of 20 px, 36 with
    /// trim-end to cap/alphabetic (Chromium).
    func testClampTrimsTheLastShownLine() throws {
        let l = try layout("Hello again and again and again", trim: .trimEnd, edge: "cap alphabetic", maxLines: 2)
        XCTAssertEqual(l.lines.count, 2)
        XCTAssertEqual(l.exactHeight, 36)
    }

    /// At 2x and 3x the font's metrics and cap height are rounded in device
    /// px: 15 px trimmed to cap/alphabetic is 51.7109375 at 2x and 51.375 at 3x.
    func testScaled() throws {
        XCTAssertEqual(try layout("Hello world again", trim: .trimBoth, edge: "cap alphabetic", scale: 2).exactHeight, 51.7109375, accuracy: 1e-9)
        XCTAssertEqual(try layout("Hello world again", trim: .trimBoth, edge: "cap alphabetic", scale: 3).exactHeight, 51.375, accuracy: 1e-6)
        XCTAssertEqual(try layout("Hello world again", size: 13, lineHeight: .points(26.4), trim: .trimBoth, edge: "cap alphabetic",
                                  scale: 3).exactHeight, 35.68229293823242, accuracy: 1e-3)
    }

    func testEdgeText() throws {
        XCTAssertEqual(try TextBoxEdge(css: "cap alphabetic"), TextBoxEdge(over: .cap, under: .alphabetic))
        XCTAssertEqual(try TextBoxEdge(css: "auto"), .auto)
        XCTAssertEqual(try TextBoxEdge(css: "ex"), .auto)
        XCTAssertThrowsError(try TextBoxEdge(css: "alphabetic cap"))
        XCTAssertThrowsError(try TextBoxEdge(css: "cap alphabetic text"))
    }
}
