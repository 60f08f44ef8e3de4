import Typeset

extension AttributedText {
    /// This text with the weight, italic and inline box (chip) of `styles`
    /// set on `entities`' ranges (UTF-16, clamped to the text); everything
    /// else keeps its style. Each entity with an inline box is a box of its
    /// own, even beside another of the same kind.
    ///
    /// Colour and underline are not text attributes (see ``Decoration``), so a
    /// text whose styles ask for decorations only comes back equal to itself,
    /// which is how ``Typesetter/applying(_:to:entities:paragraph:width:scale:)``
    /// knows that nothing needs shaping again.
    public func restyled(_ styles: [EntityKind: EntityStyle], entities: [Entity]) -> AttributedText {
        var text = self
        for entity in entities {
            guard let style = styles[entity.kind], style.changesLayout else { continue }
            text.setStyle({ style.applied(to: $0) }, utf16Range: entity.utf16Range.clamped(to: 0..<text.string.utf16.count))
        }
        return text
    }
}
