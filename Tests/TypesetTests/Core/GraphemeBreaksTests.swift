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
}
