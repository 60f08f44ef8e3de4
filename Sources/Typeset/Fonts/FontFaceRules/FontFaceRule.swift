import Foundation

/// One CSS `@font-face` rule: a family name, where its font comes from, and
/// the descriptors that say which requests it serves and how it is scaled.
///
/// Rules are read from CSS by ``FontFaceRule/parse(css:baseURL:fileName:)``
/// and become faces of a ``FontCollection``
/// (`FontCollection(fontFaceRules:paths:includeSystemFonts:)`).
/// A rule that leaves `font-weight`, `font-stretch` or `font-style` out is
/// matched as `normal` (as Chromium matches it: two rules without them form
/// one segmented face whatever their files hold), while a variable face's
/// axes follow the request within the font's own ranges.
public struct FontFaceRule: Sendable, Hashable {
    /// Where a rule's font comes from: one entry of its `src` list.
    public enum Source: Sendable, Hashable {
        /// `url(…)`: a font file (relative URLs already resolved against the
        /// CSS file), with its `format()` hint when one was given.
        case url(URL, format: String?)
        /// `local(…)`: an installed font, by full name or PostScript name.
        case local(String)
    }

    /// `font-family`: the name requests use for this face.
    public var family: String
    /// `src`: where the font comes from, tried in order until one loads.
    public var sources: [Source]
    /// `font-weight`: the weights the face covers; nil when not given or
    /// `auto`: matched as `normal` (400), and a variable face's `wght` set
    /// to the requested weight within the font's own range, as Chromium does.
    public var weight: ClosedRange<Double>?
    /// `font-stretch` as percentages; nil when not given, `auto` or (as
    /// Chromium reads it) `normal`: matched as 100%, a variable face's
    /// `wdth` set to the request within the font's own range.
    public var stretch: ClosedRange<Double>?
    /// `font-style` (`oblique` alone is 14 degrees, `oblique 10deg 20deg` a
    /// range); nil when not given or `auto`: matched as `normal`, a variable
    /// face's `slnt` within the font's own range.
    public var style: FaceStyle?
    /// `unicode-range`: the characters the face may set (everything when not given).
    public var unicodeRange: UnicodeRangeSet
    /// `size-adjust` as a multiplier (1 for 100%): scales the face's glyphs and metrics.
    public var sizeAdjust: Double
    /// `ascent-override` as a fraction of the font size, nil for `normal`
    /// (the font's own ascent).
    public var ascentOverride: Double?
    /// `descent-override` as a fraction of the font size, nil for `normal`.
    public var descentOverride: Double?
    /// `line-gap-override` as a fraction of the font size, nil for `normal`.
    public var lineGapOverride: Double?
    /// Where the rule was read: the CSS file's name (or what the caller
    /// called the CSS) and the line of its `@font-face`, for messages.
    public var origin: Origin

    /// Where a rule was read from, for messages.
    public struct Origin: Sendable, Hashable, CustomStringConvertible {
        /// The CSS file's path, or the name the caller gave its CSS text.
        public var file: String
        /// The line (from 1) of the rule's `@font-face`.
        public var line: Int
        /// The rule's position among the file's `@font-face` rules (from 1).
        public var index: Int

        /// Where a rule was read.
        public init(file: String, line: Int, index: Int) {
            self.file = file
            self.line = line
            self.index = index
        }

        /// "faces.css:12: @font-face rule 3".
        public var description: String { "\(file):\(line): @font-face rule \(index)" }
    }

    /// A rule from its parts; descriptors not given are as in a rule that
    /// leaves them out.
    public init(family: String, sources: [Source], weight: ClosedRange<Double>? = nil,
                stretch: ClosedRange<Double>? = nil, style: FaceStyle? = nil,
                unicodeRange: UnicodeRangeSet = .all, sizeAdjust: Double = 1,
                ascentOverride: Double? = nil, descentOverride: Double? = nil, lineGapOverride: Double? = nil,
                origin: Origin = Origin(file: "<rules>", line: 1, index: 1)) {
        self.family = family
        self.sources = sources
        self.weight = weight
        self.stretch = stretch
        self.style = style
        self.unicodeRange = unicodeRange
        self.sizeAdjust = sizeAdjust
        self.ascentOverride = ascentOverride
        self.descentOverride = descentOverride
        self.lineGapOverride = lineGapOverride
        self.origin = origin
    }
}
