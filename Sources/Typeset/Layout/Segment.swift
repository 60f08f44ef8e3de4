/// The text between two consecutive break opportunities: what the line
/// breaker places as a whole. Kept small (20 bytes): a prepared post holds
/// dozens of them, and re-layout at a new width reads nothing else.
struct Segment: Sendable {
    /// Processed UTF-16 offsets: the segment is `[previous end, end)`, of
    /// which `[contentEnd, end)` are trailing breakable spaces (and a forced
    /// newline) that hang.
    var contentEnd: Int32
    var end: Int32
    /// Width of the content, 1/65536 px; `Int32.max` when it does not fit in
    /// 32 bits (then it is summed from the advances when needed).
    var width: Int32
    /// Width of the trailing spaces (tabs excluded: they depend on the pen),
    /// with the same overflow convention.
    var trailing: Int32
    /// Index into the prepared text's table of line metrics (the tallest
    /// rounded ascent and descent of the fonts in the segment).
    var metrics: UInt16
    private var flags: UInt8

    init(contentEnd: Int32, end: Int32, width: Int64, trailing: Int64, metrics: UInt16, mandatoryBreak: Bool,
         endsWithSoftHyphen: Bool, hasTab: Bool, hangs: Bool) {
        self.contentEnd = contentEnd
        self.end = end
        self.width = width >= 0 && width < Int64(Int32.max) ? Int32(width) : Int32.max
        self.trailing = trailing >= 0 && trailing < Int64(Int32.max) ? Int32(trailing) : Int32.max
        self.metrics = metrics
        flags = (mandatoryBreak ? 1 : 0) | (endsWithSoftHyphen ? 2 : 0) | (hasTab ? 4 : 0) | (hangs ? 8 : 0)
    }

    /// A line must end after this segment.
    var mandatoryBreak: Bool { flags & 1 != 0 }
    /// The content ends with a soft hyphen: a hyphen is shown (and measured)
    /// when the line breaks here.
    var endsWithSoftHyphen: Bool { flags & 2 != 0 }
    /// The trailing part holds tabs, whose widths depend on the pen position.
    var hasTab: Bool { flags & 4 != 0 }
    /// The content ends with ideographic spaces, which hang at a line end but
    /// count in the line's width.
    var hangs: Bool { flags & 8 != 0 }
}
