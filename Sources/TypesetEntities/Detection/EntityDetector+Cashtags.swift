import Typeset

extension EntityDetector {
    /// The most letters a cashtag symbol may have before its optional suffix.
    static let maximumCashtagLetters = 6

    /// Whether a cashtag may end at `index`: at the end of the text, before
    /// whitespace, ASCII punctuation or a directional mark (twitter-text has no
    /// directional marks here; we allow them so `\u{202B}$TSLA\u{202C}` works).
    @inline(__always)
    private static func mayEndCashtag(_ scanner: EntityScanner, at index: Int) -> Bool {
        guard index < scanner.count else { return true }
        let byte = scanner[index]
        if byte < 0x80 {
            return EntityCharacters.asciiPunctuation.contains(byte)
                || EntityCharacters.isSpace(UInt32(byte))
        }
        let value = scanner.scalar(at: index).value
        return EntityCharacters.isSpace(value) || value == 0xFEFF
            || EntityCharacters.isDirectionalMark(value)
    }

    /// Finds cashtags, twitter-text style: `$`, 1-6 ASCII letters, optionally `.` or
    /// `_` and 1-2 ASCII letters (`$BRK.A`, `$BRK_AB`). The `$` must start the text or
    /// follow whitespace or a directional mark; the cashtag must end the text or be
    /// followed by whitespace, ASCII punctuation or a directional mark. When a
    /// suffix cannot end there, the symbol without it is tried (`$TEST.` → `TEST`).
    ///
    /// Directional marks before the `$` and all ASCII punctuation after the symbol
    /// (`"` and `` ` `` included) follow twitter-text's Java version; its
    /// JavaScript allows neither. Directional marks after the symbol are our own
    /// addition.
    static func scanCashtags(_ scanner: EntityScanner, from first: Int, into matches: inout [EntityMatch]) {
        let count = scanner.count
        var index = first
        var consumed = 0
        while index < count {
            guard scanner[index] == UInt8(ascii: "$") else {
                index += 1
                continue
            }
            let sign = index
            let symbolStart = sign + 1
            index = symbolStart
            if sign > 0 {
                let (previous, previousStart) = scanner.scalar(before: sign)
                guard previousStart >= consumed,
                    EntityCharacters.isSpace(previous) || EntityCharacters.isDirectionalMark(previous)
                else { continue }
            }
            var lettersEnd = symbolStart
            while lettersEnd < count, lettersEnd - symbolStart <= maximumCashtagLetters,
                EntityCharacters.isASCIILetter(scanner[lettersEnd])
            {
                lettersEnd += 1
            }
            let letters = lettersEnd - symbolStart
            guard letters >= 1, letters <= maximumCashtagLetters else { continue }
            var end: Int? = nil
            if lettersEnd < count,
                scanner[lettersEnd] == UInt8(ascii: ".") || scanner[lettersEnd] == UInt8(ascii: "_")
            {
                let suffixStart = lettersEnd + 1
                var suffixEnd = suffixStart
                while suffixEnd < count, suffixEnd - suffixStart < 2,
                    EntityCharacters.isASCIILetter(scanner[suffixEnd])
                {
                    suffixEnd += 1
                }
                while suffixEnd > suffixStart {
                    if mayEndCashtag(scanner, at: suffixEnd) {
                        end = suffixEnd
                        break
                    }
                    suffixEnd -= 1
                }
            }
            if end == nil, mayEndCashtag(scanner, at: lettersEnd) { end = lettersEnd }
            guard let end else { continue }
            consumed = end
            index = end
            matches.append(
                EntityMatch(kind: .cashtag, start: sign, end: end, textStart: symbolStart, textEnd: end))
        }
    }
}
