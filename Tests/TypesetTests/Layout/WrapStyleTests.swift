import XCTest
import Typeset
import TypesetTestSupport

/// `ParagraphStyle.textWrap`: what balance and pretty change, and what they
/// leave alone. (Which lines they give is held to Chromium's by the wrap
/// corpus, `OptionCorpusAccuracyTests.testWrapStylesAgreeWithChromium`.)
final class WrapStyleTests: XCTestCase {
    private let headline = "Council approves the new riverside park after a two-year public consultation"
    private let post = "Just landed in Lisbon and the sky is unreal. Who is around for coffee tomorrow morning? I will be near the old tram stop."

    private func prepared(_ text: String, _ wrap: ParagraphStyle.TextWrap, paragraph: ParagraphStyle = ParagraphStyle(),
                          scale: Double = 1) throws -> PreparedText {
        var p = paragraph
        p.textWrap = wrap
        return try Fixtures.typesetter.prepare(text, style: TextStyle(font: ["Noto Sans"], size: 17), paragraph: p, scale: scale)
    }

    private func starts(_ layout: TextLayout) -> [Int] { layout.lines.map(\.utf16Range.lowerBound) }

    func testBalanceKeepsTheLineCountAndEvensTheLines() throws {
        for scale in [1.0, 2.0, 3.0] {
            let greedy = try prepared(headline, .wrap, scale: scale).layout(width: 420)
            let balanced = try prepared(headline, .balance, scale: scale).layout(width: 420)
            XCTAssertEqual(greedy.lines.count, 2)
            XCTAssertEqual(balanced.lines.count, greedy.lines.count)
            XCTAssertNotEqual(starts(balanced), starts(greedy), "the greedy lines are uneven: balance moves a break")
            let spread = { (l: TextLayout) in l.lines.map(\.width).max()! - l.lines.map(\.width).min()! }
            XCTAssertLessThan(spread(balanced), spread(greedy))
            XCTAssertLessThanOrEqual(balanced.contentWidth, greedy.contentWidth)
        }
    }

    func testPrettyTakesAWordDownToALoneShortLastLine() throws {
        // At this width the greedy last line is one short word.
        let greedy = try prepared(post, .wrap).layout(width: 200)
        let last = try XCTUnwrap(greedy.lines.last)
        let lastWords = String(decoding: Array(post.utf16.dropFirst(last.utf16Range.lowerBound)), as: UTF16.self)
        XCTAssertFalse(lastWords.contains(" "), lastWords)
        XCTAssertLessThan(last.width, 200 / 3)
        let pretty = try prepared(post, .pretty).layout(width: 200)
        XCTAssertEqual(pretty.lines.count, greedy.lines.count)
        XCTAssertGreaterThan(pretty.lines.last!.width, last.width)
        // Only the last four lines are re-broken.
        XCTAssertEqual(Array(starts(pretty).prefix(greedy.lines.count - 4)), Array(starts(greedy).prefix(greedy.lines.count - 4)))
    }

    func testIntrinsicWidthsAndUnwrappedTextAreTheSameForEveryStyle() throws {
        let greedy = try prepared(post, .wrap)
        for wrap in ParagraphStyle.TextWrap.allCases {
            let p = try prepared(post, wrap)
            XCTAssertEqual(p.minContentWidth, greedy.minContentWidth, "\(wrap)")
            XCTAssertEqual(p.maxContentWidth, greedy.maxContentWidth, "\(wrap)")
            XCTAssertEqual(starts(try p.layout(width: nil)), [0], "\(wrap)")
            XCTAssertEqual(starts(try p.layout(width: 5000)), [0], "\(wrap)")
        }
    }

    func testMeasureAgreesWithLayout() throws {
        for wrap in ParagraphStyle.TextWrap.allCases {
            for width in stride(from: 90.0, through: 400, by: 31) {
                for maxLines in [nil, 2] {
                    let p = try prepared(post, wrap, paragraph: ParagraphStyle(alignment: .center, maxLines: maxLines))
                    let l = try p.layout(width: width), m = try p.measure(width: width)
                    XCTAssertEqual(m.lineCount, l.lines.count, "\(wrap) \(width)")
                    XCTAssertEqual(m.height, l.exactHeight, "\(wrap) \(width)")
                    XCTAssertEqual(m.width, l.contentWidth, "\(wrap) \(width)")
                }
            }
        }
    }

    func testTextWithATabIsNotScored() throws {
        // Chromium does not score a paragraph holding a tab: balance then
        // halves the width (bisection), pretty keeps the greedy lines.
        let text = "Minutes\tCouncil approves the new riverside park after a two-year public consultation"
        let paragraph = ParagraphStyle(whiteSpace: .preWrap)
        XCTAssertEqual(starts(try prepared(text, .pretty, paragraph: paragraph).layout(width: 260)),
                       starts(try prepared(text, .wrap, paragraph: paragraph).layout(width: 260)))
    }

    func testNowrapIgnoresTheWrapStyle() throws {
        let paragraph = ParagraphStyle(whiteSpace: .nowrap)
        for wrap in ParagraphStyle.TextWrap.allCases {
            XCTAssertEqual(try prepared(headline, wrap, paragraph: paragraph).layout(width: 120).lines.count, 1)
        }
    }
}
