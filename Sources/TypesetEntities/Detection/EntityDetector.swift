import Typeset

/// Finds hashtags, mentions, cashtags and URLs in post text, following the rules of
/// twitter-text (https://github.com/twitter/twitter-text) in every script.
///
/// A detector is an immutable value: share one across threads and tasks freely.
///
/// ```swift
/// let detector = EntityDetector()
/// detector.entities(in: "Read https://swift.org #swift @swiftlang $AAPL")
/// // url "https://swift.org", hashtag "swift", mention "swiftlang", cashtag "AAPL"
/// ```
///
/// Entities never overlap. As in twitter-text, when two candidates overlap the one
/// that starts first wins, so a URL hides the `#fragment` or `@user` inside it.
/// Restricting `kinds` filters that result; it never changes which entities
/// win an overlap, so a kind's entities are the same whatever else is asked for.
///
/// The detector scans the text's UTF-8 bytes by hand (no regular expressions),
/// leaves at once when the text holds none of `# ＃ @ ＠ $ .`, looks for URLs only
/// around dots, and asks `Unicode.Scalar.Properties` only about non-ASCII
/// characters in and around hashtags (and top-level domains' letter case).
///
/// Where this differs from twitter-text on purpose, the rule's documentation says so.
public struct EntityDetector: Sendable {
    /// The kinds of entity this detector reports.
    public let kinds: Set<EntityKind>

    /// Whether URLs, hashtags and mentions have to be scanned: they can overlap one
    /// another, so any of them needs all three.
    private let scansLinkedKinds: Bool
    /// `kinds` as bits, one per ``EntityKind`` case, for a cheap membership test.
    private let kindBits: UInt8

    /// Creates a detector that reports the given kinds of entity (all by default).
    public init(kinds: Set<EntityKind> = Set(EntityKind.allCases)) {
        self.kinds = kinds
        self.scansLinkedKinds = !kinds.isDisjoint(with: [.url, .hashtag, .mention])
        self.kindBits = kinds.reduce(0) { $0 | Self.bit(for: $1) }
    }

    /// The bit of `kind` in `kindBits`.
    private static func bit(for kind: EntityKind) -> UInt8 {
        switch kind {
        case .hashtag: 1
        case .mention: 2
        case .cashtag: 4
        case .url: 8
        }
    }

    /// The entities in `text`, sorted by where they start.
    ///
    /// Hashtags, mentions and cashtags are reported without their sigil; URLs as
    /// written. Ranges include the sigil. See ``Entity``.
    public func entities(in text: String) -> [Entity] {
        detect(text)
    }

    /// The screen name `text` replies to: the name of a mention that starts the text,
    /// after nothing but optional whitespace or directional marks (`" @jack hi"` →
    /// `"jack"`), or `nil` when the text is not a reply. Works whatever `kinds` holds.
    public func replyScreenName(in text: String) -> String? {
        guard !text.isEmpty else { return nil }
        var text = text
        return text.withUTF8 { Self.replyScreenName(in: EntityScanner(bytes: $0)) }
    }

    /// The synchronous detection behind every public entry point.
    func detect(_ text: String) -> [Entity] {
        guard !kinds.isEmpty, !text.isEmpty else { return [] }
        var text = text
        return text.withUTF8 { detect(in: EntityScanner(bytes: $0)) }
    }

    private func detect(in scanner: EntityScanner) -> [Entity] {
        let triggers = EntityTriggers(scanning: scanner)
        guard triggers.any else { return [] }
        var matches: [EntityMatch] = []
        if scansLinkedKinds {
            if let dot = triggers.firstDot { Self.scanURLs(scanner, firstDot: dot, into: &matches) }
            if let hash = triggers.firstHashSign { Self.scanHashtags(scanner, from: hash, into: &matches) }
            if let at = triggers.firstAtSign { Self.scanMentions(scanner, from: at, into: &matches) }
        }
        if kindBits & Self.bit(for: .cashtag) != 0, let dollar = triggers.firstDollarSign {
            Self.scanCashtags(scanner, from: dollar, into: &matches)
        }
        guard !matches.isEmpty else { return [] }
        return entities(from: matches, in: scanner)
    }

    /// Sorts `matches`, drops those that overlap an earlier one, keeps the requested
    /// kinds and converts them to public entities.
    private func entities(from matches: [EntityMatch], in scanner: EntityScanner) -> [Entity] {
        var matches = matches
        if matches.count > 1 { matches.sort { $0.start < $1.start } }
        var offsets = EntityOffsetCounter(scanner: scanner)
        var result: [Entity] = []
        result.reserveCapacity(matches.count)
        var previousEnd = 0
        for match in matches {
            guard match.start >= previousEnd else { continue }
            previousEnd = match.end
            guard kindBits & Self.bit(for: match.kind) != 0 else { continue }
            let start = offsets.advance(to: match.start)
            let end = offsets.advance(to: match.end)
            result.append(
                Entity(
                    kind: match.kind,
                    text: scanner.string(match.textStart..<match.textEnd),
                    utf16Range: start.utf16..<end.utf16,
                    scalarRange: start.scalars..<end.scalars,
                    listSlug: match.listSlugStart.map { scanner.string($0..<match.end) }))
        }
        return result
    }
}
