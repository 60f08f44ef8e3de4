import Typeset

/// Recognises the top-level domains of ``EntityTopLevelDomainList`` (and punycode
/// `xn--` labels) at a position in a text, the way twitter-text's domain regex does.
struct EntityTopLevelDomains: Sendable {
    /// The shared, immutable lookup tables.
    static let shared = EntityTopLevelDomains()

    /// An all-ASCII domain of up to 24 letters packed 5 bits a letter.
    private struct ASCIIKey: Hashable {
        var first: UInt64 = 0
        var second: UInt64 = 0

        /// Appends the letter `byte` (either case) at position `index`.
        @inline(__always)
        mutating func append(_ byte: UInt8, index: Int) {
            let code = UInt64((byte | 0x20) &- 0x60)  // 1...26
            if index < 12 { first = first << 5 | code } else { second = second << 5 | code }
        }
    }

    /// A fixed set of keys with open addressing and a multiplicative hash: cheaper
    /// than `Set`'s SipHash on this hot path. The all-zero key marks an empty slot
    /// (no domain packs to it).
    private struct ASCIIKeyTable {
        private let slots: [ASCIIKey]
        private let mask: Int

        init(_ keys: some Collection<ASCIIKey>) {
            var capacity = 16
            while capacity < keys.count * 4 { capacity *= 2 }
            var slots = [ASCIIKey](repeating: ASCIIKey(), count: capacity)
            for key in keys {
                var slot = Self.hash(key) & (capacity - 1)
                while slots[slot] != ASCIIKey() { slot = (slot + 1) & (capacity - 1) }
                slots[slot] = key
            }
            self.slots = slots
            self.mask = capacity - 1
        }

        @inline(__always)
        private static func hash(_ key: ASCIIKey) -> Int {
            let mixed = key.first &* 0x9E37_79B9_7F4A_7C15 ^ key.second &* 0xC2B2_AE3D_27D4_EB4F
            return Int(truncatingIfNeeded: mixed >> 29)
        }

        func contains(_ key: ASCIIKey) -> Bool {
            var slot = Self.hash(key) & mask
            while true {
                let candidate = slots[slot]
                if candidate == key { return true }
                if candidate == ASCIIKey() { return false }
                slot = (slot + 1) & mask
            }
        }
    }

    /// The longest all-ASCII top-level domain, in letters.
    private static let maximumASCIILength = 24

    private let asciiDomains: ASCIIKeyTable
    /// Domains with a non-ASCII letter, keyed by their first scalar, longest first.
    private let unicodeDomains: [UInt32: [[UInt32]]]
    /// ASCII bytes that start one of `unicodeDomains` (`v` for `vermögensberater`).
    private let asciiLeadsOfUnicodeDomains: EntityASCIISet

    private init() {
        var ascii = Set<ASCIIKey>()
        var unicode: [UInt32: [[UInt32]]] = [:]
        var asciiLeads = ""
        let names = (EntityTopLevelDomainList.generic + " " + EntityTopLevelDomainList.country)
            .split(whereSeparator: { $0 == " " || $0 == "\n" })
        for name in names {
            let scalars = name.unicodeScalars.map(\.value)
            if scalars.allSatisfy({ $0 < 0x80 }) {
                precondition(scalars.count <= Self.maximumASCIILength)
                var key = ASCIIKey()
                for (index, value) in scalars.enumerated() {
                    key.append(UInt8(value), index: index)
                }
                ascii.insert(key)
            } else {
                unicode[scalars[0], default: []].append(scalars)
                if scalars[0] < 0x80 { asciiLeads.unicodeScalars.append(Unicode.Scalar(scalars[0])!) }
            }
        }
        // twitter-text's alternation lists longer domains before their prefixes
        // (嘉里大酒店 before 嘉里), so the longest match wins.
        for key in unicode.keys { unicode[key]!.sort { $0.count > $1.count } }
        self.asciiDomains = ASCIIKeyTable(ascii)
        self.unicodeDomains = unicode
        self.asciiLeadsOfUnicodeDomains = EntityASCIISet(asciiLeads)
    }

    /// If a top-level domain starts at byte `index` and ends at or before `limit`,
    /// followed by `limit` or by a character other than `A-Z a-z 0-9 @ + -`, returns
    /// the byte offset where it ends. A punycode label (`xn--` and then
    /// `A-Z a-z 0-9 -`) matches when no listed domain does, with no condition on
    /// what follows it. Letter case is ignored.
    func match(in scanner: EntityScanner, at index: Int, limit: Int) -> Int? {
        guard index < limit else { return nil }
        let first = scanner[index]
        if first >= 0x80 || asciiLeadsOfUnicodeDomains.contains(first) {
            let value = scanner.scalar(at: index).value
            if let candidates = unicodeDomains[Self.lowercased(value)] {
                for candidate in candidates {
                    if let end = Self.matchScalars(candidate, in: scanner, at: index, limit: limit),
                        Self.mayEndTopLevelDomain(scanner, at: end, limit: limit)
                    {
                        return end
                    }
                }
            }
            if first >= 0x80 { return nil }
        }
        guard EntityCharacters.isASCIILetter(first) else { return nil }
        var end = index
        var key = ASCIIKey()
        while end < limit, EntityCharacters.isASCIILetter(scanner[end]) {
            if end - index == Self.maximumASCIILength { break }
            key.append(scanner[end], index: end - index)
            end += 1
        }
        if end - index < Self.maximumASCIILength, Self.mayEndTopLevelDomain(scanner, at: end, limit: limit),
            asciiDomains.contains(key)
        {
            return end
        }
        if index + 4 < limit, scanner.hasASCIIPrefix("xn--", at: index) {
            var end = index + 4
            while end < limit,
                EntityCharacters.isASCIIAlphanumeric(scanner[end]) || scanner[end] == UInt8(ascii: "-")
            {
                end += 1
            }
            if end > index + 4 { return end }
        }
        return nil
    }

    /// Whether a top-level domain may end at `index`.
    @inline(__always)
    private static func mayEndTopLevelDomain(_ scanner: EntityScanner, at index: Int, limit: Int) -> Bool {
        index >= limit || !EntityCharacters.topLevelDomainBlockers.contains(scanner[index])
    }

    /// If the scalars of `candidate` (lowercase) are at `index`, ignoring case, where they end.
    private static func matchScalars(
        _ candidate: [UInt32], in scanner: EntityScanner, at index: Int, limit: Int
    ) -> Int? {
        var position = index
        for expected in candidate {
            guard position < limit else { return nil }
            let (value, length) = scanner.scalar(at: position)
            guard value == expected || lowercased(value) == expected else { return nil }
            position += length
        }
        return position
    }

    /// The simple lowercase mapping of a scalar (itself when it has none or maps to
    /// several scalars).
    private static func lowercased(_ value: UInt32) -> UInt32 {
        if value < 0x80 { return value &- 0x41 < 26 ? value | 0x20 : value }
        let scalar = Unicode.Scalar(value).unsafelyUnwrapped
        guard scalar.properties.changesWhenLowercased else { return value }
        let mapped = scalar.properties.lowercaseMapping.unicodeScalars
        return mapped.count == 1 ? mapped.first!.value : value
    }
}
