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

    /// Text in a single style.
    public init(_ string: String, style: TextStyle) {
        self.string = string
        self.runs = [Run(range: 0..<string.utf16.count, style: style)]
    }

    /// Text from pieces, each with its own style.
    public init(_ pieces: [(String, TextStyle)]) {
        string = ""
        runs = []
        for (s, st) in pieces { append(s, style: st) }
    }

    /// Appends a piece in a style (merging with the last run when the style is equal).
    public mutating func append(_ piece: String, style: TextStyle) {
        let start = string.utf16.count
        string += piece
        let end = string.utf16.count
        if let last = runs.last, last.style == style {
            runs[runs.count - 1].range = last.range.lowerBound..<end
        } else if let last = runs.last, last.range.isEmpty {
            runs[runs.count - 1] = Run(range: last.range.lowerBound..<end, style: style)
        } else {
            runs.append(Run(range: start..<end, style: style))
        }
    }

    /// Restyles a UTF-16 range, splitting runs where needed; the rest keeps its style.
    public mutating func setStyle(_ transform: (TextStyle) -> TextStyle, utf16Range: Range<Int>) {
        let r = utf16Range.clamped(to: 0..<string.utf16.count)
        guard !r.isEmpty else { return }
        var out: [Run] = []
        for run in runs {
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
        for run in out {
            if let last = merged.last, last.style == run.style {
                merged[merged.count - 1].range = last.range.lowerBound..<run.range.upperBound
            } else { merged.append(run) }
        }
        runs = merged
    }

    /// The style of the first run: the paragraph's own style (its strut).
    public var baseStyle: TextStyle { runs[0].style }
}
