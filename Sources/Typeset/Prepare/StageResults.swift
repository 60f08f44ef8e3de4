// Pipeline stage: Prepare. What the stages hand on to the prepared text:
// one named value per stage, gathered in `PreparedCore.Parts`, from which
// `PreparedCore.make` builds the storage a layout reads.

/// The analysed text: white space processed, bidi resolved.
struct AnalysedText {
    /// The source text's UTF-16 units.
    var source: [UInt16]
    /// The processed text and its map back to the source.
    var processed: WhiteSpaceProcessor
    var paragraph: ParagraphStyle
    var paragraphLevel: UInt8
    /// Levels per processed unit; empty when every level is 0.
    var levels: [UInt8]
}

/// The itemized text: runs of one level, script, style and face, and each
/// run's inline box (its style's line height about its fonts).
struct ItemizedText {
    var items: [Item]
    var faces: [FontFace]
    var styles: [TextStyle]
    /// Per item: its inline box's ascent and descent.
    var itemMetrics: [(ascent: Double, descent: Double)]

    /// The items with their faces and styles, as shaping reads them.
    var runs: ItemRuns { ItemRuns(items: items, faces: faces, styles: styles) }
}

/// The shaped text cut at its break opportunities: what the line breaker adds up.
struct SegmentedText {
    var segments: [Segment]
    /// Distinct (ascent, descent) pairs the segments refer to.
    var metrics: [(ascent: Double, descent: Double)]
    /// The widest forced-break paragraph with nothing wrapped, 1/65536 px.
    var naturalWidth: Int64
}

/// The block's own inline box, on every line (see `InlineBox`).
struct StrutMetrics {
    var ascent: Double
    var descent: Double
    /// The block's fixed line height in px; nil for `normal`.
    var fixedLineHeight: Double?
    /// The primary font's rounded ascent and descent: the glyph box of the
    /// block's text, what hit testing tests (it can pass the line box).
    var textAscent: Double = 0
    var textDescent: Double = 0
    /// The edges `text-box-trim` trims to; nil when it trims nothing.
    var trimEdges: TextBoxTrimEdges? = nil
}

/// What is shaped once beside the text, only when the text needs it:
/// tab stops, the soft hyphen's hyphen and the truncation marker (1/65536 px).
struct MeasuredMarks {
    var tabInterval: Int64 = 0
    /// A tab narrower than this (half a space) advances to the following stop.
    var minimumTabWidth: Int64 = 0
    var hyphenWidth: Int64 = 0
    /// The marker drawn: the paragraph's ellipsis, or "..." when the primary font lacks "…".
    var ellipsisText: String = ""
    var ellipsisWidth: Int64 = 0
}

/// What takes room on a line beside the glyphs: attachments and the sides
/// (padding, border, margin) of runs' inline boxes, each in processed order.
struct InlineRunBoxes {
    var attachments: [PlacedAttachment]
    var edges: [PlacedBoxEdge]
}

/// Where lines measure more than their segments' sum (see `PreparedCore.Details`).
struct BreakAdjustments {
    /// Fullwidth closing brackets that may be set half-width at a line end.
    var trimmableClose: [Int32] = []
    /// Grapheme boundaries inside ligatures, with the width before them.
    var ligatures = LigatureSplits()
    /// Processed offsets where Chromium starts a new inline text item.
    var runBoundaries: [Int32] = []
    /// Inline attachments in processed order.
    var attachments: [PlacedAttachment] = []
    /// The sides of runs' inline boxes, in processed order (see `InlineBoxRuns`).
    var boxEdges: [PlacedBoxEdge] = []
    /// The break opportunities words were shaped between, when not the segments' ends.
    var wordBreaks: [Int32] = []
    /// Breaks inside a shaped word that a line loses a kern at.
    var reshapedEnds: [ReshapedEnd] = []
}

extension PreparedCore {
    /// Everything `PrepareSession` computed for one text, stage by stage.
    struct Parts {
        var analysed: AnalysedText
        var itemized: ItemizedText
        var segmented: SegmentedText
        var strut: StrutMetrics
        var marks: MeasuredMarks
        var adjustments: BreakAdjustments
        /// The device pixel ratio every length above is multiplied by.
        var scale: Double
        /// The word cache to shape from again when per-unit advances are first needed.
        var shapeCache: ShapeCache?
    }
}
