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
        /// Keep newlines (each a forced break) but collapse runs of spaces and
        /// tabs into one space, removing the spaces around a newline; wrap.
        /// The usual setting for user text such as chat messages.
        case preLine = "pre-line"
        /// Keep spaces, tabs and newlines; never wrap: one line per source
        /// line (with `textOverflow: .ellipsis`, each line cut to the box).
        /// Spaces at a line's end count in its alignment.
        case pre
        /// As `preWrap`, but preserved spaces never hang: each takes its
        /// width on the line, a line may break after any of them (between two
        /// spaces too), and a space that does not fit goes to the next line.
        /// Tabs still hang at a line's end.
        case breakSpaces = "break-spaces"

        /// Spaces and tabs are kept as written (`preWrap`, `pre`, `breakSpaces`).
        var preservesSpaces: Bool { self == .preWrap || self == .pre || self == .breakSpaces }
        /// Newlines are forced breaks (every value but `normal` and `nowrap`).
        var preservesNewlines: Bool { self != .normal && self != .nowrap }
        /// Lines break where they reach the box's width (not `nowrap`, `pre`).
        var wraps: Bool { self != .nowrap && self != .pre }
    }

    /// CSS `overflow-wrap`: whether a word that does not fit its line alone
    /// may be broken between grapheme clusters.
    public enum OverflowWrap: String, Sendable, Hashable, CaseIterable {
        /// Words are never broken: a word wider than the box overflows it.
        case normal
        /// A word that alone does not fit its line breaks between grapheme
        /// clusters; min-content is still the widest word.
        case breakWord = "break-word"
        /// As `breakWord`, and the breaks count for min-content too: a
        /// text's min-content width is its widest grapheme cluster.
        case anywhere
    }

    /// CSS `text-overflow`: what a `nowrap` or `pre` line wider than the box shows.
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
    /// CSS `overflow-wrap`, default `.breakWord` (as the corpus measures it).
    public var overflowWrap: OverflowWrap
    /// CSS `text-align`, default `.start`.
    public var alignment: Alignment
    /// Base direction, default `.auto`.
    public var direction: Direction
    /// At most this many lines; the last shown line ends with `ellipsis` when
    /// text was cut. Nil for no limit.
    public var maxLines: Int?
    /// CSS `text-overflow` for `nowrap` and `pre` text, default `.clip`.
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
    /// CSS `text-indent`, default none.
    public var textIndent: TextIndent = .none
    /// CSS `text-align-last`, default `.auto`: the alignment of the last
    /// line and of lines that end at a forced break.
    public var alignLast: AlignLast = .auto
    /// CSS `text-box-trim`, default `.none`: trims the first line's top
    /// and the last line's bottom to ``textBoxEdge``.
    public var textBoxTrim: TextBoxTrim = .none
    /// CSS `text-box-edge`, default `.auto`: the edges `textBoxTrim` trims to.
    public var textBoxEdge: TextBoxEdge = .auto

    /// Paragraph options with CSS defaults (`overflow-wrap: break-word`).
    public init(whiteSpace: WhiteSpace = .normal, wordBreak: WordBreak = .normal, overflowWrap: OverflowWrap = .breakWord,
                alignment: Alignment = .start, direction: Direction = .auto, maxLines: Int? = nil,
                textOverflow: TextOverflow = .clip, ellipsis: String = "\u{2026}", tabSize: Int = 8,
                locale: String? = nil, lineBreak: LineBreak = .auto, textWrap: TextWrap = .wrap) {
        self.whiteSpace = whiteSpace
        self.wordBreak = wordBreak
        self.overflowWrap = overflowWrap
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
    /// or `pre` with `textOverflow: .ellipsis`).
    var truncates: Bool { maxLines != nil || (!whiteSpace.wraps && textOverflow == .ellipsis) }

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
        return !left || rightToLeft || alignment == .justify || truncates || !textIndent.isNone
            || alignLast.resolved(alignment) != (alignment == .justify ? .start : alignment)
    }
}
