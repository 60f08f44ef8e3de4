import Foundation
@testable import Typeset
import TypesetTestSupport
import XCTest

/// Text with emoji takes the one-pass scan (`PlainTextScan.scanPastASCII`)
/// when its emoji are of the shapes the scan knows: random texts mixing
/// ASCII words, every printable ASCII character, Latin, Greek and Cyrillic
/// letters and every emoji shape (pictographs of classes ID, EB, AL and AI,
/// skin-tone modifiers, variation selectors, joiner sequences, flags and
/// odd runs of regional indicators, keycaps, and broken shapes the scan
/// must decline) are analysed both ways and compared unit by unit, and a
/// share of them prepared both ways and compared as
/// `OnePassEquivalenceTests` compares the corpora.
extension OnePassEquivalenceTests {
    func testOnePassAnalysesEmojiTextsAsTheStagesDo() throws {
        var rng = SplitMix64(seed: 0x5EED_E30)
        var paragraphs: [ParagraphStyle] = [ParagraphStyle()]
        for change in [{ (p: inout ParagraphStyle) in p.whiteSpace = .preWrap }, { $0.wordBreak = .keepAll },
                       { $0.direction = .auto }, { $0.lineBreak = .strict }, { $0.lineBreak = .anywhere }] {
            var p = ParagraphStyle()
            change(&p)
            paragraphs.append(p)
        }
        var scannedWithEmoji = 0, declined = 0, mismatches: [String] = []
        var shapesScanned = Set<String>()
        for k in 0..<12000 {
            let (text, shapes) = Self.randomEmojiText(&rng)
            let paragraph = k % 3 == 0 ? paragraphs[k / 3 % paragraphs.count] : ParagraphStyle()
            let units = WhiteSpaceProcessor(source: text.utf16Units, whiteSpace: paragraph.whiteSpace).units
            guard !units.isEmpty else { continue }
            var breaks: (positions: [Int32], mandatory: [Bool]) = ([], []), continuations: [Int32] = []
            guard let scan = PlainTextScan(units, paragraph: paragraph, asciiFaces: nil, into: &breaks,
                                           continuations: &continuations) else {
                declined += 1
                continue
            }
            let hasEmoji = units.contains { $0 >= 0x2100 && PlainTextScan.letterScript($0) == 0 }
            if hasEmoji {
                scannedWithEmoji += 1
                shapesScanned.formUnion(shapes)
                if paragraph.lineBreak != .auto || paragraph.wordBreak != .normal {
                    mismatches.append("\(text.debugDescription): emoji scanned under \(paragraph)")
                }
            }
            var differ = try Self.analysisDifferences(units, paragraph: paragraph, breaks: breaks,
                                                      continuations: continuations)
            var scripts: [Int32] = []
            ScriptRuns.resolve(units, into: &scripts)
            var scanScripts = [Int32](repeating: scan.script, count: units.count)
            if scan.isMixed {
                var runs: [PlainScriptRuns.Run] = []
                PlainScriptRuns.resolve(units, into: &runs)
                PlainScriptRuns.expand(runs, count: units.count, into: &scanScripts)
            }
            if scripts != scanScripts { differ.append("scripts \(Set(scripts)) vs \(Set(scanScripts))") }
            if hasEmoji && scan.isOneItem { differ.append("one item") }
            if !differ.isEmpty { mismatches.append("\(text.debugDescription) \(paragraph): \(differ.joined(separator: "; "))") }
        }
        XCTAssertEqual(mismatches, [], "\(mismatches.count) texts differ: \(mismatches.prefix(6))")
        XCTAssertGreaterThan(scannedWithEmoji, 4000, "too few texts with emoji took the one-pass path")
        XCTAssertGreaterThan(declined, 300, "too few texts declined (keycaps, broken shapes, options)")
        for shape in ["pictograph", "emoji base", "modifier", "selector", "joiner sequence", "flag", "odd regional",
                      "letter pictograph", "ambiguous pictograph", "cyrillic", "greek", "latin-1"] {
            XCTAssertTrue(shapesScanned.contains(shape), "no scanned text had a \(shape)")
        }
        print("emoji texts: \(scannedWithEmoji) scanned with emoji, \(declined) declined, all equal to the stages")
    }

