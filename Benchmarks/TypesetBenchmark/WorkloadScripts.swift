// Part of the benchmark's generated feed (see Workload.swift).

import Foundation

enum FeedScript: Int, CaseIterable, Sendable {
    case english, russian, chinese, japanese, arabic, hindi, thai

    var name: String {
        switch self {
        case .english: "English"
        case .russian: "Russian"
        case .chinese: "Chinese"
        case .japanese: "Japanese"
        case .arabic: "Arabic"
        case .hindi: "Hindi"
        case .thai: "Thai"
        }
    }

    /// Share of posts written in this script.
    var share: Double {
        switch self {
        case .english: 0.80
        case .russian: 0.04
        case .chinese: 0.04
        case .japanese: 0.04
        case .arabic: 0.03
        case .hindi: 0.03
        case .thai: 0.02
        }
    }

    var vocabularySize: Int {
        switch self {
        case .english: 60_000
        case .russian: 12_000
        case .chinese, .japanese, .arabic, .hindi: 8_000
        case .thai: 6_000
        }
    }

    /// Whether words are separated by spaces.
    var spaced: Bool {
        switch self {
        case .chinese, .japanese, .thai: false
        default: true
        }
    }

    var capitalises: Bool { self == .english || self == .russian }

    /// Sentence-final punctuation, weighted.
    var sentenceEnds: [(String, Double)] {
        switch self {
        case .english, .russian: [(".", 0.72), ("!", 0.14), ("?", 0.10), ("...", 0.04)]
        case .chinese: [(u(0x3002), 0.75), (u(0xFF01), 0.13), (u(0xFF1F), 0.12)]  // 。！？
        case .japanese: [(u(0x3002), 0.78), (u(0xFF01), 0.12), (u(0xFF1F), 0.10)]  // 。！？
        case .arabic: [(".", 0.75), (u(0x061F), 0.15), ("!", 0.10)]  // ؟
        case .hindi: [(u(0x0964), 0.80), ("?", 0.12), ("!", 0.08)]  // ।
        case .thai: [("", 1.0)]  // Thai ends sentences with a space alone
        }
    }

    var comma: String {
        switch self {
        case .english, .russian, .hindi: ","
        case .thai: " "  // Thai marks pauses with a space
        case .chinese: u(0xFF0C)  // ，
        case .japanese: u(0x3001)  // 、
        case .arabic: u(0x060C)  // ،
        }
    }

    /// One vocabulary word; `rank` 0 is the most frequent. Frequent words are shorter.
    func makeWord(rank: Int, _ rng: inout SplitMix64) -> String {
        switch self {
        case .english: Syllables.latinWord(rank: rank, &rng)
        case .russian: Syllables.cyrillicWord(rank: rank, &rng)
        case .chinese: Syllables.hanWord(rank: rank, &rng)
        case .japanese: Syllables.japaneseWord(rank: rank, &rng)
        case .arabic: Syllables.arabicWord(rank: rank, &rng)
        case .hindi: Syllables.devanagariWord(rank: rank, &rng)
        case .thai: Syllables.thaiWord(rank: rank, &rng)
        }
    }
}

/// Syllable inventories and word builders.
enum Syllables {
    /// Syllables per word by frequency rank: short words are the common ones.
    static func syllableCount(rank: Int, _ rng: inout SplitMix64) -> Int {
        switch rank {
        case ..<120: 1
        case ..<1_500: rng.chance(0.45) ? 1 : 2
        case ..<12_000: rng.weighted([(2, 0.55), (3, 0.35), (1, 0.10)])
        default: rng.weighted([(2, 0.35), (3, 0.45), (4, 0.20)])
        }
    }

    // Latin (English-looking).
    static let latinOnsets: [(String, Double)] =
        ["b", "c", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "y"]
        .map { ($0, 3.0) }
        + ["", "", ""].map { ($0, 4.0) }
        + ["bl", "br", "ch", "cl", "cr", "dr", "fl", "fr", "gl", "gr", "pl", "pr", "qu", "sc", "sh",
           "sk", "sl", "sm", "sn", "sp", "st", "str", "sw", "th", "tr", "tw", "wh", "wr", "z", "x"]
        .map { ($0, 1.0) }
    static let latinNuclei: [(String, Double)] =
        ["a", "e", "i", "o", "u"].map { ($0, 6.0) }
        + ["ea", "ee", "oo", "ou", "ai", "ay", "ie", "oa", "y", "ow", "oi", "au"].map { ($0, 1.0) }
    static let latinCodas: [(String, Double)] =
        [("", 14.0)]
        + ["n", "r", "s", "t", "l", "d", "m"].map { ($0, 3.0) }
        + ["ck", "ng", "nd", "st", "rt", "th", "x", "sh", "ll", "ss", "nt", "mp", "ld", "rn", "ft",
           "ch", "k", "p", "g", "ve", "se", "ze", "ne", "te"].map { ($0, 0.8) }

