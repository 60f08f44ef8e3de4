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
    ///   - fonts: when given, some family of every run's stack must find a
    ///     font in it (as `FontCollection.resolve` finds them: the others
    ///     are skipped, as CSS skips them).
    /// - Throws: `TypesetError.unknownFontFamilyInRun` naming the stack's
    ///   first family and the run's UTF-16 range when none of its families
    ///   finds a font.
    public init(_ string: AttributedString, baseStyle: TextStyle, fonts: FontCollection? = nil) throws {
        self.init(String(string.characters), baseStyle: baseStyle)
        var offset = 0
        for run in string.runs {
            let length = string.utf16.distance(from: run.range.lowerBound, to: run.range.upperBound)
            defer { offset += length }
            var style = baseStyle
            var changed = false
            if let v = run[FontFamilyAttribute.self] { style.font = v; changed = true }
            if let v = run[FontSizeAttribute.self] { style.size = v; changed = true }
            if let v = run[FontWeightAttribute.self] { style.weight = v; changed = true }
            if let v = run[ItalicAttribute.self] { style.italic = v; changed = true }
            if let v = run[LetterSpacingAttribute.self] { style.letterSpacing = v; changed = true }
            if let v = run[FontFeaturesAttribute.self] { style.features = v; changed = true }
            if let v = run[LineHeightAttribute.self] { style.lineHeight = v; changed = true }
            if let v = run[FontStretchAttribute.self] { style.stretch = v; changed = true }
            if let v = run[FontVariationsAttribute.self] { style.variations = v; changed = true }
            if let v = run[OpticalSizingAttribute.self] { style.opticalSizing = v; changed = true }
            if let v = run[InlineBoxAttribute.self] { style.inlineBox = v; changed = true }
            guard changed, length > 0 else { continue }
            let range = offset..<offset + length
            if let fonts, let stack = run[FontFamilyAttribute.self] {
                do { _ = try fonts.resolve(stack, weight: style.weight, stretch: style.stretch, italic: style.italic) } catch {
                    // Every family of the run's stack finds no font (one that does not is skipped, as CSS skips it).
                    let first = stack.entries.lazy.compactMap { if case .family(let name) = $0 { return name } else { return nil } }.first
                    throw TypesetError.unknownFontFamilyInRun(family: first ?? "", utf16Range: range)
                }
            }
            setStyle(style, utf16Range: range)
        }
    }
}
