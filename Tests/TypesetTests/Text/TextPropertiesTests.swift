import Foundation
import XCTest
import Typeset
import TypesetTestSupport

/// `text-transform`, `word-spacing`, `text-indent` and `text-align-last`
/// through the library with the bundled Noto Sans: offsets stay in the
/// source text under a transform (lines, carets, selections, hits), and bad
/// values are typed errors naming the input. Chromium's answers on 329
/// cases hold them too (`TextPropertiesCorpusTests`).
final class TextPropertiesTests: XCTestCase {
    func style(_ transform: TextTransform = .none, language: String? = nil) -> TextStyle {
        var s = TextStyle(font: ["Noto Sans"], size: 20, language: language)
        s.textTransform = transform
        return s
    }

    /// "Straße" in uppercase is "STRASSE" wide, and every answer counts its
    /// six source characters: the line, the caret after "ß", the selection
    /// of "ß" (both S), a hit in the second S (the "ß"'s start, as Chromium).
    func testUppercaseSharpSAnswersInSourceOffsets() throws {
        let upper = try Fixtures.typesetter.prepare("Straße", style: style(.uppercase)).layout(width: nil)
        let plain = try Fixtures.typesetter.prepare("STRASSE", style: style()).layout(width: nil)
        XCTAssertEqual(upper.lines.map(\.utf16Range), [0..<6])
        XCTAssertEqual(upper.lines[0].width, plain.lines[0].width)
        // After "ß" (source 5) is after "SS" (transformed 6).
        let afterSharpS = upper.caretRect(for: TextPosition(utf16Offset: 5)).x
        XCTAssertEqual(afterSharpS, plain.caretRect(for: TextPosition(utf16Offset: 6)).x, accuracy: 1.0 / 64)
        let beforeSharpS = upper.caretRect(for: TextPosition(utf16Offset: 4)).x
        let selection = upper.selectionRects(for: 4..<5)
        XCTAssertEqual(selection.count, 1)
        XCTAssertEqual(selection[0].x, beforeSharpS, accuracy: 1.0 / 64)
        XCTAssertEqual(selection[0].x + selection[0].width, afterSharpS, accuracy: 1.0 / 64)
        // A point in the right half of the second S: after "ß"; in its left half: inside "SS", the "ß"'s start.
        let secondS = plain.caretRect(for: TextPosition(utf16Offset: 5)).x
        XCTAssertEqual(upper.position(atX: afterSharpS - 1, y: 10).utf16Offset, 5)
        XCTAssertEqual(upper.position(atX: secondS + 1, y: 10).utf16Offset, 4)
        XCTAssertEqual(upper.wordRange(at: 2), 0..<6)
    }

    /// Turkish and Azeri map i to İ only under their language; Greek drops accents only under "el".
    /// An ellipsis cut inside what one source character became keeps all of
    /// it (Chromium 156 at 17 px, `nowrap`: "weiß" uppercase keeps "WEISS"
    /// where "WEIS" fits before the ellipsis, past the box; typed "WEISS"
    /// is cut after "WEIS").
    func testEllipsisKeepsAWholeExpansion() throws {
        var s = TextStyle(font: ["Noto Sans"], size: 17)
        s.textTransform = .uppercase
        let paragraph = ParagraphStyle(whiteSpace: .nowrap, textOverflow: .ellipsis)
        func cut(_ text: String, _ style: TextStyle, width: Double) throws -> (Double, [Range<Int>]) {
            let t = try XCTUnwrap(try Fixtures.typesetter.prepare(text, style: style, paragraph: paragraph)
                .layout(width: width).truncation)
            return (t.ellipsisX, t.visibleUTF16Ranges)
        }
        for (width, x, visible) in [(50.0, 31.03125, 0..<3), (55, 49.703125, 0..<4), (60, 49.703125, 0..<4)] {
            let (gotX, gotVisible) = try cut("weiß: heißer Kaffee", s, width: width)
            XCTAssertEqual(gotX, x, accuracy: 1.0 / 64, "\(width)")
            XCTAssertEqual(gotVisible, [visible], "\(width)")
        }
        XCTAssertEqual(try cut("WEISS: HEISSER KAFFEE", TextStyle(font: ["Noto Sans"], size: 17), width: 55).0,
                       40.359375, accuracy: 1.0 / 64)
    }

