import Foundation

extension AttributeScopes {
    /// The attributes Typeset reads from a Foundation `AttributedString`
    /// (`string[range].typeset.fontSize = 24`): each sets one field of the
    /// run's ``TextStyle``; what a run does not set comes from the base style.
    /// Other attributes (colours, links, Foundation's own fonts) are ignored.
    public struct TypesetAttributes: AttributeScope {
        /// The run's font stack, first preferred: one family
        /// (`.typeset.fontFamily = "Noto Sans"`) or several
        /// (`= ["Noto Sans CJK JP", "Noto Sans"]`), as CSS `font-family`.
        public let fontFamily: FontFamilyAttribute
        /// The font size in px.
        public let fontSize: FontSizeAttribute
        /// The CSS weight, 1–1000.
        public let fontWeight: FontWeightAttribute
        /// Whether an italic face is wanted.
        public let italic: ItalicAttribute
        /// Extra px after every character (CSS `letter-spacing`).
        public let letterSpacing: LetterSpacingAttribute
        /// OpenType feature settings.
        public let fontFeatures: FontFeaturesAttribute
        /// The run's line height (its inline box).
        public let lineHeight: LineHeightAttribute
        /// CSS `font-stretch`, percent.
        public let fontStretch: FontStretchAttribute
        /// CSS `font-variation-settings`.
        public let fontVariations: FontVariationsAttribute
        /// CSS `font-optical-sizing`.
        public let opticalSizing: OpticalSizingAttribute
        /// The padding, border and margin of the run's inline box (a chip).
        public let inlineBox: InlineBoxAttribute
    }

    /// Typeset's attributes: `string[range].typeset.fontWeight = 700`.
    public var typeset: TypesetAttributes.Type { TypesetAttributes.self }
}

extension AttributeDynamicLookup {
    /// Lets `string[range].typeset.fontSize` and `run.typeset.fontSize` name Typeset's attributes.
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.TypesetAttributes, T>) -> T {
        self[T.self]
    }
}

/// The font stack of a run (``TextStyle/font``): a ``FontStack``, so one
/// family name or an array of them, first preferred (CSS `font-family`).
public enum FontFamilyAttribute: AttributedStringKey {
    public typealias Value = FontStack
    public static let name = "dev.typeset.fontFamily"
}

/// The font size of a run in px (``TextStyle/size``).
public enum FontSizeAttribute: AttributedStringKey {
    public typealias Value = Double
    public static let name = "dev.typeset.fontSize"
}

/// The CSS weight of a run, 1–1000 (``TextStyle/weight``).
public enum FontWeightAttribute: AttributedStringKey {
    public typealias Value = Int
    public static let name = "dev.typeset.fontWeight"
}

/// Whether a run is italic (``TextStyle/italic``).
public enum ItalicAttribute: AttributedStringKey {
    public typealias Value = Bool
    public static let name = "dev.typeset.italic"
}

/// The letter spacing of a run in px (``TextStyle/letterSpacing``).
public enum LetterSpacingAttribute: AttributedStringKey {
    public typealias Value = Double
    public static let name = "dev.typeset.letterSpacing"
}

/// The OpenType features of a run (``TextStyle/features``).
public enum FontFeaturesAttribute: AttributedStringKey {
    public typealias Value = [FontFeature]
    public static let name = "dev.typeset.fontFeatures"
}

/// The line height of a run's inline box (``TextStyle/lineHeight``).
public enum LineHeightAttribute: AttributedStringKey {
    public typealias Value = LineHeight
    public static let name = "dev.typeset.lineHeight"
}

/// The `font-stretch` of a run in percent (``TextStyle/stretch``).
public enum FontStretchAttribute: AttributedStringKey {
    public typealias Value = Double
    public static let name = "dev.typeset.fontStretch"
}

/// The `font-variation-settings` of a run (``TextStyle/variations``).
public enum FontVariationsAttribute: AttributedStringKey {
    public typealias Value = [FontVariation]
    public static let name = "dev.typeset.fontVariations"
}

/// The `font-optical-sizing` of a run (``TextStyle/opticalSizing``).
public enum OpticalSizingAttribute: AttributedStringKey {
    public typealias Value = FontOpticalSizing
    public static let name = "dev.typeset.opticalSizing"
}

/// The padding, border and margin of a run's inline box (``TextStyle/inlineBox``):
/// `string[range].typeset.inlineBox = InlineBoxEdges(padding: BoxSides(vertical: 2, horizontal: 6))`.
/// Each run of the `AttributedString` is one box: give the whole chip the
/// same attributes (a colour change inside it splits it into two runs, and
/// so into two boxes, each with both sides).
public enum InlineBoxAttribute: AttributedStringKey {
    public typealias Value = InlineBoxEdges
    public static let name = "dev.typeset.inlineBox"
}
