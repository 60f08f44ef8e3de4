import XCTest
@testable import Typeset
import TypesetTestSupport

/// A prepare context's table of Han ideographs met as words of their own
/// (`IdeographAdvances`): texts prepared again and again, once the table
/// answers for their ideographs, prepare as they did the first time and as
/// a typesetter without a word cache prepares them.
final class IdeographAdvancesTests: XCTestCase {
    private static let texts = [
        "我们今天去公园散步，天气很好。明天你有空吗？我想请你吃饭。",
        "東京都は日本の首都です。人口は約千四百万人で、世界有数の大都市である。",
        "漢字漢字漢字 mixed with Latin words 和数字 2024 年「引用」与（括号）……",
        "中文中文中文中文中文中文中文中文中文中文中文中文中文中文中文中文中文中文",
        "😀汉字😀漢字，字。字字字字字字字字字字",
    ]

    private static let styles: [TextStyle] = [
        Fixtures.style(["Noto Sans", "Noto Sans CJK JP"], size: 15),
        Fixtures.style(["Noto Sans", "Noto Sans CJK JP"], size: 17.5),
        { var s = Fixtures.style(["Noto Sans CJK JP"], size: 15); s.letterSpacing = 1; return s }(),
        { var s = Fixtures.style(["Noto Sans", "Noto Sans CJK JP"], size: 15); s.weight = 700; return s }(),
    ]

    func testIdeographsFromTheTablePrepareAsShapedWords() throws {
        let cache = ShapeCache()
        let typesetter = Typesetter(fonts: Fixtures.fonts, shapeCache: cache)
        let uncached = Typesetter(fonts: Fixtures.fonts, shapeCache: nil)
        for _ in 0..<4 {
            for style in Self.styles {
                for text in Self.texts {
                    let prepared = try typesetter.prepare(text, style: style)
                    let reference = try uncached.prepare(text, style: style)
                    XCTAssertEqual(prepared.core.segments.map(\.width), reference.core.segments.map(\.width), text)
                    XCTAssertEqual(prepared.naturalWidth, reference.naturalWidth, text)
                    for width in [40.0, 123.0, 300.0] {
                        XCTAssertEqual(try prepared.layout(width: width).lines.map(\.utf16Range),
                                       try reference.layout(width: width).lines.map(\.utf16Range), text)
                        XCTAssertEqual(try prepared.layout(width: width).lines.map(\.width),
                                       try reference.layout(width: width).lines.map(\.width), text)
                    }
                }
            }
        }
        // Emptying the cache empties the table too: everything is shaped again, with the same widths.
        let misses = cache.misses
        cache.removeAll()
        for text in Self.texts {
            XCTAssertEqual(try typesetter.prepare(text, style: Self.styles[0]).core.segments.map(\.width),
                           try uncached.prepare(text, style: Self.styles[0]).core.segments.map(\.width))
        }
        XCTAssertGreaterThan(cache.misses, misses)
    }

    /// A run of ideographs: the first time, every repeated ideograph is a
    /// lookup of the shared cache (which the context's word table keeps);
    /// the next, each is looked up in the word table once, which the
    /// ideograph table learns from and answers for the rest; then the
    /// ideograph table answers for all, and its copies are not lookups:
    /// only the run's last ideograph (a word up to the text's end) is.
    func testARunOfIdeographsIsCopiedFromTheTable() throws {
        let cache = ShapeCache()
        let typesetter = Typesetter(fonts: Fixtures.fonts, shapeCache: cache)
        let text = String(repeating: "中文字", count: 12)
        var hits: [Int] = []
        for _ in 0..<4 {
            let before = cache.hits
            _ = try typesetter.prepare(text, style: Self.styles[0])
            hits.append(cache.hits - before)
        }
        XCTAssertGreaterThan(hits[0], 30, "\(hits)")
        XCTAssertLessThanOrEqual(hits[1], 4, "\(hits)")
        XCTAssertEqual(hits[2...], [1, 1], "\(hits)")
    }
}
