import XCTest
@testable import Typeset
import TypesetTestSupport

/// A justified line's glyphs span the box it fills. The expansion is what
/// the box has left after the line's pieces (each style or direction run's
/// piece rounded up to 1/64 px as it is measured); drawn, each piece is
/// expanded and then rounded up to 1/64 px again, as Chromium snaps each
/// justified inline item (an attachment after it lands on the 1/64 px grid
/// where Chromium puts it), so the pieces span the box within a layout unit
/// per piece.
final class JustifiedDrawingTests: XCTestCase {
    private let texts = [
        "حجزنا غرفة في فندق Marriott لمدة 3 ليال بسعر 180 يورو لكل ليلة مع الإفطار.",
        "קנינו כרטיסים ל-Rolling Stones ב-1,250 ₪ לזוג, כולל חניה ושירותים.",
        "Order 7 of 12: ترتيب الشحنة رقم 4471 وصل إلى Berlin صباح اليوم 2024.",
    ]

    func testJustifiedLinesWithRunsSpanTheBox() throws {
        let stack: FontStack = ["Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans"]
        var justifiedLines = 0
        for text in texts {
            for size in [13.0, 15.0, 18.0] {
                for width in stride(from: 90.0, through: 260.0, by: 17.0) {
                    for direction in [ParagraphStyle.Direction.ltr, .rtl] {
                        let paragraph = ParagraphStyle(alignment: .justify, direction: direction)
                        let layout = try Fixtures.typesetter.prepare(text, style: TextStyle(font: stack, size: size),
                                                                     paragraph: paragraph).layout(width: width)
                        for line in layout.lines where line.justification > 0 {
                            justifiedLines += 1
                            let runs = layout.visualRuns(of: line)
                            guard let first = runs.first else { continue }
                            let right = runs.map { run in
                                run.x + layout.glyphs(of: run, on: line).reduce(0) { $0 + $1.advance }
                            }.max()!
                            XCTAssertEqual(first.x, line.x, accuracy: 1.0 / 64, "\(text) at \(size) px, width \(width)")
                            let pieces = Set(runs.map(\.styleIndex)).count + Set(runs.map(\.level)).count
                            XCTAssertEqual(right - first.x, line.width, accuracy: Double(pieces) / 64 + 1e-9,
                                           "\(text) at \(size) px, width \(width), \(direction)")
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(justifiedLines, 100, "the texts must give justified lines with runs")
    }
}
