import Foundation
@testable import Typeset
import TypesetTestSupport
import XCTest

/// A cluster of thousands of combining marks is shaped in pieces (HarfBuzz's
/// time grows with the square of a cluster's marks): sizes stay Chromium's.
final class MarkStormTests: XCTestCase {
    func testLongMarkRunsAreShapedInPiecesOfTheCap() {
        let cap = Shaper.maxMarksPerPiece
        let units = Array(("a" + String(repeating: "\u{301}", count: cap * 2 + 10) + " b").utf16)
        let pieces = units.withUnsafeBufferPointer { Shaper.markStormPieces($0, start: 0, end: units.count) }
        XCTAssertEqual(pieces, [0..<(1 + cap), (1 + cap)..<(1 + 2 * cap), (1 + 2 * cap)..<units.count])
        // Short runs, and marks outside the BMP counted once each.
        let normal = Array(("e\u{301}\u{302} " + String(repeating: "\u{1D167}", count: 10)).utf16)
        XCTAssertNil(normal.withUnsafeBufferPointer { Shaper.markStormPieces($0, start: 0, end: normal.count) })
        let astral = Array(("x" + String(repeating: "\u{1D167}", count: cap + 1)).utf16)
        XCTAssertEqual(astral.withUnsafeBufferPointer { Shaper.markStormPieces($0, start: 0, end: astral.count) },
                       [0..<(1 + 2 * cap), (1 + 2 * cap)..<astral.count])
    }

    /// Chromium 156 lays "a" + N × U+0301 + " b" out 21.546875 px wide at 15 px
    /// for N = 0, 10, 300, 5,000 and 20,000.
    func testMarkStormsKeepChromiumsWidth() throws {
        for n in [0, 10, 300, 5_000] {
            let text = "a" + String(repeating: "\u{301}", count: n) + " b"
            let layout = try Fixtures.typesetter.prepare(text, style: Fixtures.style()).layout(width: nil)
            XCTAssertEqual(layout.contentWidth, 21.546875, "\(n) marks")
            XCTAssertEqual(layout.exactHeight, 20, "\(n) marks")
        }
    }

    /// The glyph array of a storm is reserved once, not regrown per piece
    /// (391 regrowths for 100,000 marks, each copying the glyphs so far).
    func testAStormsGlyphsAreReservedOnce() {
        let units = Array(("a" + String(repeating: "\u{301}", count: 100_000) + " b").utf16)
        let shaper = Shaper()
        var glyphs: [ShapedGlyph] = []
        units.withUnsafeBufferPointer {
            shaper.shape($0, start: 0, end: units.count,
                         as: ShapingRun(face: Fixtures.face(file: "NotoSans-Regular.ttf"), size: 15, rightToLeft: false,
                                        script: 25 /* Latin */, language: nil, features: []), into: &glyphs)
        }
        XCTAssertGreaterThanOrEqual(glyphs.count, 100_000)
        XCTAssertLessThanOrEqual(shaper.glyphArrayGrowths, 2)
    }
}
