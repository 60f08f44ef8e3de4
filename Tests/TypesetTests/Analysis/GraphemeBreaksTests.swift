import XCTest
@testable import Typeset

/// Grapheme boundaries (ASCII fast path and ICU) against the standard library's.
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
        let other = Array("\u{301}\u{200D}\u{FE0F}\r\n👍🏽🇯🇵👨‍👩‍👧ก่ำक्षि각\u{1100}\u{1161}")
        var random = SystemRandomNumberGenerator()
        for round in 0..<300 {
            let pool = round % 3 == 0 ? simple + other : simple
            let s = String((0..<Int.random(in: 1..<30, using: &random)).map { _ in pool.randomElement(using: &random)! })
            XCTAssertEqual(try GraphemeBreaks.boundaries(Array(s.utf16)), swiftBoundaries(s), s)
        }
    }

    /// Below U+0300 and in U+2010–U+20CF nothing extends a cluster: the fast
    /// path's claim, over every character there (controls, CR LF, soft
    /// hyphen, modifier letters, quotes, dashes, currency signs) and with a
    /// combining mark or a joiner after them (ICU's path).
    func testEveryCharacterOfTheFastPath() throws {
        let below = (Array(0..<0x300) + Array(0x2010...0x20CF)).compactMap { Unicode.Scalar($0).map(Character.init) }
        var random = SystemRandomNumberGenerator()
        for round in 0..<300 {
            var chars = (0..<Int.random(in: 1..<40, using: &random)).map { _ in below.randomElement(using: &random)! }
            if round % 4 == 0 { chars.append(round % 8 == 0 ? "\u{301}" : "\u{200D}") }
            let s = String(chars)
            XCTAssertEqual(try GraphemeBreaks.boundaries(Array(s.utf16)), swiftBoundaries(s), s.debugDescription)
        }
    }
}
