import Typeset

/// A prepared text with decoration spans beside it: the result of styling
/// entities, ready to lay out at any width and draw.
///
/// Decorations (colour, underline) change no metrics, so a text decorated this
/// way shares its `PreparedText` with the undecorated one and lays out to the
/// same lines and height.
public struct StyledText: Sendable {
    /// The shaped text.
    public let prepared: PreparedText
    /// The spans to draw decorated, sorted by where they start.
    public let decorations: [Decoration]

    /// Pairs a prepared text with decorations.
    public init(prepared: PreparedText, decorations: [Decoration]) {
        self.prepared = prepared
        self.decorations = decorations
    }

    /// Lays the text out (arithmetic only, as `PreparedText/layout(width:)`).
    public func layout(width: Double?) throws -> TextLayout {
        try prepared.layout(width: width)
    }
}

extension PreparedText {
    /// This text with the colour and underline of `styles` on `entities`,
    /// without shaping anything again.
    ///
    /// Only decorations are applied: a style's weight, italic or inline box is ignored here
    /// (they change widths, so the text must be shaped again; use
    /// `Typesetter/applying(_:to:entities:paragraph:width:scale:)` for those). The
    /// entities' ranges are UTF-16 ranges in ``string``.
    ///
    /// ```swift
    /// let styled = prepared.decorated(with: [.hashtag: EntityStyle(color: .token("link"))],
    ///                                 entities: EntityDetector().entities(in: prepared.string))
    /// ```
    public func decorated(with styles: [EntityKind: EntityStyle], entities: [Entity]) -> StyledText {
        StyledText(
            prepared: self,
            decorations: Decoration.spans(for: entities, styles: styles, length: utf16Count))
    }
}
