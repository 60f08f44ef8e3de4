import Typeset
import TypesetEntities
import XCTest

final class EntityHashtagTests: XCTestCase {
    // MARK: Scripts

    func testLatinHashtags() {
        assertEntities(
            "Loving #SwiftLang and #swift6 today",
            [hashtag("SwiftLang", 7..<17), hashtag("swift6", 22..<29)])
        assertEntities("Vamos #mañana y #café", [hashtag("mañana", 6..<13), hashtag("café", 16..<21)])
        assertEntities("#Ərəb #Łódź", [hashtag("Ərəb", 0..<5), hashtag("Łódź", 6..<11)])
    }

    func testCyrillicHashtag() {
        assertEntities("Смотри #новости дня", [hashtag("новости", 7..<15)])
    }

    func testArabicHashtagWithUnderscoreAndDigits() {
        assertEntities("مرحبا #برمجة_سويفت", [hashtag("برمجة_سويفت", 6..<18)])
        assertEntityTexts("#٢٠٢٤عام #عام٢٠٢٤", .hashtag, ["٢٠٢٤عام", "عام٢٠٢٤"])
        // Persian with zero-width non-joiners inside the word.
        assertEntityTexts("#می‌روم به #کتاب‌خانه", .hashtag, ["می‌روم", "کتاب‌خانه"])
    }

    func testHebrewHashtagsWithGershayimAndGeresh() {
        assertEntities(
            "חדשות #צה״ל היום #ג׳ירפה", [hashtag("צה״ל", 6..<11), hashtag("ג׳ירפה", 17..<24)])
        assertEntityTexts("#בית־ספר", .hashtag, ["בית־ספר"])  // maqaf
    }

    func testDevanagariHashtagKeepsCombiningMarks() {
        assertEntities("नमस्ते #हिन्दी_भाषा!", [hashtag("हिन्दी_भाषा", 7..<19)])
        assertEntityTexts("#१२३४ #खेल१", .hashtag, ["खेल१"])
    }

    func testThaiHashtag() {
        assertEntities("สวัสดี #ภาษาไทย ครับ", [hashtag("ภาษาไทย", 7..<15)])
    }

    func testJapaneseHashtags() {
        assertEntities(
            "今日は #東京タワー に行った、＃スカイツリー。",
            [hashtag("東京タワー", 4..<10), hashtag("スカイツリー", 16..<23)])
        // Prolonged sound mark, half-width katakana with voiced marks, iteration marks.
        assertEntityTexts("#ラーメン #ﾗｰﾒﾝ #ｶﾞｷﾞ #人々 #いすゞ", .hashtag, ["ラーメン", "ﾗｰﾒﾝ", "ｶﾞｷﾞ", "人々", "いすゞ"])
        // Japanese joiners: katakana middle dot, wave dash, fullwidth tilde.
        assertEntityTexts("#ジョン・スミス #ドキ〜ドキ #ワク～ワク", .hashtag, ["ジョン・スミス", "ドキ〜ドキ", "ワク～ワク"])
        // After Japanese punctuation, but not glued to a letter.
        assertEntityTexts("できた！#成功。", .hashtag, ["成功"])
        assertEntityTexts("日本語#タグ", .hashtag, [])
    }

    func testKoreanHashtag() {
        assertEntities("서울 #한국어공부 시작", [hashtag("한국어공부", 3..<9)])
        assertEntityTexts("#ﾡﾢﾣ", .hashtag, ["ﾡﾢﾣ"])  // half-width Hangul
    }

    func testOtherScriptsAndJoiners() {
        assertEntityTexts(
            "#Ελλάδα #Հայաստան #საქართველო #አማርኛ", .hashtag, ["Ελλάδα", "Հայաստան", "საქართველო", "አማርኛ"])
        assertEntityTexts("#සිංහල‍ය #ཀུན་བཟང", .hashtag, ["සිංහල‍ය", "ཀུན་བཟང"])  // ZWJ, tsheg
        assertEntityTexts("#l·lesser #col·lecció", .hashtag, ["l·lesser", "col·lecció"])  // middle dot
    }

    func testAstralLettersInHashtags() {
        // U+20BB7 (a CJK ideograph outside the BMP) and a mathematical script letter.
        assertEntities("#𠮷野家", [hashtag("𠮷野家", 0..<5, scalars: 0..<4)])
        assertEntities("#𝒜b", [hashtag("𝒜b", 0..<4, scalars: 0..<3)])
    }

    // MARK: What may precede and follow

    func testHashtagAfterEmojiAndAstralCharacters() {
        assertEntities("😀#tag", [hashtag("tag", 2..<6, scalars: 1..<5)])
        assertEntities("𝒜 #tag", [hashtag("tag", 3..<7, scalars: 2..<6)])
        assertEntities("👨‍👩‍👧#family", [hashtag("family", 8..<15, scalars: 5..<12)])
        // An emoji with a variation selector (U+FE0F, itself a mark) still allows a hashtag.
        assertEntities("✌️#peace", [hashtag("peace", 2..<8)])
        assertEntities("✌︎#peace", [hashtag("peace", 2..<8)])
    }

    func testHashtagAfterPunctuation() {
        assertEntityTexts(
            "(#one) [#two], «#three» “#four” .#five !#six", .hashtag,
            ["one", "two", "three", "four", "five", "six"])
        assertEntityTexts("#end. #comma, #colon: #semi;", .hashtag, ["end", "comma", "colon", "semi"])
        assertEntityTexts("#line1\n#line2\r\n#line3", .hashtag, ["line1", "line2", "line3"])
    }

    func testDoubleHashUsesTheSecondSign() {
        assertEntities("##double", [hashtag("double", 1..<8)])
    }

    func testRejectsHashtagGluedToWordsOrAmpersand() {
        assertEntities("abc#tag", [])
        assertEntities("9#tag", [])
        assertEntities("a_#tag", [])
        assertEntities("Caf&#233; &#tag", [])
        assertEntities("тест#тег", [])
    }

    func testRejectsHashtagsWithoutLetters() {
        assertEntities("Bus #42 and #2024 and #_ and #〃 and #１２", [])
        assertEntities("# spaced", [])
        assertEntities("#", [])
    }

    func testDigitsBeforeLettersAreFine() {
        assertEntities("#1st #2024年", [hashtag("1st", 0..<4), hashtag("2024年", 5..<11)])
    }

    func testRejectsHashtagFollowedByHashOrScheme() {
        assertEntities("#one#two", [])
        assertEntities("#one＃two", [])
        assertEntities("#https://example.com", [])
        assertEntities("#ftp://files", [])
        // Other punctuation after a hashtag is fine.
        assertEntities("#tag:x", [hashtag("tag", 0..<4)])
    }

    func testRejectsKeycapEmoji() {
        assertEntities("Press #️⃣ now", [])
        assertEntities("#\u{20E3}abc", [])
        assertEntities("#\u{FE0F}abc", [])
        assertEntities("#️⃣ #real", [hashtag("real", 4..<9)])
    }

    func testFullwidthHashSign() {
        assertEntities("＃ｈａｓｈｔａｇ１２３", [hashtag("ｈａｓｈｔａｇ１２３", 0..<11)])
    }

    func testHashtagInsideURLIsDropped() {
        assertEntities("https://example.com/#section", [url("https://example.com/#section", 0..<28)])
        assertEntities("example.com/#section", [url("example.com/#section", 0..<20)])
        assertEntities("#hashtag", [], kinds: [.url])
        assertEntities("https://example.com/#section #real", [hashtag("real", 29..<34)], kinds: [.hashtag])
    }
}