    func testOnePassPreparesEmojiTextsAsTheGeneralPath() throws {
        var rng = SplitMix64(seed: 0xE30_F00D)
        let typesetter = Fixtures.typesetter
        let base = TextStyle(font: FontStack(families: ["Noto Sans", "Noto Color Emoji"]), size: 15)
        let bold = TextStyle(font: base.font, size: 18, weight: 700)
        var compared = 0, mismatches: [String] = []
        for k in 0..<700 {
            let (text, _) = Self.randomEmojiText(&rng)
            var paragraph = ParagraphStyle()
            if k % 4 == 1 { paragraph.whiteSpace = .preWrap }
            var attributed = AttributedText(text, baseStyle: base)
            if k % 5 == 2, let space = text.utf16.firstIndex(of: 0x20) {
                attributed.setStyle(bold, utf16Range: 0..<text.utf16.distance(from: text.utf16.startIndex, to: space))
            }
            let units = WhiteSpaceProcessor(source: text.utf16Units, whiteSpace: paragraph.whiteSpace).units
            var breaks: (positions: [Int32], mandatory: [Bool]) = ([], []), continuations: [Int32] = []
            guard !units.isEmpty,
                  PlainTextScan(units, paragraph: paragraph, asciiFaces: nil, into: &breaks, continuations: &continuations) != nil
            else { continue }
            compared += 1
            for scale in k % 7 == 3 ? [2.0] : [1.0] {
                let onePass = try PrepareSession(fonts: typesetter.fonts, context: PrepareContext(), cache: typesetter.shapeCache,
                                                 scale: scale, onePass: true).prepare(attributed, paragraph: paragraph)
                let general = try PrepareSession(fonts: typesetter.fonts, context: PrepareContext(), cache: typesetter.shapeCache,
                                                 scale: scale, onePass: false).prepare(attributed, paragraph: paragraph)
                if let difference = try Self.difference(onePass, general, widths: [40, 120, 300]) {
                    mismatches.append("\(text.debugDescription) \(paragraph) @\(scale)x: \(difference)")
                }
            }
        }
        XCTAssertEqual(mismatches, [], "\(mismatches.count) texts differ: \(mismatches.prefix(5))")
        XCTAssertGreaterThan(compared, 300, "too few emoji texts took the one-pass path")
    }

    /// The table of ICU's answers beside emoji (`PlainTextScan.emojiPairs`)
    /// is ICU's line break iterator's, for every printable ASCII character
    /// before and after an emoji of each class.
    func testEmojiPairTableIsICUs() throws {
        let emoji: [(String, Bool)] = [("\u{1F600}", false), ("\u{2764}", false), ("\u{1F44D}", false),
                                       ("\u{1F44D}\u{1F3FD}", false), ("\u{1F1FA}", true), ("\u{1F1FA}\u{1F1F8}", true)]
        var mismatches: [String] = []
        for c in 0x21...0x7E {
            let ascii = String(UnicodeScalar(UInt8(c)))
            let bits = PlainTextScan.emojiPairs[c]
            for (e, regional) in emoji {
                for (text, at, scanBreaks) in [
                    ("a" + e + ascii, 1 + e.utf16.count,
                     bits & (regional ? PlainTextScan.breakAfterRegional : PlainTextScan.breakAfterPictograph) != 0),
                    ("a" + ascii + e, 2,
                     bits & (regional ? PlainTextScan.keepBeforeRegional : PlainTextScan.keepBeforePictograph) == 0),
                ] {
                    var flags: [UInt8] = [], offsets: [Int32] = []
                    let units = Array(text.utf16)
                    try BreakOpportunities.iterateICU(units, locale: "@lb=normal", into: &flags, offsets: &offsets)
                    if (flags[at] & BreakOpportunities.icuBreak != 0) != scanBreaks {
                        mismatches.append("\(text.debugDescription) at \(at): table says \(scanBreaks ? "break" : "none")")
                    }
                }
            }
        }
        XCTAssertEqual(mismatches, [])
    }

