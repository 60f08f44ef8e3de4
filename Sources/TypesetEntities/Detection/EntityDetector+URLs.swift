import Typeset

/// A match of twitter-text's URL pattern before its validity checks, in byte offsets.
struct EntityURLCandidate {
    /// The character consumed before the URL, or `nil` when the URL starts the text.
    var precedingStart: Int?
    /// Where the URL starts (its protocol, or its domain when it has none).
    var start: Int
    /// The length of `http://` or `https://`, or 0.
    var protocolLength: Int
    /// Where the domain ends (the domain starts at `start + protocolLength`).
    var domainEnd: Int
    /// Whether a `/path` follows the domain (and port).
    var hasPath: Bool
    /// Where the match ends: after the domain, port, path and query.
    var end: Int

    /// Where the domain starts.
    var domainStart: Int { start + protocolLength }
}

extension EntityDetector {
    /// The longest URL, counted in UTF-16 with an `https://` added when it has no
    /// protocol and its host in punycode.
    static let maximumURLLength = 4096

    /// The longest slug of a `t.co` short link.
    static let maximumShortLinkSlugLength = 40

    /// Finds URLs, twitter-text style.
    ///
    /// The scan emulates twitter-text's global URL regex: at each position a
    /// character that may precede a URL (anything but `A-Z a-z 0-9 @ ＠ $ # ＃` and
    /// the invalid characters) is consumed, then a URL must follow (or the URL starts
    /// the text). A match consumes its text even when a later check drops it. To
    /// stay fast it only looks near dots: every URL's domain holds one.
    ///
    /// It works on Unicode scalars like twitter-text's Java version; the
    /// JavaScript regex works on UTF-16 and can split a surrogate pair, taking a
    /// lone low surrogate (of `😀` or `𝒜`) as a domain character.
    static func scanURLs(_ scanner: EntityScanner, firstDot: Int, into matches: inout [EntityMatch]) {
        let count = scanner.count
        var position = 0
        var dot = -1
        while position < count {
            if dot <= position {
                // Jump to where a URL holding the next dot could start; stop without one.
                guard let next = nextDot(scanner, from: max(position + 1, firstDot)) else { return }
                dot = next
                position = max(position, windowStart(scanner, dot: next, notBefore: position))
            }
            let (value, length) = scanner.scalar(at: position)
            var outcome = BodyOutcome.failed(resumeAt: nil)
            if EntityCharacters.mayPrecedeURL(value) {
                outcome = matchBody(scanner, at: position + length, precedingStart: position)
            }
            // The regex's `^` alternative: a URL may also start the text itself.
            if position == 0, case .failed = outcome,
                case .matched(let candidate) = matchBody(scanner, at: 0, precedingStart: nil)
            {
                outcome = .matched(candidate)
            }
            switch outcome {
            case .matched(let candidate):
                emit(candidate, scanner, into: &matches)
                position = candidate.end
            case .failed(let resumeAt):
                position = max(position + length, resumeAt ?? 0)
            }
        }
    }

    /// The result of trying to match a URL at one position.
    private enum BodyOutcome {
        /// A URL pattern matched.
        case matched(EntityURLCandidate)
        /// Nothing matched; when known, no URL can be found before `resumeAt` either.
        case failed(resumeAt: Int?)
    }

    /// The first `.` at or after `index`.
    private static func nextDot(_ scanner: EntityScanner, from index: Int) -> Int? {
        var index = index
        while index < scanner.count {
            if scanner[index] == UInt8(ascii: ".") { return index }
            index += 1
        }
        return nil
    }

    /// The earliest position, not before `lower`, from which a URL whose domain
    /// holds the `.` at `dot` could be matched: the character before the run of
    /// label characters that ends at the dot, or before a protocol just before it.
    private static func windowStart(_ scanner: EntityScanner, dot: Int, notBefore lower: Int) -> Int {
        var runStart = dot
        while runStart > lower {
            let previous = scanner.scalarStart(before: runStart)
            guard labelCharacter(scanner, at: previous).isLabel else { break }
            runStart = previous
        }
        var bodyStart = runStart
        if runStart >= 7, scanner.hasASCIIPrefix("://", at: runStart - 3) {
            if runStart >= 8, scanner.hasASCIIPrefix("https", at: runStart - 8) {
                bodyStart = runStart - 8
            } else if scanner.hasASCIIPrefix("http", at: runStart - 7) {
                bodyStart = runStart - 7
            }
        }
        guard bodyStart > lower else { return lower }
        return scanner.scalarStart(before: bodyStart)
    }

    /// The length of an `http://` or `https://` at `index` (any letter case).
    @inline(__always)
    private static func protocolLength(_ scanner: EntityScanner, at index: Int) -> Int? {
        guard index < scanner.count, scanner[index] | 0x20 == UInt8(ascii: "h") else { return nil }
        if scanner.hasASCIIPrefix("http://", at: index) { return 7 }
        if scanner.hasASCIIPrefix("https://", at: index) { return 8 }
        return nil
    }

