import XCTest
import Typeset
import TypesetTestSupport

/// `white-space: pre-line | pre | break-spaces` and `overflow-wrap`, pinned
/// on small texts in the bundled Noto Sans at 16 px to the numbers Chromium
/// 156 gave for the same texts (the probes of ChromiumRules.md's "White space
/// and overflow-wrap"; `corpus/whitespace` holds them to Chromium at large).
final class WhiteSpaceModesTests: XCTestCase {
    private let style = Fixtures.style(size: 16)

    private func prepared(_ text: String, _ paragraph: ParagraphStyle) throws -> PreparedText {
        try Fixtures.typesetter.prepare(text, style: style, paragraph: paragraph)
    }

    /// Each line as its source text and width.
    private func lines(_ text: String, width: Double?, _ paragraph: ParagraphStyle) throws -> [(String, Double)] {
        let layout = try prepared(text, paragraph).layout(width: width)
        return layout.lines.map { (layout.text(of: $0), $0.width) }
    }

    func testPreLineKeepsNewlinesAndCollapsesTheSpacesAroundThem() throws {
        let text = "hello   world  \n  next\tline  here\n\n end"
        let got = try lines(text, width: 300, ParagraphStyle(whiteSpace: .preLine))
        // Chromium: 83.84375, 102.546875, an empty line, 28.765625; each line after a newline starts right after it.
        XCTAssertEqual(got.map(\.0), ["hello   world  \n", "  next\tline  here\n", "\n", " end"])
        XCTAssertEqual(got.map(\.1), [83.84375, 102.546875, 0, 28.765625])
        XCTAssertEqual(try prepared(text, ParagraphStyle(whiteSpace: .preLine)).naturalWidth, 102.546875)
        // Spaces only: no line; a newline alone, or between spaces: one empty line.
        XCTAssertEqual(try lines("   ", width: 300, ParagraphStyle(whiteSpace: .preLine)).count, 0)
        XCTAssertEqual(try lines("  \n  ", width: 300, ParagraphStyle(whiteSpace: .preLine)).map(\.1), [0])
        // It wraps as normal does.
        let wrapped = try lines("aaa bbb ccc ddd eee fff\nggg", width: 60, ParagraphStyle(whiteSpace: .preLine))
        XCTAssertEqual(wrapped.map(\.0), ["aaa ", "bbb ccc ", "ddd ", "eee fff\n", "ggg"])
    }

    func testPreNeverWrapsAndCountsTheSpacesBeforeALineEnd() throws {
        let text = "hello   world  \n  next\tline  here   \n\n end"
        let pre = try prepared(text, ParagraphStyle(whiteSpace: .pre))
        XCTAssertEqual(try pre.layout(width: 60).lines.count, 4)
        // Chromium: max-content = min-content = 148.765625 (the second line, its three spaces included).
        XCTAssertEqual(pre.naturalWidth, 148.765625)
        XCTAssertEqual(pre.minContentWidth, 148.765625)
        let spaces = try prepared("ab   ", ParagraphStyle(whiteSpace: .pre))
        XCTAssertEqual(spaces.minContentWidth, 31.296875)
        XCTAssertEqual(spaces.naturalWidth, 31.296875)
        // Centred, the spaces take room: "ab" at x 134.34375 in 300 px (Chromium), not 140.578125.
        let centred = try prepared("ab   \ncd", ParagraphStyle(whiteSpace: .pre, alignment: .center)).layout(width: 300)
        XCTAssertEqual(centred.lines[0].x, 134.34375, accuracy: 1.0 / 64)
        // text-overflow: ellipsis cuts each line that does not fit.
        let cut = try prepared("hello world again\nshort", ParagraphStyle(whiteSpace: .pre, textOverflow: .ellipsis)).layout(width: 80)
        XCTAssertTrue(cut.isTruncated)
        XCTAssertEqual(cut.lines.count, 2)
        XCTAssertLessThanOrEqual(cut.lines[0].width, 80)
    }

