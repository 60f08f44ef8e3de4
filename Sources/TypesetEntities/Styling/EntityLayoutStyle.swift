import Typeset

/// How to show one kind of entity: decorations (colour, underline) that leave
/// the text's metrics alone, and font changes (weight, italic) that reshape it.
///
/// ```swift
/// let styles: [EntityKind: EntityStyle] = [
///     .hashtag: EntityStyle(color: .token("link")),
///     .url: EntityStyle(color: .hex(0x1D9BF0FF), underline: true),
///     .mention: EntityStyle(color: .token("link"), weight: 700),   // bold: reshapes
/// ]
/// ```
public struct EntityStyle: Sendable, Hashable {
    /// The entity's colour, nil to keep the text's.
    public var color: EntityColor?
    /// Whether to underline the entity.
    public var underline: Bool
    /// A CSS weight (1–1000, 700 bold) to set the entity in, nil to keep the text's.
    public var weight: Int?
    /// Whether to set the entity in italic, nil to keep the text's.
    public var italic: Bool?

    /// A style; every part defaults to leaving the text as it is.
    public init(color: EntityColor? = nil, underline: Bool = false, weight: Int? = nil, italic: Bool? = nil) {
        self.color = color
        self.underline = underline
        self.weight = weight
        self.italic = italic
    }

    /// Whether the style asks for a font change (weight or italic), which needs
    /// the text shaped again; colour and underline do not.
    public var changesFont: Bool { weight != nil || italic != nil }

    /// Whether the style asks for a decoration (colour or underline).
    public var hasDecoration: Bool { color != nil || underline }

    /// `style` with this style's weight and italic applied.
    public func applied(to style: TextStyle) -> TextStyle {
        var style = style
        if let weight { style.weight = weight }
        if let italic { style.italic = italic }
        return style
    }
}
