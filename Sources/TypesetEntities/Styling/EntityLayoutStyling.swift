import Typeset

/// The result of applying entity styles to a text at one width: the styled
/// text laid out, and how its height compares with the unstyled text's, so a
/// list can update the row when it changed.
public struct EntityStyling: Sendable {
    /// The attributed text with the styles' weight and italic set on the
    /// entities (equal to the input when the styles only decorate).
    public let text: AttributedText
    /// The shaped styled text and its decorations.
    public let styled: StyledText
    /// The styled text laid out at the width asked for.
    public let layout: TextLayout
    /// The unstyled text's height at that width, px (`TextLayout/exactHeight`).
    public let oldHeight: Double
    /// The styled text's height at that width, px.
    public let newHeight: Double
    /// The unstyled text's line count at that width.
    public let oldLineCount: Int
    /// Whether the text had to be shaped again (a style changed the weight or
    /// italic of some entity's characters); false for decorations alone.
    public let reshaped: Bool

    /// The shaped styled text.
    public var prepared: PreparedText { styled.prepared }
    /// The spans to draw coloured or underlined.
    public var decorations: [Decoration] { styled.decorations }
    /// Whether styling changed the height (and so the row's size in a list).
    public var heightChanged: Bool { oldHeight != newHeight }
    /// The styled text's line count.
    public var newLineCount: Int { layout.lines.count }
}

extension Typesetter {
    /// Styles the entities of a text and lays it out at `width`, reporting the
    /// height before and after.
    ///
    /// Prepares `text` as given (for the old height), then, when some style
    /// changes the weight, italic or inline box (chip) of an entity, prepares the restyled text too;
    /// with the word shaping cache only the restyled words are shaped again.
    /// When you already hold the unstyled `PreparedText`, use
    /// ``applying(_:to:text:entities:width:)``, which shapes nothing for
    /// decoration-only styles.
    ///
    /// ```swift
    /// let result = try typesetter.applying([.mention: EntityStyle(weight: 700)], to: text,
    ///                                      entities: EntityDetector().entities(in: text.string), width: 320)
    /// if result.heightChanged { list.reloadRow(height: result.newHeight) }
    /// ```
    ///
    /// - Parameters:
    ///   - styles: A style per kind of entity; kinds without one are left alone.
    ///   - text: The unstyled text.
    ///   - entities: The entities of `text.string` (UTF-16 ranges).
    ///   - paragraph: The paragraph options.
    ///   - width: The width to break lines at, nil for unbounded lines.
    ///   - scale: The device pixel ratio (see ``Typeset/Typesetter/prepare(_:paragraph:scale:)``).
    public func applying(
        _ styles: [EntityKind: EntityStyle], to text: AttributedText, entities: [Entity],
        paragraph: ParagraphStyle = ParagraphStyle(), width: Double?, scale: Double = 1
    ) throws -> EntityStyling {
        let unstyled = try prepare(text, paragraph: paragraph, scale: scale)
        return try applying(styles, to: unstyled, text: text, entities: entities, width: width)
    }

    /// Styles the entities of an already prepared text and lays it out at
    /// `width`, reporting the height before and after.
    ///
    /// Decorations alone (colour, underline) reuse `prepared` as it is: nothing
    /// is shaped and ``Typesetter/preparedTexts`` does not move. A weight or
    /// italic change prepares the restyled text (same paragraph options and
    /// scale) and lays it out at the same width.
    ///
    /// - Parameters:
    ///   - styles: A style per kind of entity; kinds without one are left alone.
    ///   - prepared: `text` as prepared, the unstyled state.
    ///   - text: The attributed text `prepared` was prepared from.
    ///   - entities: The entities of `text.string` (UTF-16 ranges).
    ///   - width: The width to break lines at, nil for unbounded lines.
    /// - Throws: ``EntityStylingError/textMismatch`` when `prepared` holds
    ///   another string than `text`; `TypesetError` from preparing or laying out.
    public func applying(
        _ styles: [EntityKind: EntityStyle], to prepared: PreparedText, text: AttributedText,
        entities: [Entity], width: Double?
    ) throws -> EntityStyling {
        guard prepared.utf16Count == text.string.utf16.count,
              prepared.string.utf16.elementsEqual(text.string.utf16) else { throw EntityStylingError.textMismatch }
        let before = try prepared.layout(width: width)
        let restyled = text.restyled(styles, entities: entities)
        let reshaped = restyled != text
        let shaped = reshaped ? try prepare(restyled, paragraph: prepared.paragraph, scale: prepared.scale) : prepared
        let layout = reshaped ? try shaped.layout(width: width) : before
        return EntityStyling(
            text: restyled, styled: shaped.decorated(with: styles, entities: entities), layout: layout,
            oldHeight: before.exactHeight, newHeight: layout.exactHeight, oldLineCount: before.lines.count,
            reshaped: reshaped)
    }
}
