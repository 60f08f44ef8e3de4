import Typeset
import TypesetEntities
import XCTest

/// Every kind of entity after emoji, astral characters and text in many scripts, to
/// check UTF-16 and scalar offsets separately.
final class EntityOffsetTests: XCTestCase {
    func testLatinWithAstralCharacters() {
        assertEntities(
            "𝒜 https://example.com 😀 $AAPL",
            [url("https://example.com", 3..<22, scalars: 2..<21), cashtag("AAPL", 26..<31, scalars: 24..<29)])
        assertEntities(
            "👨‍👩‍👧 @mom #family 😀 example.com",
            [
                mention("mom", 9..<13, scalars: 6..<10), hashtag("family", 14..<21, scalars: 11..<18),
                url("example.com", 25..<36, scalars: 21..<32),
            ])
    }

    func testCyrillic() {
        assertEntities(
            "Привет 😀 @ivan, #новости: https://пример.рф/путь $GAZP",
            [
                mention("ivan", 10..<15, scalars: 9..<14), hashtag("новости", 17..<25, scalars: 16..<24),
                url("https://пример.рф/путь", 27..<49, scalars: 26..<48),
                cashtag("GAZP", 50..<55, scalars: 49..<54),
            ])
    }

    func testJapanese() {
        assertEntities(
            "🇯🇵 東京 #旅行 @tabi_jp 𠮷 t.co/xyz",
            [
                hashtag("旅行", 8..<11, scalars: 6..<9), mention("tabi_jp", 12..<20, scalars: 10..<18),
                url("t.co/xyz", 24..<32, scalars: 21..<29),
            ])
    }

    func testArabic() {
        assertEntities(
            "مرحبا 😀 #سويفت @dev_ar http://example.com/ar",
            [
                hashtag("سويفت", 9..<15, scalars: 8..<14), mention("dev_ar", 16..<23, scalars: 15..<22),
                url("http://example.com/ar", 24..<45, scalars: 23..<44),
            ])
    }

    func testHebrew() {
        assertEntities(
            "שלום 𝒜 #עברית @noa/team",
            [
                hashtag("עברית", 8..<14, scalars: 7..<13),
                mention("noa", 15..<24, scalars: 14..<23, list: "/team"),
            ])
    }

    func testDevanagari() {
        assertEntities(
            "नमस्ते 🙏 #भारत @ravi example.in",
            [
                hashtag("भारत", 10..<15, scalars: 9..<14), mention("ravi", 16..<21, scalars: 15..<20),
                url("example.in", 22..<32, scalars: 21..<31),
            ])
    }

    func testThai() {
        assertEntities(
            "สวัสดี 😀 #ไทย @somsak $PTT",
            [
                hashtag("ไทย", 10..<14, scalars: 9..<13), mention("somsak", 15..<22, scalars: 14..<21),
                cashtag("PTT", 23..<27, scalars: 22..<26),
            ])
    }

    func testKorean() {
        assertEntities(
            "안녕 👋🏽 #한국 @kim https://naver.com",
            [
                hashtag("한국", 8..<11, scalars: 6..<9), mention("kim", 12..<16, scalars: 10..<14),
                url("https://naver.com", 17..<34, scalars: 15..<32),
            ])
    }

    func testDecomposedAccentBeforeEntity() {
        // "é" as e + U+0301: two scalars, two UTF-16 units.
        assertEntities("cafe\u{301} #tag", [hashtag("tag", 6..<10)])
    }

    func testManyEntitiesInALongText() {
        let unit = "😀 #a @b $C d.com "  // 18 UTF-16 units, 17 scalars
        let text = String(repeating: unit, count: 200)
        let found = EntityDetector().entities(in: text)
        XCTAssertEqual(found.count, 800)
        let last = found[799]
        XCTAssertEqual(last.kind, .url)
        XCTAssertEqual(last.utf16Range, (199 * 18 + 12)..<(199 * 18 + 17))
        XCTAssertEqual(last.scalarRange, (199 * 17 + 11)..<(199 * 17 + 16))
        assertEntityRangesCoverText(text, found)
    }

    func testTextsWithoutSigilsAreQuick() {
        assertEntities("", [])
        assertEntities("plain words only, no sigils at all", [])
        assertEntities("😀👍🏽 Привет мир 你好 مرحبا", [])
    }
}
