// Pipeline stage: Layout. A layout's lines: as the line breaker made them
// (`DeviceLine`, device pixels), and as the public API reads them (`Line`,
// CSS px, each length divided by the scale when it is read).

/// One line as the line breaker made it and placement placed it, in the
/// text's own pixels (device pixels for a text prepared at a scale).
struct DeviceLine: Sendable, Hashable {
    /// The source text's UTF-16 offsets the line covers.
    var utf16Range: Range<Int>
    /// Processed-text range of the line's visible content.
    var contentStart: Int32
    var contentEnd: Int32
    /// The line's left edge from the layout's left edge (alignment): whole
    /// layout units but beyond a box too wide for them (then as placed).
    var x: Fixed16
    /// The line's width without trailing spaces (each placed run rounded up;
    /// a justified line's, the box's).
    var width: Fixed16
    /// Distance from the layout's top to the line box's top, px.
    var top: Double
    /// The line box's height, px.
    var height: Double
    /// Distance from the layout's top to the line's baseline, px (the top
    /// plus the ascent, kept as it was summed).
    var baseline: Double
    /// The line box's extent above and below its baseline, px.
    var ascent: Double
    var descent: Double
    /// What the line adds to its last unit's advance (1/65536 px): less a
    /// fullwidth closing bracket set half-width to fit, the kern with the
    /// next letter that a word split at the line's end loses, or the hyphen
    /// shown at a soft hyphen (visual runs, rectangles and glyphs count it too).
    var endAdjust: Int64 = 0
    /// What the line adds to its first unit's advance: the kern a
    /// right-to-left line starting inside a word loses.
    var startAdjust: Int64 = 0
    /// A justified line's free space, shared by its expansion opportunities
    /// when it is drawn (1/65536 px).
    var justification: Int64 = 0
    /// Whether the ellipsis was appended to this line.
    var hasEllipsis: Bool
    /// Whether the line ends at a soft hyphen and shows a hyphen there.
    var showsHyphen = false

}

extension TextLayout {
    /// One line.
    public struct Line: Sendable, Hashable {
        /// The line in device pixels.
        let device: DeviceLine
        /// Device pixels per CSS px.
        let scale: Double

        /// The source text's UTF-16 offsets the line covers: lines partition the
        /// text (collapsed and hanging spaces belong to the line they end) unless
        /// the layout was truncated.
        public var utf16Range: Range<Int> { device.utf16Range }
        /// The line's width without trailing spaces, in 1/64 px (each placed
        /// run rounded up, as Chromium places them); a justified line fills the
        /// box; a truncated line's width is what is drawn, ellipsis included.
        public var width: Double { device.width.pixels / scale }
        /// Offset of the line's left edge from the layout's left edge (alignment).
        public var x: Double { device.x.pixels / scale }
        /// Distance from the layout's top to the line box's top.
        public var top: Double { device.top / scale }
        /// The line box's height.
        public var height: Double { device.height / scale }
        /// Distance from the layout's top to the line's baseline.
        public var baseline: Double { device.baseline / scale }
        /// The line box's extent above its baseline.
        public var ascent: Double { device.ascent / scale }
        /// The line box's extent below its baseline.
        public var descent: Double { device.descent / scale }
        /// Whether the ellipsis was appended to this line.
        public var hasEllipsis: Bool { device.hasEllipsis }
        /// Whether the line ends at a soft hyphen (U+00AD) and shows a hyphen
        /// there, which is not in the text: its width is in the line's, after
        /// the last glyph (draw U+2010, or "-" when the font lacks it).
        public var showsHyphen: Bool { device.showsHyphen }

        /// Processed-text range of the line's visible content.
        var contentStart: Int32 { device.contentStart }
        var contentEnd: Int32 { device.contentEnd }
        /// A justified line's free space (1/65536 device px).
        var justification: Int64 { device.justification }
    }

    /// A layout's lines, top to bottom: a random-access collection of
    /// ``Line`` values, each read from the layout's storage when asked for.
    public struct Lines: RandomAccessCollection, Sendable, Hashable, CustomStringConvertible {
        let deviceLines: [DeviceLine]
        let scale: Double

        /// The first line's index (0).
        public var startIndex: Int { 0 }
        /// One past the last line's index (the line count).
        public var endIndex: Int { deviceLines.count }
        /// The line at `index`.
        public subscript(index: Int) -> Line { Line(device: deviceLines[index], scale: scale) }
        /// The lines as an array literal would print them.
        public var description: String { Array(self).description }
    }
}