    /// A random text of the shapes above, and the names of the shapes it holds.
    static func randomEmojiText(_ rng: inout SplitMix64) -> (String, Set<String>) {
        let words = ["the", "Quick", "fox", "I", "a", "x2", "2024", "don't", "co-op", "e.g.", "U.S.", "#tag", "@you",
                     "http://t.co/x", "$5", "50%", "(see)", "[1]", "{ok}", "a/b", "wow!", "why?", "it's", "\"so\"", "-1", "+",
                     "x-", "1.5", "a,b", "~", "|", "=", "<3", "`c`", "_u_", "\\", ";)", ":D", "...", "^^", "&", "*"]
        let letters = [("латиница", "cyrillic"), ("Привет", "cyrillic"), ("ελληνικά", "greek"), ("Ωμέγα", "greek"),
                       ("café", "latin-1"), ("Ærø", "latin-1"), ("naïve", "latin-1"), ("Łódź", "latin-1")]
        let pictographs = ["\u{1F600}", "\u{1F525}", "\u{1F389}", "\u{1F680}", "\u{2764}", "\u{2615}", "\u{1F3F3}", "\u{231A}",
                           "\u{1F30D}", "\u{1F9E1}", "\u{1FA77}"]
        let bases = ["\u{1F44D}", "\u{1F44B}", "\u{1F64F}", "\u{270C}", "\u{1F469}", "\u{1F468}", "\u{1F3C3}", "\u{1F9D1}"]
        let letterPictographs = ["\u{2728}", "\u{2705}", "\u{1F4AF}", "\u{2B50}", "\u{2744}", "\u{2139}", "\u{2194}"]
        let ambiguous = ["\u{2640}", "\u{2642}", "\u{2122}", "\u{2660}"]
        let flags = ["US", "GB", "JP", "UA", "DE"].map { code -> String in
            var flag = ""
            flag.unicodeScalars.append(contentsOf: code.unicodeScalars.map { UnicodeScalar(0x1F1E6 + $0.value - 0x41)! })
            return flag
        }
        let declined = ["1\u{FE0F}\u{20E3}", "#\u{20E3}", "\u{2764}\u{FE0E}", "\u{203C}\u{FE0F}", "\u{00A9}", "\u{1F3FB}",
                        "\u{200D}", "a\u{FE0F}", "\u{1F3F4}\u{E0067}\u{E0062}\u{E007F}", "\u{3030}", "\u{1F600}\u{200D}a",
                        "\u{1F600}\u{FE0F}\u{FE0F}", "\u{1F1FA}\u{FE0F}", "\u{05D0}", "\u{0301}", "\u{1F600}\u{1F3FB}"]
        var out = "", shapes = Set<String>()
        func pick(_ a: [String]) -> String { a[Int(rng.next() % UInt64(a.count))] }
        func emoji() -> String {
            switch rng.next() % 16 {
            case 0, 1, 2: shapes.insert("pictograph"); return pick(pictographs)
            case 3: shapes.insert("selector"); return pick(pictographs + letterPictographs) + "\u{FE0F}"
            case 4: shapes.insert("emoji base"); return pick(bases)
            case 5: shapes.insert("modifier"); return pick(bases) + String(UnicodeScalar(0x1F3FB + UInt32(rng.next() % 5))!)
            case 6, 7:
                shapes.insert("joiner sequence")
                var s = pick(bases + pictographs)
                if rng.next() % 3 == 0 { s += String(UnicodeScalar(0x1F3FB + UInt32(rng.next() % 5))!) }
                for _ in 0...(rng.next() % 3) {
                    s += "\u{200D}" + pick(pictographs + bases + ambiguous + letterPictographs)
                    if rng.next() % 2 == 0 { s += "\u{FE0F}" }
                }
                return s
            case 8, 9: shapes.insert("flag"); return pick(flags)
            case 10:
                shapes.insert("odd regional")
                return pick(flags) + String(pick(flags).unicodeScalars.first!)
            case 11: shapes.insert("letter pictograph"); return pick(letterPictographs)
            case 12: shapes.insert("ambiguous pictograph"); return pick(ambiguous)
            case 13: return pick(["\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}", "\u{2764}\u{FE0F}\u{200D}\u{1F525}",
                                  "\u{1F43B}\u{200D}\u{2744}\u{FE0F}", "\u{1F469}\u{1F3FD}\u{200D}\u{1F680}"])
            default:
                if rng.next() % 5 == 0 { shapes.insert("declined"); return pick(declined) }
                return pick(pictographs)
            }
        }
        let pieces = 1 + Int(rng.next() % 14)
        for _ in 0..<pieces {
            switch rng.next() % 12 {
            case 0, 1, 2, 3: out += pick(words)
            case 4: let (w, s) = letters[Int(rng.next() % UInt64(letters.count))]; shapes.insert(s); out += w
            case 5: out += String(UnicodeScalar(UInt8(0x21 + rng.next() % 94)))
            case 6: out += pick([" ", "  ", "\n", "\t", " \n", " ", "\n", "\u{1}", "\u{7F}", "\u{B}", "\u{C}", "\u{1F}"])
            default: out += emoji()
            }
            // Mostly spaced, sometimes glued to the next piece.
            if rng.next() % 3 != 0 { out += " " }
        }
        return (out, shapes)
    }
}
