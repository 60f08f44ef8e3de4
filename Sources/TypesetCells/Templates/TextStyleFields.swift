import Foundation
import Typeset

/// The text-style fields of the package's JSON, read in one place for both
/// of its formats: a `measure batch` request and each of its runs
/// (TypesetBatch), and a cell template's `style` objects (``CellTextStyle``).
///
/// **One spelling is canonical**, CSS's property names in snake_case, as the
/// batch protocol has always spelt them:
///
/// | field | value |
/// |---|---|
/// | `font_family` | a CSS font-family list (`"Noto Sans, \"A, B\""`: ``CSSFontFamilyList``), or a non-empty array of family names, first preferred |
/// | `font_size` | px |
/// | `font_weight` | 1 to 1000 (a fraction is truncated) |
/// | `font_style` | `"normal"`, `"italic"` or `"oblique"` (italic) |
/// | `letter_spacing` | px |
/// | `line_height` | a number of px, `"normal"`, `{"multiple": m}` (times the font size) or `null` (normal) |
/// | `font_stretch` | a percentage of normal width: a number (`75`), `"75%"` or a CSS keyword (`"condensed"`) |
/// | `font_variation_settings` | CSS text (`"'wght' 650, 'GRAD' 50"`, `"normal"`) or an object (`{"wght": 650}`) |
/// | `font_optical_sizing` | `"auto"` or `"none"` |
/// | `text_transform` | `"none"`, `"uppercase"`, `"lowercase"`, `"capitalize"`, `"full-width"` |
/// | `word_spacing` | px |
///
/// Cell templates used to spell four of them `font`, `size`, `weight` and
/// `italic` (`true` or `false`). Both formats read those too and never write
/// them; one object spelling a field both ways is an error. `null` for a
/// field other than `line_height` is the same as leaving it out.
package struct TextStyleFields: Sendable, Hashable {
    package var families: [String]?
    package var size: Double?
    package var weight: Int?
    package var italic: Bool?
    package var letterSpacing: Double?
    package var lineHeight: LineHeight?
    package var stretch: Double?
    package var variations: [FontVariation]?
    package var opticalSizing: FontOpticalSizing?
    /// `text_transform` and `word_spacing`.
    package var textTransform: TextTransform?
    package var wordSpacing: Double?

    /// Fields; every argument defaults to absent.
    package init(families: [String]? = nil, size: Double? = nil, weight: Int? = nil, italic: Bool? = nil,
                 letterSpacing: Double? = nil, lineHeight: LineHeight? = nil, stretch: Double? = nil,
                 variations: [FontVariation]? = nil, opticalSizing: FontOpticalSizing? = nil,
                 textTransform: TextTransform? = nil, wordSpacing: Double? = nil) {
        self.textTransform = textTransform
        self.wordSpacing = wordSpacing
        self.stretch = stretch
        self.variations = variations
        self.opticalSizing = opticalSizing
        self.families = families
        self.size = size
        self.weight = weight
        self.italic = italic
        self.letterSpacing = letterSpacing
        self.lineHeight = lineHeight
    }

    /// One field: its canonical name (the raw value) and its former one.
    package enum Field: String, CaseIterable, Sendable {
        case family = "font_family", size = "font_size", weight = "font_weight", style = "font_style"
        case letterSpacing = "letter_spacing", lineHeight = "line_height"
        case stretch = "font_stretch", variations = "font_variation_settings", opticalSizing = "font_optical_sizing"
        case textTransform = "text_transform", wordSpacing = "word_spacing"

        /// The templates' former name, still read.
        package var formerName: String? {
            switch self {
            case .family: return "font"
            case .size: return "size"
            case .weight: return "weight"
            case .style: return "italic"
            case .letterSpacing, .lineHeight, .stretch, .variations, .opticalSizing, .textTransform, .wordSpacing: return nil
            }
        }
    }

    /// The canonical names, in the order above.
    package static let names = Field.allCases.map(\.rawValue)
    /// The former names, still read.
    package static let formerNames = Field.allCases.compactMap(\.formerName)

    /// A field that cannot be read: the message names it as spelt.
    package struct Problem: Error, CustomStringConvertible {
        /// The field's name as the object spells it.
        package var field: String
        package var message: String
        package var description: String { message }
    }

    /// Reads the style fields of an object; its other fields are the caller's.
    /// `Key` must take any name (`init(stringValue:)` never nil).
    /// - Throws: ``Problem``.
    /// The longest `font_family` list accepted: a CSS stack names a few; a
    /// request's list is walked per character cluster and cached.
    package static let maxFamilies = 64

    package init<Key: CodingKey>(from c: KeyedDecodingContainer<Key>) throws {
        if let (key, name) = try Self.key(c, .family) {
            if let a = try? c.decode([String].self, forKey: key) {
                if !a.isEmpty { families = a }
            } else if let s = try? c.decode(String.self, forKey: key) {
                // A string is a CSS font-family list, as everywhere a stack is one string.
                do { families = try CSSFontFamilyList.families(s) } catch let e as CSSFontFamilyList.SyntaxError {
                    throw Problem(field: name, message: "\(name) must be a CSS font-family list: \(e)")
                }
            }
            if families == nil { throw Problem(field: name, message: "\(name) must be a string or a non-empty array of strings") }
            if let count = families?.count, count > Self.maxFamilies {
                throw Problem(field: name, message: "\(name) may name at most \(Self.maxFamilies) families, not \(count)")
            }
        }
        if let (key, name) = try Self.key(c, .size) { size = try Self.number(c, key, name) }
        if let (key, name) = try Self.key(c, .weight) {
            let w = try Self.number(c, key, name)
            guard w >= 1, w <= 1000 else { throw Problem(field: name, message: "\(name) must be between 1 and 1000, not \(w)") }
            weight = Int(w)
        }
        if let (key, name) = try Self.key(c, .style) {
            if name == Field.style.rawValue {
                guard let s = try? c.decode(String.self, forKey: key) else {
                    throw Problem(field: name, message: "field \"\(name)\" must be a string")
                }
                guard ["normal", "italic", "oblique"].contains(s) else {
                    throw Problem(field: name, message: "\(name) must be normal or italic, not \"\(s)\"")
                }
                italic = s != "normal"
            } else {
                guard let b = try? c.decode(Bool.self, forKey: key) else {
                    throw Problem(field: name, message: "field \"\(name)\" must be true or false")
                }
                italic = b
            }
        }
        if let (key, name) = try Self.key(c, .letterSpacing) { letterSpacing = try Self.number(c, key, name) }
        let lineHeightKey = Key(stringValue: Field.lineHeight.rawValue)!
        if c.contains(lineHeightKey) { lineHeight = try Self.lineHeight(c, lineHeightKey) }
        if let (key, name) = try Self.key(c, .stretch) { stretch = try Self.stretch(c, key, name) }
        if let (key, name) = try Self.key(c, .variations) { variations = try Self.variations(c, key, name) }
        if let (key, name) = try Self.key(c, .opticalSizing) {
            guard let s = try? c.decode(String.self, forKey: key), let v = FontOpticalSizing(rawValue: s) else {
                throw Problem(field: name, message: "\(name) must be \"auto\" or \"none\"")
            }
            opticalSizing = v
        }
        if let (key, name) = try Self.key(c, .textTransform) {
            guard let s = try? c.decode(String.self, forKey: key), let v = TextTransform(rawValue: s) else {
                throw Problem(field: name, message: "\(name) must be one of "
                    + TextTransform.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
            }
            textTransform = v
        }
        if let (key, name) = try Self.key(c, .wordSpacing) { wordSpacing = try Self.number(c, key, name) }
    }

    /// CSS `font-stretch` keywords and their percentages.
    static let stretchKeywords: [String: Double] = [
        "ultra-condensed": 50, "extra-condensed": 62.5, "condensed": 75, "semi-condensed": 87.5, "normal": 100,
        "semi-expanded": 112.5, "expanded": 125, "extra-expanded": 150, "ultra-expanded": 200,
    ]

    /// `font_stretch`: a positive percentage as a number, `"N%"` or a keyword.
    private static func stretch<Key: CodingKey>(_ c: KeyedDecodingContainer<Key>, _ key: Key, _ name: String) throws -> Double {
        var value: Double?
        if let n = try? c.decode(Double.self, forKey: key) {
            value = n
        } else if let s = try? c.decode(String.self, forKey: key) {
            let t = s.trimmingCharacters(in: .whitespaces).lowercased()
            value = stretchKeywords[t] ?? (t.hasSuffix("%") ? Double(t.dropLast()) : nil)
        }
        guard let value, value.isFinite, value > 0, value <= 1000 else {
            throw Problem(field: name, message: "\(name) must be a percentage above 0 and at most 1000 (75, \"75%\") or a CSS keyword (condensed, expanded…)")
        }
        return value
    }

    /// `font_variation_settings`: CSS text, or an object of axis tags and numbers.
    private static func variations<Key: CodingKey>(_ c: KeyedDecodingContainer<Key>, _ key: Key, _ name: String) throws -> [FontVariation] {
        if let s = try? c.decode(String.self, forKey: key) {
            do { return try FontVariation.settings(css: s) } catch {
                throw Problem(field: name, message: "\(name): \(error)")
            }
        }
        guard let o = try? c.nestedContainer(keyedBy: Key.self, forKey: key) else {
            throw Problem(field: name, message: "\(name) must be CSS text (\"'wght' 650, 'GRAD' 50\") or an object ({\"wght\": 650})")
        }
        var out: [FontVariation] = []
        // In the object's order when the decoder keeps it (tags are distinct: order does not matter).
        for k in o.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
            let tag = k.stringValue
            guard tag.unicodeScalars.count == 4, tag.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) }) else {
                throw Problem(field: name, message: "\(name): an axis tag is four printable ASCII characters, not \"\(tag)\"")
            }
            guard let v = try? o.decode(Double.self, forKey: k), v.isFinite else {
                throw Problem(field: name, message: "\(name): the value of \"\(tag)\" must be a number")
            }
            out.append(FontVariation(tag, v))
        }
        return out
    }

    /// `style` with the fields present set.
    package func applied(to style: TextStyle) -> TextStyle {
        var s = style
        if let families { s.font = FontStack(families: families) }
        if let size { s.size = size }
        if let weight { s.weight = weight }
        if let italic { s.italic = italic }
        if let letterSpacing { s.letterSpacing = letterSpacing }
        if let lineHeight { s.lineHeight = lineHeight }
        if let stretch { s.stretch = stretch }
        if let variations { s.variations = variations }
        if let opticalSizing { s.opticalSizing = opticalSizing }
        if let textTransform { s.textTransform = textTransform }
        if let wordSpacing { s.wordSpacing = wordSpacing }
        return s
    }

    /// Writes the fields present under their canonical names.
    package func encode<Key: CodingKey>(to c: inout KeyedEncodingContainer<Key>) throws {
        func key(_ field: Field) -> Key { Key(stringValue: field.rawValue)! }
        try c.encodeIfPresent(families, forKey: key(.family))
        try c.encodeIfPresent(size, forKey: key(.size))
        try c.encodeIfPresent(weight, forKey: key(.weight))
        try c.encodeIfPresent(italic.map { $0 ? "italic" : "normal" }, forKey: key(.style))
        try c.encodeIfPresent(letterSpacing, forKey: key(.letterSpacing))
        switch lineHeight {
        case nil: break
        case .normal?: try c.encode("normal", forKey: key(.lineHeight))
        case .points(let p)?: try c.encode(p, forKey: key(.lineHeight))
        case .multiple(let m)?:
            var o = c.nestedContainer(keyedBy: Key.self, forKey: key(.lineHeight))
            try o.encode(m, forKey: Key(stringValue: "multiple")!)
        }
        try c.encodeIfPresent(stretch, forKey: key(.stretch))
        try c.encodeIfPresent(variations.map(FontVariation.css), forKey: key(.variations))
        try c.encodeIfPresent(opticalSizing?.rawValue, forKey: key(.opticalSizing))
        try c.encodeIfPresent(textTransform?.rawValue, forKey: key(.textTransform))
        try c.encodeIfPresent(wordSpacing, forKey: key(.wordSpacing))
    }

    /// The key a field is present under, and its name; nil when absent or
    /// `null`. Both names present is a problem.
    private static func key<Key: CodingKey>(_ c: KeyedDecodingContainer<Key>, _ field: Field) throws -> (Key, String)? {
        let canonical = Key(stringValue: field.rawValue)!
        var found: (Key, String)? = c.contains(canonical) ? (canonical, field.rawValue) : nil
        if let former = field.formerName, case let formerKey = Key(stringValue: former)!, c.contains(formerKey) {
            if found != nil {
                throw Problem(field: former, message: "\(field.rawValue) and \(former) are one field (\(former) is its former name): give one")
            }
            found = (formerKey, former)
        }
        guard let found, (try? c.decodeNil(forKey: found.0)) != true else { return nil }
        return found
    }

    private static func number<Key: CodingKey>(_ c: KeyedDecodingContainer<Key>, _ key: Key, _ name: String) throws -> Double {
        do { return try c.decode(Double.self, forKey: key) } catch {
            throw Problem(field: name, message: "field \"\(name)\" must be a number")
        }
    }

    /// `line_height`: a number of px, "normal", `{"multiple": m}` or `null` (normal).
    private static func lineHeight<Key: CodingKey>(_ c: KeyedDecodingContainer<Key>, _ key: Key) throws -> LineHeight {
        if (try? c.decodeNil(forKey: key)) == true { return .normal }
        if let n = try? c.decode(Double.self, forKey: key) { return .points(n) }
        if let s = try? c.decode(String.self, forKey: key), s == "normal" { return .normal }
        if let o = try? c.nestedContainer(keyedBy: Key.self, forKey: key), o.allKeys.count == 1,
           let m = try? o.decode(Double.self, forKey: Key(stringValue: "multiple")!) {
            return .multiple(m)
        }
        throw Problem(field: key.stringValue,
                      message: "\(key.stringValue) must be a number of px, \"normal\", {\"multiple\": m} or null")
    }
}
