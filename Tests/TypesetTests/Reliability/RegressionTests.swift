import Foundation
@testable import Typeset
import TypesetTestSupport
import XCTest

/// Inputs the stress test, the hostile-font tests or the scale benchmark
/// found crashing, hanging or wrong, kept as plain regression tests.
final class ReliabilityRegressionTests: XCTestCase {
    private let typesetter = Fixtures.typesetter

    /// A huge `tabSize` overflowed the tab interval (arithmetic overflow trap
    /// in prepare). Tab stops are now at most 32768 px apart.
    func testHugeTabSizeDoesNotOverflow() throws {
        for tabSize in [Int.max, Int.min, 1_000_000_000_000, Int(Int32.max)] {
            let paragraph = ParagraphStyle(whiteSpace: .preWrap, tabSize: tabSize)
            let prepared = try typesetter.prepare("a\tb\t\tc", style: Fixtures.style(), paragraph: paragraph)
            for width in [nil, 0, 100, 1e9] as [Double?] {
                let layout = try prepared.layout(width: width)
                XCTAssertEqual(layout.lines.first?.utf16Range.lowerBound, 0)
                XCTAssertEqual(layout.lines.last?.utf16Range.upperBound, 6)
                XCTAssertTrue(layout.lines.allSatisfy { $0.width.isFinite && $0.width >= 0 }, "\(tabSize) \(String(describing: width))")
            }
        }
    }

    /// `AttributedText([])` has no runs, so no style: prepare indexed the
    /// missing first run and trapped. It now throws `invalidAttributeRuns`.
    func testAttributedTextWithoutRunsThrows() {
        XCTAssertThrowsError(try typesetter.prepare(AttributedText([]))) { error in
            guard case .invalidAttributeRuns = error as? TypesetError else { return XCTFail("\(error)") }
        }
        // An empty string with a style is fine: no lines.
        XCTAssertEqual(try typesetter.prepare(AttributedText([("", Fixtures.style())])).layout(width: 100).lines.count, 0)
    }

    /// A huge letter spacing (clamped to Int32.max per cluster) wrapped the
    /// per-unit advance around to a large negative width. Advances now saturate.
    func testHugeLetterSpacingDoesNotWrapNegative() throws {
        for spacing in [1e6, 1e5, 32767.0, 1e9] {
            let style = TextStyle(font: "Noto Sans", size: 664, letterSpacing: spacing)
            let layout = try typesetter.prepare("ab cd", style: style).layout(width: nil)
            XCTAssertGreaterThan(layout.lines[0].width, 0, "letter spacing \(spacing)")
            XCTAssertGreaterThan(layout.naturalWidth, 0, "letter spacing \(spacing)")
        }
    }

    /// A grapheme cluster of many spacing marks at a large size: the cluster's
    /// glyph advances, summed into one Int32, wrapped negative.
    func testSpacingMarkStormAtLargeSizeDoesNotWrapNegative() throws {
        let text = "\u{915}" + String(repeating: "\u{93E}", count: 400)
        let style = TextStyle(font: "Noto Sans Devanagari", size: 1000)
        let layout = try typesetter.prepare(text, style: style).layout(width: 500)
        XCTAssertEqual(layout.lines.count, 1)
        XCTAssertGreaterThan(layout.lines[0].width, 500)
    }
}
