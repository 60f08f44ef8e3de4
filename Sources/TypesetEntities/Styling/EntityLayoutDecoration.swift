import Typeset

/// A span of text to draw decorated (coloured, underlined): what an
/// ``EntityStyle`` asks for on one entity, for the renderer.
///
/// Decorations never change metrics, so they sit beside a `PreparedText`
/// rather than inside it; see ``StyledText``.
public struct Decoration: Sendable, Hashable {
    /// The source UTF-16 range to decorate (the entity's, sigil included).
    public var utf16Range: Range<Int>
    /// The kind of entity the span is.
    public var kind: EntityKind
    /// The style the span is drawn in (its colour and underline; any weight or
    /// italic in it is already part of the shaped text when it was applied by
    /// `Typesetter/applying(_:to:entities:paragraph:width:scale:)`).
    public var style: EntityStyle

    /// A decoration.
    public init(utf16Range: Range<Int>, kind: EntityKind, style: EntityStyle) {
        self.utf16Range = utf16Range
        self.kind = kind
        self.style = style
    }

    /// The decorations `styles` give `entities` in a text `length` UTF-16 units
    /// long: one per entity whose kind has a style with a colour or an
    /// underline, ranges clamped to the text, empty ones dropped, in order.
    static func spans(for entities: [Entity], styles: [EntityKind: EntityStyle], length: Int) -> [Decoration] {
        var spans: [Decoration] = []
        for entity in entities {
            guard let style = styles[entity.kind], style.hasDecoration else { continue }
            let range = entity.utf16Range.clamped(to: 0..<length)
            guard !range.isEmpty else { continue }
            spans.append(Decoration(utf16Range: range, kind: entity.kind, style: style))
        }
        spans.sort { $0.utf16Range.lowerBound < $1.utf16Range.lowerBound }
        return spans
    }
}
