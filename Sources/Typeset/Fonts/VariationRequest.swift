/// What a style asks of a variable face: the CSS properties that set its
/// axes (see ``FontFace/variationCoordinates(for:)``).
public struct VariationRequest: Sendable, Hashable {
    /// `font-weight`, 1–1000.
    public var weight: Double
    /// `font-stretch`, percent.
    public var stretch: Double
    /// The `font-style` slope: 0 upright, ``italic`` for italic, an oblique angle in degrees.
    public var slope: Double
    /// The optical size (`opsz`): the font size in CSS px when `font-optical-sizing` is `auto`, else nil.
    public var opticalSize: Double?
    /// `font-variation-settings`, applied after the rest.
    public var variations: [FontVariation]

    /// The slope of `font-style: italic`, as Chromium represents it.
    public static let italic = FaceStyle.italicSlope

    /// A request; each value defaults to CSS's initial one.
    public init(weight: Double = 400, stretch: Double = 100, slope: Double = 0, opticalSize: Double? = nil,
                variations: [FontVariation] = []) {
        self.weight = weight
        self.stretch = stretch
        self.slope = slope
        self.opticalSize = opticalSize
        self.variations = variations
    }

    /// The request a text style makes; `cssSize` is its font size in CSS
    /// px (the optical size, also on a screen of more device pixels).
    init(style: borrowing TextStyle, cssSize: Double) {
        self.init(weight: Double(style.weight), stretch: style.stretch,
                  slope: style.italic ? Self.italic : 0,
                  opticalSize: style.opticalSizing == .auto ? cssSize : nil, variations: style.variations)
    }
}
