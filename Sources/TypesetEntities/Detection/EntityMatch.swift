import Typeset

/// An entity found while scanning, in UTF-8 byte offsets.
struct EntityMatch {
    /// The entity's kind.
    var kind: EntityKind
    /// Where the entity starts (its sigil, or a URL's first character).
    var start: Int
    /// Where the entity ends.
    var end: Int
    /// Where the entity's reported text starts (after the sigil).
    var textStart: Int
    /// Where the entity's reported text ends (before a list slug).
    var textEnd: Int
    /// Where a mention's list slug starts; it runs to `end`.
    var listSlugStart: Int? = nil
}

/// Converts increasing UTF-8 offsets to UTF-16 and scalar offsets in one forward walk.
struct EntityOffsetCounter {
    private let scanner: EntityScanner
    private var byte = 0
    private var utf16 = 0
    private var scalars = 0

    /// A counter at the start of the text.
    init(scanner: EntityScanner) { self.scanner = scanner }

    /// The UTF-16 and scalar offsets of the byte offset `target` (never less than
    /// the previous target).
    mutating func advance(to target: Int) -> (utf16: Int, scalars: Int) {
        while byte < target {
            let lead = scanner[byte]
            if lead & 0xC0 != 0x80 {
                scalars += 1
                utf16 += lead >= 0xF0 ? 2 : 1
            }
            byte += 1
        }
        return (utf16, scalars)
    }
}
