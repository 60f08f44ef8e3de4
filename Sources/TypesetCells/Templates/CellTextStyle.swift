import Typeset

/// The character style of a text in a cell template: a Codable description
/// of a `TextStyle` by family names.
///
/// JSON: `{"font": ["Noto Sans"], "size": 15, "weight": 700, "italic": false,
/// "letter_spacing": 0, "line_height": "normal" | 20 | {"multiple": 1.4},
/// "color": "#536471"}`; every field is optional (defaults: Noto Sans, 15 px,
/// 400, upright, no letter spacing, normal line height, no colour). Inside a
/// text's `parts`, a style lists only what differs from the text's style.
public struct CellTextStyle: Sendable, Hashable, Codable {
    /// Font families, first preferred (the collection's fallback follows).
    public var font: [String]
    /// Font size in px.
    public var size: Double
    /// CSS weight (400 regular, 700 bold).
    public var weight: Int
    /// Whether an italic face is wanted.
    public var italic: Bool
    /// Extra px after every character.
    public var letterSpacing: Double
    /// CSS `line-height`.
    public var lineHeight: CellLineHeight
    /// A colour for renderers (e.g. "#1d9bf0"). Colour never changes metrics:
    /// layout ignores it.
    public var color: String?

    /// A style; every argument has a default.
    public init(font: [String] = ["Noto Sans"], size: Double = 15, weight: Int = 400, italic: Bool = false,
                letterSpacing: Double = 0, lineHeight: CellLineHeight = .normal, color: String? = nil) {
        self.font = font
        self.size = size
        self.weight = weight
        self.italic = italic
        self.letterSpacing = letterSpacing
        self.lineHeight = lineHeight
        self.color = color
    }

    /// This style in bold (weight 700).
    public var bold: CellTextStyle { with { $0.weight = 700 } }

    /// A copy changed by `change`.
    public func with(_ change: (inout CellTextStyle) -> Void) -> CellTextStyle {
        var s = self
        change(&s)
        return s
    }

    /// The engine's style.
    public var textStyle: TextStyle {
        let lh: LineHeight
        switch lineHeight {
        case .normal: lh = .normal
        case .points(let p): lh = .points(p)
        case .multiple(let m): lh = .multiple(m)
        }
        return TextStyle(font: FontStack(families: font), size: size, weight: weight, italic: italic,
                         letterSpacing: letterSpacing, lineHeight: lh)
    }

    enum Keys: String, CodingKey, CaseIterable {
        case font, size, weight, italic, color
        case letterSpacing = "letter_spacing"
        case lineHeight = "line_height"
    }

    /// Decodes a style with the defaults above.
    public init(from decoder: any Decoder) throws {
        self = try Self.decode(from: decoder, base: CellTextStyle())
    }

    /// Decodes the fields present over `base`.
    static func decode(from decoder: any Decoder, base: CellTextStyle) throws -> CellTextStyle {
        let c = try decoder.container(keyedBy: Keys.self)
        try CellJSON.rejectUnknownKeys(decoder, allowed: Keys.allCases.map(\.rawValue), what: "style")
        var s = base
        if c.contains(.font) {
            if let one = try? c.decode(String.self, forKey: .font) { s.font = [one] }
            else { s.font = try c.decode([String].self, forKey: .font) }
        }
        s.size = try c.decodeIfPresent(Double.self, forKey: .size) ?? s.size
        s.weight = try c.decodeIfPresent(Int.self, forKey: .weight) ?? s.weight
        s.italic = try c.decodeIfPresent(Bool.self, forKey: .italic) ?? s.italic
        s.letterSpacing = try c.decodeIfPresent(Double.self, forKey: .letterSpacing) ?? s.letterSpacing
        s.lineHeight = try c.decodeIfPresent(CellLineHeight.self, forKey: .lineHeight) ?? s.lineHeight
        s.color = try c.decodeIfPresent(String.self, forKey: .color) ?? s.color
        return s
    }

    /// Encodes every field (a part's style is written in full).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(font, forKey: .font)
        try c.encode(size, forKey: .size)
        try c.encode(weight, forKey: .weight)
        try c.encode(italic, forKey: .italic)
        try c.encode(letterSpacing, forKey: .letterSpacing)
        try c.encode(lineHeight, forKey: .lineHeight)
        try c.encodeIfPresent(color, forKey: .color)
    }
}

/// CSS `line-height` in a template. JSON: `"normal"`, a number of px, or
/// `{"multiple": 1.4}`.
public enum CellLineHeight: Sendable, Hashable, Codable {
    /// The fonts' own line height.
    case normal
    /// A fixed line height in px.
    case points(Double)
    /// A multiple of the font size.
    case multiple(Double)

    private enum Keys: String, CodingKey { case multiple }

    /// Decodes `"normal"`, a number or `{"multiple": m}`.
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer() {
            if let p = try? single.decode(Double.self) { self = .points(p); return }
            if let s = try? single.decode(String.self) {
                guard s == "normal" else {
                    throw DecodingError.dataCorruptedError(
                        in: single, debugDescription: "unknown line height \"\(s)\" (expected \"normal\", a number or {\"multiple\": m})")
                }
                self = .normal
                return
            }
        }
        let c = try decoder.container(keyedBy: Keys.self)
        try CellJSON.rejectUnknownKeys(decoder, allowed: ["multiple"], what: "line height")
        self = .multiple(try c.decode(Double.self, forKey: .multiple))
    }

    /// Encodes in the form `init(from:)` reads.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .normal: var c = encoder.singleValueContainer(); try c.encode("normal")
        case .points(let p): var c = encoder.singleValueContainer(); try c.encode(p)
        case .multiple(let m): var c = encoder.container(keyedBy: Keys.self); try c.encode(m, forKey: .multiple)
        }
    }
}
