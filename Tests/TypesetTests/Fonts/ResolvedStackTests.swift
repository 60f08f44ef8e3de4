import XCTest
@testable import Typeset
import TypesetTestSupport

/// The per-character face table itemization reads instead of asking each face.
final class ResolvedStackTests: XCTestCase {
    func testFaceTableIsTheFirstDrawingFaceForEveryBMPCharacter() throws {
        let stack = try Fixtures.fonts.resolvedStack(
            FontStack(families: ["Noto Sans", "Noto Sans Arabic", "Noto Sans Thai", "Noto Sans CJK JP", "Noto Color Emoji"]),
            weight: 400, italic: false)
        let table = stack.bmpFaces.index
        XCTAssertEqual(table.count, 0x10000)
        var covered = 0
        for c in 0..<0x10000 {
            let s = UInt32(c)
            let expected: UInt8
            if s < 0x20 || (0xD800...0xDFFF).contains(s) || UnicodeProps.isDefaultIgnorable(s) {
                expected = ResolvedStack.FaceTable.special
            } else if let k = stack.faces.firstIndex(where: {
                // A face draws a precomposed character it lacks from its decomposition (Hangul syllables aside).
                $0.covers(s) || (!(0xAC00...0xD7A3).contains(s) && ResolvedStack.draws($0, s))
            }) {
                expected = UInt8(k)
                covered += 1
            } else {
                expected = ResolvedStack.FaceTable.none
            }
            if table[c] != expected { return XCTFail(String(format: "U+%04X: %d, expected %d", c, table[c], expected)) }
            if c < 0x80 { XCTAssertEqual(stack.asciiFace[c], expected) }
        }
        XCTAssertGreaterThan(covered, 20_000, "CJK alone covers tens of thousands")
        XCTAssertTrue(stack.bmpFaces === stack.bmpFaces, "built once")
        // "≠" is "=" + U+0338 in Noto Sans, which lacks the precomposed sign (the CJK face has it).
        XCTAssertEqual(table[0x2260], 0)
    }
}
