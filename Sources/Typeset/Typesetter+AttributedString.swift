import Foundation

extension Typesetter {
    /// Prepares a Foundation `AttributedString` in a block of `baseStyle`
    /// (see ``AttributedText/init(_:baseStyle:fonts:)``).
    /// - Throws: `TypesetError.unknownFontFamilyInRun` for a family no font
    ///   has, and what ``prepare(_:paragraph:scale:)`` throws.
    public func prepare(_ string: AttributedString, baseStyle: TextStyle,
                        paragraph: ParagraphStyle = ParagraphStyle(), scale: Double = 1) throws -> PreparedText {
        try prepare(try AttributedText(string, baseStyle: baseStyle, fonts: fonts), paragraph: paragraph, scale: scale)
    }
}
