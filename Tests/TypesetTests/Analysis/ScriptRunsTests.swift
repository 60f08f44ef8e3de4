import CUnicode
@testable import Typeset
import XCTest

/// The script and bracket table ScriptRuns reads against ICU's own answers.
final class ScriptRunsTests: XCTestCase {
    /// Every BMP code point and a sample of the astral ones: the table's
    /// script and paired-bracket type are ICU's.
    func testTableIsICUs() {
        var mismatches: [String] = []
        for cp in Array(UInt32(0)..<0x10000) + Array(stride(from: UInt32(0x10000), through: 0x10FFFF, by: 97)) {
            let v = tsu_script_and_bracket(cp)
            var pair: UInt32 = 0
            let script = tsu_script(cp), bracket = tsu_bracket_type(cp, &pair)
            if v & 0xFFFF != (script < 0 ? 0xFFFF : script) || v >> 16 != bracket {
                mismatches.append(String(cp, radix: 16))
            }
        }
        XCTAssertEqual(mismatches.prefix(20), [], "\(mismatches.count) code points differ")
    }

    /// Common characters take the script before them (leading ones the
    /// first script), a bracket the script before its opening bracket.
    func testCommonCharactersTakeTheirNeighboursScript() {
        let latin: Int32 = 25, cyrillic = tsu_script(0x0436), han = tsu_script(0x4E00)
        let text = Array("«жук» (漢字) 1, abc「字」".utf16)
        var scripts: [Int32] = []
        ScriptRuns.resolve(text, into: &scripts)
        let c = cyrillic, h = han, l = latin
        //                      «  ж  у  к  »  ␠  (  漢 字 )  ␠  1  ,  ␠  a  b  c  「 字 」
        let expected: [Int32] = [c, c, c, c, c, c, c, h, h, c, h, h, h, h, l, l, l, l, h, l]
        XCTAssertEqual(scripts, expected)
    }
}
