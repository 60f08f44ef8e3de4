// The benchmark's workload: a deterministic, generated social-media feed.
//
// Every text is synthesised here from a seeded PRNG; no corpus is copied.
// Words come from per-script vocabularies built from syllables (Latin for
// English, Cyrillic for Russian, CJK ideographs for Chinese, ideographs plus
// kana for Japanese, Arabic letters, Devanagari consonant + vowel-sign
// syllables, Thai consonant + vowel syllables) and are drawn with a Zipf
// distribution, so a few words are very frequent and most are rare, as in
// real text. Posts mix in emoji (ZWJ sequences, flags, skin tones), hashtags,
// @mentions and URLs.
//
// Only the Swift standard library and Foundation are used: this file must
// build whatever state the Typeset library is in.
//
//     let workload = Workload(count: 10_000, seed: 42)
//     print(workload.statistics)
//     try workload.writeJSONLines(to: "/tmp/feed.jsonl")   // for the C peer
//
// Same count and seed give the same texts, byte for byte, on every run: no
// hashing order and no system randomness is involved. (The only floating
// point is libm's exp/log/cos/pow, so a platform with a different libm could
// in principle draw a different length or word where a value falls exactly on
// a boundary; on Linux/glibc the feed is fixed.)

import Foundation

/// One post of the feed.
public struct Post: Sendable, Hashable {
    /// The post's text (one paragraph, no newlines).
    public let text: String
    /// The post's category: the language it is written in ("English",
    /// "Russian", "Chinese", "Japanese", "Arabic", "Hindi", "Thai").
    public let script: String

    public init(text: String, script: String) {
        self.text = text
        self.script = script
    }
}

public struct Workload: Sendable {
    /// The generated posts, in feed order.
    public let posts: [Post]
    /// Figures describing `posts`.
    public let statistics: Statistics

    public static let defaultCount = 10_000
    public static let defaultSeed: UInt64 = 42
    /// Exponent of the Zipf distribution words are drawn with.
    public static let zipfExponent = 1.05

    /// Generates `count` posts from `seed`.
    public init(count: Int = Workload.defaultCount, seed: UInt64 = Workload.defaultSeed) {
        var generator = FeedGenerator(seed: seed)
        posts = (0..<count).map { _ in generator.nextPost() }
        statistics = Statistics(posts: posts, generator: generator)
    }

    /// The feed alone: `Workload(count:seed:).posts`.
    public static func feed(count: Int = Workload.defaultCount, seed: UInt64 = Workload.defaultSeed) -> [Post] {
        Workload(count: count, seed: seed).posts
    }

    /// Writes the posts' texts as JSON Lines, `{"text": "..."}` one per line.
    public func writeJSONLines(to path: String, escapeNonASCII: Bool = false) throws {
        try Workload.writeJSONLines(posts, to: path, escapeNonASCII: escapeNonASCII)
    }

