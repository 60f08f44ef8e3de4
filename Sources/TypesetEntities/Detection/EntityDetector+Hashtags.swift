import Typeset

extension EntityDetector {
    /// The length in bytes of the hash sign (`#` or `＃`) at `index`, if there is one.
    @inline(__always)
    static func hashSignLength(_ scanner: EntityScanner, at index: Int) -> Int? {
        guard index < scanner.count else { return nil }
        let byte = scanner[index]
        if byte == UInt8(ascii: "#") { return 1 }
        if byte == 0xEF, index + 2 < scanner.count, scanner[index + 1] == 0xBC,
            scanner[index + 2] == 0x83
        {
            return 3
        }
        return nil
    }

    /// Finds hashtags, twitter-text style.
    ///
    /// A hashtag is `#` or `＃`, then a run of letters, marks, decimal digits and
    /// hashtag joiners (see ``EntityCharacters/isHashtagJoiner(_:)``) holding at
    /// least one letter or mark. The sign must start the text or follow a character
    /// that is neither `&` nor a hashtag character (an emoji variation selector
    /// `U+FE0E`/`U+FE0F` is fine); it must not be followed by `U+FE0F` or
    /// `U+20E3` (the keycap `#️⃣`). A hashtag followed by another hash sign or by
    /// `://` is dropped.
    ///
    /// Like a global regex, a match (even a dropped one) consumes its text, and the
    /// character before a sign only counts if no earlier match consumed it.
    static func scanHashtags(_ scanner: EntityScanner, from first: Int, into matches: inout [EntityMatch]) {
        let count = scanner.count
        var index = first
        var consumed = 0
        while index < count {
            guard let signLength = hashSignLength(scanner, at: index) else {
                index += 1
                continue
            }
            let sign = index
            let bodyStart = sign + signLength
            index = bodyStart
            if sign > 0 {
                let (previous, previousStart) = scanner.scalar(before: sign)
                guard previousStart >= consumed else { continue }
                if previous != 0xFE0E && previous != 0xFE0F
                    && (previous == UInt32(UInt8(ascii: "&"))
                        || EntityCharacters.isHashtagCharacter(previous))
                {
                    continue
                }
            }
            if let next = scanner.scalarValue(at: bodyStart), next == 0xFE0F || next == 0x20E3 {
                continue
            }
            var end = bodyStart
            var hasLetter = false
            while end < count {
                let (value, length) = scanner.scalar(at: end)
                guard EntityCharacters.isHashtagCharacter(value) else { break }
                if !hasLetter { hasLetter = EntityCharacters.isHashtagLetter(value) }
                end += length
            }
            index = end
            guard hasLetter else { continue }
            consumed = end
            if hashSignLength(scanner, at: end) != nil || scanner.hasASCIIPrefix("://", at: end) {
                continue
            }
            matches.append(
                EntityMatch(kind: .hashtag, start: sign, end: end, textStart: bodyStart, textEnd: end))
        }
    }
}
