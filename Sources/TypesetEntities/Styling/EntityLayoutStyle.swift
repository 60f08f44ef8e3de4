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
///
/// A mention or hashtag drawn as a chip takes room on its line: give its
/// style the chip's padding, border and margin (an ``InlineBoxEdges``, as
/// CSS sets them on a `<span>`), and the text is laid out again with them.
///
/// ```swift
/// let chip = EntityStyle(color: .token("chip-text"),
///                        inlineBox: InlineBoxEdges(padding: BoxSides(vertical: 2, horizontal: 6)))
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
    /// The padding, border and margin of the entity's inline box (a chip),
    /// nil for none: its left and right sides take room on the line.
    public var inlineBox: InlineBoxEdges?

    /// A style; every part defaults to leaving the text as it is.
    public init(color: EntityColor? = nil, underline: Bool = false, weight: Int? = nil, italic: Bool? = nil,
                inlineBox: InlineBoxEdges? = nil) {
        self.color = color
        self.underline = underline
        self.weight = weight
        self.italic = italic
        self.inlineBox = inlineBox
    }

    /// Whether the style asks for a font change (weight or italic), which needs
    /// the text shaped again; colour and underline do not.
    public var changesFont: Bool { weight != nil || italic != nil }

    /// Whether the style changes the text's layout: a font change, or an
    /// inline box (a chip) whose sides take room. Such a style needs the text
    /// prepared again; colour and underline do not.
    public var changesLayout: Bool { changesFont || inlineBox != nil }

    /// Whether the style asks for a decoration (colour or underline).
    public var hasDecoration: Bool { color != nil || underline }

    /// `style` with this style's weight, italic and inline box applied.
    public func applied(to style: TextStyle) -> TextStyle {
        var style = style
        if let weight { style.weight = weight }
        if let italic { style.italic = italic }
        if let inlineBox { style.inlineBox = inlineBox }
        return style
    }
}
