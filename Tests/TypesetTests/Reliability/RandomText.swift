import Foundation
@testable import Typeset
import TypesetTestSupport

/// Hostile random text and attributes for the stress test.
enum RandomText {
    static let families = ["Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari",
                           "Noto Sans Thai", "Noto Sans CJK JP", "Noto Color Emoji"]
    static let unknownFamily = "No Such Family"

    private static func scalar(_ v: UInt32) -> String {
        Unicode.Scalar(v).map { String(Character($0)) } ?? "\u{FFFD}"
    }

    private static func from(_ r: inout SplitMix64, _ ranges: [ClosedRange<UInt32>], count: Int) -> String {
        var s = ""
        for _ in 0..<count { s += scalar(UInt32.random(in: r.pick(ranges), using: &r)) }
        return s
    }

    static let emojiRanges: [ClosedRange<UInt32>] = [0x1F600...0x1F64F, 0x1F300...0x1F5FF, 0x1F900...0x1F9FF,
                                                     0x2600...0x26FF, 0x1F680...0x1F6FF]
    static let cjkPunctuation: [UInt32] = [0x300C, 0x300D, 0x300E, 0x300F, 0xFF08, 0xFF09, 0x3001, 0x3002, 0xFF0C,
                                           0xFF0E, 0x30FB, 0xFF1A, 0xFF1B, 0x2018, 0x2019, 0x201C, 0x201D, 0x3000,
                                           0x3010, 0x3011, 0xFF5B, 0xFF5D]

