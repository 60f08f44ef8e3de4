/// Text analysed, itemized and shaped once, ready to be laid out at any width
/// without reshaping. Immutable and `Sendable`: share it between threads and
/// keep it in caches; layouts at new widths are arithmetic over its segments.
public struct PreparedText: Sendable {
    let core: PreparedCore

    /// The text as given.
    public var string: String { core.string }
    /// The paragraph options it was prepared with.
    public var paragraph: ParagraphStyle { core.paragraph }
    /// The width of the text on unbounded lines (CSS max-content), in px.
    public var naturalWidth: Double { LineBreaker.layoutUnitsCeil(core.naturalWidth) }
    /// The resolved paragraph direction.
    public var isRightToLeft: Bool { core.paragraphLevel & 1 == 1 }
    /// The number of shaped runs (items) the text was split into.
    public var runCount: Int { core.items.count }
    /// Approximate heap bytes held by the prepared text.
    public var byteCount: Int { core.byteCount }

    /// The faces used, one per run, in logical order: fallback made visible.
    public var runFaces: [(utf16Range: Range<Int>, face: FontFace)] {
        core.items.map { (core.sourceOffset(Int($0.start))..<core.sourceOffset(Int($0.end)), $0.face) }
    }

    /// Breaks the text into lines no wider than `width` px (nil: unbounded).
    /// - Throws: `TypesetError.invalidWidth` for a negative, NaN or infinite width.
    public func layout(width: Double?) throws -> TextLayout {
        if let width {
            guard width.isFinite, width >= 0 else { throw TypesetError.invalidWidth(width) }
        }
        return LineBreaker(core: core).layout(width: width)
    }

    /// Lays out for a layout engine's measure function (Yoga-style modes).
    /// `.exactly(w)` and `.atMost(w)` break lines at `w`; the reported width is
    /// `w`, or the widest line (at most `w`), or the natural width.
    public func layout(_ constraint: WidthConstraint) throws -> TextLayout {
        switch constraint {
        case .unconstrained: return try layout(width: nil)
        case .atMost(let w): return try layout(width: w)
        case .exactly(let w):
            var l = try layout(width: w)
            l.boxWidth = w
            return l
        }
    }
}

/// A width constraint as layout engines (Yoga, Flexbox) express it.
public enum WidthConstraint: Sendable, Hashable {
    /// The box is exactly this wide.
    case exactly(Double)
    /// The box may be at most this wide; it shrinks to its widest line.
    case atMost(Double)
    /// No limit: one line per paragraph.
    case unconstrained
}

/// The storage behind a `PreparedText`.
final class PreparedCore: Sendable {
    let string: String
    let sourceUTF16: [UInt16]
    let text: WhiteSpaceProcessor
    let paragraph: ParagraphStyle
    let paragraphLevel: UInt8
    /// Levels per processed unit; empty when every level is 0.
    let levels: [UInt8]
    let items: [Item]
    let styles: [TextStyle]
    /// Advance per processed unit (its cluster's glyphs plus letter spacing), 1/65536 px.
    let advances: [Int32]
    /// Grapheme cluster starts per processed offset (0...n).
    let graphemeStarts: [Bool]
    let segments: [Segment]
    /// The paragraph's strut: its primary font's rounded ascent and descent.
    let strutAscent: Double
    let strutDescent: Double
    /// The base style's line height in px, nil for `normal`.
    let fixedLineHeight: Double?
    /// Tab stop interval, 1/65536 px.
    let tabInterval: Int64
    /// A tab narrower than this (half a space) advances to the following stop.
    let minimumTabWidth: Int64
    /// The width of the hyphen shown at a soft-hyphen break, 1/65536 px.
    let hyphenWidth: Int64
    /// The truncation marker's width, 1/65536 px.
    let ellipsisWidth: Int64
    let naturalWidth: Int64
    /// Fullwidth closing brackets set half-width at the end of a line that
    /// would not fit otherwise.
    let trimmableClose: [Int32]
    /// Grapheme boundaries inside ligatures, with the width before them.
    let ligatures: LigatureSplits

    init(string: String, sourceUTF16: [UInt16], text: WhiteSpaceProcessor, paragraph: ParagraphStyle,
         paragraphLevel: UInt8, levels: [UInt8], items: [Item], styles: [TextStyle], advances: [Int32],
         graphemeStarts: [Bool], segments: [Segment], strutAscent: Double, strutDescent: Double,
         fixedLineHeight: Double?, tabInterval: Int64, minimumTabWidth: Int64, hyphenWidth: Int64, ellipsisWidth: Int64, naturalWidth: Int64,
         trimmableClose: [Int32], ligatures: LigatureSplits) {
        self.string = string
        self.sourceUTF16 = sourceUTF16
        self.text = text
        self.paragraph = paragraph
        self.paragraphLevel = paragraphLevel
        self.levels = levels
        self.items = items
        self.styles = styles
        self.advances = advances
        self.graphemeStarts = graphemeStarts
        self.segments = segments
        self.strutAscent = strutAscent
        self.strutDescent = strutDescent
        self.fixedLineHeight = fixedLineHeight
        self.tabInterval = tabInterval
        self.minimumTabWidth = minimumTabWidth
        self.hyphenWidth = hyphenWidth
        self.ellipsisWidth = ellipsisWidth
        self.naturalWidth = naturalWidth
        self.trimmableClose = trimmableClose
        self.ligatures = ligatures
    }

    /// Half the advance of a trimmable punctuation mark at `unit`, or 0.
    @inline(__always)
    func trim(_ list: [Int32], at unit: Int32) -> Int64 {
        guard !list.isEmpty else { return 0 }
        var lo = 0, hi = list.count
        while lo < hi { let m = (lo + hi) / 2; if list[m] < unit { lo = m + 1 } else { hi = m } }
        return lo < list.count && list[lo] == unit ? Int64(advances[Int(unit)] / 2) : 0
    }

    @inline(__always)
    func sourceOffset(_ processed: Int) -> Int { text.sourceOffset(processed) }

    @inline(__always)
    func level(_ i: Int) -> UInt8 { levels.isEmpty ? 0 : levels[i] }

    /// Width of processed `[a, b)` ignoring tabs, 1/65536 px. An end inside a
    /// ligature counts the ligature's pieces as if shaped apart.
    func width(_ a: Int, _ b: Int) -> Int64 {
        var w: Int64 = 0
        var i = a
        while i < b { w &+= Int64(advances[i]); i += 1 }
        if !ligatures.isEmpty && a < b {
            if let s = ligatures.split(at: Int32(a)) { w += Int64(advances[Int(s.clusterStart)]) - s.prefix }
            if let s = ligatures.split(at: Int32(b)), Int(s.clusterStart) >= a { w += s.prefix - Int64(advances[Int(s.clusterStart)]) }
        }
        return w
    }

    var byteCount: Int {
        let base = MemoryLayout<PreparedCore>.size
        return base + sourceUTF16.count * 2 + text.units.count * 2 + text.sourceOffsets.count * 4 + levels.count
            + items.count * MemoryLayout<Item>.stride + advances.count * 4 + graphemeStarts.count
            + segments.count * MemoryLayout<Segment>.stride + string.utf8.count
    }
}
