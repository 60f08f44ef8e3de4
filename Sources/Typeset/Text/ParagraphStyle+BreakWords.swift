// Pipeline stage: Text. The boolean that `ParagraphStyle.overflowWrap` replaced.

extension ParagraphStyle {
    /// Whether a word that alone does not fit its line may break between
    /// grapheme clusters: `overflowWrap` is not `.normal`. Setting it sets
    /// `overflowWrap` to `.breakWord` or `.normal`.
    @available(*, deprecated, message: "use overflowWrap (.normal, .breakWord or .anywhere)")
    public var breakWords: Bool {
        get { overflowWrap != .normal }
        set { overflowWrap = newValue ? .breakWord : .normal }
    }

    /// Paragraph options with `overflowWrap` given as the former boolean
    /// (`true`: `.breakWord`, `false`: `.normal`).
    @available(*, deprecated, message: "use init(overflowWrap:) (.normal, .breakWord or .anywhere)")
    public init(whiteSpace: WhiteSpace = .normal, wordBreak: WordBreak = .normal, breakWords: Bool,
                alignment: Alignment = .start, direction: Direction = .auto, maxLines: Int? = nil,
                textOverflow: TextOverflow = .clip, ellipsis: String = "\u{2026}", tabSize: Int = 8,
                locale: String? = nil, lineBreak: LineBreak = .auto, textWrap: TextWrap = .wrap) {
        self.init(whiteSpace: whiteSpace, wordBreak: wordBreak, overflowWrap: breakWords ? .breakWord : .normal,
                  alignment: alignment, direction: direction, maxLines: maxLines, textOverflow: textOverflow,
                  ellipsis: ellipsis, tabSize: tabSize, locale: locale, lineBreak: lineBreak, textWrap: textWrap)
    }
}
