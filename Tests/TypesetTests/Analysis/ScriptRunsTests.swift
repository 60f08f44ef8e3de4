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

    /// The rules `tsu_script_runs` follows, stated in Swift over ICU's own
    /// property lookups (no table): the reference it is tested against.
    private static func referenceScripts(_ units: [UInt16]) -> [Int32] {
        let n = units.count
        var scripts = [Int32](repeating: 0, count: n)
        let common = tsu_script_common(), inherited = tsu_script_inherited()
        var current: Int32 = -1, firstReal: Int32 = -1
        var bracketStack: [(pair: UInt32, script: Int32)] = []
        var i = 0
        while i < n {
            let (cp, len) = UnicodeProps.scalar(units, at: i)
            var s = cp < 0x80 ? ((cp | 0x20 >= 0x61 && cp | 0x20 <= 0x7A) ? 25 : common) : tsu_script(cp)
            if s == common || s == inherited || s < 0 {
                var pair: UInt32 = 0
                let bt = tsu_bracket_type(cp, &pair)
                if bt == 1 {
                    bracketStack.append((pair, current))
                    if bracketStack.count > 64 { bracketStack.removeFirst() }
                    s = current
                } else if bt == 2, let k = bracketStack.lastIndex(where: { $0.pair == cp }) {
                    s = bracketStack[k].script
                    bracketStack.removeSubrange(k...)
                } else {
                    s = current
                }
            } else {
                current = s
                if firstReal < 0 { firstReal = s }
            }
            scripts[i] = s
            if len == 2 { scripts[i + 1] = s }
            i += len
        }
        let lead = firstReal >= 0 ? firstReal : 25
        for k in 0..<n where scripts[k] < 0 { scripts[k] = lead }
        return scripts
    }

    /// An ASCII bracket right after a letter past ASCII, whose run the tight
    /// loop over such letters hands back to the per-character rules: each
    /// finishes (a loop that did not hand it back never returned) with the
    /// reference's scripts.
    func testASCIIBracketAfterLettersPastASCII() {
        for text in ["क(ख)", "कि(ख)", "ж(a)", "λ[β]", "漢{字}", "é(x)", "あ)(い", "ж(", "क)", "ж (a) б", "😀(ж)"] {
            let units = Array(text.utf16)
            var scripts: [Int32] = []
            ScriptRuns.resolve(units, into: &scripts)
            XCTAssertEqual(scripts, Self.referenceScripts(units), text)
        }
    }

    /// Random texts of letters of several scripts, marks, digits, punctuation,
    /// brackets of every kind (nested past the 64 remembered, unmatched,
    /// astral), emoji and lone surrogates, and every text of corpus/texts'
    /// categories: the scripts are the reference's.
    func testScriptsAreTheReferences() {
        let pool: [[UInt16]] = Array("aé жλ漢あكक ि\u{301}\u{200D}1,.!«»“”()[]{}（）「」【】〈〉😀👍🏽𐐀𝐀").map { Array(String($0).utf16) }
            + [[0xD83D], [0xDC4D], Array("(((((".utf16), Array(")))))".utf16)]
        var random = SystemRandomNumberGenerator()
        for round in 0..<3000 {
            let length = round % 50 == 0 ? Int.random(in: 100..<300, using: &random) : Int.random(in: 1..<40, using: &random)
            let units = (0..<length).flatMap { _ in pool.randomElement(using: &random)! }
            var scripts: [Int32] = []
            ScriptRuns.resolve(units, into: &scripts)
            XCTAssertEqual(scripts, Self.referenceScripts(units), String(decoding: units, as: UTF16.self))
        }
    }
}
