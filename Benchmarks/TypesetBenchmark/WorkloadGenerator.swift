// Part of the benchmark's generated feed (see Workload.swift).

import Foundation

// MARK: - Emoji, hashtags, mentions, URLs

enum Emoji {
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
struct Vocabulary: Sendable {
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

struct FeedGenerator: Sendable {
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
