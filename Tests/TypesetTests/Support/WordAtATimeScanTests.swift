import XCTest
import TypesetTestSupport
@testable import Typeset

/// The scans that read a text's units or flags a machine word at a time
/// (`bitUnion`, `firstFalse`, `containsTrue`, `WhiteSpaceProcessor.needsCollapsing`) against the same
/// questions asked one unit at a time, over texts whose lengths put every
/// case at every position of a word and in the units past the last one.
final class WordAtATimeScanTests: XCTestCase {
    /// Units that sit at the edges the word scans test: below, at and above
    /// the space, control and white-space characters, Latin-1's end, the
    /// punctuation-trim range's start, and units with bit 15 set.
    private let alphabet: [UInt16] = [0x61, 0x20, 0x20, 0x21, 0x1F, 0x09, 0x0A, 0x0C, 0x0D, 0x01, 0x00, 0xFF, 0x100,
                                      0x2017, 0x2018, 0x1FFF, 0x8020, 0x8000, 0xA020, 0xFFFF, 0x3000]

    private func randomTexts(count: Int) -> [[UInt16]] {
        var generator = SplitMix64(seed: 0x5eed)
        return (0..<count).map { k in
            let length = k % 40
            // Mostly letters and single spaces, as posts are, with the rest mixed in.
            return (0..<length).map { _ in
                let r = Int(generator.next() % 100)
                return r < 60 ? 0x61 : r < 80 ? 0x20 : alphabet[Int(generator.next() % UInt64(alphabet.count))]
            }
        }
    }

    func testNeedsCollapsingMatchesUnitByUnit() {
        for text in randomTexts(count: 20_000) + [[], [0x20], [0x61], [0x61, 0x20, 0x20, 0x61], Array("one two three four".utf16)] {
            XCTAssertEqual(WhiteSpaceProcessor.needsCollapsing(text), Self.needsCollapsingUnitByUnit(text), "\(text)")
        }
    }

    func testBitUnion() {
        for text in randomTexts(count: 5_000) {
            XCTAssertEqual(text.bitUnion, text.reduce(0) { $0 | $1 }, "\(text)")
        }
    }

    func testFirstFalseAndContainsTrue() {
        var generator = SplitMix64(seed: 7)
        for k in 0..<5_000 {
            let flags = (0..<(k % 50)).map { _ in generator.next() % 23 != 0 }
            for start in [0, 1, 5, 9, 17] {
                let expected = start < flags.count ? flags[start...].firstIndex(of: false) : nil
                XCTAssertEqual(flags.firstFalse(from: start), expected, "\(flags) from \(start)")
            }
            XCTAssertEqual(flags.containsTrue, flags.contains(true), "\(flags)")
        }
    }

    /// The question as `WhiteSpaceProcessor` asked it before reading words.
    private static func needsCollapsingUnitByUnit(_ s: [UInt16]) -> Bool {
        var lastWasSpace = true
        for u in s {
            if u == 0x20 {
                if lastWasSpace { return true }
                lastWasSpace = true
            } else if UnicodeProps.isCSSWhitespace(u) {
                return true
            } else {
                lastWasSpace = false
            }
        }
        return lastWasSpace && !s.isEmpty
    }
}
