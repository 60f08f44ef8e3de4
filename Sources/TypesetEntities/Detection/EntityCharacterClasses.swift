import Typeset

/// A set of ASCII bytes, stored as a 128-bit mask.
struct EntityASCIISet: Sendable {
    private let low: UInt64
    private let high: UInt64

    /// A set holding every character of `members`, where `a-z` style ranges are
    /// expanded (a `-` at either end is literal).
    init(_ members: String) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        func add(_ byte: UInt8) {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
        let bytes = Array(members.utf8)
        var index = 0
        while index < bytes.count {
            if index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "-") {
                for byte in bytes[index]...bytes[index + 2] { add(byte) }
                index += 3
            } else {
                add(bytes[index])
                index += 1
            }
        }
        self.low = low
        self.high = high
    }

    /// Whether `byte` (any byte; non-ASCII bytes are never members) is in the set.
    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        if byte < 64 { return low & (1 << UInt64(byte)) != 0 }
        if byte < 128 { return high & (1 << UInt64(byte &- 64)) != 0 }
        return false
    }

    /// Whether the scalar `value` is an ASCII member of the set.
    @inline(__always)
    func contains(scalar value: UInt32) -> Bool {
        value < 128 && contains(UInt8(truncatingIfNeeded: value))
    }
}

/// The character classes of twitter-text's rules, as predicates on scalar values.
///
/// ASCII is answered from bit masks; only non-ASCII scalars consult
/// `Unicode.Scalar.Properties`.
enum EntityCharacters {
    // MARK: ASCII

    /// `A-Z a-z`.
    static let asciiLetters = EntityASCIISet("a-zA-Z")
    /// `A-Z a-z 0-9`.
    static let asciiAlphanumerics = EntityASCIISet("a-zA-Z0-9")
    /// `A-Z a-z 0-9 _`: the characters of a screen name.
    static let screenNameCharacters = EntityASCIISet("a-zA-Z0-9_")
    /// `A-Z a-z 0-9 _ -`: the characters of a list slug after its first letter.
    static let listSlugCharacters = EntityASCIISet("a-zA-Z0-9_-")
    /// ASCII punctuation (`\p{Punct}`): what may follow a cashtag, and what is never
    /// part of a domain label.
    static let asciiPunctuation = EntityASCIISet("!-/:-@[-`{-~")

