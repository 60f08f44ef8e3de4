import Typeset

extension EntityDetector {
    /// The longest screen name twitter-text matches.
    static let maximumScreenNameLength = 20
    /// The most characters a list slug may have after its first letter.
    static let maximumListSlugTail = 24

    /// The length in bytes of the at sign (`@` or `＠`) at `index`, if there is one.
    @inline(__always)
    static func atSignLength(_ scanner: EntityScanner, at index: Int) -> Int? {
        guard index < scanner.count else { return nil }
        let byte = scanner[index]
        if byte == UInt8(ascii: "@") { return 1 }
        if byte == 0xEF, index + 2 < scanner.count, scanner[index + 1] == 0xBC,
            scanner[index + 2] == 0xA0
        {
            return 3
        }
        return nil
    }

    /// Whether what follows a mention at `end` disqualifies it: another at sign, an
    /// accented Latin letter (the name would have run on) or `://`.
    static func mentionEndIsInvalid(_ scanner: EntityScanner, at end: Int) -> Bool {
        guard end < scanner.count else { return false }
        let value = scanner.scalar(at: end).value
        return value == UInt32(UInt8(ascii: "@")) || value == 0xFF20
            || EntityCharacters.isLatinAccent(value) || scanner.hasASCIIPrefix("://", at: end)
    }

    /// Whether a mention may start with the at sign at `sign`: at the start of the
    /// text, after a character other than `A-Z a-z 0-9 _ ! # $ % & * @ ＠`, or right
    /// after an `RT`/`rt` that itself starts the text or follows a character other
    /// than `A-Z a-z 0-9 _ + ~ . -`. Characters an earlier match consumed don't count.
    private static func mayStartMention(_ scanner: EntityScanner, at sign: Int, consumed: Int) -> Bool {
        if sign == 0 { return true }
        let (previous, previousStart) = scanner.scalar(before: sign)
        if previousStart >= consumed, previous != 0xFF20,
            !EntityCharacters.mentionBlockers.contains(scalar: previous)
        {
            return true
        }
        guard sign >= 2, sign - 2 >= consumed, scanner[sign - 2] | 0x20 == UInt8(ascii: "r"),
            scanner[sign - 1] | 0x20 == UInt8(ascii: "t")
        else { return false }
        if sign == 2 { return true }
        let (beforeRT, beforeRTStart) = scanner.scalar(before: sign - 2)
        return beforeRTStart >= consumed && !EntityCharacters.retweetBlockers.contains(scalar: beforeRT)
    }

    /// Finds mentions and list mentions, twitter-text style.
    ///
    /// A mention is `@` or `＠` and 1-20 of `A-Z a-z 0-9 _` (a longer run is cut at
    /// 20, as in twitter-text), optionally followed by a list slug: `/`, a letter,
    /// then up to 24 of `A-Z a-z 0-9 _ -`. See `mayStartMention` for what may come
    /// before it and `mentionEndIsInvalid` for what may not follow it. One at sign
    /// only, as in twitter-text's JavaScript (the Java regex takes `@@jack` at the
    /// start of a text).
    static func scanMentions(_ scanner: EntityScanner, from first: Int, into matches: inout [EntityMatch]) {
        let count = scanner.count
        var index = first
        var consumed = 0
        while index < count {
            guard let signLength = atSignLength(scanner, at: index) else {
                index += 1
                continue
            }
            let sign = index
            let nameStart = sign + signLength
            index = nameStart
            guard mayStartMention(scanner, at: sign, consumed: consumed) else { continue }
            var nameEnd = nameStart
            while nameEnd < count, nameEnd - nameStart < maximumScreenNameLength,
                EntityCharacters.screenNameCharacters.contains(scanner[nameEnd])
            {
                nameEnd += 1
            }
            guard nameEnd > nameStart else { continue }
            var end = nameEnd
            var listSlugStart: Int? = nil
            if nameEnd + 1 < count, scanner[nameEnd] == UInt8(ascii: "/"),
                EntityCharacters.isASCIILetter(scanner[nameEnd + 1])
            {
                listSlugStart = nameEnd
                end = nameEnd + 2
                while end < count, end - (nameEnd + 2) < maximumListSlugTail,
                    EntityCharacters.listSlugCharacters.contains(scanner[end])
                {
                    end += 1
                }
            }
            consumed = end
            index = end
            guard !mentionEndIsInvalid(scanner, at: end) else { continue }
            matches.append(
                EntityMatch(
                    kind: .mention, start: sign, end: end, textStart: nameStart, textEnd: nameEnd,
                    listSlugStart: listSlugStart))
        }
    }

    /// The screen name a text replies to: optional whitespace and directional marks,
    /// an at sign, 1-20 screen-name characters, not followed by what
    /// `mentionEndIsInvalid` rejects. (Directional marks as in twitter-text's Java
    /// version; its JavaScript allows only whitespace.)
    static func replyScreenName(in scanner: EntityScanner) -> String? {
        let count = scanner.count
        var index = 0
        while index < count {
            let (value, length) = scanner.scalar(at: index)
            guard EntityCharacters.isSpace(value) || EntityCharacters.isDirectionalMark(value) else {
                break
            }
            index += length
        }
        guard let signLength = atSignLength(scanner, at: index) else { return nil }
        let nameStart = index + signLength
        var nameEnd = nameStart
        while nameEnd < count, nameEnd - nameStart < maximumScreenNameLength,
            EntityCharacters.screenNameCharacters.contains(scanner[nameEnd])
        {
            nameEnd += 1
        }
        guard nameEnd > nameStart, !mentionEndIsInvalid(scanner, at: nameEnd) else { return nil }
        return scanner.string(nameStart..<nameEnd)
    }
}
