import XCTest
import Typeset
import TypesetTestSupport

/// A range given to `setStyle` that is outside the text or splits a
/// surrogate pair is an error when the text is prepared, as a misplaced
/// attachment is, instead of being clamped or applied half-way.
final class StyleRangeTests: XCTestCase {
    let bold = TextStyle(font: "Noto Sans", size: 15, weight: 700)

    func testRangesOutsideTheTextAreErrors() throws {
        for range in [5..<40, 20..<21, -1..<3] {
            var text = AttributedText("Hello world", baseStyle: Fixtures.style())
            text.setStyle(bold, utf16Range: range)
            XCTAssertEqual(text.runs.count, 1, "\(range) is not applied")
            XCTAssertThrowsError(try Fixtures.typesetter.prepare(text)) { error in
                XCTAssertEqual(error as? TypesetError,
                               .invalidStyleRange(utf16Range: range, reason: "outside the text (11 UTF-16 units)"))
                XCTAssertTrue("\(error)".contains("\(range.lowerBound)..<\(range.upperBound)"), "\(error)")
            }
        }
    }

    func testRangesSplittingASurrogatePairAreErrors() throws {
        // "a😀b": the emoji is UTF-16 units 1 and 2.
        for range in [0..<2, 2..<4] {
            var text = AttributedText("a😀b", baseStyle: Fixtures.style())
            text.setStyle({ $0 }, utf16Range: range)
            XCTAssertThrowsError(try Fixtures.typesetter.prepare(text)) { error in
                XCTAssertEqual(error as? TypesetError,
                               .invalidStyleRange(utf16Range: range, reason: "it splits the surrogate pair at 1..<3"))
            }
        }
        var whole = AttributedText("a😀b", baseStyle: Fixtures.style())
        whole.setStyle(bold, utf16Range: 1..<3)
        whole.setStyle(bold, utf16Range: 4..<4)  // empty, at the end: nothing to do
        XCTAssertEqual(whole.runs.map(\.range), [0..<1, 1..<3, 3..<4])
        XCTAssertNoThrow(try Fixtures.typesetter.prepare(whole))
    }

    /// The first bad range is the one reported; good ranges still apply.
    func testTheFirstBadRangeIsReported() throws {
        var text = AttributedText("Hello world", baseStyle: Fixtures.style())
        text.setStyle(bold, utf16Range: 0..<5)
        text.setStyle(bold, utf16Range: 9..<30)
        text.setStyle(bold, utf16Range: 40..<50)
        XCTAssertEqual(text.runs.map(\.range), [0..<5, 5..<11])
        XCTAssertThrowsError(try Fixtures.typesetter.prepare(text)) { error in
            guard case .invalidStyleRange(let range, _)? = error as? TypesetError else { return XCTFail("\(error)") }
            XCTAssertEqual(range, 9..<30)
        }
    }

    /// Restyling touches only the runs in the range: 100,000 spans in order
    /// take time linear in their number (each rebuilt the whole run list),
    /// and overlapping, out-of-order and merging restyles give the runs the
    /// whole-list rebuild gave.
    func testManyRunsAreLinear() throws {
        let n = 100_000
        var text = AttributedText(String(repeating: "ab", count: n), baseStyle: Fixtures.style())
        let started = Date()
        for k in 0..<n { text.setStyle(k % 2 == 0 ? bold : Fixtures.style(size: 20), utf16Range: 2 * k..<2 * k + 1) }
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "restyling 100,000 runs in order")
        XCTAssertEqual(text.runs.count, 2 * n)
        XCTAssertEqual(text.runs.last?.range, 2 * n - 1..<2 * n)

        var mixed = AttributedText("Hello brave new world", baseStyle: Fixtures.style())
        mixed.setStyle(bold, utf16Range: 6..<11)
        mixed.setStyle(bold, utf16Range: 0..<5)
        mixed.setStyle(bold, utf16Range: 4..<7)   // joins the two bold runs into one
        XCTAssertEqual(mixed.runs.map(\.range), [0..<11, 11..<21])
        mixed.setStyle(Fixtures.style(), utf16Range: 2..<3)
        XCTAssertEqual(mixed.runs.map(\.range), [0..<2, 2..<3, 3..<11, 11..<21])
        mixed.setStyle(bold, utf16Range: 0..<21)
        XCTAssertEqual(mixed.runs.map(\.range), [0..<21])
    }
}