    /// Whether `byte` is an ASCII letter or digit.
    @inline(__always)
    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10
    }

    /// Whether `byte` is an ASCII letter.
    @inline(__always)
    static func isASCIILetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 }

    /// Whether `byte` is an ASCII digit.
    @inline(__always)
    static func isASCIIDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    // MARK: Spaces and invisible characters

    /// twitter-text's Unicode spaces: `U+0009-000D U+0020 U+0085 U+00A0 U+1680 U+180E
    /// U+2000-200A U+2028 U+2029 U+202F U+205F U+3000`.
    @inline(__always)
    static func isSpace(_ value: UInt32) -> Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x180E, 0x2000...0x200A, 0x2028, 0x2029,
            0x202F, 0x205F, 0x3000:
            return true
        default:
            return false
        }
    }

    /// Bidirectional formatting characters: ALM, LRM, RLM, LRE...RLO, LRI...PDI.
    @inline(__always)
    static func isDirectionalMark(_ value: UInt32) -> Bool {
        switch value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Characters twitter-text treats as invalid in a post: `U+FFFE U+FEFF U+FFFF`.
    @inline(__always)
    static func isInvalid(_ value: UInt32) -> Bool {
        value == 0xFFFE || value == 0xFEFF || value == 0xFFFF
    }

    // MARK: Latin and Cyrillic

    /// twitter-text's accented Latin letters: Latin-1 letters, Latin Extended-A/B,
    /// some IPA letters, the Hawaiian ʻokina, combining diacritics and Latin
    /// Extended Additional.
    @inline(__always)
    static func isLatinAccent(_ value: UInt32) -> Bool {
        switch value {
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F, 0x300...0x36F, 0x1E00...0x1EFF:
            return true
        case 0x253, 0x254, 0x256, 0x257, 0x259, 0x25B, 0x263, 0x268, 0x26F, 0x272, 0x289,
            0x28B, 0x2BB:
            return true
        default:
            return false
        }
    }

    /// The Cyrillic block, `U+0400-04FF`.
    @inline(__always)
    static func isCyrillic(_ value: UInt32) -> Bool { value &- 0x400 < 0x100 }

    // MARK: Hashtags

    /// The joiners twitter-text allows inside a hashtag besides letters, marks and
    /// digits: `_`, ZWNJ, ZWJ, Cyrillic kavyka, Hebrew maqaf, geresh and gershayim,
    /// fullwidth tilde, wave dash, the Japanese (semi-)voiced sound marks, double
    /// hyphen and middle dot, ditto mark, the Tibetan tsheg marks and the middle dot.
    @inline(__always)
    static func isHashtagJoiner(_ value: UInt32) -> Bool {
        switch value {
        case 0x5F, 0x200C, 0x200D, 0xA67E, 0x05BE, 0x05F3, 0x05F4, 0xFF5E, 0x301C, 0x309B,
            0x309C, 0x30A0, 0x30FB, 0x3003, 0x0F0B, 0x0F0C, 0x00B7:
            return true
        default:
            return false
        }
    }

    /// Private-use code points twitter-text's generated letter table counts as
    /// letters. Every other range of that table is a letter or mark in current
    /// Unicode, so `generalCategory` covers it.
    @inline(__always)
    private static func isTwitterPrivateUseLetter(_ value: UInt32) -> Bool {
        switch value {
        case 0xF870...0xF87F, 0xF882, 0xF884...0xF89F, 0xF8B8, 0xF8C1...0xF8D6: return true
        default: return false
        }
    }

    /// A hashtag letter: a letter or mark of any script (`\p{L}\p{M}`), by the
    /// Unicode version of the Swift runtime, which knows letters newer than
    /// twitter-text's generated tables.
    @inline(__always)
    static func isHashtagLetter(_ value: UInt32) -> Bool {
        if value < 0x80 { return isASCIILetter(UInt8(truncatingIfNeeded: value)) }
        switch Unicode.Scalar(value).unsafelyUnwrapped.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return isTwitterPrivateUseLetter(value)
        }
    }

    /// A character that may appear in a hashtag: a hashtag letter, a decimal digit
    /// of any script (`\p{Nd}`) or a hashtag joiner.
    @inline(__always)
    static func isHashtagCharacter(_ value: UInt32) -> Bool {
        if value < 0x80 {
            let byte = UInt8(truncatingIfNeeded: value)
            return isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "_")
        }
        if isHashtagJoiner(value) { return true }
        switch Unicode.Scalar(value).unsafelyUnwrapped.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber:
            return true
        default:
            return isTwitterPrivateUseLetter(value)
        }
    }

    // MARK: Mentions

    /// What may not come just before a mention's `@`: `A-Z a-z 0-9 _ ! # $ % & * @ ＠`.
    static let mentionBlockers = EntityASCIISet("a-zA-Z0-9_!#$%&*@")
    /// What may not come just before the `RT` of `RT@user`: `A-Z a-z 0-9 _ + ~ . -`.
    static let retweetBlockers = EntityASCIISet("a-zA-Z0-9_+~.-")

    // MARK: URLs

    /// ASCII characters that may not come just before a URL: `A-Z a-z 0-9 @ $ #`.
    static let urlBlockers = EntityASCIISet("a-zA-Z0-9@$#")

    /// Whether a URL may start right after the scalar `value` (twitter-text's
    /// `validUrlPrecedingChars`).
    @inline(__always)
    static func mayPrecedeURL(_ value: UInt32) -> Bool {
        if value < 0x80 { return !urlBlockers.contains(scalar: value) }
        return !(value == 0xFF20 || value == 0xFF03 || isInvalid(value))
    }

    /// Whether the non-ASCII scalar `value` may be part of a domain label: anything
    /// but twitter-text's spaces, directional marks and invalid characters (and C1
    /// controls). ZWJ and ZWNJ stay allowed: emoji and Persian domains use them.
    @inline(__always)
    static func isNonASCIIDomainCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x80...0xA0, 0x061C, 0x1680, 0x180E, 0x2000...0x200A, 0x200E, 0x200F, 0x2028...0x202F,
            0x205F, 0x2066...0x2069, 0x3000, 0xFEFF, 0xFFFE, 0xFFFF:
            return false
        default:
            return true
        }
    }

    /// ASCII characters of a URL path (twitter-text's `validGeneralUrlPathChars`).
    static let pathCharacters = EntityASCIISet("a-zA-Z0-9!*';:=+,.$/%#[]_~@|&-")
    /// ASCII characters a URL path may end with (`validUrlPathEndingChars`).
    static let pathEndingCharacters = EntityASCIISet("a-zA-Z0-9=_#/+-")
    /// ASCII characters of a query string (`validUrlQueryChars`).
    static let queryCharacters = EntityASCIISet("a-zA-Z0-9!?*'@();:&=+$/%#[]_.,~|-")
    /// ASCII characters a query string may end with (`validUrlQueryEndingChars`).
    static let queryEndingCharacters = EntityASCIISet("a-zA-Z0-9_&=#/-")

    /// Whether the scalar `value` may be part of a URL path.
    @inline(__always)
    static func isPathCharacter(_ value: UInt32) -> Bool {
        if value < 0x80 { return pathCharacters.contains(scalar: value) }
        return value == 0x2013 || isLatinAccent(value) || isCyrillic(value)
    }

    /// Whether a URL path may end with the scalar `value`.
    @inline(__always)
    static func isPathEndingCharacter(_ value: UInt32) -> Bool {
        if value < 0x80 { return pathEndingCharacters.contains(scalar: value) }
        return isLatinAccent(value) || isCyrillic(value)
    }

    /// Whether a domain's top-level domain may be followed by the byte: anything but
    /// `A-Z a-z 0-9 @ + -`.
    static let topLevelDomainBlockers = EntityASCIISet("a-zA-Z0-9@+-")

    /// Whether the scalar `value` may be part of a protocol-less "ASCII" domain label
    /// (`A-Z a-z 0-9 -` and accented Latin letters).
    @inline(__always)
    static func isASCIIDomainCharacter(_ value: UInt32) -> Bool {
        if value < 0x80 {
            let byte = UInt8(truncatingIfNeeded: value)
            return isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "-")
        }
        return isLatinAccent(value)
    }
}
