// Pipeline stage: Text.
// In: the caller's string, TextStyles (font stack, size, weight…) and ParagraphStyle.
// Out: AttributedText: the string with contiguous styled runs in UTF-16 offsets, and the paragraph options.

/// Text with runs of character attributes: what Typeset shapes.
///
/// Build it from a `String` and one style, or append styled pieces:
/// ```swift
/// var text = AttributedText("Hello ", style: body)
/// text.append("world", style: bold)
/// ```
///
/// The text sits in a block with a style of its own, ``baseStyle``, as a CSS
/// paragraph holds `<span>`s: the block's font and line height form the
/// *strut* that every line has, whatever its runs. A 15 px paragraph whose
/// first word is a 24 px span:
/// ```swift
/// var post = AttributedText("Today we open registration", baseStyle: body)
/// post.setStyle(headline, utf16Range: 0..<5)
/// ```
public struct AttributedText: Sendable, Hashable {
    /// The characters.
    public private(set) var string: String
    /// Styled runs, contiguous and in order, covering the whole string; ranges
    /// are UTF-16 offsets.
    public private(set) var runs: [Run]

    /// One styled run.
    public struct Run: Sendable, Hashable {
        /// UTF-16 offsets into the string.
        public var range: Range<Int>
        /// The run's style.
        public var style: TextStyle
    }

    /// Inline attachments by the UTF-16 offset of their U+FFFC (see
    /// ``TextAttachment``).
    public internal(set) var attachments: [Int: TextAttachment] = [:]

    /// The block's style given at creation, if any (else the first run's).
    private var blockStyle: TextStyle?

    /// The first range given to `setStyle` that is outside the text or
    /// splits a surrogate pair: preparing the text throws it.
    private(set) var invalidStyleRange: InvalidStyleRange?

    /// A range `setStyle` was given and did not apply, and why.
    struct InvalidStyleRange: Sendable, Hashable {
        var range: Range<Int>
        var reason: String
        var error: TypesetError { .invalidStyleRange(utf16Range: range, reason: reason) }
    }

    /// Text in a single style (the block's style too).
    public init(_ string: String, style: TextStyle) {
        self.string = string
        self.runs = [Run(range: 0..<string.utf16.count, style: style)]
        self.blockStyle = style
    }

    /// Text in a block of `baseStyle`; restyle ranges of it with
    /// `setStyle(_:utf16Range:)` (what is not restyled keeps
    /// the block's style).
    public init(_ string: String = "", baseStyle: TextStyle) {
        self.init(string, style: baseStyle)
    }

    /// Text from pieces, each with its own style, in a block of `baseStyle`
    /// (nil: the first non-empty piece's style is the block's).
    public init(_ pieces: [(String, TextStyle)], baseStyle: TextStyle? = nil) {
        string = ""
        runs = []
        blockStyle = baseStyle
        for (s, st) in pieces { append(s, style: st) }
    }

    /// Appends a piece in a style (merging with the last run when the style is equal).
    public mutating func append(_ piece: String, style: TextStyle) {
        let start = string.utf16.count
        string += piece
        let end = string.utf16.count
        if let last = runs.last, last.style == style, style.inlineBox.isEmpty {
            runs[runs.count - 1].range = last.range.lowerBound..<end
        } else if let last = runs.last, last.range.isEmpty {
            runs[runs.count - 1] = Run(range: last.range.lowerBound..<end, style: style)
        } else {
            runs.append(Run(range: start..<end, style: style))
        }
    }

    /// Gives a UTF-16 range one style, splitting runs where needed; the rest
    /// keeps its style.
    ///
    /// A range outside the text, or one that splits a surrogate pair, is not
    /// applied: preparing the text throws
    /// ``TypesetError/invalidStyleRange(utf16Range:reason:)`` naming the
    /// first such range (as a misplaced attachment makes preparing throw).
    public mutating func setStyle(_ style: TextStyle, utf16Range: Range<Int>) {
        setStyle({ _ in style }, utf16Range: utf16Range)
    }

    /// Restyles a UTF-16 range, splitting runs where needed; the rest keeps
    /// its style. A bad range is not applied, and makes preparing throw, as
    /// for the form that takes a style.
    public mutating func setStyle(_ transform: (TextStyle) -> TextStyle, utf16Range: Range<Int>) {
        let count = string.utf16.count
        if let reason = Self.problem(with: utf16Range, in: string.utf16, count: count) {
            if invalidStyleRange == nil { invalidStyleRange = InvalidStyleRange(range: utf16Range, reason: reason) }
            return
        }
        let r = utf16Range
        guard !r.isEmpty else { return }
        // Only the runs the range touches are rebuilt (found by binary
        // search), with a neighbour on each side to merge with: restyling
        // run after run in order costs each one its own runs, not the whole
        // list (100,000 spans were quadratic).
        var lo = 0, hi = runs.count
        while lo < hi { let m = (lo + hi) / 2; if runs[m].range.upperBound <= r.lowerBound { lo = m + 1 } else { hi = m } }
        var end = lo
        while end < runs.count && runs[end].range.lowerBound < r.upperBound { end += 1 }
        let from = max(0, lo - 1), to = min(runs.count, end + 1)
        var out: [Run] = []
        out.reserveCapacity(to - from + 2)
        for run in runs[from..<to] {
            let overlap = run.range.clamped(to: r)
            if overlap.isEmpty { out.append(run); continue }
            if run.range.lowerBound < overlap.lowerBound {
                out.append(Run(range: run.range.lowerBound..<overlap.lowerBound, style: run.style))
            }
            out.append(Run(range: overlap, style: transform(run.style)))
            if overlap.upperBound < run.range.upperBound {
                out.append(Run(range: overlap.upperBound..<run.range.upperBound, style: run.style))
            }
        }
        var merged: [Run] = []
        merged.reserveCapacity(out.count)
        for run in out {
            // (Two boxes side by side stay two: each run with an inline box is one `<span>`.)
            if let last = merged.last, last.style == run.style, run.style.inlineBox.isEmpty {
                merged[merged.count - 1].range = last.range.lowerBound..<run.range.upperBound
            } else { merged.append(run) }
        }
        runs.replaceSubrange(from..<to, with: merged)
    }

    /// The block's own style: its font stack (the first family's face is the
    /// strut's font), size and line height give every line its minimum
    /// height, as CSS's strut does; text in no other run has this style. The
    /// first run's style when the text was built from pieces without one.
    public var baseStyle: TextStyle {
        get { blockStyle ?? runs[0].style }
        set { blockStyle = newValue }
    }

    /// Whether the text has a style to prepare it in (a block style or a run).
    var hasStyle: Bool { blockStyle != nil || !runs.isEmpty }

    /// Why a UTF-16 range cannot be styled in a text of `count` units, nil when it can.
    static func problem(with range: Range<Int>, in utf16: String.UTF16View, count: Int) -> String? {
        guard range.lowerBound >= 0, range.upperBound <= count else {
            return "outside the text (\(count) UTF-16 units)"
        }
        for offset in [range.lowerBound, range.upperBound] where offset > 0 && offset < count {
            let i = utf16.index(utf16.startIndex, offsetBy: offset)
            if UTF16.isTrailSurrogate(utf16[i]) && UTF16.isLeadSurrogate(utf16[utf16.index(before: i)]) {
                return "it splits the surrogate pair at \(offset - 1)..<\(offset + 1)"
            }
        }
        return nil
    }
}
