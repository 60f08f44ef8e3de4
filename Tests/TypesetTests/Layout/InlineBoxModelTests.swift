import XCTest
import Typeset
import TypesetTestSupport

/// Attributed text as Chromium lays out `<span>`s in a block (CSS 2.1 §10.8):
/// each rule with the numbers Chromium 156 gave for it (corpus/README.md,
/// Multi-run cases).
final class InlineBoxModelTests: XCTestCase {
    let typesetter = Fixtures.typesetter
    let stack: FontStack = ["Noto Sans", "Noto Sans Arabic", "Noto Sans CJK JP", "Noto Color Emoji"]

    func style(size: Double = 15, weight: Int = 400, font: FontStack? = nil, lineHeight: LineHeight = .normal) -> TextStyle {
        TextStyle(font: font ?? stack, size: size, weight: weight, lineHeight: lineHeight)
    }

    func layout(_ text: AttributedText, width: Double? = nil) throws -> TextLayout {
        try typesetter.prepare(text).layout(width: width)
    }

    /// The block's font is a strut on every line: 15 px text that is all one
    /// 11 px span is 20 px tall (Noto Sans at 15 px), not 15.
    func testStrutOfTheBlockStyle() throws {
        var text = AttributedText("small text all inside one span", baseStyle: style())
        text.setStyle(style(size: 11), utf16Range: 0..<30)
        XCTAssertEqual(try layout(text).exactHeight, 20)
        XCTAssertEqual(try layout(AttributedText("small text all inside one span", style: style(size: 11))).exactHeight, 15)
    }

    /// Fixed line heights apply per box: a 24 px first word in 15 px text at
    /// 21 px makes its line 25 px (strut −16…+5, span −20…+1), the others 21.
    func testFixedLineHeightPerInlineBox() throws {
        let string = "Big words in a paragraph that wraps over a few lines here"
        var text = AttributedText(string, baseStyle: style(lineHeight: .points(21)))
        text.setStyle(style(size: 24, lineHeight: .points(21)), utf16Range: 0..<3)
        let l = try layout(text, width: 200)
        XCTAssertEqual(l.lines.map(\.height), [25, 21, 21])
        XCTAssertEqual(l.exactHeight, 67)
        XCTAssertEqual(l.lines[0].baseline, 20)
        // A CJK-first span: its box (ascent 17, descent 4) sits 1 px above the strut's.
        var cjk = AttributedText("Latin text with 中文 inside", baseStyle: style(lineHeight: .points(21)))
        cjk.setStyle(style(font: ["Noto Sans CJK JP", "Noto Sans"], lineHeight: .points(21)), utf16Range: 15..<17)
        XCTAssertEqual(try layout(cjk).exactHeight, 22)
    }

    /// `normal` counts each span's primary font even when its glyphs come
    /// from another: Latin text in a CJK-first span makes the line 21 px.
    func testNormalLineHeightCountsTheSpansPrimaryFont() throws {
        var text = AttributedText("Latin text with latin inside", baseStyle: style())
        text.setStyle(style(font: ["Noto Sans CJK JP", "Noto Sans"]), utf16Range: 16..<21)
        XCTAssertEqual(try layout(text).exactHeight, 21)
        text.setStyle(style(font: ["Noto Sans Arabic", "Noto Sans"]), utf16Range: 16..<21)
        XCTAssertEqual(try layout(text).exactHeight, 32)
    }

    /// Arabic letters join across a style change: a bold first letter keeps
    /// the word's joined width (Chromium: 31.578125 px against 31.5625
    /// unstyled; the letters apart are 34.42).
    func testArabicJoinsAcrossRuns() throws {
        let arabic = style(font: ["Noto Sans Arabic"])
        let plain = try layout(AttributedText("مرحبا", style: arabic)).lines[0].width
        var bold = AttributedText("مرحبا", baseStyle: arabic)
        bold.setStyle(TextStyle(font: ["Noto Sans Arabic"], size: 15, weight: 700), utf16Range: 0..<1)
        XCTAssertEqual(plain, 31.5625)
        XCTAssertEqual(try layout(bold).lines[0].width, 31.578125)
    }

    /// Widths add per run in 1/64 px: ten `i` in ten runs of alternating
    /// styles are each rounded up (Chromium: 33.59375 px in ten spans of one
    /// style, 33.546875 px as one text node).
    func testWidthsAddPerRunInLayoutUnits() throws {
        let base = style(size: 13)
        XCTAssertEqual(try layout(AttributedText("iiiiiiiiii", style: base)).lines[0].width, 33.546875)
        var text = AttributedText("iiiiiiiiii", baseStyle: base)
        for k in stride(from: 0, to: 10, by: 2) { text.setStyle(style(size: 13, weight: 700), utf16Range: k..<k + 1) }
        XCTAssertEqual(try layout(text).lines[0].width, 36.640625)
    }
}
