import XCTest
@testable import Typeset
import TypesetTestSupport

/// The word cache: hits and misses counted, bounded, and what it returns is
/// what HarfBuzz gives.
final class ShapeCacheTests: XCTestCase {
    private let style = Fixtures.style()

    func testRepeatedWordsHitAndGiveTheSameWidths() throws {
        let cache = ShapeCache()
        let typesetter = Typesetter(fonts: Fixtures.fonts, shapeCache: cache)
        let uncached = Typesetter(fonts: Fixtures.fonts, shapeCache: nil)
        let text = "the cat and the dog and the bird"
        let first = try typesetter.prepare(text, style: style).naturalWidth
        XCTAssertEqual(cache.hits, 3, "the second and third 'the ' and the second 'and '... are hits")
        XCTAssertEqual(cache.misses, cache.count)
        let second = try typesetter.prepare(text, style: style).naturalWidth
        XCTAssertEqual(cache.misses, cache.count, "nothing new to shape")
        XCTAssertEqual(first, second)
        XCTAssertEqual(first, try uncached.prepare(text, style: style).naturalWidth)
    }

    func testCacheStaysWithinItsCapacityAndPromotesOldWords() throws {
        let cache = ShapeCache(capacity: 64)  // 16 shards × 2 generations × 2 words
        let typesetter = Typesetter(fonts: Fixtures.fonts, shapeCache: cache)
        let words = (0..<500).map { "w\($0)" }
        for chunk in stride(from: 0, to: words.count, by: 50) {
            _ = try typesetter.prepare(words[chunk..<chunk + 50].joined(separator: " "), style: style)
            XCTAssertLessThanOrEqual(cache.count, cache.capacity)
        }
        // Whatever was evicted is shaped again, with the same result.
        let again = try typesetter.prepare(words.joined(separator: " "), style: style).naturalWidth
        let fresh = try Typesetter(fonts: Fixtures.fonts, shapeCache: nil).prepare(words.joined(separator: " "), style: style)
        XCTAssertEqual(again, fresh.naturalWidth)
        cache.removeAll()
        XCTAssertEqual(cache.count, 0)
    }

    /// Hostile vocabulary: unique words of the longest cached length until
    /// the byte bound evicts (longer words are never cached).
    func testCacheStaysWithinItsByteLimitOnUniqueLongWords() throws {
        let limit = 1 << 20
        let cache = ShapeCache(capacity: 262_144, byteLimit: limit)
        let typesetter = Typesetter(fonts: Fixtures.fonts, shapeCache: cache)
        let length = WordShaper.longestCachedWord - 1  // a word ends with its space
        var peak = 0
        for chunk in 0..<40 {
            // 100 unique words of 47 letters and a space: 428 bytes of storage a word, 1.7 MB in all.
            let words = (0..<100).map { i in
                String(String(repeating: "q\(chunk)v\(i)k", count: length).prefix(length))
            }
            _ = try typesetter.prepare(words.joined(separator: " "), style: style)
            peak = max(peak, cache.bytes)
            XCTAssertLessThanOrEqual(cache.bytes, cache.byteLimit)
        }
        XCTAssertGreaterThan(peak, limit / 2, "the cache filled up to near its bound")
        XCTAssertLessThan(cache.count, 4_000, "words were evicted by bytes, far below the word capacity")
        XCTAssertEqual(ShapeCache().byteLimit, 64 << 20, "the documented default")
    }

    /// Hostile styles: thousands of distinct stacks (sizes do not matter,
    /// weights and family orders do) keep the stack cache at its bound.
    func testStackCacheStaysWithinItsBound() throws {
        let fonts = try FontCollection(directory: Fixtures.fontsDirectory)
        let families = ["Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Thai", "Noto Sans CJK JP"]
        var made = 0
        for weight in stride(from: 1, through: 1000, by: 7) {
            for first in families {
                _ = try fonts.resolvedStack(FontStack(families: [first] + families.filter { $0 != first }),
                                            weight: weight, italic: weight.isMultiple(of: 2))
                made += 1
                XCTAssertLessThanOrEqual(fonts.stackCacheCount, FontCollection.stackCacheLimit)
            }
        }
        XCTAssertGreaterThan(made, FontCollection.stackCacheLimit * 2)
        XCTAssertEqual(fonts.stackCacheCount, FontCollection.stackCacheLimit)
    }
}
