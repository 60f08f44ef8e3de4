import Typeset

/// The character style of a text in a cell template: a Codable description
/// of a `TextStyle` by family names.
///
/// JSON: the package's one set of text-style fields (the batch protocol's
/// too), and `color`: `{"font_family": ["Noto Sans"], "font_size": 15,
/// "font_weight": 700, "font_style": "italic", "letter_spacing": 0,
/// "line_height": "normal" | 20 | {"multiple": 1.4}, "color": "#536471"}`.
/// Every field is optional (defaults: Noto Sans, 16 px (CSS's initial
/// font-size, as everywhere in Typeset), 400, normal, no
/// letter spacing, normal line height, no colour). The former names `font`,
/// `size`, `weight` and `italic` (a boolean) are still read; encoding writes
/// the canonical names. Inside a text's `parts`, a style lists only what
/// differs from the text's style.
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
    public var lineHeight: LineHeight
    /// CSS `font-stretch`, percent (100 normal).
    public var stretch: Double
    /// CSS `font-variation-settings`.
    public var variations: [FontVariation]
    /// CSS `font-optical-sizing`.
    public var opticalSizing: FontOpticalSizing
    /// CSS `text-transform` (offsets stay in the source text).
    public var textTransform: TextTransform = .none
    /// CSS `word-spacing`, px.
    public var wordSpacing: Double = 0
    /// A colour for renderers (e.g. "#1d9bf0"). Colour never changes metrics:
    /// layout ignores it.
    public var color: String?

    /// A style; every argument has a default.
    public init(font: [String] = ["Noto Sans"], size: Double = 16, weight: Int = 400, italic: Bool = false,
                letterSpacing: Double = 0, lineHeight: LineHeight = .normal, color: String? = nil,
                stretch: Double = 100, variations: [FontVariation] = [], opticalSizing: FontOpticalSizing = .auto) {
        self.stretch = stretch
        self.variations = variations
        self.opticalSizing = opticalSizing
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
        var s = TextStyle(font: FontStack(families: font), size: size, weight: weight, italic: italic,
                          letterSpacing: letterSpacing, lineHeight: lineHeight, stretch: stretch, variations: variations,
                          opticalSizing: opticalSizing)
        s.textTransform = textTransform
        s.wordSpacing = wordSpacing
        return s
    }

    /// The style fields as the JSON form has them (every one present, but
    /// the variable-font fields only when not at their initial values).
    var fields: TextStyleFields {
        TextStyleFields(families: font, size: size, weight: weight, italic: italic, letterSpacing: letterSpacing,
                        lineHeight: lineHeight, stretch: stretch == 100 ? nil : stretch,
                        variations: variations.isEmpty ? nil : variations,
                        opticalSizing: opticalSizing == .auto ? nil : opticalSizing,
                        textTransform: textTransform == .none ? nil : textTransform,
                        wordSpacing: wordSpacing == 0 ? nil : wordSpacing)
    }

    /// The names a style object may have: the style fields, then `color`.
    private static let jsonNames = TextStyleFields.names + ["color"]
    private static let colorKey = CellJSON.AnyKey(stringValue: "color")

    /// Decodes a style with the defaults above.
    public init(from decoder: any Decoder) throws {
        self = try Self.decode(from: decoder, base: CellTextStyle())
    }

    /// Decodes the fields present over `base`.
    static func decode(from decoder: any Decoder, base: CellTextStyle) throws -> CellTextStyle {
        let c = try decoder.container(keyedBy: CellJSON.AnyKey.self)
        try CellJSON.rejectUnknownKeys(decoder, allowed: jsonNames, alsoAccepted: TextStyleFields.formerNames, what: "style")
        let fields: TextStyleFields
        do { fields = try TextStyleFields(from: c) } catch let problem as TextStyleFields.Problem {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath + [CellJSON.AnyKey(stringValue: problem.field)],
                                                    debugDescription: problem.message))
        }
        var s = base
        if let v = fields.families { s.font = v }
        if let v = fields.size { s.size = v }
        if let v = fields.weight { s.weight = v }
        if let v = fields.italic { s.italic = v }
        if let v = fields.letterSpacing { s.letterSpacing = v }
        if let v = fields.lineHeight { s.lineHeight = v }
        if let v = fields.stretch { s.stretch = v }
        if let v = fields.variations { s.variations = v }
        if let v = fields.opticalSizing { s.opticalSizing = v }
        if let v = fields.textTransform { s.textTransform = v }
        if let v = fields.wordSpacing { s.wordSpacing = v }
        s.color = try c.decodeIfPresent(String.self, forKey: colorKey) ?? s.color
        return s
    }

    /// Encodes every field under its canonical name (a part's style is written in full).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CellJSON.AnyKey.self)
        try fields.encode(to: &c)
        try c.encodeIfPresent(color, forKey: Self.colorKey)
    }
}

/// The former name of the engine's `LineHeight`, which templates now use
/// directly (its JSON form is read by the package's one style reader).
@available(*, deprecated, renamed: "LineHeight")
public typealias CellLineHeight = LineHeight
