import Typeset

extension EntityDetector {
    /// Where a URL path that starts at `start` (just after its `/`) ends: the longest
    /// run of path characters and balanced parentheses that ends with a path-ending
    /// character or a parenthesised group (so `/foo.` leaves the period out).
    static func pathEnd(_ scanner: EntityScanner, from start: Int) -> Int {
        let count = scanner.count
        var position = start
        var end = start
        while position < count {
            let byte = scanner[position]
            if byte < 0x80 {
                if EntityCharacters.pathCharacters.contains(byte) {
                    position += 1
                    if EntityCharacters.pathEndingCharacters.contains(byte) { end = position }
                } else if byte == UInt8(ascii: "("),
                    let close = balancedParenthesesEnd(scanner, from: position)
                {
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
    static func skipPathCharacters(_ scanner: EntityScanner, from index: Int) -> Int {
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
    static func balancedParenthesesEnd(_ scanner: EntityScanner, from open: Int) -> Int? {
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
    static func queryEnd(_ scanner: EntityScanner, from start: Int, limit: Int) -> Int? {
        var position = start
        var end: Int? = nil
        while position < limit, EntityCharacters.queryCharacters.contains(scanner[position]) {
            if EntityCharacters.queryEndingCharacters.contains(scanner[position]) { end = position + 1 }
            position += 1
        }
        return end
    }
}
