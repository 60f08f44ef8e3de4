import Typeset

extension EntityDetector {
    /// Whether the byte at `index` starts a character that may be part of a domain
    /// label (a domain character, `-` or `_`), and its length.
    @inline(__always)
    static func labelCharacter(_ scanner: EntityScanner, at index: Int) -> (
        isLabel: Bool, isDomainCharacter: Bool, length: Int
    ) {
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

    /// The longest DNS label.
    static let maximumDomainLabelLength = 63

    /// The result of looking for a domain.
    enum DomainOutcome {
        /// A domain ends at `end`.
        case found(end: Int)
        /// No domain; when known, none can start before the character after `resumeAt`.
        case notFound(resumeAt: Int?)
    }

    /// Matches twitter-text's `validDomain` at `start`: labels followed by dots, then a
    /// top-level domain.
    ///
    /// A label is a domain character, optionally followed by domain characters, `-`
    /// and `_`, ending with a domain character. Domain characters are ASCII letters
    /// and digits and the non-ASCII characters of
    /// ``EntityCharacters/isNonASCIIDomainCharacter(_:)``. (twitter-text's
    /// JavaScript also takes ASCII controls, `"` and `` ` ``, so that it finds
    /// `` https://`example.com `` whole; we find `example.com`.) The last label before the top-level
    /// domain may not contain `_`. As with the regex's greedy backtracking, the
    /// longest such domain wins.
    static func parseDomain(_ scanner: EntityScanner, at start: Int, limit: Int) -> DomainOutcome {
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
    static func resumePosition(
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

    /// Matches twitter-text's `validAsciiDomain` at `start`, within `limit`: one or
    /// more runs of ASCII domain characters each followed by a dot, then a top-level
    /// domain (the longest such match). Also returns where the search may resume.
    static func asciiDomain(_ scanner: EntityScanner, at start: Int, limit: Int) -> (end: Int?, resumeAt: Int)
    {
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
    ///
    /// Like the Java version, the `xn--` rule applies to each label and the protocol
    /// counts once; twitter-text's JavaScript only rejects a host that starts with
    /// `xn--` and holds no ASCII domain, and counts a written protocol twice.
    static func isValidHostAndLength(_ candidate: EntityURLCandidate, _ scanner: EntityScanner) -> Bool {
        var hostLength = 0
        var hostUTF16Length = 0
        var labelStart = candidate.domainStart
        while labelStart <= candidate.domainEnd {
            var labelEnd = labelStart
            var isASCII = true
            var scalarCount = 0
            while labelEnd < candidate.domainEnd, scanner[labelEnd] != UInt8(ascii: ".") {
                let (value, length) = scanner.scalar(at: labelEnd)
                if value >= 0x80 { isASCII = false }
                scalarCount += 1
                hostUTF16Length += value > 0xFFFF ? 2 : 1
                labelEnd += length
            }
            var length = scalarCount
            if !isASCII {
                if scanner.hasASCIIPrefix("xn--", at: labelStart) { return false }
                var scalars: [UInt32] = []
                scalars.reserveCapacity(scalarCount)
                var index = labelStart
                while index < labelEnd {
                    let (value, size) = scanner.scalar(at: index)
                    scalars.append(value)
                    index += size
                }
                guard let encoded = EntityPunycode.encodedLength(of: scalars, limit: maximumDomainLabelLength - 4)
                else { return false }
                length = encoded + 4
            }
            guard length >= 1, length <= maximumDomainLabelLength else { return false }
            hostLength += length
            if labelEnd < candidate.domainEnd {
                hostLength += 1  // the dot
                hostUTF16Length += 1
            }
            labelStart = labelEnd + 1
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
