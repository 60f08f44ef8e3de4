import CUnicode
@testable import Typeset
import XCTest

/// ICU's line break opportunities from its answers for pairs of character
/// classes (`tsu_line_breaks_by_pairs`) against its iterator over the whole
/// text, wherever `BreakOpportunities` reads them: between two characters
/// that are not breakable spaces, one of them past ASCII and not U+00A0.
final class LineBreakPairsTests: XCTestCase {
    /// Every locale ID `ICULineBreakLocale` makes of the paragraph options.
    private var locales: [String] {
        var ids = Set<String>()
        for language in [nil, "ja", "zh", "zh-Hant", "ko", "en", "ru"] as [String?] {
            for lineBreak in [ParagraphStyle.LineBreak.auto, .normal, .strict, .loose, .anywhere] {
                for wordBreak in [ParagraphStyle.WordBreak.normal, .keepAll, .breakAll] {
                    ids.insert(ICULineBreakLocale.identifier(language: language, lineBreak: lineBreak, wordBreak: wordBreak))
                }
            }
        }
        return ids.sorted()
    }

    /// The characters of CJK kinsoku and the classes around them: small kana,
    /// the prolonged sound mark, iteration marks, fullwidth brackets and
    /// punctuation, ideographic space, CJK and Latin quotes, dashes and em
    /// dash pairs, the ellipsis, NBSP and narrow NBSP, the soft hyphen,
    /// currency and percent signs, letters of Latin, Cyrillic, Greek,
    /// Arabic and Devanagari, combining marks, emoji with their modifiers,
    /// joiners and variation selectors, ASCII; and characters the pairs
    /// decline (ZWSP, word joiner, Hebrew, Thai, Hangul, regional indicators).
    private static let pool: [String] = {
        var chars: [String] = []
        let ranges: [ClosedRange<UInt32>] = [
            0x21...0x7E, 0xA0...0xBF, 0x2010...0x2027, 0x202F...0x203E, 0x3000...0x303F, 0x3041...0x30FF,
            0xFF01...0xFF20, 0xFF3B...0xFF40, 0xFF5B...0xFF65, 0xFFE0...0xFFE6, 0x31F0...0x31FF,
        ]
        for r in ranges { for c in r { if let s = Unicode.Scalar(c) { chars.append(String(s)) } } }
        chars += ["é", "ß", "ñ", "ł", "ж", "Я", "λ", "Ω", "ب", "ع", "क", "ि", "्", "।", "\u{301}", "\u{308}",
                  "一", "字", "漢", "あ", "カ", "😀", "👍", "🏽", "🔥", "❤", "\u{FE0F}", "\u{200D}", "\u{20E3}",
                  "👨‍👩‍👧", "☀", "€", "°", "%", "\u{200B}", "\u{2060}", "א", "ก", "각", "🇯🇵", "🇺", "💯", "♀", "™", "\u{2028}", "\r",
                  "1", "2", "1", "a", "b", "A", " ", " ", " ", "\t", "\n", "\u{AD}", "\u{A0}", "\u{202F}", "—", "——"]
        return chars
    }()

    /// Text as posts have it: letters, ideographs and kana with the
    /// punctuation between them.
    private static let letters: [String] = Array("éжλبकि一字あカ😀👍🏽 ，。、「」（）！？…—“”‘’-.,!?()ー々ゃッ・：；\u{A0}\u{202F}").map(String.init)
        + ["a", "b", "😀", "👍🏽", "👨‍👩‍👧", "❤\u{FE0F}", " ", "字", "あ", "💯", "✅", "✨", "⭐", "🤷\u{200D}♀\u{FE0F}",
           "™", "🇯🇵", "🇺", "🇸", "3", "2024", "1,5", "$", "%", "€"]

    func testPairsGiveICUsOpportunities() throws {
        var random = SystemRandomNumberGenerator()
        var handled = 0, mismatches: [String] = []
        let locales = self.locales
        for round in 0..<60000 {
            let pool = round % 2 == 0 ? Self.pool : Self.letters
            let text = (0..<Int.random(in: 2..<12, using: &random)).map { _ in pool.randomElement(using: &random)! }.joined()
            if try compare(text, locale: locales[round % locales.count], mismatches: &mismatches) { handled += 1 }
        }
        XCTAssertEqual(mismatches.prefix(10), [], "\(mismatches.count) opportunities differ")
        XCTAssertGreaterThan(handled, 15000, "too few texts were decided by pairs")
    }

    /// Runs of printable ASCII (which the pairs pass over, keeping only the
    /// classes of their last two characters) before and after other
    /// characters: words, spaces, hyphens, brackets and numbers next to
    /// letters, ideographs, kana, emoji, quotes and no-break spaces.
    func testASCIIRunsBetweenOtherCharactersGiveICUsOpportunities() throws {
        let ascii = ["ab", "a b", " -", "- ", "x-", "-", " (", "(", ")", "12", "1.5", "$", "%", "/", " ", "a,", "?"]
        let others = ["é", "ж", "一", "あ", "カ", "😀", "👍🏽", "—", "“", "”", "‘", "’", "\u{A0}", "，", "。", "「", "\u{301}", "€", "…"]
        var random = SystemRandomNumberGenerator()
        var handled = 0, mismatches: [String] = []
        let locales = self.locales
        for round in 0..<30000 {
            let text = (0..<Int.random(in: 2..<10, using: &random)).map { k in
                (k % 2 == 0 ? ascii : others).randomElement(using: &random)!
                    + (Bool.random(using: &random) ? ascii.randomElement(using: &random)! : "")
            }.joined()
            if try compare(text, locale: locales[round % locales.count], mismatches: &mismatches) { handled += 1 }
        }
        XCTAssertEqual(mismatches.prefix(10), [], "\(mismatches.count) opportunities differ")
        XCTAssertGreaterThan(handled, 10000, "too few texts were decided by pairs")
    }

    /// Compares the pairs' flags of `text` with ICU's iterator wherever
    /// `BreakOpportunities` reads them, appending each difference to
    /// `mismatches`; false when the pairs decline the text.
    private func compare(_ text: String, locale: String, mismatches: inout [String]) throws -> Bool {
        let units = Array(text.utf16)
        var pairs = [UInt8](repeating: 0, count: units.count + 1)
        guard tsu_line_breaks_by_pairs(units, Int32(units.count), locale, &pairs) == 1 else { return false }
        var icu: [UInt8] = [], offsets: [Int32] = []
        try BreakOpportunities.iterateICU(units, locale: locale, into: &icu, offsets: &offsets)
        for i in 1..<units.count {
            let last = units[i - 1], ch = units[i]
            guard !BreakOpportunities.isBreakableSpace(last) else { continue }
            let read = !BreakOpportunities.isBreakableSpace(ch) && ((last > 0x7F && last != 0xA0) || (ch > 0x7F && ch != 0xA0))
            if (read && pairs[i] & 1 != icu[i] & 1) || pairs[i] & 2 != icu[i] & 2 {
                mismatches.append("\(locale) \(text.unicodeScalars.map { String($0.value, radix: 16) }) at \(i): \(pairs[i]) vs ICU \(icu[i])")
            }
        }
        return true
    }
}
