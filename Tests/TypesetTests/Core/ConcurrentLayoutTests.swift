import XCTest
import Typeset
import TypesetTestSupport

/// Many threads preparing and laying out over one shared collection
/// (run under `swift test --sanitize=thread`, see scripts/sanitize).
final class ConcurrentLayoutTests: XCTestCase {
    func testConcurrentPrepareAndLayoutAgreeWithSerial() async throws {
        let texts = (0..<64).map { i in
            ["Hello world \(i) 👋", "مرحبا \(i) بالعالم", "你好 \(i) 世界", "สวัสดี \(i) ชาวโลก", "שלום \(i) עולם #tag"][i % 5]
        }
        let style = TextStyle(font: ["Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Thai",
                                     "Noto Sans CJK JP", "Noto Color Emoji"], size: 15)
        let typesetter = Typesetter(fonts: try FontCollection(directory: Fixtures.fontsDirectory))
        let serial = try texts.map { try typesetter.prepare($0, style: style).layout(width: 90).lines.map(\.utf16Range) }
        let shared = try texts.map { try typesetter.prepare($0, style: style) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for round in 0..<20 {
                        let i = (task * 7 + round) % texts.count
                        let fresh = try typesetter.prepare(texts[i], style: style).layout(width: 90)
                        let reused = try shared[i].layout(width: 90)
                        XCTAssertEqual(fresh.lines.map(\.utf16Range), serial[i])
                        XCTAssertEqual(reused.lines.map(\.utf16Range), serial[i])
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}
