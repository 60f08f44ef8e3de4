/// The text between two consecutive break opportunities: what the line
/// breaker places as a whole. Kept small (16 bytes): a prepared post holds
/// dozens of them, and re-layout at a new width reads nothing else.
struct Segment: Sendable {
    /// Processed UTF-16 offset where the segment ends (it starts where the
    /// previous one ends); the last `trailingCount` units are trailing
    /// breakable spaces (and a forced newline) that hang.
    var end: Int32
    /// Width of the content, 1/65536 px; `Int32.max` when it does not fit in
    /// 32 bits (then it is summed from the advances when needed).
    var width: Int32
    /// Width of the trailing spaces (tabs excluded: they depend on the pen),
    /// with the same overflow convention.
    var trailing: Int32
    private var trailingCount: UInt16
    /// Flags in the low 5 bits, the metrics index above them.
    private var bits: UInt16

    /// The most distinct line metrics a text's segments can refer to.
    static let metricsLimit = Int(UInt16.max >> 5)

    /// What a segment's end is like, kept in its low bits (see the
    /// properties of the same names).
    struct Flags: OptionSet {
        let rawValue: UInt16
        static let mandatoryBreak = Flags(rawValue: 1)
        static let endsWithSoftHyphen = Flags(rawValue: 2)
        static let hasTab = Flags(rawValue: 4)
        static let hangs = Flags(rawValue: 8)
    }

    init(contentEnd: Int32, end: Int32, width: Int64, trailing: Int64, metrics: Int, flags: Flags) {
        self.end = end
        self.width = width >= 0 && width < Int64(Int32.max) ? Int32(width) : Int32.max
        self.trailing = trailing >= 0 && trailing < Int64(Int32.max) ? Int32(trailing) : Int32.max
        let count = Int(end - contentEnd)
        let long = count >= Int(UInt16.max)
        trailingCount = long ? UInt16.max : UInt16(count)
        bits = flags.rawValue | (long ? 16 : 0) | UInt16(min(max(0, metrics), Self.metricsLimit)) << 5
    }

    /// The width set afterwards, clamped as the initializer clamps it (a
    /// segment cut before its ligature corrections were known).
    mutating func setWidth(_ width: Int64) {
        self.width = width >= 0 && width < Int64(Int32.max) ? Int32(width) : Int32.max
    }

    /// The metrics index set afterwards, in a segment made with 0 (the lean
    /// segment walk cuts the segments first, then gives them their boxes).
    mutating func setMetrics(_ metrics: Int) {
        bits = bits & 31 | UInt16(min(max(0, metrics), Self.metricsLimit)) << 5
    }

    /// Where the content ends, unless `hasLongTrailing` (then see
    /// `PreparedCore.contentEnd(_:)`).
    var contentEnd: Int32 { end - Int32(trailingCount) }
    /// Index into the prepared text's table of line metrics (the tallest
    /// rounded ascent and descent of the fonts in the segment).
    var metrics: Int { Int(bits >> 5) }
    /// A line must end after this segment.
    var mandatoryBreak: Bool { bits & 1 != 0 }
    /// The content ends with a soft hyphen: a hyphen is shown (and measured)
    /// when the line breaks here.
    var endsWithSoftHyphen: Bool { bits & 2 != 0 }
    /// The trailing part holds tabs, whose widths depend on the pen position.
    var hasTab: Bool { bits & 4 != 0 }
    /// The content ends with ideographic spaces, which hang at a line end but
    /// count in the line's width.
    var hangs: Bool { bits & 8 != 0 }
    /// More than 65,534 trailing spaces: `contentEnd` is not stored.
    var hasLongTrailing: Bool { bits & 16 != 0 }
}

extension Segment.Flags {
    /// A segment's flags from its end: whether a forced break ends it,
    /// the last unit of its content (nil when it has none: a soft
    /// hyphen there shows a hyphen, another space separator hangs), and
    /// whether its trailing white space holds a tab.
    @inline(__always)
    init(mandatoryBreak: Bool, lastContent: UInt16?, hasTab: Bool) {
        self = mandatoryBreak ? .mandatoryBreak : []
        if let last = lastContent {
            if last == 0xAD { insert(.endsWithSoftHyphen) }
            if UnicodeProps.isOtherSpaceSeparator(last) { insert(.hangs) }
        }
        if hasTab { insert(.hasTab) }
    }
}
