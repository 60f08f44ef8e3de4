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

    /// A justified layout's width contains its lines: a label sized by it
    /// holds them (it was the widest line before justification, 142 px
    /// while three lines were 160). The measure path agrees; lines that
    /// are not justified (the last, a forced break) keep the width they have.
    func testJustifiedLayoutWidthContainsItsLines() throws {
        let text = "The quick brown fox jumps over the lazy dog and keeps running far away"
        let prepared = try Fixtures.typesetter.prepare(text, style: Fixtures.style(), paragraph: ParagraphStyle(alignment: .justify))
        for width in [160.0, 200.5, 321.3] {
            let layout = try prepared.layout(width: width)
            let widest = try XCTUnwrap(layout.lines.map(\.width).max())
            XCTAssertGreaterThan(layout.lines.filter { $0.justification > 0 }.count, 0, "at \(width)")
            XCTAssertEqual(layout.contentWidth, widest, "at \(width)")
            XCTAssertEqual(layout.contentWidth, (width * 64).rounded(.down) / 64, "at \(width): the box")
            XCTAssertGreaterThanOrEqual(layout.size().width, widest)
            let measured = try prepared.measure(width: width)
            XCTAssertEqual(measured.width, layout.contentWidth, "at \(width)")
            XCTAssertEqual(measured.height, layout.exactHeight)
            XCTAssertEqual(try PreparedText.measure([prepared], width: width), [measured])
        }
        // Nothing to justify: every line ends at a forced break.
        let broken = try Fixtures.typesetter.prepare("Short line\nAnother short one", style: Fixtures.style(),
                                                     paragraph: ParagraphStyle(whiteSpace: .preWrap, alignment: .justify))
        let layout = try broken.layout(width: 300)
        XCTAssertEqual(layout.contentWidth, layout.lines.map(\.width).max())
        XCTAssertLessThan(layout.contentWidth, 300)
        // At 3x, in device pixels.
        let threeX = try Fixtures.typesetter.prepare(text, style: Fixtures.style(), paragraph: ParagraphStyle(alignment: .justify),
                                                     scale: 3).layout(width: 160)
        XCTAssertEqual(threeX.contentWidth, threeX.lines.map(\.width).max()!, accuracy: 1e-9)
        XCTAssertEqual(threeX.contentWidth, 160, accuracy: 1e-9)
    }
}
