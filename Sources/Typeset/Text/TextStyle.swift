/// The character-level attributes of a run of text.
public struct TextStyle: Sendable, Hashable {
    /// The font stack: each cluster takes the first font that covers it.
    public var font: FontStack
    /// Font size in CSS pixels.
    public var size: Double
    /// CSS weight, 1–1000 (400 regular, 700 bold).
    public var weight: Int
    /// Whether an italic face is wanted.
    public var italic: Bool
    /// CSS `font-stretch`, in percent of normal width (50–200; 100 normal):
    /// picks among a family's widths and sets a variable face's `wdth` axis.
    public var stretch: Double
    /// CSS `font-variation-settings`: axis values set on variable faces
    /// after those the style implies (`wght` from the weight, `wdth` from
    /// the stretch, `opsz` from the size), so they override them. An axis a
    /// face lacks is ignored.
    public var variations: [FontVariation]
    /// CSS `font-optical-sizing`: with `.auto` (the default) a face's `opsz`
    /// axis follows the font size in CSS px.
    public var opticalSizing: FontOpticalSizing
    /// Extra space after every character, in pixels (CSS `letter-spacing`).
    /// A non-zero value turns common ligatures off, as browsers do.
    public var letterSpacing: Double
    /// OpenType features, e.g. `FontFeature("tnum")`, `FontFeature("liga", 0)`.
    public var features: [FontFeature]
    /// The line height of lines this text sits on.
    public var lineHeight: LineHeight
    /// A BCP 47 language tag for shaping and line breaking (e.g. "ja"); nil
    /// lets the script decide.
    public var language: String?
    /// The padding, border and margin of a run's inline box (a mention chip,
    /// inline code): its left and right sides take room on the line (see
    /// ``InlineBoxEdges``). Only runs have one; the block's own style's is
    /// ignored.
    public var inlineBox: InlineBoxEdges = .none

    /// A style; only the font stack is required.
    public init(font: FontStack, size: Double = 16, weight: Int = 400, italic: Bool = false,
                letterSpacing: Double = 0, features: [FontFeature] = [], lineHeight: LineHeight = .normal,
                language: String? = nil, stretch: Double = 100, variations: [FontVariation] = [],
                opticalSizing: FontOpticalSizing = .auto) {
        self.font = font
        self.size = size
        self.weight = weight
        self.italic = italic
        self.stretch = stretch
        self.variations = variations
        self.opticalSizing = opticalSizing
        self.letterSpacing = letterSpacing
        self.features = features
        self.lineHeight = lineHeight
        self.language = language
    }

    /// The largest font size, px: Chromium clamps `font-size` to it too.
    public static let maximumSize = 10_000.0
    /// The largest fixed line height (px) or multiple: Chromium's layout units
    /// saturate at 33,554,431 px.
    public static let maximumLineHeight = 33_554_431.0

    /// The style as it is laid out: checked (a typed error for a NaN,
    /// infinite or negative size, letter spacing or line height) and its size
    /// clamped to ``maximumSize`` and its line height to
    /// ``maximumLineHeight``, as Chromium clamps them.
    /// The style at a device pixel ratio: its lengths (size, letter
    /// spacing, a line height in px) multiplied by `scale`. At 1 the style itself.
    func scaled(by scale: Double) -> TextStyle {
        guard scale != 1 else { return self }
        var s = self
        s.size *= scale
        s.letterSpacing *= scale
        if case .points(let v) = lineHeight { s.lineHeight = .points(v * scale) }
        // (The inline box's sides stay in CSS px: `InlineBoxEdges` rounds them in device px itself.)
        return s
    }

    func validated() throws -> TextStyle {
        guard size.isFinite, size >= 0 else { throw TypesetError.invalidFontSize(size) }
        guard letterSpacing.isFinite else { throw TypesetError.invalidStyleValue(name: "letter spacing", value: letterSpacing) }
        switch lineHeight {
        case .normal: break
        case .points(let v), .multiple(let v):
            guard v.isFinite, v >= 0 else { throw TypesetError.invalidStyleValue(name: "line height", value: v) }
        }
        if font.entries.isEmpty { throw TypesetError.emptyFontStack }
        guard stretch.isFinite, stretch > 0 else { throw TypesetError.invalidStyleValue(name: "font stretch", value: stretch) }
        for v in variations where !v.value.isFinite {
            throw TypesetError.invalidStyleValue(name: "font variation '\(v.tag)'", value: v.value)
        }
        if inlineBox != .none { _ = try inlineBox.validated() }
        var clamped = self
        clamped.size = min(size, Self.maximumSize)
        switch lineHeight {
        case .points(let v) where v > Self.maximumLineHeight: clamped.lineHeight = .points(Self.maximumLineHeight)
        case .multiple(let v) where v > Self.maximumLineHeight: clamped.lineHeight = .multiple(Self.maximumLineHeight)
        default: break
        }
        return clamped
    }
}

/// CSS `line-height`.
public enum LineHeight: Sendable, Hashable {
    /// The fonts' own ascent + descent + line gap, rounded per font as browsers do;
    /// a line grows when a fallback font on it is taller.
    case normal
    /// A fixed height in pixels for every line, whatever fonts it holds.
    case points(Double)
    /// A multiple of the font size (CSS `line-height: 1.5`).
    case multiple(Double)

    /// The height of every line box for a fixed line height, nil for
    /// `normal`: in Chromium's layout units (1/64 px), as Chromium rounds it
    /// per line box (26.4 px lines are 26.40625 px, five of them 132.03 px,
    /// ceil'd 133). A px value is rounded to the nearest unit; a multiple is
    /// taken of the font size in whole units, in single precision, and
    /// floored (12 px × 1.2 = 14.390625 px), as CSS percentages are.
    func lineBoxHeight(fontSize: Double) -> Double? {
        switch self {
        case .normal:
            return nil
        case .points(let v):
            return (v * 64).rounded() / 64
        case .multiple(let m):
            let size = Float((fontSize * 64).rounded(.towardZero) / 64)
            let percent = Float(m * 100)
            return Double((size * percent / 100 * 64).rounded(.down)) / 64
        }
    }
}

/// CSS `font-optical-sizing`.
public enum FontOpticalSizing: String, Sendable, Hashable {
    /// The `opsz` axis follows the font size (in CSS px).
    case auto
    /// The `opsz` axis is left at the face's default (unless `font-variation-settings` sets it).
    case none
}

/// An OpenType feature setting, e.g. `tnum` on or `liga` off.
public struct FontFeature: Sendable, Hashable {
    /// The four-character feature tag.
    public var tag: String
    /// 1 to enable, 0 to disable, or an alternate index.
    public var value: UInt32

    /// A feature setting; `value` defaults to on.
    public init(_ tag: String, _ value: UInt32 = 1) {
        self.tag = tag
        self.value = value
    }
}