    static func latinWord(rank: Int, _ rng: inout SplitMix64) -> String {
        var word = ""
        let n = syllableCount(rank: rank, &rng)
        for i in 0..<n {
            let onset = rng.weighted(latinOnsets)
            // No vowel-initial syllables inside a word ("aeo"), for readability.
            word += (i > 0 && onset.isEmpty) ? rng.pick(["n", "l", "r", "t", "s"]) : onset
            word += rng.weighted(latinNuclei)
            if i == n - 1 || rng.chance(0.3) { word += rng.weighted(latinCodas) }
        }
        if rank % 17 == 3 && word.count > 3 { word += rng.pick(["ing", "ed", "er", "ly", "s", "tion"]) }
        return word
    }

    // Cyrillic (Russian-looking).
    static let cyrillicConsonants = scalars(0x0431...0x0449, excluding: [0x0435, 0x0438, 0x0439, 0x043E, 0x0443])  // б..щ minus vowels/й
    static let cyrillicClusters = ["ст", "пр", "тр", "кр", "бр", "гр", "др", "сл", "св", "зв", "сп", "вс", "мн", "пл"]
    static let cyrillicVowels: [(String, Double)] =
        [("а", 5), ("о", 6), ("е", 5), ("и", 5), ("у", 2), ("ы", 1.5), ("я", 1.5), ("ю", 0.7), ("э", 0.3), ("ё", 0.2)]
    static let cyrillicCodas: [(String, Double)] =
        [("", 10), ("н", 2), ("т", 2), ("л", 1.5), ("й", 1.5), ("р", 1.5), ("в", 1), ("м", 1), ("к", 1),
         ("сть", 0.5), ("ть", 1), ("нь", 0.4), ("ст", 0.4), ("х", 0.5), ("ж", 0.3)]

    static func cyrillicWord(rank: Int, _ rng: inout SplitMix64) -> String {
        var word = ""
        let n = syllableCount(rank: rank, &rng)
        for i in 0..<n {
            if i == 0 && rng.chance(0.12) {
                // vowel-initial word
            } else if rng.chance(0.15) {
                word += rng.pick(cyrillicClusters)
            } else {
                word += rng.pick(cyrillicConsonants)
            }
            word += rng.weighted(cyrillicVowels)
            if i == n - 1 || rng.chance(0.25) { word += rng.weighted(cyrillicCodas) }
        }
        return word
    }

    // Han ideographs: a deterministic pool of "common" characters from the
    // URO block (U+4E00–U+9FA5), plus a rare tail from the whole block.
    static let hanCommon: [String] = {
        var rng = SplitMix64(seed: 0x48414E)  // fixed: the pool is part of the format
        var picked = Set<UInt32>()
        var pool: [String] = []
        while pool.count < 3_500 {
            let c = UInt32(0x4E00 + rng.below(0x9FA5 - 0x4E00 + 1))
            if picked.insert(c).inserted { pool.append(u(c)) }
        }
        return pool
    }()

    static func hanCharacter(_ rng: inout SplitMix64) -> String {
        rng.chance(0.93) ? rng.pick(hanCommon) : u(UInt32(0x4E00 + rng.below(0x9FA5 - 0x4E00 + 1)))
    }

    static func hanWord(rank: Int, _ rng: inout SplitMix64) -> String {
        let n: Int = switch rank {
        case ..<300: rng.chance(0.8) ? 1 : 2
        case ..<3_000: rng.weighted([(2, 0.8), (1, 0.1), (3, 0.1)])
        default: rng.weighted([(2, 0.65), (3, 0.25), (4, 0.10)])
        }
        return (0..<n).map { _ in hanCharacter(&rng) }.joined()
    }

    // Japanese: kanji compounds, kanji + okurigana, katakana loanwords.
    static let hiragana = scalars(0x3042...0x3093, excluding: [0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3090, 0x3091])
    static let katakana = scalars(0x30A2...0x30F3, excluding: [0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C2, 0x30C3, 0x30C5, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F0, 0x30F1, 0x30F2])
    static let smallKatakana = [u(0x30C3), u(0x30E3), u(0x30E5), u(0x30E7), u(0x30A3)]  // ッ ャ ュ ョ ィ
    static let particles: [(String, Double)] = [
        ("の", 5), ("に", 3), ("は", 3), ("を", 3), ("が", 3), ("で", 2), ("と", 2), ("も", 1.5),
        ("へ", 0.5), ("から", 1), ("まで", 0.5), ("より", 0.3), ("って", 0.5),
    ]
    static let verbEndings = ["です", "ます", "ました", "でした", "ません", "だ", "よね", "かな", "たい", "ている"]

