import Foundation

extension AttributedText {
    /// Attributed text from a Foundation `AttributedString`: the characters,
    /// `baseStyle` as the block's style, and every run restyled by the
    /// Typeset attributes it carries (`AttributeScopes.TypesetAttributes`);
    /// a run with none keeps the base style, other attributes are ignored.
    ///
    /// ```swift
    /// var post = AttributedString("Today we open registration")
    /// post[post.range(of: "Today")!].typeset.fontSize = 24
    /// let text = try AttributedText(post, baseStyle: body, fonts: collection)
    /// ```
    /// - Parameters:
    ///   - string: the characters and their attributes.
    ///   - baseStyle: the block's style (the strut), and what every run
    ///     inherits where its attributes say nothing.
    ///   - fonts: when given, every family a run names must be in it (or be
    ///     a generic or installed family, as `FontCollection.resolve` finds them).
    /// - Throws: `TypesetError.unknownFontFamilyInRun` naming the family and
    ///   the run's UTF-16 range.
    public init(_ string: AttributedString, baseStyle: TextStyle, fonts: FontCollection? = nil) throws {
        self.init(String(string.characters), baseStyle: baseStyle)
        var offset = 0
        for run in string.runs {
            let length = string.utf16.distance(from: run.range.lowerBound, to: run.range.upperBound)
            defer { offset += length }
            var style = baseStyle
            var changed = false
            if let v = run[FontFamilyAttribute.self] { style.font = FontStack(families: v); changed = true }
            if let v = run[FontSizeAttribute.self] { style.size = v; changed = true }
            if let v = run[FontWeightAttribute.self] { style.weight = v; changed = true }
            if let v = run[ItalicAttribute.self] { style.italic = v; changed = true }
            if let v = run[LetterSpacingAttribute.self] { style.letterSpacing = v; changed = true }
            if let v = run[FontFeaturesAttribute.self] { style.features = v; changed = true }
            if let v = run[LineHeightAttribute.self] { style.lineHeight = v; changed = true }
            guard changed, length > 0 else { continue }
            let range = offset..<offset + length
            if let fonts, let families = run[FontFamilyAttribute.self] {
                for family in families {
                    do { _ = try fonts.resolve(FontStack(families: [family]), weight: style.weight, italic: style.italic) } catch {
                        throw TypesetError.unknownFontFamilyInRun(family: family, utf16Range: range)
                    }
                }
            }
            setStyle(style, utf16Range: range)
        }
    }
}

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
