/// Lines of prepared text at one width: what a view draws and a list sizes by.
///
/// All lengths are CSS pixels. Exact values are kept; `size(scale:)` gives the
/// ceil'd size at a display scale. Line widths are in Chromium's layout units
/// (the exact width rounded up to 1/64 px; for a text prepared at a device
/// pixel ratio s, to 1/64 of a device pixel, 1/(64·s) px).
public struct TextLayout: Sendable {
    /// The lines, top to bottom.
    public let lines: [Line]
    /// The width lines were broken at, nil when unbounded.
    public let constraintWidth: Double?
    /// The widest line (shrink-wrap width).
    public let contentWidth: Double
    /// The sum of line heights.
    public let exactHeight: Double
    /// The width of the text on unbounded lines (CSS max-content): the
    /// text's ``PreparedText/maxContentWidth``, the same whatever width,
    /// line limit or alignment the layout was made with.
    public let naturalWidth: Double
    /// Whether `maxLines` (or a `nowrap` line with `textOverflow: .ellipsis`)
    /// cut the text (the last line shows the ellipsis).
    public let isTruncated: Bool
    /// What the cut line shows and where the ellipsis goes, when truncated.
    public let truncation: Truncation?
    /// The box width when laid out `.exactly(w)`; otherwise the widest line.
    var boxWidth: Double?
    nonisolated(unsafe) let core: PreparedCore
    /// The layout in device pixels behind this one, for a text prepared at
    /// a scale other than 1 (see `TextLayout+DevicePixels.swift`); nil at 1.
    var device: DeviceLayout? = nil

    /// One line.
    public struct Line: Sendable, Hashable {
        /// The source text's UTF-16 offsets the line covers: lines partition the
        /// text (collapsed and hanging spaces belong to the line they end) unless
        /// the layout was truncated.
        public internal(set) var utf16Range: Range<Int>
        /// The line's width without trailing spaces, in 1/64 px (each placed
        /// run rounded up, as Chromium places them); a justified line fills the
        /// box; a truncated line's width is what is drawn, ellipsis included.
        public internal(set) var width: Double
        /// Offset of the line's left edge from the layout's left edge (alignment).
        public internal(set) var x: Double
        /// Distance from the layout's top to the line box's top.
        public internal(set) var top: Double
        /// The line box's height.
        public internal(set) var height: Double
        /// Distance from the layout's top to the line's baseline.
        public internal(set) var baseline: Double
        /// The line box's extent above its baseline.
        public internal(set) var ascent: Double
        /// The line box's extent below its baseline.
        public internal(set) var descent: Double
        /// Whether the ellipsis was appended to this line.
        public let hasEllipsis: Bool
        /// Processed-text range of the line's visible content (internal).
        var contentStart: Int32
        var contentEnd: Int32
        /// What the line adds to its last unit's advance (1/65536 px): less a
        /// fullwidth closing bracket set half-width to fit, the kern with
        /// the next letter that a word split at the line's end loses, or the
        /// hyphen shown at a soft hyphen (visual runs, rectangles and glyphs
        /// count it too).
        var endAdjust: Int64 = 0
        /// What the line adds to its first unit's advance: the kern a
        /// right-to-left line starting inside a word loses.
        var startAdjust: Int64 = 0
        /// Whether the line ends at a soft hyphen (U+00AD) and shows a hyphen
        /// there, which is not in the text: its width is in the line's, after
        /// the last glyph (draw U+2010, or "-" when the font lacks it).
        public internal(set) var showsHyphen = false
        /// A justified line's free space, shared by its expansion
        /// opportunities when it is drawn (1/65536 px).
        var justification: Int64 = 0
    }

    /// The width of the layout box: the constraint for `.exactly`, else the widest line.
    public var exactWidth: Double { boxWidth ?? contentWidth }

    /// The size rounded up to the pixel grid of a display scale: by default
    /// the scale the text was prepared at (``scale``). At 3x the grid is a
    /// third of a pixel, which a `Double` holds as its nearest value
    /// (`122.0 / 3` prints 40.666666666666664): round to the grid to print
    /// or compare. A labelled tuple (`let (width, height) = layout.size()`);
    /// ``cgSize(scale:)`` gives a `CGSize`.
    /// - Precondition: `scale` is finite and positive (see `PixelGrid`).
    public func size(scale: Double? = nil) -> (width: Double, height: Double) {
        let grid = PixelGrid(uncheckedScale: scale ?? self.scale)
        return (grid.ceil(exactWidth), grid.ceil(exactHeight))
    }

    /// The source text's length in UTF-16 code units, the unit of every `utf16Range`.
    public var utf16Count: Int { core.sourceUTF16.count }

    /// The scalar (code point) offset of a UTF-16 offset in the source text.
    public func scalarOffset(utf16 offset: Int) -> Int {
        core.scalarOffset(utf16: offset)
    }

    /// The source text of a line.
    public func text(of line: Line) -> String {
        String(decoding: core.sourceUTF16[line.utf16Range], as: UTF16.self)
    }
}

extension PreparedCore {
    /// The number of Unicode scalars before UTF-16 offset `offset` in the source.
    /// (An offset between the two halves of a pair counts the pair's scalar.)
    /// O(log n): called for every line, a scan from the start was quadratic.
    func scalarOffset(utf16 offset: Int) -> Int {
        let end = min(offset, sourceUTF16.count)
        guard end > 0 else { return 0 }
        // Pairs starting before `end - 1` lie inside `[0, end)`: two units, one scalar.
        var lo = 0, hi = surrogatePairs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(surrogatePairs[mid]) < end - 1 { lo = mid + 1 } else { hi = mid }
        }
        return end - lo
    }
}