    static func japaneseWord(rank: Int, _ rng: inout SplitMix64) -> String {
        switch rng.weighted([(0, 0.45), (1, 0.30), (2, 0.25)]) {
        case 0:  // kanji compound
            return (0..<(rank < 500 ? rng.int(in: 1...2) : rng.int(in: 2...3))).map { _ in hanCharacter(&rng) }.joined()
        case 1:  // kanji + okurigana
            return hanCharacter(&rng) + (0..<rng.int(in: 1...2)).map { _ in rng.pick(hiragana) }.joined()
        default:  // katakana loanword
            var word = ""
            for i in 0..<rng.int(in: rank < 1_000 ? 2...3 : 3...5) {
                word += rng.pick(katakana)
                if i > 0 && rng.chance(0.12) { word += rng.pick(smallKatakana) }
                if rng.chance(0.15) { word += u(0x30FC) }  // ー
            }
            return word
        }
    }

    // Arabic.
    static let arabicLetters = scalars(0x0628...0x064A, excluding: [0x0629, 0x063B, 0x063C, 0x063D, 0x063E, 0x063F, 0x0640])
    static let arabicLongVowels = [u(0x0627), u(0x0648), u(0x064A)]  // ا و ي

    static func arabicWord(rank: Int, _ rng: inout SplitMix64) -> String {
        var word = ""
        let n = syllableCount(rank: rank, &rng) + 1
        for i in 0..<n {
            word += rng.pick(arabicLetters)
            if i < n - 1 && rng.chance(0.35) { word += rng.pick(arabicLongVowels) }
        }
        if rank >= 120 && rng.chance(0.3) { word = u(0x0627, 0x0644) + word }  // ال
        if rng.chance(0.1) { word += u(0x0629) }  // ة
        return word
    }

    // Devanagari: consonant + optional vowel sign, sometimes a conjunct or anusvara.
    static let devanagariConsonants = scalars(0x0915...0x0939, excluding: [0x0919, 0x091E, 0x0929, 0x0931, 0x0933, 0x0934])
    static let devanagariVowels = scalars(0x0905...0x0914, excluding: [0x090C, 0x090D, 0x090E, 0x0911, 0x0912])
    static let devanagariSigns: [(String, Double)] =
        [("", 6)] + [0x093E, 0x093F, 0x0940, 0x0941, 0x0942, 0x0947, 0x0948, 0x094B, 0x094C].map { (u(UInt32($0)), 1.5) }

    static func devanagariWord(rank: Int, _ rng: inout SplitMix64) -> String {
        var word = ""
        let n = syllableCount(rank: rank, &rng) + (rank < 120 ? 0 : 1)
        for i in 0..<n {
            if i == 0 && rng.chance(0.12) {
                word += rng.pick(devanagariVowels)
                continue
            }
            word += rng.pick(devanagariConsonants)
            if i > 0 && rng.chance(0.1) { word += u(0x094D) + rng.pick(devanagariConsonants) }  // conjunct
            word += rng.weighted(devanagariSigns)
            if rng.chance(0.08) { word += u(0x0902) }  // anusvara
        }
        return word
    }

    // Thai: (leading vowel) consonant (vowel above/below or following) (tone) (final).
    static let thaiConsonants = scalars(0x0E01...0x0E2E, excluding: [0x0E03, 0x0E05, 0x0E24, 0x0E26])  // no obsolete ฃ ฅ, no vowel letters ฤ ฦ
    static let thaiFinals = ["ก", "ด", "บ", "ง", "น", "ม", "ย", "ว"]
    static let thaiLeading = ["เ", "แ", "โ", "ไ", "ใ"]
    static let thaiAboveBelow = ["ิ", "ี", "ึ", "ื", "ุ", "ู"]
    static let thaiTones = ["่", "้", "๊", "๋"]

    static func thaiSyllable(_ rng: inout SplitMix64) -> String {
        let c = rng.pick(thaiConsonants)
        let tone = rng.chance(0.35) ? rng.weighted([(thaiTones[0], 5), (thaiTones[1], 4), (thaiTones[2], 0.5), (thaiTones[3], 0.5)]) : ""
        let final = rng.chance(0.5) ? rng.pick(thaiFinals) : ""
        switch rng.weighted([(0, 3.0), (1, 3.0), (2, 2.0), (3, 1.0), (4, 0.5)]) {
        case 0: return c + rng.pick(thaiAboveBelow) + tone + final  // กิน
        case 1: return c + tone + (final.isEmpty ? rng.pick(["า", "ะ"]) : "า" + final)  // ม้า
        case 2:
            let lead = rng.pick(thaiLeading)
            if lead == "ไ" || lead == "ใ" { return lead + c + tone }  // ไป
            return lead + c + tone + (final.isEmpty ? (rng.chance(0.3) ? "ะ" : "") : final)  // เมือง-ish
        case 3: return c + "ั" + tone + (final.isEmpty ? "น" : final)  // กัน
        default: return c + tone + "ำ"  // ทำ
        }
    }

    static func thaiWord(rank: Int, _ rng: inout SplitMix64) -> String {
        let n = min(syllableCount(rank: rank, &rng), 3)
        return (0..<n).map { _ in thaiSyllable(&rng) }.joined()
    }
}
