import XCTest
import Typeset
import TypesetTestSupport

/// Properties the engine has, at edges where it once disagreed with
/// Chromium, each held to the numbers Chromium 156 gave for the same case in
/// `corpus/controls` (bundled Noto fonts; the whole set is scored by
/// `OptionCorpusAccuracyTests.testControlsCorpusAgreesWithChromium`).
final class ControlsMeasuredInChromiumTests: XCTestCase {
    private let stack = ["Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari",
                         "Noto Sans Thai", "Noto Sans CJK JP", "Noto Color Emoji"]

    private func layout(_ text: String, first: String = "Noto Sans", size: Double = 15, language: String? = nil,
                        width: Double, _ configure: (inout ParagraphStyle) -> Void = { _ in }) throws -> TextLayout {
        let style = TextStyle(font: FontStack(families: [first] + stack.filter { $0 != first }), size: size,
                              language: language)
        var paragraph = ParagraphStyle()
        configure(&paragraph)
        return try Fixtures.typesetter.prepare(text, style: style, paragraph: paragraph).layout(width: width)
    }

    private func starts(_ layout: TextLayout) -> [Int] {
        layout.lines.map { layout.scalarOffset(utf16: $0.utf16Range.lowerBound) }
    }

    /// ICU gives dictionary breaks before a newline the newline's forced
    /// status: they are not forced (`controls-thai-prewrap-thai-001-s15-w120-whpre-wrap`).
    func testThaiBeforeAPreservedNewlineBreaksAtItsWords() throws {
        let text = "วันนี้อากาศดีมากเราจึงออกไปเดินเล่นที่สวนสาธารณะใกล้บ้านและได้พบเพื่อนเก่าหลายคนที่ไม่ได้เจอกันมานาน\nพรุ่งนี้จะไปทะเล"
        let l = try layout(text, first: "Noto Sans Thai", width: 120) { $0.whiteSpace = .preWrap }
        XCTAssertEqual(starts(l), [0, 19, 38, 52, 70, 89, 101])
        XCTAssertEqual(l.exactHeight, 161)
    }

    /// Preserved spaces before a forced break count in centring as far as
    /// they fit (`controls-newline-align-latn-001-s15-w90-alcenter-whpre-wrap`, `…-003-…`).
    func testSpacesBeforeAPreservedNewlineCountInCentring() throws {
        let three = try layout("Hello there   \nsecond line", width: 90) { $0.whiteSpace = .preWrap; $0.alignment = .center }
        XCTAssertEqual(three.lines[0].x, 0.25, accuracy: 1e-9)
        XCTAssertEqual(three.lines[1].x, 5.09375, accuracy: 1e-9)
        let six = try layout("wide spaces      \nend", width: 90) { $0.whiteSpace = .preWrap; $0.alignment = .center }
        XCTAssertEqual(six.lines[0].x, 0, accuracy: 1e-9)
    }

    /// The space before a cut line's ellipsis stays in `pre-wrap`, and in a
    /// right-to-left box it sits left of the content with the ellipsis left
    /// of it (`controls-prewrap-clamp-latn-001-s15-w100-ma1-…`, `…-dirtl-ma2-…`).
    func testPreWrapSpaceStaysBeforeTheEllipsis() throws {
        let text = "The quick brown fox jumps over the lazy dog again and again"
        let ltr = try layout(text, width: 100) { $0.whiteSpace = .preWrap; $0.maxLines = 1 }
        let t = try XCTUnwrap(ltr.truncation)
        XCTAssertEqual(t.ellipsisX, 71.453125, accuracy: 1e-9)
        XCTAssertEqual(t.visibleUTF16Ranges, [0..<10])
        let rtl = try layout(text, width: 100) { $0.whiteSpace = .preWrap; $0.maxLines = 2; $0.direction = .rtl }
        XCTAssertEqual(try XCTUnwrap(rtl.truncation).ellipsisX, 13.484375, accuracy: 1e-9)
    }