    /// Writes `posts`' texts as JSON Lines, `{"text": "..."}` one per line,
    /// UTF-8, each line ending in "\n". With `escapeNonASCII` every non-ASCII
    /// scalar is written as `\uXXXX` (astral ones as surrogate pairs).
    public static func writeJSONLines(_ posts: [Post], to path: String, escapeNonASCII: Bool = false) throws {
        var out = ""
        out.reserveCapacity(posts.reduce(0) { $0 + $1.text.utf8.count + 16 })
        for post in posts {
            out += "{\"text\": "
            out += jsonString(post.text, escapeNonASCII: escapeNonASCII)
            out += "}\n"
        }
        try Data(out.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// `text` as a JSON string literal, quotes included.
    public static func jsonString(_ text: String, escapeNonASCII: Bool = false) -> String {
        func hex4(_ v: UInt32) -> String {
            let digits = String(v, radix: 16)
            return "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x08: out += "\\b"
            case 0x0C: out += "\\f"
            case 0..<0x20: out += hex4(scalar.value)
            case 0x80...0xFFFF where escapeNonASCII: out += hex4(scalar.value)
            case 0x10000... where escapeNonASCII:
                let v = scalar.value - 0x10000
                out += hex4(0xD800 + (v >> 10)) + hex4(0xDC00 + (v & 0x3FF))
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
        return out
    }

    /// Figures describing a generated feed.
    public struct Statistics: Sendable, CustomStringConvertible {
        public let count: Int
        /// Mean length in Characters (extended grapheme clusters, Swift's `String.count`).
        public let meanCharacters: Double
        public let medianCharacters: Int
        public let minCharacters: Int
        public let maxCharacters: Int
        /// Mean length in Unicode scalars (code points).
        public let meanScalars: Double
        /// Mean length in UTF-16 code units.
        public let meanUTF16: Double
        /// Mean length in UTF-8 bytes.
        public let meanUTF8: Double
        /// Words in the vocabularies the feed draws from (all scripts).
        public let vocabularySize: Int
        /// Vocabulary words of the English (Latin) vocabulary alone.
        public let englishVocabularySize: Int
        /// Distinct vocabulary words that occur in the feed (words, hashtags).
        public let distinctWords: Int
        /// Word occurrences in the feed.
        public let wordTokens: Int
        public let zipfExponent: Double
        /// Share of posts per script, in `Workload.scripts` order.
        public let scriptShares: [(script: String, share: Double)]
        /// Share of posts with at least one emoji / hashtag / @mention / URL.
        public let emojiShare: Double
        public let hashtagShare: Double
        public let mentionShare: Double
        public let urlShare: Double

        fileprivate init(posts: [Post], generator: FeedGenerator) {
            count = posts.count
            let n = Double(max(1, posts.count))
            let lengths = posts.map { $0.text.count }.sorted()
            meanCharacters = Double(lengths.reduce(0, +)) / n
            medianCharacters = lengths.isEmpty ? 0 : lengths[lengths.count / 2]
            minCharacters = lengths.first ?? 0
            maxCharacters = lengths.last ?? 0
            meanScalars = Double(posts.reduce(0) { $0 + $1.text.unicodeScalars.count }) / n
            meanUTF16 = Double(posts.reduce(0) { $0 + $1.text.utf16.count }) / n
            meanUTF8 = Double(posts.reduce(0) { $0 + $1.text.utf8.count }) / n
            vocabularySize = generator.vocabularies.reduce(0) { $0 + $1.words.count }
            englishVocabularySize = generator.vocabularies[FeedScript.english.rawValue].words.count
            distinctWords = generator.seenWords.count
            wordTokens = generator.wordTokens
            zipfExponent = Workload.zipfExponent
            scriptShares = FeedScript.allCases.map { script in
                (script.name, Double(posts.lazy.filter { $0.script == script.name }.count) / n)
            }
            emojiShare = Double(generator.postsWithEmoji) / n
            hashtagShare = Double(generator.postsWithHashtag) / n
            mentionShare = Double(generator.postsWithMention) / n
            urlShare = Double(generator.postsWithURL) / n
        }

        public var description: String {
            func f(_ x: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", x) }
            func pct(_ x: Double) -> String { f(x * 100) + "%" }
            let lines = [
                "posts: \(count)",
                "length: mean \(f(meanCharacters)) characters (median \(medianCharacters), "
                    + "min \(minCharacters), max \(maxCharacters)); mean \(f(meanScalars)) scalars, "
                    + "\(f(meanUTF16)) UTF-16 units, \(f(meanUTF8)) UTF-8 bytes",
                "vocabulary: \(vocabularySize) words (English \(englishVocabularySize)), Zipf exponent "
                    + "\(f(zipfExponent, 2)); \(distinctWords) distinct words in \(wordTokens) word tokens",
                "scripts: " + scriptShares.map { "\($0.script) \(pct($0.share))" }.joined(separator: ", "),
                "posts with emoji \(pct(emojiShare)), hashtags \(pct(hashtagShare)), "
                    + "@mentions \(pct(mentionShare)), URLs \(pct(urlShare))",
            ]
            return lines.joined(separator: "\n")
        }
    }

    /// The scripts of the feed, in the order `Statistics.scriptShares` lists them.
    public static var scripts: [String] { FeedScript.allCases.map(\.name) }
}

// MARK: - PRNG

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast, and good enough for test data.
private struct SplitMix64: Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// Uniform in 0..<n (multiply-high; the bias is far below anything that matters here).
    mutating func below(_ n: Int) -> Int {
        precondition(n > 0)
        return Int(next().multipliedFullWidth(by: UInt64(n)).high)
    }

    /// Uniform in range.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    mutating func chance(_ p: Double) -> Bool { unit() < p }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// Picks from (item, weight) pairs.
    mutating func weighted<T>(_ items: [(T, Double)]) -> T {
        let total = items.reduce(0) { $0 + $1.1 }
        var u = unit() * total
        for (item, weight) in items {
            if u < weight { return item }
            u -= weight
        }
        return items[items.count - 1].0
    }

    /// Standard normal (Box–Muller).
    mutating func normal() -> Double {
        let u1 = 1 - unit()  // (0, 1]
        let u2 = unit()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// An independent generator derived from this seed and a stream number.
    static func stream(_ seed: UInt64, _ stream: UInt64) -> SplitMix64 {
        var mixer = SplitMix64(seed: seed ^ (stream &* 0xD1B5_4A32_D192_ED03))
        return SplitMix64(seed: mixer.next())
    }
}

// MARK: - Scripts

/// String from code points.
private func u(_ codes: UInt32...) -> String {
    var s = ""
    for c in codes { s.unicodeScalars.append(Unicode.Scalar(c)!) }
    return s
}

private func scalars(_ range: ClosedRange<UInt32>, excluding: Set<UInt32> = []) -> [String] {
    range.filter { !excluding.contains($0) }.map { u($0) }
}

private enum FeedScript: Int, CaseIterable, Sendable {
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
private enum Syllables {
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

// MARK: - Emoji, hashtags, mentions, URLs

private enum Emoji {
    static let simple: [String] = [
        u(0x1F600), u(0x1F602), u(0x2764, 0xFE0F), u(0x1F44D), u(0x1F525), u(0x1F389), u(0x1F64F),
        u(0x1F60D), u(0x1F914), u(0x1F680), u(0x2728), u(0x1F62D), u(0x1F4AF), u(0x1F30D), u(0x2615),
        u(0x1F355), u(0x1F605), u(0x1F60A), u(0x1F622), u(0x1F64C), u(0x1F440), u(0x2705), u(0x1F4F8),
        u(0x1F3B6), u(0x1F308), u(0x1F923), u(0x1F97A), u(0x1F973), u(0x1F92F), u(0x1F60E),
    ]
    /// Bases that take a Fitzpatrick modifier (U+1F3FB–U+1F3FF).
    static let toneable: [UInt32] = [0x1F44D, 0x1F44B, 0x1F64F, 0x1F44F, 0x1F4AA, 0x1F64C, 0x270C, 0x1F918, 0x1F44C]
    static let zwjSequences: [String] = [
        u(0x1F468, 0x200D, 0x1F469, 0x200D, 0x1F467, 0x200D, 0x1F466),  // family
        u(0x1F469, 0x200D, 0x1F4BB),  // woman technologist
        u(0x1F3F3, 0xFE0F, 0x200D, 0x1F308),  // rainbow flag
        u(0x1F469, 0x1F3FD, 0x200D, 0x1F680),  // woman astronaut, medium skin tone
        u(0x1F9D1, 0x200D, 0x1F373),  // cook
        u(0x2764, 0xFE0F, 0x200D, 0x1F525),  // heart on fire
        u(0x1F415, 0x200D, 0x1F9BA),  // service dog
        u(0x1F468, 0x1F3FB, 0x200D, 0x1F393),  // man student, light skin tone
        u(0x1F3C3, 0x200D, 0x2640, 0xFE0F),  // woman running
        u(0x1F43B, 0x200D, 0x2744, 0xFE0F),  // polar bear
    ]
    static let flagCountries = ["US", "GB", "JP", "DE", "FR", "BR", "IN", "RU", "CN", "TH", "EG", "UA", "KR", "ES",
                                "IT", "MX", "CA", "AU", "NG", "SA", "AR", "SE", "PL", "TR", "ID", "VN"]

    static func flag(_ code: String) -> String {
        var s = ""
        for v in code.unicodeScalars { s.unicodeScalars.append(Unicode.Scalar(0x1F1E6 + v.value - 0x41)!) }
        return s
    }

    static func random(_ rng: inout SplitMix64) -> String {
        switch rng.weighted([(0, 0.58), (1, 0.15), (2, 0.15), (3, 0.12)]) {
        case 0: return rng.pick(simple)
        case 1: return u(rng.pick(toneable), UInt32(0x1F3FB + rng.below(5)))
        case 2: return rng.pick(zwjSequences)
        default: return flag(rng.pick(flagCountries))
        }
    }
}

// MARK: - Generator

/// A vocabulary with its Zipf sampling table.
private struct Vocabulary: Sendable {
    let words: [String]
    /// cumulative[i] = sum of (r + 1)^-s for r in 0...i.
    let cumulative: [Double]

    init(script: FeedScript, seed: UInt64, exponent: Double) {
        var rng = SplitMix64.stream(seed, 1_000 + UInt64(script.rawValue))
        var seen = Set<String>()
        var words: [String] = []
        words.reserveCapacity(script.vocabularySize)
        var attempts = 0
        while words.count < script.vocabularySize {
            attempts += 1
            // Widen the word shape if a short-word band is exhausted.
            let rank = attempts > words.count * 4 + 1_000 ? words.count + 20_000 : words.count
            let word = script.makeWord(rank: rank, &rng)
            if seen.insert(word).inserted { words.append(word) }
        }
        self.words = words
        var sum = 0.0
        cumulative = (1...words.count).map { r in
            sum += pow(Double(r), -exponent)
            return sum
        }
    }

    /// Draws a rank.
    func sample(_ rng: inout SplitMix64) -> Int {
        let target = rng.unit() * cumulative[cumulative.count - 1]
        var lo = 0, hi = cumulative.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if cumulative[mid] > target { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}

private struct FeedGenerator: Sendable {
    var rng: SplitMix64
    let vocabularies: [Vocabulary]
    /// (script << 32 | rank) of every vocabulary word used so far.
    var seenWords = Set<UInt64>()
    var wordTokens = 0
    var postsWithEmoji = 0
    var postsWithHashtag = 0
    var postsWithMention = 0
    var postsWithURL = 0

    // Shares of posts (of all posts) with each feature.
    static let emojiShare = 0.10
    static let hashtagShare = 0.14
    static let mentionShare = 0.16
    static let urlShare = 0.09
    /// Log-normal target length (characters): median and spread. Tuned so the
    /// generated mean is about 211 characters.
    static let lengthMedian = 179.5
    static let lengthSigma = 0.55
    static let lengthRange = 12.0...720.0

    init(seed: UInt64) {
        rng = SplitMix64.stream(seed, 1)
        vocabularies = FeedScript.allCases.map { Vocabulary(script: $0, seed: seed, exponent: Workload.zipfExponent) }
    }

    mutating func word(_ script: FeedScript) -> String {
        let rank = vocabularies[script.rawValue].sample(&rng)
        seenWords.insert(UInt64(script.rawValue) << 32 | UInt64(rank))
        wordTokens += 1
        return vocabularies[script.rawValue].words[rank]
    }

    mutating func hashtag(_ script: FeedScript) -> String {
        // Hashtags are mostly Latin even in other scripts' posts.
        let tagScript = script == .english || rng.chance(0.5) ? FeedScript.english : script
        if tagScript == .english && rng.chance(0.35) {
            return "#" + capitalised(word(.english)) + capitalised(word(.english))
        }
        return "#" + word(tagScript)
    }

    mutating func handle() -> String {
        var h = word(.english)
        switch rng.below(4) {
        case 0: h += "_" + word(.english)
        case 1: h += String(rng.below(1_000))
        case 2: h = capitalised(h) + capitalised(word(.english))
        default: break
        }
        return "@" + h
    }

    mutating func url() -> String {
        let tlds = ["com", "org", "net", "io", "dev", "co.uk", "de", "app"]
        if rng.chance(0.5) {
            let host = rng.pick(["example.com", "example.org", "example.net", "www.example.com", "news.example.com"])
            var path = (0..<rng.int(in: 1...3)).map { _ in word(.english) }.joined(separator: "/")
            if rng.chance(0.3) { path += "-" + word(.english) }
            var s = "https://" + host + "/" + path
            if rng.chance(0.5) { s += "?q=" + String(rng.below(100)) }
            if rng.chance(0.15) { s += "&ref=" + word(.english) }
            return s
        }
        return word(.english) + "." + rng.pick(tlds)
    }

    func capitalised(_ w: String) -> String {
        guard let first = w.first else { return w }
        return first.uppercased() + w.dropFirst()
    }

    mutating func number() -> String {
        switch rng.below(5) {
        case 0: String(rng.int(in: 1...12)) + ":" + String(format: "%02d", rng.below(60))
        case 1: String(rng.int(in: 1990...2030))
        case 2: String(rng.int(in: 1...99)) + "%"
        case 3: String(rng.below(100)) + "." + String(rng.below(10))
        default: String(rng.int(in: 1...999))
        }
    }

    mutating func nextPost() -> Post {
        let script = rng.weighted(FeedScript.allCases.map { ($0, $0.share) })
        let target = min(max(exp(log(Self.lengthMedian) + Self.lengthSigma * rng.normal()), Self.lengthRange.lowerBound),
                         Self.lengthRange.upperBound)

        // Extras: decided up front, placed inline or at the end.
        var inline: [String] = []
        var tail: [String] = []
        var prefix = ""
        if rng.chance(Self.mentionShare) {
            postsWithMention += 1
            if rng.chance(0.6) {
                prefix = handle() + " "  // a reply
                if rng.chance(0.25) { prefix += handle() + " " }
            } else {
                inline.append(handle())
            }
        }
        if rng.chance(Self.urlShare) {
            postsWithURL += 1
            if rng.chance(0.7) { tail.append(url()) } else { inline.append(url()) }
        }
        if rng.chance(Self.hashtagShare) {
            postsWithHashtag += 1
            for _ in 0..<rng.weighted([(1, 0.6), (2, 0.25), (3, 0.15)]) {
                let tag = hashtag(script)
                if rng.chance(0.65) { tail.append(tag) } else { inline.append(tag) }
            }
        }
        var emojiTail: [String] = []
        var inlineEmoji: [String] = []
        if rng.chance(Self.emojiShare) {
            postsWithEmoji += 1
            for _ in 0..<rng.weighted([(1, 0.6), (2, 0.25), (3, 0.15)]) {
                if rng.chance(0.55) { emojiTail.append(Emoji.random(&rng)) } else { inlineEmoji.append(Emoji.random(&rng)) }
            }
            if rng.chance(0.15), let e = emojiTail.last { emojiTail.append(e) }  // "🔥🔥"
        }
        let extrasLength = (tail + emojiTail).reduce(prefix.count) { $0 + $1.count + 1 }
            + (inline + inlineEmoji).reduce(0) { $0 + $1.count + 1 }
        let bodyTarget = max(Int(target.rounded()) - extrasLength, 6)

        let body = makeBody(script, target: bodyTarget, inline: &inline, inlineEmoji: &inlineEmoji)
        var text = prefix + body
        tail += inline  // whatever did not find a place
        for item in tail { text += " " + item }
        if !emojiTail.isEmpty {
            text += (script.spaced || rng.chance(0.5) ? " " : "") + emojiTail.joined()
        }
        inlineEmoji.forEach { text += " " + $0 }
        return Post(text: text, script: script.name)
    }

    /// Sentences of `script` until about `target` characters.
    mutating func makeBody(_ script: FeedScript, target: Int, inline: inout [String], inlineEmoji: inout [String]) -> String {
        var text = ""
        var length = 0
        let separator = script.spaced ? " " : ""
        func append(_ s: String, _ text: inout String, _ length: inout Int) {
            text += s
            length += s.count
        }
        let sentenceSeparator = script.spaced || script == .thai ? " " : ""
        while length < target {
            if length > 0 {
                // Between sentences: sometimes an emoji.
                if !inlineEmoji.isEmpty && rng.chance(0.5) {
                    append(sentenceSeparator + inlineEmoji.removeLast(), &text, &length)
                }
                append(sentenceSeparator, &text, &length)
            }
            let sentenceWords = rng.int(in: 4...16)
            var i = 0
            repeat {
                var w: String
                if rng.chance(0.025) {
                    w = number()
                } else if script != .english && rng.chance(0.03) {
                    w = word(.english)  // a Latin word in another script's post ("iPhone")
                    if script == .thai { w = " " + w + " " }  // Chinese and Japanese write it unspaced
                } else {
                    w = word(script)
                    if script.capitalises && (i == 0 || rng.chance(0.04)) { w = capitalised(w) }
                }
                if i > 0 {
                    if rng.chance(0.07) { append(script.comma + (script.spaced ? " " : ""), &text, &length) }
                    else if script == .thai && rng.chance(0.18) { append(" ", &text, &length) }  // Thai phrase break
                    else { append(separator, &text, &length) }
                }
                append(w, &text, &length)
                if script == .japanese && rng.chance(0.55) { append(rng.weighted(Syllables.particles), &text, &length) }
                if script == .thai && rng.chance(0.02) { append("ๆ", &text, &length) }
                if !inline.isEmpty && rng.chance(0.12) {
                    append(" " + inline.removeFirst() + (script.spaced ? "" : " "), &text, &length)
                }
                i += 1
            } while i < sentenceWords && length < target
            if script == .japanese && rng.chance(0.6) { append(rng.pick(Syllables.verbEndings), &text, &length) }
            append(rng.weighted(script.sentenceEnds), &text, &length)
        }
        // Tidy the seams the CJK/Thai Latin insertions can leave.
        while text.contains("  ") { text = text.replacingOccurrences(of: "  ", with: " ") }
        return text.trimmingCharacters(in: .whitespaces)
    }
}