    /// Tries to match a URL (protocol, domain, port, path, query) at `start`.
    private static func matchBody(_ scanner: EntityScanner, at start: Int, precedingStart: Int?)
        -> BodyOutcome
    {
        guard start < scanner.count else { return .failed(resumeAt: nil) }
        let protocolLength = protocolLength(scanner, at: start) ?? 0
        let domainEnd: Int
        switch parseDomain(scanner, at: start + protocolLength, limit: scanner.count) {
        case .found(let end):
            domainEnd = end
        case .notFound(let resumeAt):
            // With a protocol, the same text without it cannot be a domain ("http:").
            return .failed(resumeAt: protocolLength > 0 ? nil : resumeAt)
        }
        var end = domainEnd
        let count = scanner.count
        if end + 1 < count, scanner[end] == UInt8(ascii: ":"), EntityCharacters.isASCIIDigit(scanner[end + 1])
        {
            end += 2
            while end < count, EntityCharacters.isASCIIDigit(scanner[end]) { end += 1 }
        }
        var hasPath = false
        if end < count, scanner[end] == UInt8(ascii: "/") {
            hasPath = true
            end = pathEnd(scanner, from: end + 1)
        }
        if end < count, scanner[end] == UInt8(ascii: "?"),
            let queryEnd = queryEnd(scanner, from: end + 1, limit: count)
        {
            end = queryEnd
        }
        return .matched(
            EntityURLCandidate(
                precedingStart: precedingStart, start: start, protocolLength: protocolLength,
                domainEnd: domainEnd, hasPath: hasPath, end: end))
    }

    /// Applies twitter-text's checks to a URL match and records the URLs it yields.
    private static func emit(
        _ candidate: EntityURLCandidate, _ scanner: EntityScanner, into matches: inout [EntityMatch]
    ) {
        guard isValidHostAndLength(candidate, scanner) else { return }
        if candidate.protocolLength == 0 {
            emitWithoutProtocol(candidate, scanner, into: &matches)
            return
        }
        var end = candidate.end
        if let shortLink = shortLinkEnd(candidate, scanner) {
            guard let shortLinkEnd = shortLink else { return }
            end = shortLinkEnd
        }
        matches.append(
            EntityMatch(
                kind: .url, start: candidate.start, end: end, textStart: candidate.start, textEnd: end))
    }

    /// For `http(s)://t.co/slug` links: `.some(end)` with the end of the slug and any
    /// query (t.co links take no other path characters), `.some(nil)` when the slug
    /// is too long, `nil` when the URL is no t.co link.
    private static func shortLinkEnd(_ candidate: EntityURLCandidate, _ scanner: EntityScanner) -> Int?? {
        let slugStart = candidate.domainStart + 5
        guard slugStart < candidate.end, scanner.hasASCIIPrefix("t.co/", at: candidate.domainStart) else {
            return nil
        }
        var slugEnd = slugStart
        while slugEnd < candidate.end, EntityCharacters.isASCIIAlphanumeric(scanner[slugEnd]) { slugEnd += 1 }
        guard slugEnd > slugStart else { return nil }
        guard slugEnd - slugStart <= maximumShortLinkSlugLength else { return .some(nil) }
        if slugEnd < candidate.end, scanner[slugEnd] == UInt8(ascii: "?"),
            let queryEnd = queryEnd(scanner, from: slugEnd + 1, limit: candidate.end)
        {
            return queryEnd
        }
        return slugEnd
    }

    /// A URL without protocol must not follow `- _ . /`, and only its ASCII domains
    /// count: each run of ASCII labels (`A-Z a-z 0-9 -` and accented Latin) ending in
    /// a top-level domain becomes a URL, at its own position. The last one takes the
    /// path along when it ends the domain.
    ///
    /// twitter-text's JavaScript finds each run's position with `indexOf`, which
    /// reports a repeated domain at its first occurrence, and attaches the path to
    /// the last run even when other text lies between them; we do neither.
    private static func emitWithoutProtocol(
        _ candidate: EntityURLCandidate, _ scanner: EntityScanner, into matches: inout [EntityMatch]
    ) {
        if let precedingStart = candidate.precedingStart {
            switch scanner[precedingStart] {
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "/"): return
            default: break
            }
        }
        let domainEnd = candidate.domainEnd
        var position = candidate.domainStart
        var lastEnd: Int? = nil
        while position < domainEnd {
            let (found, resumeAt) = asciiDomain(scanner, at: position, limit: domainEnd)
            if let found {
                matches.append(
                    EntityMatch(kind: .url, start: position, end: found, textStart: position, textEnd: found))
                lastEnd = found
                position = found
            } else {
                position = max(position + scanner.scalar(at: position).length, resumeAt)
            }
        }
        if candidate.hasPath, lastEnd == domainEnd {
            matches[matches.count - 1].end = candidate.end
            matches[matches.count - 1].textEnd = candidate.end
        }
    }
}
