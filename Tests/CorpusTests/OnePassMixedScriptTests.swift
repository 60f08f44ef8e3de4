import Foundation
@testable import Typeset
import TypesetTestSupport
import XCTest

/// Plain text whose letters are of several scripts (Cyrillic or Greek with
/// Latin hashtags, names and words) takes the one-pass scan, its scripts
/// resolved as runs (`PlainScriptRuns`): random texts mixing Latin, Latin-1,
/// Latin Extended, Greek and Cyrillic words, hashtags and mentions glued to
/// letters of every script, every printable ASCII character, brackets
/// (nested, unbalanced, deeper than the 64 remembered), digits, spaces,
/// controls and emoji are analysed both ways and compared unit by unit, and
/// a share prepared both ways (first face covering them or not, one style
/// or two, paragraph options) and compared field by field.
extension OnePassEquivalenceTests {
    /// A random text of the pieces above.
    static func randomMixedScriptText(_ rng: inout SplitMix64) -> String {
        let words = ["Привет", "мир", "ёлка", "ΑΘΗΝΑ", "λόγος", "ἀ", "café", "Ærø", "Łódź", "ǅemal", "ƀ", "Ж", "ω",
                     "the", "Fox", "a", "x2", "2024", "3.14", "co-op", "don't", "e.g.", "http://t.co/x", "Їжак", "ѣ", "Ϗ"]
        let glue = ["#", "@", "&", "*", "_", "\"", "'", "(", "[", "{", "$", "%", ")", "]", "}", "-", "/", "+", "!",
                    "?", ".", ",", ":", ";", "<", ">", "=", "^", "`", "~", "|", "\\"]
        let emoji = ["\u{1F600}", "\u{2764}\u{FE0F}", "\u{1F44D}\u{1F3FD}", "\u{1F1FA}\u{1F1F8}",
                     "\u{1F469}\u{200D}\u{1F680}", "\u{2728}", "\u{2122}"]
        func pick(_ a: [String]) -> String { a[Int(rng.next() % UInt64(a.count))] }
        var out = ""
        let pieces = 1 + Int(rng.next() % 16)
        for _ in 0..<pieces {
            switch rng.next() % 16 {
            case 0, 1, 2, 3, 4, 5: out += pick(words)
            case 6, 7: out += pick(glue) + pick(words)
            case 8: out += pick(words) + pick(glue) + pick(words)
            case 9: out += String(UnicodeScalar(UInt8(0x21 + rng.next() % 94)))
            case 10: out += pick([" ", "  ", "\n", "\t", " \n", "\u{1}", "\u{7F}"])
            case 11: out += pick(emoji)
            case 12:
                // Brackets nested past what is remembered, opened in one script and closed in another.
                let depth = rng.next() % 4 == 0 ? 60 + Int(rng.next() % 10) : 1 + Int(rng.next() % 3)
                let open = (0..<depth).map { _ in pick(["(", "[", "{"]) }
                out += open.joined() + pick(words) + " " + pick(words)
                let close = open.reversed().map { $0 == "(" ? ")" : $0 == "[" ? "]" : "}" }
                out += close.prefix(Int(rng.next() % UInt64(depth + 1))).joined()
            case 13: out += pick([")", "]", "}", "(", "[", "{"])
            default: out += pick(words) + pick(words)
            }
            if rng.next() % 3 != 0 { out += " " }
        }
        return out
    }

