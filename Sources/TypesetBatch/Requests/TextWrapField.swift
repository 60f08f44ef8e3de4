import Typeset

/// The request field `text_wrap`, as CSS `text-wrap`: a wrap style
/// (`wrap`, `balance`, `pretty`: ``ParagraphStyle/TextWrap``) or `nowrap`
/// (CSS `text-wrap-mode: nowrap`: `white_space: nowrap`, or `pre` with
/// `pre-wrap`).
package enum TextWrapField: String, CaseIterable, Sendable {
    case wrap, balance, pretty, nowrap

    /// The wrap style, or nil for `nowrap`.
    package var style: ParagraphStyle.TextWrap? { ParagraphStyle.TextWrap(rawValue: rawValue) }

    /// The `white-space` that `text-wrap: nowrap` makes of `whiteSpace`, as
    /// CSS's longhands combine: `normal` and `nowrap` become `nowrap`,
    /// `pre-wrap` and `pre` become `pre`.
    /// - Throws: `RequestError` for `pre-line` and `break-spaces`, whose
    ///   spaces or newlines no `white-space` value keeps without wrapping.
    package static func noWrap(_ whiteSpace: ParagraphStyle.WhiteSpace) throws -> ParagraphStyle.WhiteSpace {
        switch whiteSpace {
        case .normal, .nowrap: return .nowrap
        case .preWrap, .pre: return .pre
        case .preLine, .breakSpaces:
            throw RequestError("text_wrap nowrap with white_space \(whiteSpace.rawValue) keeps its "
                + (whiteSpace == .preLine ? "newlines" : "spaces") + " without wrapping, which no white_space value "
                + "Typeset lays out does: use white_space nowrap or pre")
        }
    }
}
