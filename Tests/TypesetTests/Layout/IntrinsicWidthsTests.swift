import XCTest
import Typeset
import TypesetTestSupport

/// CSS min-content and max-content widths (the corpus test checks both
/// against Chromium on every case; these pin the rules on small texts).
final class IntrinsicWidthsTests: XCTestCase {
    private let style = Fixtures.style()

    private func prepared(_ text: String, _ paragraph: ParagraphStyle = ParagraphStyle()) throws -> PreparedText {
        try Fixtures.typesetter.prepare(text, style: style, paragraph: paragraph)
    }

    func testMinContentIsTheWidestUnbreakablePiece() throws {
        let text = try prepared("a quick extraordinarily brown fox")
        let word = try prepared("extraordinarily")
        XCTAssertEqual(text.minContentWidth, word.maxContentWidth, accuracy: 1.0 / 64)
        XCTAssertLessThan(text.minContentWidth, text.maxContentWidth)
        // overflow-wrap: break-word does not count; break-all does.
        XCTAssertEqual(try prepared("extraordinarily", ParagraphStyle(breakWords: true)).minContentWidth, word.maxContentWidth, accuracy: 1.0 / 64)
        XCTAssertLessThan(try prepared("extraordinarily", ParagraphStyle(wordBreak: .breakAll)).minContentWidth, word.maxContentWidth / 4)
        // nowrap: nothing breaks, min-content is max-content.
        let nowrap = try prepared("a quick brown fox", ParagraphStyle(whiteSpace: .nowrap))
        XCTAssertEqual(nowrap.minContentWidth, nowrap.maxContentWidth)
    }

    func testMinContentConstraintWrapsAtTheWidestPiece() throws {
        let text = try prepared("a quick extraordinarily brown fox")
        let layout = try text.layout(.minContent)
        XCTAssertEqual(layout.exactWidth, text.minContentWidth)
        XCTAssertTrue(layout.lines.allSatisfy { $0.width <= text.minContentWidth })
        XCTAssertGreaterThanOrEqual(layout.lines.count, 3)
        XCTAssertEqual(try text.layout(.unconstrained).lines.count, 1)
    }

    func testPreWrapMaxContentCountsSpacesAndTabsBeforeEachLineEnd() throws {
        let trimmed = try prepared("ab", ParagraphStyle(whiteSpace: .preWrap))
        let spaced = try prepared("ab    \ncd", ParagraphStyle(whiteSpace: .preWrap))
        XCTAssertGreaterThan(spaced.maxContentWidth, trimmed.maxContentWidth + 10)
        XCTAssertEqual(try spaced.layout(width: nil).naturalWidth, spaced.maxContentWidth)
    }
}
