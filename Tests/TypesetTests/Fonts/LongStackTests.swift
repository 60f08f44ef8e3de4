import XCTest
@testable import Typeset
import TypesetTestSupport

/// A stack of very many entries costs its distinct faces per cluster, not
/// its length, and stacks that differ late do not share a cache bucket.
final class LongStackTests: XCTestCase {
    func testAHundredThousandEntryStackIsDeduplicatedAndPrompt() throws {
        let families = (0..<100_000).map { k -> String in
            switch k % 4 {
            case 0: return "Noto Sans"
            case 1: return "Noto Sans Hebrew"
            case 2: return "No Such Family \(k % 1000)"
            default: return "Noto Sans Arabic"
            }
        }
        let stack = FontStack(families: families)
        let resolved = try Fixtures.fonts.resolvedStack(stack, weight: 400, italic: false)
        XCTAssertEqual(resolved.faces.map(\.familyName), ["Noto Sans", "Noto Sans Hebrew", "Noto Sans Arabic"])
        XCTAssertEqual(resolved.skippedFamilies.count, 250, "each missing name once")
        let typesetter = Typesetter(fonts: Fixtures.fonts, shapeCache: nil)
        var style = Fixtures.style()
        style.font = stack
        let emoji = String(repeating: "😀🎉👍🏽🇯🇵", count: 1000)
        let start = Date()
        let prepared = try typesetter.prepare(emoji, style: style)
        XCTAssertGreaterThan(prepared.naturalWidth, 0)
        // No face of the stack has the emoji: each cluster walked all 75,000
        // faces before falling back (127 s here, debug); now the 3 distinct ones.
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
        let plain = try typesetter.prepare(emoji, style: { var s = Fixtures.style(); s.font = ["Noto Sans", "Noto Sans Hebrew", "Noto Sans Arabic"]; return s }())
        XCTAssertEqual(prepared.naturalWidth, plain.naturalWidth)
    }

    func testStacksThatDifferLateAreCachedApart() throws {
        let a = FontStack(families: ["Noto Sans"] + Array(repeating: "Nope", count: 50) + ["Noto Sans Arabic"])
        let b = FontStack(families: ["Noto Sans"] + Array(repeating: "Nope", count: 50) + ["Noto Color Emoji"])
        XCTAssertEqual(try Fixtures.fonts.resolvedStack(a, weight: 400, italic: false).faces.last?.familyName, "Noto Sans Arabic")
        XCTAssertEqual(try Fixtures.fonts.resolvedStack(b, weight: 400, italic: false).faces.last?.familyName, "Noto Color Emoji")
    }
}
