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

    /// Positions inside words are computed on first use: many threads asking
    /// a fresh prepared text for rectangles at once get the same answer, and
    /// a tiny word cache evicting under them (generation swaps while others
    /// copy words out) changes no width. A fresh collection each round: its
    /// stacks' face tables are built while eight threads itemize.
    func testFirstUseOfUnitMetricsAndEvictionsUnderContention() async throws {
        let style = TextStyle(font: ["Noto Sans", "Noto Sans Arabic", "Noto Sans CJK JP", "Noto Color Emoji"], size: 15)
        let texts = (0..<48).map { i in
            ["office fjord #tag\(i) and @name\(i) wrap", "مرحبا #وسم\(i) بالعالم", "日本語の#タグ\(i)テキスト", "emoji 👩‍👩‍👧 #e\(i) 🇯🇵"][i % 4]
        }
        let reference = Typesetter(fonts: Fixtures.fonts, shapeCache: nil)
        let expected = try texts.map { text -> [LayoutRect] in
            let layout = try reference.prepare(text, style: style).layout(width: 120)
            return layout.rects(forUTF16Range: 3..<(text.utf16.count - 2))
        }
        XCTAssertFalse(expected.contains { $0.isEmpty })
        let iterations = ProcessInfo.processInfo.environment["TYPESET_CONCURRENCY_ITERATIONS"].flatMap(Int.init) ?? 40
        for _ in 0..<max(1, iterations / 40) {
            let shared = try texts.map { try Fixtures.typesetter.prepare($0, style: style).layout(width: 120) }
            let typesetter = Typesetter(fonts: try FontCollection(directory: Fixtures.fontsDirectory),
                                        shapeCache: ShapeCache(capacity: 64))
            try await withThrowingTaskGroup(of: Void.self) { group in
                for task in 0..<8 {
                    group.addTask {
                        for round in 0..<texts.count {
                            let i = (task * 5 + round) % texts.count
                            let range = 3..<(texts[i].utf16.count - 2)
                            XCTAssertEqual(shared[i].rects(forUTF16Range: range), expected[i])
                            let fresh = try typesetter.prepare(texts[i], style: style).layout(width: 120)
                            XCTAssertEqual(fresh.rects(forUTF16Range: range), expected[i])
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
    }
}
