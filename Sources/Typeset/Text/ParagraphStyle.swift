/// Paragraph-level layout options, named after their CSS properties.
public struct ParagraphStyle: Sendable, Hashable {
    /// CSS `white-space`.
    public enum WhiteSpace: String, Sendable, Hashable, CaseIterable {
        /// Collapse runs of spaces, tabs and newlines into one space; wrap.
        case normal
        /// Keep spaces, tabs and newlines; wrap; trailing spaces hang.
        case preWrap = "pre-wrap"
        /// Collapse like `normal`, but never wrap: one line per paragraph
        /// (with `textOverflow: .ellipsis`, the single-line mode of a label).
        case nowrap
    }

    /// CSS `text-overflow`: what a `nowrap` line wider than the box shows.
    public enum TextOverflow: String, Sendable, Hashable, CaseIterable {
        /// The line overflows (a view clips it).
        case clip
        /// The line is cut where the ellipsis fits and the ellipsis drawn,
        /// as `maxLines` cuts its last line.
        case ellipsis
    }

    /// CSS `word-break`.
    public enum WordBreak: String, Sendable, Hashable, CaseIterable {
        /// UAX #14 opportunities (with the browser's ASCII rules).
        case normal
        /// No breaks between letters or digits, also in CJK and Korean text.
        case keepAll = "keep-all"
        /// Breaks between any two letters as well.
        case breakAll = "break-all"
    }

    /// CSS `text-align`.
    public enum Alignment: String, Sendable, Hashable, CaseIterable {
        case start, end, left, right, center, justify
    }

    /// Base direction of the paragraph.
    public enum Direction: String, Sendable, Hashable, CaseIterable {
        /// From the first strong character (UAX #9 P2–P3), left-to-right if none.
        case auto
        case ltr
        case rtl
    }

    /// CSS `line-break`: how strictly CJK line-breaking rules (small kana,
    /// iteration marks, prolonged sound marks, CJK punctuation) apply.
    public enum LineBreak: String, Sendable, Hashable, CaseIterable {
        /// The language's default (CSS `auto`).
        case auto
        /// The least restrictive rules (CSS `loose`).
        case loose
        /// The usual rules (CSS `normal`).
        case normal
        /// The most restrictive rules: no line starts with small kana (CSS `strict`).
        case strict
        /// A break between any two grapheme clusters, punctuation included (CSS `anywhere`).
        case anywhere
    }

    /// CSS `text-wrap-style`: how a paragraph that wraps picks its breaks.
    /// Only where the text wraps (not `nowrap`); the intrinsic widths
    /// (min- and max-content) are the same for every style, as in CSS.
    public enum TextWrap: String, Sendable, Hashable, CaseIterable {
        /// Each line takes as much as fits (greedy; CSS `auto`).
        case wrap
        /// Lines of near-equal width, for headlines and titles. As Chromium
        /// does it: only the text's first paragraph (up to the first forced
        /// break), only when it takes at most 6 lines, by the same scores as
        /// `pretty` with the last line scored too, and, when scoring does not
        /// apply (fewer than 3 break opportunities), the narrowest width
        /// that keeps the line count (found by halving, to 1 px). The line
        /// count never changes.
        case balance
        /// No short word alone on a paragraph's last line. As Chromium does
        /// it: only when a paragraph's last line is a single word shorter
        /// than a third of the box, and then only its last 4 lines are
        /// re-broken (scores like Knuth and Plass's, as Android's
        /// high-quality breaking); the line count never changes.
        case pretty
    }

    /// CSS `white-space`, default `.normal`.
    public var whiteSpace: WhiteSpace
    /// CSS `word-break`, default `.normal`.
    public var wordBreak: WordBreak
    /// CSS `overflow-wrap: break-word` (on by default, as the corpus measures it):
    /// a word that alone does not fit its line breaks between grapheme clusters.
    public var breakWords: Bool
    /// CSS `text-align`, default `.start`.
    public var alignment: Alignment
    /// Base direction, default `.auto`.
    public var direction: Direction
    /// At most this many lines; the last shown line ends with `ellipsis` when
    /// text was cut. Nil for no limit.
    public var maxLines: Int?
    /// CSS `text-overflow` for `nowrap` text, default `.clip`.
    public var textOverflow: TextOverflow
    /// The truncation marker, default "…". The default follows Chromium: it
    /// becomes "..." (three periods) when the paragraph's primary font (the
    /// first face of the stack for the weight and style) has no U+2026, as
    /// Noto Sans Arabic, Hebrew and Thai do not. Any other string is drawn as is.
    public var ellipsis: String
    /// Tab stops every this many space widths (CSS `tab-size`, default 8).
    public var tabSize: Int
    /// A BCP 47 language for line breaking (e.g. "ja"); nil for the language
    /// of the text's first run (`TextStyle.language`), and the root rules
    /// when that is nil too.
    public var locale: String?
    /// CSS `line-break`, default `.auto`.
    public var lineBreak: LineBreak
    /// CSS `text-wrap-style`, default `.wrap` (greedy).
    public var textWrap: TextWrap
    /// CSS `text-box-trim`, default `.none`: trims the first line's top
    /// and the last line's bottom to ``textBoxEdge``.
    public var textBoxTrim: TextBoxTrim = .none
    /// CSS `text-box-edge`, default `.auto`: the edges `textBoxTrim` trims to.
    public var textBoxEdge: TextBoxEdge = .auto

    /// Paragraph options with CSS defaults (`overflow-wrap: break-word` on).
    public init(whiteSpace: WhiteSpace = .normal, wordBreak: WordBreak = .normal, breakWords: Bool = true,
                alignment: Alignment = .start, direction: Direction = .auto, maxLines: Int? = nil,
                textOverflow: TextOverflow = .clip, ellipsis: String = "\u{2026}", tabSize: Int = 8,
                locale: String? = nil, lineBreak: LineBreak = .auto, textWrap: TextWrap = .wrap) {
        self.whiteSpace = whiteSpace
        self.wordBreak = wordBreak
        self.breakWords = breakWords
        self.alignment = alignment
        self.direction = direction
        self.maxLines = maxLines
        self.textOverflow = textOverflow
        self.ellipsis = ellipsis
        self.tabSize = tabSize
        self.locale = locale
        self.lineBreak = lineBreak
        self.textWrap = textWrap
    }

    /// Whether a line can be cut with the ellipsis (`maxLines`, or `nowrap`
    /// with `textOverflow: .ellipsis`).
    var truncates: Bool { maxLines != nil || (whiteSpace == .nowrap && textOverflow == .ellipsis) }

    /// The marker drawn for `ellipsis`: the default "…" becomes "..." when the
    /// primary font lacks U+2026 (Chromium's LineTruncator).
    func ellipsisText(primaryCovers: (UInt32) -> Bool) -> String {
        ellipsis == "\u{2026}" && !primaryCovers(0x2026) ? "..." : ellipsis
    }
}

extension ParagraphStyle {
    /// Whether any line of a paragraph can need more than its width rounded
    /// up and x = 0: alignment other than left, right-to-left text,
    /// justification or truncation (prepare records it in
    /// `PreparedCore.Header.needsPlacement`; layout then places lines with
    /// `LinePlacement`).
    func needsLinePlacement(rightToLeft: Bool) -> Bool {
        let left = switch alignment {
        case .start, .justify: !rightToLeft
        case .end: rightToLeft
        default: alignment == .left
        }
        return !left || rightToLeft || alignment == .justify || truncates
    }
}