    /// A justified line whose only expansion opportunity is a preserved tab
    /// is stretched (`controls-justify-tab-latn-001-s15-w120-aljustify-dirtl-whpre-wrap`).
    func testJustifiedLineWithATabIsStretched() throws {
        let l = try layout("Name:\tJohn Smith lives in a small town by the sea", width: 120) {
            $0.whiteSpace = .preWrap; $0.alignment = .justify; $0.direction = .rtl
        }
        XCTAssertEqual(starts(l), [0, 11, 28, 42])
        XCTAssertEqual(l.lines[0].x, 0, accuracy: 1e-9)
        XCTAssertEqual(l.lines[0].width, 120, accuracy: 1e-9)
    }

    /// A right-to-left cut line's trailing tab rounds with its tab run
    /// (`controls-rtl-tab-clamp-hebr-002-s15-w160-dirtl-ma1-whpre-wrap`).
    func testRightToLeftCutLineWithTabs() throws {
        let l = try layout("פריט\tמחיר\tכמות\tסכום כולל לתשלום", first: "Noto Sans Hebrew", width: 160) {
            $0.whiteSpace = .preWrap; $0.direction = .rtl; $0.maxLines = 1
        }
        let t = try XCTUnwrap(l.truncation)
        XCTAssertEqual(t.ellipsis, "...")
        XCTAssertEqual(t.ellipsisX, 18.328125, accuracy: 1e-9)
    }

    /// A blank clamped line shows the ellipsis alone at the box's start
    /// edge, whatever the alignment, and is as tall as the strut
    /// (`controls-blank-clamp-latn-001-s15-w100-alcenter-ma2-whpre-wrap`).
    func testBlankClampedLineShowsTheEllipsis() throws {
        let l = try layout("First line\n\nthird line", width: 100) {
            $0.whiteSpace = .preWrap; $0.maxLines = 2; $0.alignment = .center
        }
        let t = try XCTUnwrap(l.truncation)
        XCTAssertEqual(t.ellipsis, "…")
        XCTAssertEqual(t.ellipsisX, 0, accuracy: 1e-9)
        XCTAssertEqual(l.exactHeight, 40)
        let cjk = try layout("新年快乐！\n今年也请多多关照。\n\n大家一起加油吧", width: 150) { $0.whiteSpace = .preWrap }
        XCTAssertEqual(cjk.lines.map(\.height), [21, 21, 20, 21])
    }

    /// "。" before a proportional "”" is set half-width (`corpus/controls`
    /// probe "我知道了。”" at 20 px in 100 px: one line of 99.484375 px).
    func testFullStopBeforeAProportionalQuoteIsHalved() throws {
        let l = try layout("我知道了。”", first: "Noto Sans CJK JP", size: 20, width: 100)
        XCTAssertEqual(starts(l), [0])
        XCTAssertEqual(l.lines[0].width, 99.484375, accuracy: 1e-9)
    }

    /// An opening mark halved after "：" is full-width again at a line's
    /// start ("他说：" | "“我们明" | "天见。”" at 15 px in 60 px, `lang="zh"`).
    func testOpeningMarkStartingALineIsFullWidth() throws {
        let l = try layout("他说：“我们明天见。”", first: "Noto Sans CJK JP", language: "zh", width: 60)
        XCTAssertEqual(starts(l), [0, 3, 7])
        XCTAssertEqual(l.lines.map(\.width), [45.015625, 60.015625, 52.515625])
    }

    /// A clamped, balanced headline whose cut line ends where the greedy one
    /// does is cut in the box (`probe` case "Five simple | habits that | will make you…").
    func testClampedBalanceCutsALineWhoseEndDidNotMove() throws {
        let l = try layout("Five simple habits that will make your mornings calmer and happier", width: 110) {
            $0.textWrap = .balance; $0.maxLines = 3
        }
        XCTAssertEqual(starts(l), [0, 12, 24])
        let t = try XCTUnwrap(l.truncation)
        XCTAssertEqual(t.ellipsisX, 96.109375, accuracy: 1e-9)
        XCTAssertEqual(t.visibleUTF16Ranges, [24..<37])
    }
}
