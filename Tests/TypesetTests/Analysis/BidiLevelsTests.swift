import CUnicode
@testable import Typeset
import XCTest

/// The levels BidiLevels gives without ICU are ICU's.
final class BidiLevelsTests: XCTestCase {
    /// Every astral character outside the lead surrogates `BidiLevels`
    /// sends to ICU, after a letter, in an `auto` and a right-to-left
    /// paragraph: ICU resolves it to the levels of neutral or left-to-right
    /// text (the paragraph's level, or all 0), as the skipped path assumes.
    func testAstralCharactersOutsideTheRTLLeadsAreLeftToRight() {
        var mismatches: [String] = []
        var levels = [UInt8](repeating: 0, count: 3)
        for cp in UInt32(0x10000)...0x10FFFF {
            let lead = UInt16(0xD800 + ((cp - 0x10000) >> 10)), trail = UInt16(0xDC00 + ((cp - 0x10000) & 0x3FF))
            guard !BidiLevels.isRTLAstralLead(lead) else { continue }
            let units: [UInt16] = [0x61, lead, trail]
            let para = tsu_bidi_levels(units, 3, 0xFE, &levels)
            if para != 0 || levels != [0, 0, 0] { mismatches.append(String(cp, radix: 16)) }
        }
        XCTAssertEqual(mismatches.prefix(20), [], "\(mismatches.count) astral characters are not left-to-right")
        // And the leads sent to ICU do hold right-to-left characters (U+10800, U+1E900).
        for (units, name) in [([UInt16(0xD802), 0xDC00], "U+10800"), ([0xD83A, 0xDD00], "U+1E900")] {
            XCTAssertEqual(try BidiLevels.resolve(units, direction: .auto).paragraphLevel, 1, name)
        }
    }
}