    func testOnePassAnalysesMixedScriptTextsAsTheStagesDo() throws {
        var rng = SplitMix64(seed: 0x5C21_F75)
        var paragraphs: [ParagraphStyle] = [ParagraphStyle()]
        for change in [{ (p: inout ParagraphStyle) in p.whiteSpace = .preWrap }, { $0.wordBreak = .keepAll },
                       { $0.direction = .auto }, { $0.lineBreak = .strict }, { $0.lineBreak = .loose },
                       { $0.lineBreak = .anywhere }] {
            var p = ParagraphStyle()
            change(&p)
            paragraphs.append(p)
        }
        var mixed = 0, glued = 0, deep = 0, declined = 0, mismatches: [String] = []
        for k in 0..<15000 {
            let text = Self.randomMixedScriptText(&rng)
            let paragraph = k % 3 == 0 ? paragraphs[k / 3 % paragraphs.count] : ParagraphStyle()
            let units = WhiteSpaceProcessor(source: text.utf16Units, whiteSpace: paragraph.whiteSpace).units
            guard !units.isEmpty else { continue }
            var breaks: (positions: [Int32], mandatory: [Bool]) = ([], []), continuations: [Int32] = []
            guard let scan = PlainTextScan(units, paragraph: paragraph, asciiFaces: nil, into: &breaks,
                                           continuations: &continuations) else {
                declined += 1
                continue
            }
            var scripts: [Int32] = []
            ScriptRuns.resolve(units, into: &scripts)
            var runs: [PlainScriptRuns.Run] = [], scanScripts: [Int32] = []
            PlainScriptRuns.resolve(units, into: &runs)
            PlainScriptRuns.expand(runs, count: units.count, into: &scanScripts)
            var differ: [String] = []
            // The runs resolve every text the scan takes as the stage does, mixed or not.
            if scanScripts != scripts { differ.append("scripts: runs \(runs), stage \(scripts)") }
            if Set(scripts).count > 1 {
                mixed += 1
                if !scan.isMixed { differ.append("several scripts, not mixed") }
            } else if scan.isMixed || scripts[0] != scan.script {
                differ.append("one script \(scripts[0]), scan \(scan.script) mixed \(scan.isMixed)")
            }
            if zip(units, units.dropFirst()).contains(where: {
                PlainTextScan.keepsBeforeLetter($0.0) && $0.1 >= 0x80 && PlainTextScan.letterScript($0.1) != 0
            }) { glued += 1 }
            if units.filter({ $0 == 0x28 || $0 == 0x5B || $0 == 0x7B }).count > PlainScriptRuns.depthLimit { deep += 1 }
            if runs.first?.start != 0 || zip(runs, runs.dropFirst()).contains(where: { $0.0.script == $0.1.script || $0.0.start >= $0.1.start }) {
                differ.append("runs not canonical: \(runs)")
            }
            differ += try Self.analysisDifferences(units, paragraph: paragraph, breaks: breaks, continuations: continuations)
            if !differ.isEmpty { mismatches.append("\(text.debugDescription) \(paragraph): \(differ.joined(separator: "; "))") }
        }
        XCTAssertEqual(mismatches, [], "\(mismatches.count) texts differ: \(mismatches.prefix(6))")
        XCTAssertGreaterThan(mixed, 3000, "too few texts of several scripts took the one-pass path")
        XCTAssertGreaterThan(glued, 1000, "too few texts with punctuation glued to a letter past ASCII took it")
        XCTAssertGreaterThan(deep, 50, "too few texts with brackets nested past the remembered depth took it")
        XCTAssertGreaterThan(declined, 300, "too few texts declined")
        print("mixed-script texts: \(mixed) of several scripts scanned, \(glued) glued, \(deep) deep, \(declined) declined, all equal")
    }

