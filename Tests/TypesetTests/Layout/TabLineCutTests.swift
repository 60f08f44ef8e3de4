import XCTest
import Typeset
import TypesetTestSupport

/// Clamped `pre-wrap` lines with tabs, cut for the ellipsis (Chromium 156
/// with the bundled Noto Sans and Noto Sans Hebrew).
final class TabLineCutTests: XCTestCase {
    /// Justified, the tabs keep the stops they had before the line was widened.
    func testTabsKeepTheirStopsInAJustifiedCutLine() throws {
        let style = Fixtures.style(["Noto Sans", "Noto Sans Hebrew"], size: 16)
        let paragraph = ParagraphStyle(whiteSpace: .preWrap, alignment: .justify, direction: .rtl, maxLines: 1)
        let text = "שם:\tעדה\tלאבלייס\tומילים נוספות כדי למלא את השורה"
        let prepared = try Fixtures.typesetter.prepare(text, style: style, paragraph: paragraph)
        // Chromium: the cut after "ומיל" (20) with the ellipsis at 2.515625 in
        // 200 px, after "נוספ" (27) at 3.109375 in 230 px (a tab re-set after
        // the widening would take the room of four letters: the cut at 15).
        for (width, cut, x) in [(200.0, 20, 2.515625), (230, 27, 3.109375)] {
            let t = try XCTUnwrap(try prepared.layout(width: width).truncation)
            XCTAssertEqual(t.visibleUTF16Ranges, [0..<cut], "\(width)")
            XCTAssertEqual(t.ellipsisX, x, accuracy: 1.0 / 64, "\(width)")
        }
    }

    /// Hebrew words between the tabs of a left-to-right line are runs of
    /// their own: the word the ellipsis reaches loses its first letters (on
    /// its right), not its last.
    func testRightToLeftWordsOfATabLineAreCutAsRuns() throws {
        let style = Fixtures.style(["Noto Sans", "Noto Sans Hebrew"], size: 18)
        let paragraph = ParagraphStyle(whiteSpace: .preWrap, direction: .ltr, maxLines: 2)
        let text = "שם:\tעדה\tלאבלייס\tומילים נוספות כדי למלא את השורה"
        let t = try XCTUnwrap(try Fixtures.typesetter.prepare(text, style: style, paragraph: paragraph).layout(width: 130).truncation)
        // Chromium: "לאבלייס⇥" and "ילים" of "ומילים" visible, the ellipsis at 106.6875.
        XCTAssertEqual(t.visibleUTF16Ranges, [8..<16, 18..<22])
        XCTAssertEqual(t.ellipsisX, 106.6875, accuracy: 1.0 / 64)
    }
}