    func testBreakSpacesSpacesTakeRoomAndWrap() throws {
        let many = try lines("aa          bb", width: 40, ParagraphStyle(whiteSpace: .breakSpaces))
        // Chromium: "aa" and five spaces (38.77 px), five spaces, "bb".
        XCTAssertEqual(many.map(\.0), ["aa     ", "     ", "bb"])
        // A space that does not fit goes to the next line, alone (overflow-wrap).
        XCTAssertEqual(try lines("aaa bbb", width: 27, ParagraphStyle(whiteSpace: .breakSpaces)).map(\.0), ["aaa", " ", "bb", "b"])
        XCTAssertEqual(try lines("aaa bbb", width: 27, ParagraphStyle(whiteSpace: .breakSpaces, overflowWrap: .normal)).map(\.0),
                       ["aaa ", "bbb"])
        // Min-content: the widest word with its space (Chromium: "aa " 22.125; three spaces: one, 4.171875).
        XCTAssertEqual(try prepared("aa bb", ParagraphStyle(whiteSpace: .breakSpaces)).minContentWidth, 22.125, accuracy: 1.0 / 64)
        XCTAssertEqual(try prepared("   ", ParagraphStyle(whiteSpace: .breakSpaces)).minContentWidth, 4.171875, accuracy: 1.0 / 64)
        // The spaces count for alignment: "aaa " centred in 60 px at x 14.453125.
        let centred = try prepared("aaa bbb ccc", ParagraphStyle(whiteSpace: .breakSpaces, alignment: .center)).layout(width: 60)
        XCTAssertEqual(centred.lines[0].x, 14.453125, accuracy: 1.0 / 64)
        XCTAssertEqual(centred.lines[0].width, 26.9375, accuracy: 1.0 / 64)
    }

    func testOverflowWrapAnywhereCountsForMinContent() throws {
        let text = "abcdefghijklmnop qr"
        let values: [(ParagraphStyle.OverflowWrap, Double)] = [(.normal, 135.890625), (.breakWord, 135.890625), (.anywhere, 14.953125)]
        for (wrap, chromium) in values {
            let p = try prepared(text, ParagraphStyle(overflowWrap: wrap))
            XCTAssertEqual(p.minContentWidth, chromium, accuracy: 1.0 / 64, "\(wrap)")
            XCTAssertEqual(try p.layout(width: 40).minContentWidth, p.minContentWidth)
            // normal overflows (2 lines), the others break the word (5 lines).
            XCTAssertEqual(try p.layout(width: 40).lines.count, wrap == .normal ? 2 : 5, "\(wrap)")
        }
        let cjk = "日本語の文章 abc"
        let keepAll = try prepared(cjk, ParagraphStyle(wordBreak: .keepAll, overflowWrap: .breakWord)).minContentWidth
        let anywhere = try Fixtures.typesetter.prepare(cjk, style: Fixtures.style(["Noto Sans CJK JP"], size: 16),
                                                        paragraph: ParagraphStyle(wordBreak: .keepAll, overflowWrap: .anywhere))
        XCTAssertGreaterThan(keepAll, 90)
        XCTAssertEqual(anywhere.minContentWidth, 16.015625, accuracy: 1.0 / 64)
    }

    func testMinContentAtADevicePixelRatio() throws {
        let p = try Fixtures.typesetter.prepare("abcdefghijklmnop qr", style: style,
                                                 paragraph: ParagraphStyle(overflowWrap: .anywhere), scale: 3)
        XCTAssertEqual(try p.layout(width: 40).minContentWidth, p.minContentWidth)
        XCTAssertEqual(p.minContentWidth, 14.953125, accuracy: 1.0 / 64)
    }

    @available(*, deprecated)
    func testBreakWordsStillReadsAndWritesOverflowWrap() {
        var p = ParagraphStyle(breakWords: false)
        XCTAssertEqual(p.overflowWrap, .normal)
        p.breakWords = true
        XCTAssertEqual(p.overflowWrap, .breakWord)
        p.overflowWrap = .anywhere
        XCTAssertTrue(p.breakWords)
    }
}