    /// One piece of hostile text.
    static func piece(_ r: inout SplitMix64) -> String {
        switch r.int(0...31) {
        case 0, 1:  // ASCII words and spaces
            return (0..<r.int(1...8)).map { _ in
                String((0..<r.int(1...10)).map { _ in r.pick(Array("abcdefghijklmnopqrstuvwxyzAVfiflTW0123456789")) })
            }.joined(separator: r.pick([" ", "  ", "-", "/", "?", ".", ", "]))
        case 2:  // a long unbreakable word
            return String(repeating: r.pick(["a", "W", "fi", "ff", "m", "1"]), count: r.int(50...3000))
        case 3:  // white space of every kind
            return (0..<r.int(1...6)).map { _ in
                r.pick([" ", "  ", "\t", "\n", "\r\n", "\r", "\u{0C}", "\u{A0}", "\u{3000}", "\u{2028}", "\u{2029}",
                        "\u{200B}", "\u{2003}", "\u{2009}", "\u{85}", "\u{0B}", "\u{1680}", "\u{202F}", "\u{205F}"])
            }.joined()
        case 4:  // C0/C1 controls and DEL
            return from(&r, [0x00...0x1F, 0x7F...0x9F], count: r.int(1...5))
        case 5:  // bidi controls and marks
            return from(&r, [0x202A...0x202E, 0x2066...0x2069, 0x200E...0x200F, 0x061C...0x061C], count: r.int(1...12))
        case 6:  // Hebrew with points
            return from(&r, [0x05D0...0x05EA, 0x05D0...0x05EA, 0x05B0...0x05BC, 0x0020...0x0020], count: r.int(1...30))
        case 7:  // Arabic with harakat, digits, tatweel
            return from(&r, [0x0627...0x064A, 0x0627...0x064A, 0x064B...0x0652, 0x0660...0x0669, 0x0640...0x0640,
                             0x0020...0x0020, 0xFEFB...0xFEFC], count: r.int(1...30))
        case 8:  // Devanagari: consonants, virama, vowel signs, nukta
            return from(&r, [0x0915...0x0939, 0x0915...0x0939, 0x094D...0x094D, 0x093E...0x094C, 0x093C...0x093C,
                             0x0901...0x0903, 0x0966...0x096F], count: r.int(1...30))
        case 9:  // Thai (dictionary breaking)
            return from(&r, [0x0E01...0x0E2E, 0x0E01...0x0E2E, 0x0E31...0x0E3A, 0x0E40...0x0E4E], count: r.int(1...60))
        case 10:  // CJK ideographs, kana
            return from(&r, [0x4E00...0x9FFF, 0x3041...0x3096, 0x30A1...0x30FA, 0xFF01...0xFF5E], count: r.int(1...40))
        case 11:  // CJK punctuation that is trimmed or hangs
            return (0..<r.int(1...10)).map { _ in
                r.chance(0.5) ? scalar(r.pick(cjkPunctuation)) : from(&r, [0x4E00...0x4FFF], count: 1)
            }.joined()
        case 12:  // Hangul syllables and jamo
            return from(&r, [0xAC00...0xD7A3, 0x1100...0x11FF, 0x0020...0x0020], count: r.int(1...20))
        case 13:  // combining marks on bases
            return (0..<r.int(1...6)).map { _ in
                r.pick(["a", "e", "ก", "क", "ا", "א", " ", "1"]) + from(&r, [0x0300...0x036F, 0x1AB0...0x1AFF, 0x20D0...0x20F0], count: r.int(1...8))
            }.joined()
        case 14:  // a storm of combining marks: one cluster of thousands of scalars
            let base = r.chance(0.8) ? r.pick(["a", "ก", "क", "ا", "😀", "\n", " "]) : ""
            let marks: [ClosedRange<UInt32>] = r.chance(0.5) ? [0x0300...0x036F] : [0x0300...0x036F, 0x0903...0x0903, 0x093E...0x0940, 0x0E31...0x0E31]
            return base + from(&r, marks, count: r.int(500...5000))
        case 15:  // variation selectors
            return (0..<r.int(1...6)).map { _ in
                r.pick(["a", "☺", "❤", "#", "1", "葛", "😀", ""]) + from(&r, [0xFE00...0xFE0F, 0xE0100...0xE01EF], count: r.int(1...3))
            }.joined()
        case 16:  // ZWJ chains
            var s = from(&r, emojiRanges, count: 1)
            for _ in 0..<r.int(1...60) {
                s += r.pick(["\u{200D}", "\u{200D}", "\u{200C}", "\u{FE0F}\u{200D}"]) + from(&r, emojiRanges, count: 1)
            }
            return s
        case 17:  // emoji, skin tones, keycaps, flags, tags
            return (0..<r.int(1...8)).map { _ in
                switch r.int(0...5) {
                case 0: return from(&r, emojiRanges, count: 1)
                case 1: return from(&r, [0x1F466...0x1F469], count: 1) + from(&r, [0x1F3FB...0x1F3FF], count: 1)
                case 2: return r.pick(["1", "#", "*", "a"]) + "\u{FE0F}\u{20E3}"
                case 3: return from(&r, [0x1F1E6...0x1F1FF], count: r.int(1...5))
                case 4: return "\u{1F3F4}" + from(&r, [0xE0061...0xE007A], count: r.int(0...6)) + "\u{E007F}"
                default: return from(&r, emojiRanges, count: 1) + "\u{FE0E}"
                }
            }.joined()
        case 18:  // astral, private use, noncharacters, unassigned
            return from(&r, [0x10000...0x10FFFF, 0xE000...0xF8FF, 0xFFFE...0xFFFF, 0xFDD0...0xFDEF, 0x1D400...0x1D7FF,
                             0x20000...0x2A6DF, 0xE0000...0xE007F], count: r.int(1...8))
        case 19:  // UTF-16 with unpaired surrogates, repaired by the decoder
            var units: [UInt16] = []
            for _ in 0..<r.int(1...12) {
                switch r.int(0...3) {
                case 0: units.append(UInt16.random(in: 0xD800...0xDBFF, using: &r))
                case 1: units.append(UInt16.random(in: 0xDC00...0xDFFF, using: &r))
                case 2: units += [UInt16.random(in: 0xD800...0xDBFF, using: &r), UInt16.random(in: 0xDC00...0xDFFF, using: &r)]
                default: units.append(UInt16.random(in: 0x20...0x7E, using: &r))
                }
            }
            return String(decoding: units, as: UTF16.self)
        case 20:  // soft hyphens and hyphens
            return (0..<r.int(1...6)).map { _ in
                String((0..<r.int(1...8)).map { _ in r.pick(Array("abcdefgh")) }) + r.pick(["\u{AD}", "-", "\u{2010}", "\u{2011}", "\u{AD}\u{AD}"])
            }.joined() + r.pick(["", "1", "-5"])
        case 21:  // any scalar at all
            return (0..<r.int(1...10)).map { _ in
                var v = UInt32.random(in: 0...0x10FFFF, using: &r)
                if (0xD800...0xDFFF).contains(v) { v = 0xFFFD }
                return scalar(v)
            }.joined()
        case 22:  // tabs between words (pre-wrap tab stops)
            return (0..<r.int(1...6)).map { _ in r.pick(["a", "bb", "ccc", "\u{3000}", ""]) }.joined(separator: "\t")
        case 23:  // mixed-direction numbers and punctuation
            return r.pick(["(12) [א]", "«مرحبا» 123.45", "a(b[c{d", "}])", "1,234-5", "x ← y", "٣٤٥%", "$1.00", "“quote”"])
        case 24:  // ligature candidates (overflow-wrap splits inside ligatures)
            return String(repeating: r.pick(["fi", "ffl", "ff", "fj", "ct", "st", "Th"]), count: r.int(1...40))
        case 25:  // an emoji and text with ZWJ/ZWNJ in words
            return r.pick(["a\u{200D}b", "क्\u{200D}ष", "ن\u{200C}ا", "\u{200D}", "\u{2060}\u{2060}", "\u{FEFF}x"])
        case 26:  // repeated newlines and spaces
            return String(repeating: r.pick(["\n", " ", "\n\n ", "\r\n", " \t"]), count: r.int(1...200))
        case 27:  // Latin with diacritics (precomposed) and Cyrillic/Greek
            return from(&r, [0x00C0...0x024F, 0x0400...0x04FF, 0x0370...0x03FF, 0x0020...0x0020], count: r.int(1...30))
        case 28:  // many short words: many break opportunities
            return (0..<r.int(20...200)).map { _ in r.pick(["a", "I", "of", "to", "我", "ก", "ab"]) }.joined(separator: " ")
        case 29:  // line and paragraph separators, object replacement
            return r.pick(["\u{2028}", "\u{2029}", "\u{FFFC}", "\u{FFFD}", "\u{0085}", "\u{00}\u{00}"])
        case 30:  // Arabic and Hebrew with bidi isolates around Latin
            return "\u{2067}" + from(&r, [0x0627...0x064A], count: r.int(1...10)) + "\u{2069} abc \u{202E}" + from(&r, [0x05D0...0x05EA], count: r.int(1...8)) + "\u{202C}"
        default:  // digits
            return String((0..<r.int(1...20)).map { _ in r.pick(Array("0123456789.,")) })
        }
    }

