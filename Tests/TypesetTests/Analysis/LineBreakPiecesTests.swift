import CUnicode
@testable import Typeset
import XCTest

/// ICU's line break opportunities of text with Thai found piece by piece
/// (`tsu_line_breaks_by_pieces`: cut after the spaces that follow a Thai
/// word, each piece asked of ICU alone and its answer kept) against its
/// iterator over the whole text: every flag at every offset, the first
/// time a piece is met and when its kept answer is read back.
final class LineBreakPiecesTests: XCTestCase {
    /// Every locale ID `ICULineBreakLocale` makes of the paragraph options.
    private var locales: [String] {
        var ids = Set<String>()
        for language in [nil, "th", "ja", "zh", "en"] as [String?] {
            for lineBreak in [ParagraphStyle.LineBreak.auto, .normal, .strict, .loose, .anywhere] {
                for wordBreak in [ParagraphStyle.WordBreak.normal, .keepAll, .breakAll] {
                    ids.insert(ICULineBreakLocale.identifier(language: language, lineBreak: lineBreak, wordBreak: wordBreak))
                }
            }
        }
        return ids.sorted()
    }

    /// Thai letters (leading vowels, consonants, SARA AA and AM), its marks
    /// (vowels above and below, tone marks, the thanthakhat), often; and
    /// spaces, Thai digits, the baht sign, paiyannoi and angkhankhu, ASCII
    /// letters, digits, brackets, quotes and punctuation, controls and
    /// separators, joiners, CJK brackets and ideographs, Lao and Khmer
    /// letters (dictionary scripts of their own), Hebrew and Arabic.
    private static let thai = Array("กขคงนมยราำเแไัิ่้")
    private static let pool = Array("ัิีุ่้์็๐๑฿ฯๆ๚ab Z12([)\"'.,!?-:%$\n\r\t\u{2060}\u{200B}\u{200D}「」“”‘’。一字あ\u{A0}—…\u{301}אا\u{FE0F}\u{2028}ກບក")

    func testPiecesGiveICUsOpportunities() throws {
        var random = SystemRandomNumberGenerator()
        var handled = 0, mismatches: [String] = []
        let locales = self.locales
        for round in 0..<40000 {
            let text = String((0..<Int.random(in: 2..<48, using: &random)).map { _ -> Character in
                let r = Int.random(in: 0..<10, using: &random)
                return r < 5 ? Self.thai.randomElement(using: &random)! : r < 7 ? " " : Self.pool.randomElement(using: &random)!
            })
            if try compare(text, locale: locales[round % locales.count], mismatches: &mismatches) { handled += 1 }
        }
        XCTAssertEqual(mismatches.prefix(10), [], "\(mismatches.count) opportunities differ")
        XCTAssertGreaterThan(handled, 20000, "too few texts were cut into pieces")
    }

    /// Thai phrases between spaces as posts have them, with a number, a
    /// Latin word, an emoji, a bracket or a quote about them, and pieces
    /// longer than those kept.
    func testPostLikeTextGivesICUsOpportunities() throws {
        let words = ["ผิฏื", "ฑุบม่าชานแฌวจาทาว่ะ", "ฟิใค้ไค่ชาน", "ฬาว", "4:30เฏ่", "ยันฉ่ะวาบลึด", "veveeth", "(ฟิด้ายไอ)",
                     "“ชานกาง”", "35ฎูม่า", "😀", "ภาษาไทยภาษาไทยภาษาไทยภาษาไทยภาษาไทยภาษาไทย", "ๆ", "฿100", "ฆันฝำฌะหิชานล้า"]
        var random = SystemRandomNumberGenerator()
        var handled = 0, mismatches: [String] = []
        let locales = self.locales
        for round in 0..<4000 {
            let text = (0..<Int.random(in: 1..<16, using: &random)).map { _ in words.randomElement(using: &random)! }
                .joined(separator: Bool.random(using: &random) ? " " : "  ")
            if try compare(text, locale: locales[round % locales.count], mismatches: &mismatches) { handled += 1 }
        }
        XCTAssertEqual(mismatches.prefix(10), [], "\(mismatches.count) opportunities differ")
        XCTAssertGreaterThan(handled, 3000)
    }

    /// Text without Thai, and one long Thai piece, are left to the iterator.
    func testTextWithoutPiecesIsDeclined() {
        for text in ["hello world", "漢字 かな", "ກບ ກບ", String(repeating: "ภาษาไทย", count: 10)] {
            let units = Array(text.utf16)
            var flags = [UInt8](repeating: 0, count: units.count + 1)
            XCTAssertEqual(tsu_line_breaks_by_pieces(units, Int32(units.count), "", &flags), 0, text)
        }
    }

    /// Compares the pieces' flags of `text` (twice: asked, then kept) with
    /// ICU's iterator over the whole text, appending each difference to
    /// `mismatches`; false when the text is declined.
    private func compare(_ text: String, locale: String, mismatches: inout [String]) throws -> Bool {
        let units = Array(text.utf16)
        var icu: [UInt8] = [], offsets: [Int32] = []
        try BreakOpportunities.iterateICU(units, locale: locale, into: &icu, offsets: &offsets)
        for pass in 0..<2 {
            var pieces = [UInt8](repeating: 0xFF, count: units.count + 1)
            let result = tsu_line_breaks_by_pieces(units, Int32(units.count), locale, &pieces)
            XCTAssertGreaterThanOrEqual(result, 0)
            guard result == 1 else { return false }
            if pieces != icu {
                let i = pieces.indices.first { pieces[$0] != icu[$0] } ?? 0
                mismatches.append("\(locale) pass \(pass) \(text.unicodeScalars.map { String($0.value, radix: 16) }) at \(i): \(pieces[i]) vs ICU \(icu[i])")
            }
        }
        return true
    }
}
