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
    /// The longest DNS label.
    static let maximumDomainLabelLength = 63

    /// Finds URLs, twitter-text style.
    ///
    /// The scan emulates twitter-text's global URL regex: at each position a
    /// character that may precede a URL (anything but `A-Z a-z 0-9 @ ＠ $ # ＃` and
    /// the invalid characters) is consumed, then a URL must follow (or the URL starts
    /// the text). A match consumes its text even when a later check drops it. To
    /// stay fast it only looks near dots: every URL's domain holds one.
    static func scanURLs(_ scanner: EntityScanner, firstDot: Int, into matches: inout [EntityMatch]) {
        let count = scanner.count
        var position = 0
        var dot = -1
        while position < count {
            if dot <= position {
                guard let next = nextDot(scanner, from: max(position + 1, firstDot)) else { return }
                dot = next
                position = max(position, windowStart(scanner, dot: next, notBefore: position))
            }
            let (value, length) = scanner.scalar(at: position)
            var outcome = BodyOutcome.failed(resumeAt: nil)
            if EntityCharacters.mayPrecedeURL(value) {
                outcome = matchBody(scanner, at: position + length, precedingStart: position)
            }
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

    /// Whether the byte at `index` starts a character that may be part of a domain
    /// label (a domain character, `-` or `_`), and its length.
    @inline(__always)
    private static func labelCharacter(_ scanner: EntityScanner, at index: Int) -> (isLabel: Bool, isDomainCharacter: Bool, length: Int) {
        let byte = scanner[index]
        if byte < 0x80 {
            if EntityCharacters.isASCIIAlphanumeric(byte) { return (true, true, 1) }
            let joiner = byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            return (joiner, false, 1)
        }
        let (value, length) = scanner.scalar(at: index)
        let isDomain = EntityCharacters.isNonASCIIDomainCharacter(value)
        return (isDomain, isDomain, length)
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
    private static func matchBody(_ scanner: EntityScanner, at start: Int, precedingStart: Int?) -> BodyOutcome {
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
        if end + 1 < count, scanner[end] == UInt8(ascii: ":"), EntityCharacters.isASCIIDigit(scanner[end + 1]) {
            end += 2
            while end < count, EntityCharacters.isASCIIDigit(scanner[end]) { end += 1 }
        }
        var hasPath = false
        if end < count, scanner[end] == UInt8(ascii: "/") {
            hasPath = true
            end = pathEnd(scanner, from: end + 1)
        }
        if end < count, scanner[end] == UInt8(ascii: "?"), let queryEnd = queryEnd(scanner, from: end + 1, limit: count) {
            end = queryEnd
        }
        return .matched(
            EntityURLCandidate(
                precedingStart: precedingStart, start: start, protocolLength: protocolLength,
                domainEnd: domainEnd, hasPath: hasPath, end: end))
    }

    /// The result of looking for a domain.
    private enum DomainOutcome {
        /// A domain ends at `end`.
        case found(end: Int)
        /// No domain; when known, none can start before the character after `resumeAt`.
        case notFound(resumeAt: Int?)
    }

    /// Matches twitter-text's `validDomain` at `start`: labels followed by dots, then a
    /// top-level domain.
    ///
    /// A label is a domain character, optionally followed by domain characters, `-`
    /// and `_`, ending with a domain character. The last label before the top-level
    /// domain may not contain `_`. As with the regex's greedy backtracking, the
    /// longest such domain wins.
    private static func parseDomain(_ scanner: EntityScanner, at start: Int, limit: Int) -> DomainOutcome {
        let tlds = EntityTopLevelDomains.shared
        var position = start
        var best: Int? = nil
        var sawTopLevelDomain = false
        while true {
            let labelStart = position
            var startsWithDomainCharacter = false
            var endsWithDomainCharacter = false
            var hasUnderscore = false
            while position < limit {
                let (isLabel, isDomainCharacter, length) = labelCharacter(scanner, at: position)
                guard isLabel else { break }
                if position == labelStart { startsWithDomainCharacter = isDomainCharacter }
                endsWithDomainCharacter = isDomainCharacter
                if scanner[position] == UInt8(ascii: "_") { hasUnderscore = true }
                position += length
            }
            let followedByDot = position < limit && scanner[position] == UInt8(ascii: ".")
            guard followedByDot, startsWithDomainCharacter, endsWithDomainCharacter else {
                if let best { return .found(end: best) }
                return .notFound(
                    resumeAt: resumePosition(
                        scanner, domainStart: start, breakStart: labelStart, breakEnd: position,
                        followedByDot: followedByDot, startsWithDomainCharacter: startsWithDomainCharacter,
                        sawTopLevelDomain: sawTopLevelDomain))
            }
            let tldStart = position + 1
            if let tldEnd = tlds.match(in: scanner, at: tldStart, limit: limit) {
                sawTopLevelDomain = true
                if !hasUnderscore { best = tldEnd }
            }
            position = tldStart
        }
    }

    /// After a failed domain at `domainStart`, the next position worth trying.
    ///
    /// - When valid labels came first but no top-level domain followed any of their
    ///   dots, no domain can start inside those labels either: resume at the dot
    ///   before the label that broke the chain.
    /// - When the first label itself broke the chain, no domain can start inside it
    ///   (every suffix ends the same way), unless it ends with a protocol: resume
    ///   just before that protocol, or else at the character that ended the label.
    private static func resumePosition(
        _ scanner: EntityScanner, domainStart: Int, breakStart: Int, breakEnd: Int,
        followedByDot: Bool, startsWithDomainCharacter: Bool, sawTopLevelDomain: Bool
    ) -> Int? {
        if breakStart > domainStart {
            return sawTopLevelDomain ? nil : breakStart - 1
        }
        guard breakEnd > breakStart else { return nil }
        if followedByDot {
            // A label with a bad first or last character: a suffix may still be good
            // unless it is the last character that is bad.
            return startsWithDomainCharacter ? breakEnd : nil
        }
        if scanner.hasASCIIPrefix("://", at: breakEnd) {
            var protocolStart: Int? = nil
            if breakEnd - 5 >= breakStart, scanner.hasASCIIPrefix("https", at: breakEnd - 5) {
                protocolStart = breakEnd - 5
            } else if breakEnd - 4 >= breakStart, scanner.hasASCIIPrefix("http", at: breakEnd - 4) {
                protocolStart = breakEnd - 4
            }
            if let protocolStart {
                return protocolStart > breakStart ? scanner.scalarStart(before: protocolStart) : nil
            }
        }
        return breakEnd
    }

    /// Where a URL path that starts at `start` (just after its `/`) ends: the longest
    /// run of path characters and balanced parentheses that ends with a path-ending
    /// character or a parenthesised group (so `/foo.` leaves the period out).
    private static func pathEnd(_ scanner: EntityScanner, from start: Int) -> Int {
        let count = scanner.count
        var position = start
        var end = start
        while position < count {
            let byte = scanner[position]
            if byte < 0x80 {
                if EntityCharacters.pathCharacters.contains(byte) {
                    position += 1
                    if EntityCharacters.pathEndingCharacters.contains(byte) { end = position }
                } else if byte == UInt8(ascii: "("), let close = balancedParenthesesEnd(scanner, from: position) {
                    position = close
                    end = position
                } else {
                    break
                }
            } else {
                let (value, length) = scanner.scalar(at: position)
                guard EntityCharacters.isPathCharacter(value) else { break }
                position += length
                if EntityCharacters.isPathEndingCharacter(value) { end = position }
            }
        }
        return end
    }

    /// Skips path characters from `index`.
    private static func skipPathCharacters(_ scanner: EntityScanner, from index: Int) -> Int {
        var index = index
        while index < scanner.count {
            let (value, length) = scanner.scalar(at: index)
            guard EntityCharacters.isPathCharacter(value) else { break }
            index += length
        }
        return index
    }

    /// If the `(` at `open` starts a balanced group — `(chars)` or, one level deep,
    /// `(chars(chars)chars)` — where the group ends.
    private static func balancedParenthesesEnd(_ scanner: EntityScanner, from open: Int) -> Int? {
        let count = scanner.count
        let innerStart = open + 1
        let innerEnd = skipPathCharacters(scanner, from: innerStart)
        guard innerEnd < count else { return nil }
        if scanner[innerEnd] == UInt8(ascii: ")") {
            return innerEnd > innerStart ? innerEnd + 1 : nil
        }
        guard scanner[innerEnd] == UInt8(ascii: "(") else { return nil }
        let nestedStart = innerEnd + 1
        let nestedEnd = skipPathCharacters(scanner, from: nestedStart)
        guard nestedEnd > nestedStart, nestedEnd < count, scanner[nestedEnd] == UInt8(ascii: ")") else {
            return nil
        }
        let tailEnd = skipPathCharacters(scanner, from: nestedEnd + 1)
        guard tailEnd < count, scanner[tailEnd] == UInt8(ascii: ")") else { return nil }
        return tailEnd + 1
    }

    /// Where a query string that starts at `start` (just after its `?`) ends: the
    /// longest run of query characters that ends with a query-ending character, or
    /// `nil` when there is none.
    private static func queryEnd(_ scanner: EntityScanner, from start: Int, limit: Int) -> Int? {
        var position = start
        var end: Int? = nil
        while position < limit, EntityCharacters.queryCharacters.contains(scanner[position]) {
            if EntityCharacters.queryEndingCharacters.contains(scanner[position]) { end = position + 1 }
            position += 1
        }
        return end
    }

    /// Applies twitter-text's checks to a URL match and records the URLs it yields.
    private static func emit(_ candidate: EntityURLCandidate, _ scanner: EntityScanner, into matches: inout [EntityMatch]) {
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
        matches.append(EntityMatch(kind: .url, start: candidate.start, end: end, textStart: candidate.start, textEnd: end))
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
    /// a top-level domain becomes a URL. The last one takes the path along when it
    /// ends the domain.
    private static func emitWithoutProtocol(_ candidate: EntityURLCandidate, _ scanner: EntityScanner, into matches: inout [EntityMatch]) {
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
                matches.append(EntityMatch(kind: .url, start: position, end: found, textStart: position, textEnd: found))
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

    /// Matches twitter-text's `validAsciiDomain` at `start`, within `limit`: one or
    /// more runs of ASCII domain characters each followed by a dot, then a top-level
    /// domain (the longest such match). Also returns where the search may resume.
    private static func asciiDomain(_ scanner: EntityScanner, at start: Int, limit: Int) -> (end: Int?, resumeAt: Int) {
        let tlds = EntityTopLevelDomains.shared
        var position = start
        var best: Int? = nil
        while true {
            let labelStart = position
            while position < limit {
                let (value, length) = scanner.scalar(at: position)
                guard EntityCharacters.isASCIIDomainCharacter(value) else { break }
                position += length
            }
            guard position > labelStart, position < limit, scanner[position] == UInt8(ascii: ".") else {
                // Starting inside a first label that no dot follows cannot do better.
                return (best, labelStart == start ? position : start)
            }
            if let end = tlds.match(in: scanner, at: position + 1, limit: limit) { best = end }
            position += 1
        }
    }

    /// twitter-text's `isValidUrl`: every label of the host fits DNS once in
    /// punycode (a label that already starts with `xn--` must be ASCII), and the URL
    /// with that host and a protocol is at most ``maximumURLLength`` UTF-16 units.
    private static func isValidHostAndLength(_ candidate: EntityURLCandidate, _ scanner: EntityScanner) -> Bool {
        var hostLength = 0
        var labelStart = candidate.domainStart
        var position = labelStart
        var labelScalars: [UInt32] = []
        var labelIsASCII = true
        var labelCount = 0
        var hostUTF16Length = 0
        while true {
            if position == candidate.domainEnd || scanner[position] == UInt8(ascii: ".") {
                let length: Int
                if labelIsASCII {
                    length = labelCount
                } else {
                    if scanner.hasASCIIPrefix("xn--", at: labelStart) { return false }
                    guard let encoded = EntityPunycode.encodedLength(
                        of: labelScalars, limit: maximumDomainLabelLength - 4)
                    else { return false }
                    length = encoded + 4
                }
                guard length >= 1, length <= maximumDomainLabelLength else { return false }
                hostLength += length
                if position == candidate.domainEnd { break }
                hostLength += 1
                hostUTF16Length += 1
                position += 1
                labelStart = position
                labelScalars.removeAll(keepingCapacity: true)
                labelIsASCII = true
                labelCount = 0
                continue
            }
            let (value, length) = scanner.scalar(at: position)
            if value >= 0x80 { labelIsASCII = false }
            labelScalars.append(value)
            labelCount += 1
            hostUTF16Length += value > 0xFFFF ? 2 : 1
            position += length
        }
        var urlUTF16Length = 0
        for index in candidate.start..<candidate.end {
            let byte = scanner[index]
            if byte & 0xC0 != 0x80 { urlUTF16Length += byte >= 0xF0 ? 2 : 1 }
        }
        let addedProtocol = candidate.protocolLength == 0 ? 8 : 0
        return urlUTF16Length - hostUTF16Length + hostLength + addedProtocol <= maximumURLLength
    }
}
