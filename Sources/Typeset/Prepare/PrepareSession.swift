// Pipeline stage: Prepare (drives Analysis → Itemize → Shaping).
// In: an AttributedText and a ParagraphStyle.
// Out: PreparedText: immutable, width-independent segments, items, styles and text, shared by every thread.
// The stages, in order, each in its own file: styles (PrepareSession+Styles), analysis (+Analyse),
// itemization (+Itemize), shaping (+Shape), segmentation (+Segment), marks and adjustments (+Marks, +ReshapedEnds).

/// One run of the prepare pipeline: white-space processing, ICU analysis,
/// itemization with font fallback, HarfBuzz shaping, and segmentation for the
/// line breaker. Works in its context (HarfBuzz buffer, scratch arrays); never shared.
struct PrepareSession {
    let fonts: FontCollection
    let context: PrepareContext
    let cache: ShapeCache?
    /// The device pixel ratio: every length of the styles and attachments
    /// is multiplied by it, and the prepared text is in device pixels.
    let scale: Double
    /// Whether plain text takes the one-pass analysis (`PlainTextScan`);
    /// false prepares every text stage by stage (the two give the same
    /// prepared text, which `OnePassEquivalenceTests` checks).
    let onePass: Bool
    /// Whether a warm plain text in one item is shaped and cut in one pass
    /// over its words (`warmLane`); false shapes and cuts every text step by
    /// step (the two give the same prepared text, which
    /// `WarmLaneEquivalenceTests` checks).
    let warmLaneOn: Bool

    init(fonts: FontCollection, context: PrepareContext, cache: ShapeCache?, scale: Double = 1, onePass: Bool = true,
         warmLane: Bool = true) {
        self.fonts = fonts
        self.context = context
        self.cache = cache
        self.scale = scale
        self.onePass = onePass
        self.warmLaneOn = warmLane
    }

    var shaper: Shaper { context.shaper }

    func prepare(_ text: AttributedText, paragraph: ParagraphStyle) throws -> PreparedText {
        try text.runs.withUnsafeBufferPointer { runs in
            try prepare(text.string, baseStyle: text.baseStyle, runs: runs, attachments: text.attachments,
                        paragraph: paragraph)
        }
    }

    /// A string in one style: the text `AttributedText(string, style:)`
    /// makes, without the array of its one run.
    func prepare(_ string: String, style: TextStyle, paragraph: ParagraphStyle) throws -> PreparedText {
        try prepare(string, baseStyle: style, runs: nil, attachments: [:], paragraph: paragraph)
    }

    /// - Parameter runs: the text's style runs; nil for one run of `baseStyle` over the whole text.
    private func prepare(_ string: String, baseStyle: TextStyle, runs: UnsafeBufferPointer<AttributedText.Run>?,
                         attachments given: [Int: TextAttachment], paragraph: ParagraphStyle) throws -> PreparedText {
        try prepare(string, baseStyle: baseStyle, runs: runs, attachments: given, paragraph: paragraph,
                    in: &context.stages)
    }

    /// The driver: each stage in turn, each in its own part of `scratch`,
    /// then the prepared text's storage made of what the stages hand on.
    private func prepare(_ string: String, baseStyle: TextStyle, runs: UnsafeBufferPointer<AttributedText.Run>?,
                         attachments given: [Int: TextAttachment], paragraph: ParagraphStyle,
                         in scratch: inout StageScratches) throws -> PreparedText {
        try scratch.blockStyle.resolve(baseStyle, scale: scale)
        scratch.source = scratch.source.emptiedForReuse()
        string.writeUTF16Units(into: &scratch.source)
        let source = scratch.source
        var processed = WhiteSpaceProcessor(source: source, whiteSpace: paragraph.whiteSpace)
        // CSS text-transform, run by run (nothing when no run has one).
        TextTransformer.apply(to: &processed, base: baseStyle, runs: runs, locale: paragraph.locale)
        let units = processed.units
        let styled = try resolveStyles(StyleRuns(given: baseStyle, runs: runs), processed: processed,
                                       memo: &scratch.blockStyle, into: &scratch.styles)
        let attachments = try InlineAttachments.prepare(given, scale: scale, sourceUnits: source, processed: processed,
                                                        styled: styled)
        let analysis = try analyse(units, paragraph: paragraph, styled: styled, hasAttachments: !attachments.isEmpty,
                                   into: &scratch.analysis)
        let boxes = InlineRunBoxes(attachments: attachments, edges: InlineBoxRuns.edges(
            runs: runs ?? UnsafeBufferPointer(start: nil, count: 0), blockStyle: baseStyle, processed: processed,
            rightToLeft: analysis.paragraphLevel & 1 == 1, scale: scale))
        let itemized = itemize(units, analysis: analysis, styled: styled, into: &scratch.itemization)
        let shaped: ShapedText, segmented: SegmentedText
        if let lane = warmLane(units, analysis: analysis, itemized: itemized, paragraph: paragraph,
                               attachments: attachments, boxes: boxes, in: &scratch) {
            (shaped, segmented) = lane
        } else {
            shaped = shape(units, itemized: itemized, analysis: analysis, boxes: boxes,
                           into: &scratch.shaping, words: &scratch.words)
            segmented = Self.segment(
                SegmentInput(units: units, breaks: analysis.breaks, advances: shaped.advances, items: itemized.items,
                             itemMetrics: itemized.itemMetrics, attachments: attachments, ligatures: shaped.ligatures,
                             spacesHang: paragraph.whiteSpace != .breakSpaces),
                into: &scratch.segmentation)
        }
        let marks = try measureMarks(units, paragraph: paragraph, styled: styled, segmented: segmented)
        let adjustments = breakAdjustments(units, analysis: analysis, itemized: itemized, shaped: shaped,
                                           segmented: segmented, boxes: boxes)
        // (The stages' values used last here are moved in, not copied: no retain per array.)
        let core = PreparedCore.make(PreparedCore.Parts(
            analysed: AnalysedText(source: consume source, processed: consume processed, paragraph: paragraph,
                                   paragraphLevel: analysis.paragraphLevel, levels: analysis.keptLevels),
            itemized: consume itemized, segmented: consume segmented, strut: StrutMetrics(styled, paragraph: paragraph),
            marks: consume marks, adjustments: consume adjustments, scale: scale, shapeCache: cache))
        if core.facts.hasRunBoundaries || !boxes.edges.isEmpty {
            // Every layout of a text with run boundaries reads the per-unit
            // advances (`LineBreaker` takes them first thing): the ones just
            // computed are kept now rather than shaped again on the first
            // layout (and those of a text with inline boxes carry the boxes'
            // sides, which shaping again would not).
            core.keepUnitMetrics(UnitMetrics(advances: shaped.advances.copiedOut(), graphemeStarts: analysis.graphemes,
                                             ligatures: core.ligatures))
        }
        return PreparedText(core: core)
    }
}
