import XCTest
import Typeset
import TypesetTestSupport

/// `WidthConstraint.longestLine`: lines broken at a width, in a box as wide
/// as the longest of them.
final class LongestLineTests: XCTestCase {
    private let text = "Are we still on for lunch tomorrow? I found a new place near the station that does great noodles."

    func testTheBoxIsTheLongestLineAndTheLinesAreThoseOfTheWidth() throws {
        for scale in [1.0, 2.0, 3.0] {
            let prepared = try Fixtures.typesetter.prepare(text, style: TextStyle(font: ["Noto Sans"], size: 15), scale: scale)
            let wrapped = try prepared.layout(.atMost(240))
            let hugged = try prepared.layout(.longestLine(240))
            XCTAssertGreaterThan(wrapped.lines.count, 1)
            XCTAssertLessThan(hugged.exactWidth, 240)
            XCTAssertEqual(hugged.exactWidth, wrapped.contentWidth)
            XCTAssertEqual(hugged.lines.map(\.utf16Range), wrapped.lines.map(\.utf16Range))
            XCTAssertEqual(hugged.exactHeight, wrapped.exactHeight)
        }
    }

    func testCentredLinesAreCentredInTheLongestLine() throws {
        let prepared = try Fixtures.typesetter.prepare(text, style: TextStyle(font: ["Noto Sans"], size: 15),
                                                       paragraph: ParagraphStyle(alignment: .center))
        let hugged = try prepared.layout(.longestLine(240))
        let widest = try XCTUnwrap(hugged.lines.max { $0.width < $1.width })
        XCTAssertEqual(widest.x, 0, accuracy: 1.0 / 64)
        for line in hugged.lines {
            XCTAssertEqual(line.x + line.width / 2, hugged.exactWidth / 2, accuracy: 1.0 / 64, "\(line.utf16Range)")
        }
    }

    func testAShortTextIsItsOwnWidth() throws {
        let prepared = try Fixtures.typesetter.prepare("Hi!", style: TextStyle(font: ["Noto Sans"], size: 15),
                                                       paragraph: ParagraphStyle(alignment: .end))
        let hugged = try prepared.layout(.longestLine(240))
        XCTAssertEqual(hugged.exactWidth, prepared.maxContentWidth)
        XCTAssertEqual(hugged.lines[0].x, 0)
    }
}
