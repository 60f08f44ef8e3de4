import CHarfBuzz
import Foundation

/// What HarfBuzz is told of a text's language. HarfBuzz interns every
/// language it is given for the life of the process and keeps a shape plan
/// per language and face, found by a linear scan, so a stream of distinct
/// tags (`x-1`, `x-2`, …) would slow every later text. Shaping distinguishes
/// a language only by the OpenType language system it selects in the face
/// (`locl` and the like), so a tag is reduced to that: the first of
/// HarfBuzz's language-system tags for it (read from the tag's text, not
/// interned) that the face has, named as HarfBuzz names it
/// (`hb_ot_tag_to_language`), or no language (the face's default system) when
/// the face has none of them. The languages reaching HarfBuzz are thus at
/// most the language systems of the faces loaded.
package enum ShapingLanguage {
    /// The longest tag looked at (a longer one is no language: BCP 47 tags in
    /// use are well under it).
    package static let maxTagBytes = 35

    /// Whether `tag` has the shape of a BCP 47 language tag: subtags of 1–8
    /// ASCII letters or digits joined by `-` (or `_`), at most 35 bytes.
    package static func isWellFormed(_ tag: String) -> Bool {
        let bytes = Array(tag.utf8)
        guard !bytes.isEmpty, bytes.count <= maxTagBytes else { return false }
        var length = 0
        for b in bytes {
            if b == 0x2D || b == 0x5F {
                guard (1...8).contains(length) else { return false }
                length = 0
            } else if (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) {
                length += 1
            } else {
                return false
            }
        }
        return (1...8).contains(length)
    }

    /// HarfBuzz's OpenType language-system tags for `tag` (at most 3, most
    /// specific first); empty for a malformed tag.
    static func openTypeTags(_ tag: String) -> [hb_tag_t] {
        guard isWellFormed(tag) else { return [] }
        // The text HarfBuzz would intern: lower case, `-` between subtags.
        var text = tag.utf8.map { b -> CChar in
            if b == 0x5F { return 0x2D }
            if (0x41...0x5A).contains(b) { return CChar(b + 0x20) }
            return CChar(b)
        }
        text.append(0)
        var tags = [hb_tag_t](repeating: 0, count: Int(HB_OT_MAX_TAGS_PER_LANGUAGE))
        var count = UInt32(HB_OT_MAX_TAGS_PER_LANGUAGE)
        var scriptCount: UInt32 = 0
        text.withUnsafeBufferPointer { chars in
            // An hb_language_t is its tag's text (`hb_language_to_string`);
            // this one is read for the call and never interned.
            let language = OpaquePointer(chars.baseAddress!)
            hb_ot_tags_from_script_and_language(HB_SCRIPT_COMMON, language, &scriptCount, nil, &count, &tags)
        }
        return Array(tags.prefix(Int(count)))
    }

    /// The language to shape with: nil when `tag` selects none of the face's
    /// language systems.
    static func language(for tag: String, face: FontFace) -> hb_language_t? {
        guard !face.languageSystems.isEmpty else { return nil }
        for ot in openTypeTags(tag) where face.languageSystems.contains(ot) { return named(ot) }
        return nil
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var languages: [hb_tag_t: hb_language_t] = [:]

    /// HarfBuzz's language for a language-system tag, interned once.
    private static func named(_ tag: hb_tag_t) -> hb_language_t? {
        lock.lock()
        defer { lock.unlock() }
        if let known = languages[tag] { return known }
        guard let language = hb_ot_tag_to_language(tag) else { return nil }
        languages[tag] = language
        return language
    }

    /// The languages given to HarfBuzz so far, by name (for tests of the bound).
    static var languagesUsed: Set<String> {
        lock.lock()
        defer { lock.unlock() }
        return Set(languages.values.map { String(cString: hb_language_to_string($0)) })
    }
}