    func testCaseMappingFollowsTheLanguage() throws {
        func width(_ text: String, _ t: TextTransform, _ lang: String?) throws -> Double {
            try Fixtures.typesetter.prepare(text, style: style(t, language: lang)).naturalWidth
        }
        func plain(_ text: String) throws -> Double { try Fixtures.typesetter.prepare(text, style: style()).naturalWidth }
        XCTAssertEqual(try width("istanbul", .uppercase, "tr"), try plain("İSTANBUL"))
        XCTAssertEqual(try width("istanbul", .uppercase, "en"), try plain("ISTANBUL"))
        XCTAssertEqual(try width("ΌΣΟΣ", .uppercase, "el"), try plain("ΟΣΟΣ"))
        XCTAssertEqual(try width("ΟΔΟΣ", .lowercase, nil), try plain("οδος"))
        XCTAssertEqual(try width("e.g. don't ﬁne", .capitalize, nil), try plain("E.G. Don't ﬁne"))
        XCTAssertEqual(try width("abc", .fullWidth, nil), try plain("abc"))
    }

    /// Word spacing widens spaces and no-break spaces, not U+3000; a
    /// style's spacing reaches only its own run's spaces.
    func testWordSpacingWidensSpacesOfItsRun() throws {
        var spaced = style()
        spaced.wordSpacing = 10
        let base = try Fixtures.typesetter.prepare("a b\u{A0}c\u{3000}d", style: style()).naturalWidth
        XCTAssertEqual(try Fixtures.typesetter.prepare("a b\u{A0}c\u{3000}d", style: spaced).naturalWidth, base + 20,
                       accuracy: 1.0 / 64)
        var text = AttributedText("aa bb cc", baseStyle: style())
        text.setStyle(spaced, utf16Range: 2..<3)  // the first space only
        XCTAssertEqual(try Fixtures.typesetter.prepare(text).naturalWidth,
                       try Fixtures.typesetter.prepare("aa bb cc", style: style()).naturalWidth + 10, accuracy: 1.0 / 32)
        spaced.wordSpacing = .nan
        XCTAssertThrowsError(try Fixtures.typesetter.prepare("a b", style: spaced)) { error in
            XCTAssertEqual("\(error)", "invalid word spacing nan: it must be finite")
        }
    }

    /// The attribute scope sets both text properties of a run.
    func testAttributedStringAttributes() throws {
        var string = AttributedString("weiß und grün")
        let first = string.range(of: "weiß")!
        string[first].typeset.textTransform = .uppercase
        string[first].typeset.wordSpacing = 4
        let text = try AttributedText(string, baseStyle: style(), fonts: Fixtures.fonts)
        var upper = style(.uppercase)
        upper.wordSpacing = 4
        XCTAssertEqual(text.runs.first?.style, upper)
        XCTAssertEqual(try Fixtures.typesetter.prepare(text).layout(width: nil).lines.map(\.utf16Range), [0..<13])
    }

    /// The first line is narrower by the indent and starts that far in;
    /// `hanging` indents the others; `text-align-last` aligns the last line.
    func testIndentAndLastLineAlignment() throws {
        var paragraph = ParagraphStyle()
        paragraph.textIndent = try TextIndent(css: "1.5em")  // 30 px at 20 px
        paragraph.alignLast = .center
        let text = "aaa bbb ccc ddd eee fff ggg"
        let layout = try Fixtures.typesetter.prepare(text, style: style(), paragraph: paragraph).layout(width: 120)
        // Chromium 156: lines 0..<8 at x 30, 8..<20 at 0, the last centred at 28.625.
        XCTAssertEqual(layout.lines.map(\.utf16Range), [0..<8, 8..<20, 20..<27])
        XCTAssertEqual(layout.lines.map(\.x), [30, 0, 28.625])
        paragraph.textIndent = try TextIndent(css: "30px hanging")
        paragraph.alignLast = .auto
        let hanging = try Fixtures.typesetter.prepare(text, style: style(), paragraph: paragraph).layout(width: 120)
        XCTAssertEqual(hanging.lines.map(\.utf16Range), [0..<12, 12..<20, 20..<27])
        XCTAssertEqual(hanging.lines.map(\.x), [0, 30, 30])
    }

    /// CSS text that is not a text-indent is a typed error naming it and the problem.
    func testTextIndentCSS() throws {
        XCTAssertEqual(try TextIndent(css: "-1em hanging each-line"), TextIndent(.em(-1), eachLine: true, hanging: true))
        XCTAssertEqual(try TextIndent(css: "12"), TextIndent(points: 12))
        XCTAssertEqual(try TextIndent(css: "10%").css, "10%")
        for (bad, problem) in [("", "no length"), ("each-line", "no length"), ("1px 2px", "more than one length"),
                               ("wide", "'wide' is not a length"), ("1px hanging hanging", "hanging twice")] {
            XCTAssertThrowsError(try TextIndent(css: bad), bad) { error in
                XCTAssertEqual("\(error)", "invalid text-indent \"\(bad)\": \(problem)")
            }
        }
    }
}
