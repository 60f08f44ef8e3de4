import Foundation
import XCTest
import Typeset
import TypesetTestSupport

/// Foundation `AttributedString` → `AttributedText` through the Typeset attribute scope.
final class AttributedStringTests: XCTestCase {
    let body = TextStyle(font: ["Noto Sans", "Noto Color Emoji"], size: 15, lineHeight: .points(21))

    /// Each Typeset attribute sets its field of the run's style; the result
    /// lays out exactly as the same runs built by hand.
    func testAttributesBecomeRunStyles() throws {
        var string = AttributedString("👋 Today we open registration, ")
        string += AttributedString("see details")
        let today = string.range(of: "Today")!
        string[today].typeset.fontSize = 24
        string[today].typeset.fontWeight = 700
        let details = string.range(of: "details")!
        string[details].typeset.italic = true
        string[details].typeset.letterSpacing = 1
        string[details].typeset.lineHeight = .normal
        string[details].typeset.fontFamily = ["Noto Sans CJK JP", "Noto Sans"]
        let text = try AttributedText(string, baseStyle: body, fonts: Fixtures.fonts)

        var manual = AttributedText("👋 Today we open registration, see details", baseStyle: body)
        var big = body
        big.size = 24
        big.weight = 700
        manual.setStyle(big, utf16Range: 3..<8)
        var detail = body
        detail.italic = true
        detail.letterSpacing = 1
        detail.lineHeight = .normal
        detail.font = ["Noto Sans CJK JP", "Noto Sans"]
        manual.setStyle(detail, utf16Range: 35..<42)
        XCTAssertEqual(text, manual)

        let a = try Fixtures.typesetter.prepare(string, baseStyle: body).layout(width: 200)
        let b = try Fixtures.typesetter.prepare(manual).layout(width: 200)
        XCTAssertEqual(a.lines.map(\.utf16Range), b.lines.map(\.utf16Range))
        XCTAssertEqual(a.lines.map(\.height), b.lines.map(\.height))
        XCTAssertEqual(a.lines[0].height, 25, "the 24 px word's box makes the first line taller than 21 px")
    }

    /// Attributes outside the Typeset scope are ignored.
    func testOtherAttributesAreIgnored() throws {
        var string = AttributedString("Hello world")
        string[string.range(of: "world")!].link = URL(string: "https://example.com")
        XCTAssertEqual(try AttributedText(string, baseStyle: body, fonts: Fixtures.fonts), AttributedText("Hello world", baseStyle: body))
    }

    /// A run's stack is resolved as CSS resolves `font-family`: a family no
    /// font has is skipped; a stack with none that has a font is an error
    /// naming its first family and the run's UTF-16 range.
    func testMissingFontNamesTheRange() throws {
        var string = AttributedString("😀 Hello world")
        string[string.range(of: "world")!].typeset.fontFamily = ["No Such Sans", "Noto Sans"]
        XCTAssertNoThrow(try Fixtures.typesetter.prepare(string, baseStyle: body))
        string[string.range(of: "world")!].typeset.fontFamily = ["No Such Sans", "Nor This"]
        XCTAssertThrowsError(try Fixtures.typesetter.prepare(string, baseStyle: body)) { error in
            XCTAssertEqual(error as? TypesetError, .unknownFontFamilyInRun(family: "No Such Sans", utf16Range: 9..<14))
        }
    }

    /// The family attribute is a stack: one name or several, as CSS
    /// `font-family` takes them.
    func testFontFamilyTakesOneNameOrSeveral() throws {
        var one = AttributedString("Hello world")
        one[one.range(of: "world")!].typeset.fontFamily = "Noto Sans Hebrew"
        var several = AttributedString("Hello world")
        several[several.range(of: "world")!].typeset.fontFamily = ["Noto Sans Hebrew"]
        XCTAssertEqual(try AttributedText(one, baseStyle: body, fonts: Fixtures.fonts),
                       try AttributedText(several, baseStyle: body, fonts: Fixtures.fonts))
        XCTAssertEqual(one.runs.compactMap { $0[FontFamilyAttribute.self] }, [FontStack(families: ["Noto Sans Hebrew"])])
    }

    /// An inline box (a chip) from the attribute takes room as a run's does:
    /// padding 0 6px on "bbb" in 15 px Noto Sans, 94.359375 px (Chromium).
    func testInlineBoxAttributeMakesAChip() throws {
        let plain = TextStyle(font: ["Noto Sans"], size: 15)
        var string = AttributedString("aaa bbb ccc")
        string[string.range(of: "bbb")!].typeset.inlineBox = InlineBoxEdges(padding: BoxSides(vertical: 0, horizontal: 6))
        XCTAssertEqual(try Fixtures.typesetter.prepare(string, baseStyle: plain).maxContentWidth, 94.359375)
    }
}