    /// A random text of several pieces.
    static func text(_ r: inout SplitMix64) -> [String] {
        if r.chance(0.03) { return [] }
        if r.chance(0.03) { return [""] }
        return (0..<r.int(1...12)).map { _ in piece(&r) }
    }

    /// A style, valid unless `invalid` is set (then one field is made invalid).
    static func style(_ r: inout SplitMix64, faces: [FontFace], invalid: Bool) -> TextStyle {
        var families = Array(families.shuffled(using: &r).prefix(r.int(1...3)))
        if r.chance(0.05) { families.append(families[0].uppercased()) }  // matched case-insensitively
        var stack = FontStack(families: families)
        if r.chance(0.05), let face = faces.randomElement(using: &r) { stack.entries.insert(.face(face), at: 0) }
        let size: Double = r.pick([0, 0.01, 1, 7.5, 13, 15, 15, 16, 24, 100, 1000, r.double(0...1000)])
        let letterSpacing: Double = r.chance(0.7) ? 0 : r.pick([-1000, -20, -1, -0.3, 0.5, 2, 100, 1e4, 1e6, r.double(-50...50)])
        let lineHeight: LineHeight = r.chance(0.6) ? .normal
            : r.chance(0.5) ? .points(r.pick([0, 1, 20, 24.5, 1000, r.double(0...200)]))
            : .multiple(r.pick([0, 0.5, 1, 1.5, 10, r.double(0...4)]))
        var features: [FontFeature] = []
        if r.chance(0.1) {
            features = [FontFeature(r.pick(["liga", "tnum", "smcp", "kern", "xxxx", "", "toolongtag", "ss01"]), r.pick([0, 1, 2, UInt32.max]))]
        }
        var style = TextStyle(font: stack, size: size, weight: r.pick([100, 400, 400, 700, 900, 1, 1000]),
                              italic: r.chance(0.2), letterSpacing: letterSpacing, features: features,
                              lineHeight: lineHeight, language: r.chance(0.8) ? nil : r.pick(["ja", "zh", "ar", "he", "th", "hi", "", "x-bogus-@@", "en-US"]))
        if invalid {
            switch r.int(0...5) {
            case 0: style.size = r.pick([-1, -.infinity, .nan, .infinity])
            case 1: style.letterSpacing = r.pick([.nan, .infinity, -.infinity])
            case 2: style.lineHeight = .points(r.pick([-1, .nan, .infinity]))
            case 3: style.lineHeight = .multiple(r.pick([-0.5, .nan, .infinity]))
            case 4: style.font = FontStack(families: [])
            // A family without a font is skipped, as CSS skips it: the stack is
            // invalid only when none of its families has one.
            default: style.font = FontStack(families: r.chance(0.5) ? [unknownFamily] : [unknownFamily, "serif"])
            }
        }
        return style
    }

