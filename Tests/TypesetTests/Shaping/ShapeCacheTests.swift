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

    /// A prepare context keeps the words it found in front of the shared
    /// cache (`WordFrontCache`): what it answers counts as a hit, equals
    /// the shared cache's answer, and is forgotten with it.
    func testFrontTableAnswersAsTheCacheAndIsEmptiedWithIt() throws {
        let cache = ShapeCache()
        let typesetter = Typesetter(fonts: Fixtures.fonts, shapeCache: cache)
        let text = "the quick brown fox jumps over the lazy dog, the end"
        let first = try typesetter.prepare(text, style: style)
        let shaped = cache.misses
        for _ in 0..<3 {
            // The second time the shared cache answers (and the front table
            // keeps the words), then the front table does.
            let hits = cache.hits
            let again = try typesetter.prepare(text, style: style)
            XCTAssertEqual(cache.misses, shaped, "nothing shaped again")
            XCTAssertEqual(cache.hits - hits, 11, "every word found, here or in front")
            XCTAssertEqual(again.naturalWidth, first.naturalWidth)
            XCTAssertEqual(try again.layout(width: 120).lines.map(\.utf16Range), try first.layout(width: 120).lines.map(\.utf16Range))
        }
        cache.removeAll()
        _ = try typesetter.prepare(text, style: style)
        XCTAssertEqual(cache.misses, 2 * shaped, "emptying the cache empties every context's front table")
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

    /// Words the cache lacks are shaped together, one HarfBuzz call per
    /// item, and words that run into a neighbouring item are cached under
    /// their context: neither may change a width. Texts in every bundled
    /// script (kerning pairs, ligatures, runs cutting Arabic and Devanagari
    /// words, kana between kanji, repeated words) laid out with the cache,
    /// twice (the second time from it), equal the same texts shaped word by
    /// word without a cache, line for line. (Which context a word is shaped
    /// with is the same both ways; the main corpus's `runs` cases check it
    /// against Chromium: shaping them without context fails 15.)
    func testCachedAndJoinedShapingEqualShapingEachWordAlone() throws {
        let vocabulary = [
            "AVATAR", "To", "Wa", "Yo", "office", "affluent", "fjord", "LTA", "Pay.", "Type,", "“quoted”", "it’s",
            "مرحبا", "بالعالم", "لا", "الأخير", "سلام", "(كتاب)", "١٢٣",
            "नमस्ते", "क्षत्रिय", "दुनिया।", "हिंदी",
            "สวัสดีครับ", "ภาษาไทย", "กำลัง",
            "こんにちは", "日本語の文章", "カタカナ", "漢字とかな", "「引用」",
            "שלום", "עולם", "😀", "👍🏽", "🇯🇵", "#tag", "@name", "https://example.com/a-b",
        ]
        let families = ["Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari",
                        "Noto Sans Thai", "Noto Sans CJK JP", "Noto Color Emoji"]
        let base = Fixtures.style(families)
        var bold = base
        bold.weight = 700
        bold.size = 18
        let cached = Typesetter(fonts: Fixtures.fonts, shapeCache: ShapeCache())
        let alone = Typesetter(fonts: Fixtures.fonts, shapeCache: nil)
        // Runs that cut words: Arabic letters must keep joining across them.
        var texts: [AttributedText] = []
        for (string, run) in [("مرحبا بالعالم", 2..<4), ("سلام عليكم سلام", 1..<3), ("كتاب لا الأخير", 9..<12),
                              ("नमस्ते दुनिया", 2..<5), ("日本語の文章です", 3..<5), ("office AVATAR", 2..<8)] {
            var text = AttributedText(string, baseStyle: base)
            text.setStyle(bold, utf16Range: run)
            texts.append(text)
        }
        var random = SplitMix64(seed: 20261125)
        for round in 0..<120 {
            var words: [String] = []
            for _ in 0..<random.int(1...24) {
                // Repeats within a text, and words run together without a space.
                let word = random.pick(vocabulary)
                words.append(random.chance(0.2) && !words.isEmpty ? words.last! + word : word)
            }
            var text = AttributedText(words.joined(separator: " "), baseStyle: base)
            if round % 3 == 0, text.string.utf16.count > 4 {
                let units = Array(text.string.utf16), n = units.count
                // A run that may cut a word (never a surrogate pair: that range is an error).
                func boundary(_ i: Int) -> Int { i > 0 && UTF16.isTrailSurrogate(units[i]) ? i - 1 : i }
                text.setStyle(bold, utf16Range: boundary(n / 3)..<boundary(n / 2))
            }
            texts.append(text)
        }
        for (round, text) in texts.enumerated() {
            let expected = try alone.prepare(text)
            for pass in 0..<2 {
                let got = try cached.prepare(text)
                XCTAssertEqual(got.naturalWidth, expected.naturalWidth, "round \(round) pass \(pass): \(text.string)")
                for width in [60.0, 130, 320] {
                    XCTAssertEqual(try got.layout(width: width).lines, try expected.layout(width: width).lines,
                                   "round \(round) pass \(pass) width \(width): \(text.string)")
                }
            }
        }
        XCTAssertGreaterThan(cached.shapeCache!.hits, 1_000)
    }
}