    /// `keepsBeforeLetter`: for each such character, before letters of
    /// each script past ASCII, after every printable ASCII character, a
    /// space, a letter past ASCII and nothing, and under each `line-break`
    /// value and `keep-all`: the stages never break before the letter.
    func testPunctuationKeptBeforeLettersPastASCIINeverBreaks() throws {
        var mismatches: [String] = []
        for p in 0x21...0x7E where PlainTextScan.keepsBeforeLetter(UInt16(p)) {
            let mark = String(UnicodeScalar(UInt8(p)))
            var befores = (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) }
            befores += ["", "Ж", "λ", "é", "\u{1F600}", "1", "12"]
            for before in befores {
                for letter in ["Ж", "ё", "λ", "Ω", "é", "Ł", "ǅ"] {
                    for (lineBreak, wordBreak) in [(ParagraphStyle.LineBreak.auto, ParagraphStyle.WordBreak.normal),
                                                   (.strict, .normal), (.loose, .normal), (.normal, .normal), (.auto, .keepAll)] {
                        let text = "x " + before + mark + letter + "a"
                        let units = Array(text.utf16)
                        let at = Int32(units.count - letter.utf16.count - 1)
                        let breaks = try BreakOpportunities.compute(units, wordBreak: wordBreak, preserveNewlines: false,
                                                                    language: nil, lineBreak: lineBreak)
                        if breaks.positions.contains(at) { mismatches.append("\(text.debugDescription) \(lineBreak) \(wordBreak)") }
                    }
                }
            }
        }
        XCTAssertEqual(mismatches, [], "\(mismatches.count) breaks: \(mismatches.prefix(8))")
    }

    func testOnePassPreparesMixedScriptTextsAsTheGeneralPath() throws {
        var rng = SplitMix64(seed: 0x5C21_BEEF)
        let typesetter = Fixtures.typesetter
        let base = TextStyle(font: FontStack(families: ["Noto Sans", "Noto Color Emoji"]), size: 15)
        let arabicFirst = TextStyle(font: FontStack(families: ["Noto Sans Arabic", "Noto Sans"]), size: 15)
        let bold = TextStyle(font: base.font, size: 18, weight: 700)
        var compared = 0, oneFace = 0, mismatches: [String] = []
        for k in 0..<900 {
            let text = Self.randomMixedScriptText(&rng)
            var paragraph = ParagraphStyle()
            if k % 4 == 1 { paragraph.whiteSpace = .preWrap }
            if k % 9 == 2 { paragraph.wordBreak = .keepAll }
            if k % 11 == 3 { paragraph.lineBreak = .anywhere }
            var attributed = AttributedText(text, baseStyle: k % 6 == 5 ? arabicFirst : base)
            if k % 5 == 2, let space = text.utf16.firstIndex(of: 0x20) {
                attributed.setStyle(bold, utf16Range: 0..<text.utf16.distance(from: text.utf16.startIndex, to: space))
            }
            let units = WhiteSpaceProcessor(source: text.utf16Units, whiteSpace: paragraph.whiteSpace).units
            var breaks: (positions: [Int32], mandatory: [Bool]) = ([], []), continuations: [Int32] = []
            guard !units.isEmpty,
                  let scan = PlainTextScan(units, paragraph: paragraph, asciiFaces: nil, into: &breaks, continuations: &continuations),
                  scan.isMixed
            else { continue }
            compared += 1
            for scale in k % 7 == 3 ? [2.0] : [1.0] {
                let onePass = try PrepareSession(fonts: typesetter.fonts, context: PrepareContext(), cache: typesetter.shapeCache,
                                                 scale: scale, onePass: true).prepare(attributed, paragraph: paragraph)
                let general = try PrepareSession(fonts: typesetter.fonts, context: PrepareContext(), cache: typesetter.shapeCache,
                                                 scale: scale, onePass: false).prepare(attributed, paragraph: paragraph)
                if onePass.core.faces.count == 1 && onePass.core.items.count > 1 { oneFace += 1 }
                if let difference = try Self.difference(onePass, general, widths: [40, 120, 300]) {
                    mismatches.append("\(text.debugDescription) \(paragraph) @\(scale)x: \(difference)")
                }
            }
        }
        XCTAssertEqual(mismatches, [], "\(mismatches.count) texts differ: \(mismatches.prefix(5))")
        XCTAssertGreaterThan(compared, 200, "too few mixed-script texts took the one-pass path")
        XCTAssertGreaterThan(oneFace, 100, "too few mixed-script texts were items of one face made without the itemizer")
    }
}
