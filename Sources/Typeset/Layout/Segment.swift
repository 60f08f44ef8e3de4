/// The text between two consecutive break opportunities: what the line
/// breaker places as a whole. Widths are 1/65536 px.
struct Segment: Sendable {
    /// Processed UTF-16 offsets: `[start, end)`, of which `[contentEnd, end)`
    /// are trailing breakable spaces (and a forced newline) that hang.
    var start: Int32
    var contentEnd: Int32
    var end: Int32
    /// Width of `[start, contentEnd)`.
    var width: Int64
    /// Width of `[contentEnd, end)` (tabs excluded: they depend on the pen).
    var trailing: Int64
    /// Width of ideographic and other non-ASCII spaces ending the content:
    /// they hang when the segment ends a line, but count in its width.
    var hanging: Int64
    /// Tallest rounded ascent and descent of the fonts in the segment (for
    /// `line-height: normal`).
    var ascent: Float
    var descent: Float
    /// A line must end after this segment.
    var mandatoryBreak: Bool
    /// The content ends with a soft hyphen: a hyphen is shown (and measured)
    /// when the line breaks here.
    var endsWithSoftHyphen: Bool
    /// The trailing part holds tabs, whose widths depend on the pen position.
    var hasTab: Bool
}
