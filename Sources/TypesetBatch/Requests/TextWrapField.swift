import Typeset

/// The request field `text_wrap`, as CSS `text-wrap`: a wrap style
/// (`wrap`, `balance`, `pretty`: ``ParagraphStyle/TextWrap``) or `nowrap`
/// (the same as `white_space: nowrap`).
package enum TextWrapField: String, CaseIterable, Sendable {
    case wrap, balance, pretty, nowrap

    /// The wrap style, or nil for `nowrap`.
    package var style: ParagraphStyle.TextWrap? { ParagraphStyle.TextWrap(rawValue: rawValue) }
}
