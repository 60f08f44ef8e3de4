import Foundation
@testable import Typeset
import TypesetTestSupport
import XCTest

/// Grapheme boundaries (UAX #29's rules over ICU's properties) against ICU's
/// character break iterator and the standard library's.
final class GraphemeBreaksTests: XCTestCase {
    private func swiftBoundaries(_ s: String) -> [Bool] {
        var flags = [Bool](repeating: false, count: s.utf16.count + 1)
        var offset = 0
        for c in s { flags[offset] = true; offset += c.utf16.count }
        flags[offset] = true
        return flags
    }

    func testMatchesTheStandardLibrary() throws {
        let simple = Array("漢字かなカナабвгдеёжαβγ۰مرحباabc ,.!\n€ßüñ☀★")
        let other = Array("\u{301}\u{200D}\u{FE0F}\r\n👍🏽🇯🇵👨‍👩‍👧ก่ำ각\u{1100}\u{1161}")
        var random = SystemRandomNumberGenerator()
        for round in 0..<300 {
            let pool = round % 3 == 0 ? simple + other : simple
            let s = String((0..<Int.random(in: 1..<30, using: &random)).map { _ in pool.randomElement(using: &random)! })
            XCTAssertEqual(GraphemeBreaks.boundaries(Array(s.utf16)), swiftBoundaries(s), s)
        }
    }

    /// Every rule of UAX #29 in random sequences of the characters each one
    /// is about (controls, CR LF, Hangul jamo and syllables, Extend, ZWJ,
    /// spacing marks, prepended concatenation marks, regional indicators,
    /// pictographs and their modifiers, tags, lone surrogates, Indic
    /// consonants, nuktas and viramas), and every
    /// character below U+0300 and of General Punctuation: the same
    /// boundaries as ICU's break iterator.
    func testRulesMatchICU() throws {
        let rules: [UInt32] = [
            0x0D, 0x0A, 0x09, 0x00, 0x7F, 0x85, 0xAD, 0x200B, 0x2028, 0x61, 0x20, 0x3B,  // controls, CR LF, Other
            0x1100, 0x1161, 0x11A8, 0xAC00, 0xAC01, 0xA960, 0xD7B0, 0xD7CB,  // L V T LV LVT
            0x0301, 0x0308, 0x200C, 0x200D, 0xFE0F, 0xFE0E, 0x20E3, 0x1F3FB, 0x1F3FF, 0xE0061, 0xE007F,  // Extend, ZWJ
            0x093E, 0x0940, 0x0E33, 0x0903,  // SpacingMark
            0x0600, 0x0605, 0x06DD, 0x110BD, 0x0D4E,  // Prepend
            0x1F1EF, 0x1F1F5, 0x1F1FA,  // regional indicators
            0x1F468, 0x1F469, 0x2764, 0x00A9, 0x1F44D, 0x1F3F4, 0x2640, 0x1F9D1, 0x1FAF0,  // Extended_Pictographic
            0x0915, 0x094D, 0x0937, 0x093C, 0x0A95, 0x0ACD, 0x0D15, 0x0D4D, 0x0C15, 0x0C4D, 0x0E01, 0x0E48, 0x0E31, 0x05D0, 0x0627, 0x4E00, 0x3042, 0x3099, 0x0439,
        ]
        let single = (Array(0..<0x300) + Array(0x2000...0x206F)).map(UInt32.init)
        var random = SystemRandomNumberGenerator()
        for round in 0..<3000 {
            let pool = round % 4 == 3 ? single + rules : rules
            var units: [UInt16] = []
            for _ in 0..<Int.random(in: 1..<24, using: &random) {
                let c = pool.randomElement(using: &random)!
                if round % 10 == 0 && Bool.random(using: &random) {
                    units.append(Bool.random(using: &random) ? 0xD83D : 0xDC4D)  // a lone surrogate
                }
                units += Unicode.Scalar(c).map { Array(String($0).utf16) } ?? [UInt16(c)]
            }
            XCTAssertEqual(GraphemeBreaks.boundaries(units), try GraphemeBreaks.icuBoundaries(units),
                           String(decoding: units, as: UTF16.self).unicodeScalars.map { String($0.value, radix: 16) }.description)
        }
    }

    /// Every text of the corpus' categories: the same boundaries as ICU's.
    func testCorpusTextsMatchICU() throws {
        let dir = Fixtures.corpusDirectory.appendingPathComponent("texts")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") }
        var count = 0
        for file in files {
            let category = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent(file)))
            let entries = (category as? [String: Any])?["texts"] as? [Any] ?? []
            for text in entries.compactMap({ $0 as? String ?? ($0 as? [String: Any])?["text"] as? String }) {
                let units = Array(text.utf16)
                XCTAssertEqual(GraphemeBreaks.boundaries(units), try GraphemeBreaks.icuBoundaries(units), "\(file): \(text)")
                count += 1
            }
        }
        XCTAssertGreaterThan(count, 100)
    }
}