    static func paragraph(_ r: inout SplitMix64) -> ParagraphStyle {
        ParagraphStyle(
            whiteSpace: r.chance(0.5) ? .normal : .preWrap,
            wordBreak: r.pick([.normal, .normal, .keepAll, .breakAll]),
            breakWords: r.chance(0.85),
            alignment: r.pick(ParagraphStyle.Alignment.allCases),
            direction: r.pick(ParagraphStyle.Direction.allCases),
            maxLines: r.chance(0.7) ? nil : r.pick([0, 1, 2, 3, 10, -1, Int.max]),
            ellipsis: r.chance(0.8) ? "\u{2026}" : r.pick(["", "...", "…more", "\u{0301}", "😀", "مزيد", String(repeating: "x", count: 100)]),
            tabSize: r.chance(0.8) ? 8 : r.pick([0, 1, 4, -3, 1000, 1_000_000, Int.max, Int.min]),
            locale: r.chance(0.8) ? nil : r.pick(["ja", "zh", "ko", "th", "", "en@lb=strict", String(repeating: "q", count: 100)]))
    }

    /// Widths to lay out at: valid ones, and invalid ones that must throw.
    static func width(_ r: inout SplitMix64) -> Double? {
        switch r.int(0...14) {
        case 0: return nil
        case 1: return 0
        case 2: return r.pick([0.001, 0.5, 1, 1.0 / 64, 3])
        case 3: return r.pick([1e9, 1e15, 1e300, Double.greatestFiniteMagnitude])
        case 4: return r.pick([-1, -0.001, .nan, .infinity, -.infinity, -Double.greatestFiniteMagnitude])
        case 5: return -0.0
        default: return r.double(1...1200)
        }
    }
}

/// A value behind a lock, for results handed back from other threads.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func get() -> Value { lock.lock(); defer { lock.unlock() }; return value }
    func set(_ newValue: Value) { lock.lock(); value = newValue; lock.unlock() }
    func modify(_ body: (inout Value) -> Void) { lock.lock(); body(&value); lock.unlock() }
}
