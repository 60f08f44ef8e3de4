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
