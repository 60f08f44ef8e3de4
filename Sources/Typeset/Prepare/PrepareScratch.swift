// Pipeline stage: Prepare.
// The per-text arrays PrepareSession and its analysis stages fill, kept by a PrepareContext so that a
// prepare allocates none of them.

/// The transient arrays of one `PrepareSession.prepare`, kept by its
/// `PrepareContext` (one task at a time, see `Pool`) between texts: emptied,
/// capacity kept, so that a warm prepare allocates only what the prepared
/// text keeps. What is kept is copied out at its exact size (see
/// `Array.compacted()`); nothing here outlives the call that fills it.
struct PrepareScratch {
    /// The source text's UTF-16 units.
    var source: [UInt16] = []
    /// The last text's block style (validated and scaled, see
    /// `blockStyle`), alone in an array, and its resolved stack: a text with
    /// the same block style starts from the same array (a text in one style
    /// keeps it: one allocation fewer per prepared text) and skips the stack
    /// lookup. Not emptied between texts.
    private(set) var lastBase: [TextStyle] = []
    var lastBaseStack: ResolvedStack? = nil
    /// The scale `lastBase` was scaled by.
    var lastBaseScale = 1.0
    /// The block style and scale last given to `blockStyle` (`lastBase` is
    /// what it made of them): a feed's texts share one style, validated and
    /// scaled once. Not emptied between texts.
    private var lastGiven: (style: TextStyle, scale: Double)? = nil
    /// Per processed unit: its style's index.
    var styleOfUnit: [Int32] = []
    /// Per attribute run: its style's index.
    var styleIndexOfRun: [Int32] = []
    /// Per style: its resolved font stack.
    var stacks: [ResolvedStack] = []
    /// Grapheme cluster starts, per processed offset 0...n.
    var graphemes: [Bool] = []
    /// Bidi embedding level per processed unit.
    var levels: [UInt8] = []
    /// Script code per processed unit.
    var scripts: [Int32] = []
    /// Line-break opportunities and whether each is forced.
    var breaks: (positions: [Int32], mandatory: [Bool]) = ([], [])
    /// ICU's line-break offsets and the flags made of them.
    var icuOffsets: [Int32] = []
    var icuFlags: [UInt8] = []
    /// The items and the faces they use (the prepared text copies them into its object).
    var items: [Item] = []
    /// Grapheme boundaries inside ligatures (the prepared text copies them).
    var ligatures = LigatureSplits()
    var faces: [FontFace] = []
    /// The scalars of a cluster the itemizer looks up.
    var scalars: [UInt32] = []
    /// The faces clusters took in earlier texts. Not emptied between texts.
    var clusterFaces = Itemizer.ClusterFaces()
    /// Per style: its HarfBuzz features and their hash.
    var features = StyleFeatures()
    /// Per processed unit: advance, cluster start, unsafe to break before.
    var advances: [Int32] = []
    var clusterStarts: [Bool] = []
    var unsafeBefore: [Bool] = []
    /// The advances summed from the text's start: entry i is the width of units 0..<i.
    var advanceSums: [Int64] = []
    /// One word's advances, cluster starts and unsafe flags (a ligature's prefix, shaped apart).
    var wordAdvances: [Int32] = []
    var wordClusterStarts: [Bool] = []
    var wordUnsafeBefore: [Bool] = []
    /// Per item: its inline box's ascent and descent.
    var itemMetrics: [(ascent: Double, descent: Double)] = []
    /// The segments (the prepared text copies them into its object) and
    /// the distinct metrics they refer to.
    /// Each style and face's inline box, by style × faces + face, made on first need.
    var boxes: [InlineBox?] = []
    var segments: [Segment] = []
    var segmentMetrics: [(ascent: Double, descent: Double)] = []

    /// Arrays longer than this are dropped, not kept, when emptied.
    static let keptLimit = 1 << 16

    /// `style` validated and scaled by `scale` (the prepared text's block
    /// style), from the last text's when it is the same; `lastBase` holds
    /// it after (and `lastBaseStack` is emptied when it changed).
    mutating func blockStyle(_ style: TextStyle, scale: Double) throws -> TextStyle {
        // (Compared in place: a copy of the tuple would retain the style's references.)
        if lastGiven != nil && lastGiven!.scale == scale && lastGiven!.style == style { return lastBase[0] }
        let base = try style.validated().scaled(by: scale)
        lastGiven = (style, scale)
        // (At another scale the same scaled style has another optical size.)
        if lastBase.first != base || lastBaseScale != scale {
            lastBase = [base]
            lastBaseScale = scale
            lastBaseStack = nil
        }
        return base
    }

    /// Empties every array for the next text, keeping its capacity (up to `keptLimit`).
    mutating func clear() {
        let limit = Self.keptLimit
        source.recycle(limit: limit)
        styleOfUnit.recycle(limit: limit)
        styleIndexOfRun.recycle(limit: limit)
        stacks.recycle(limit: limit)
        graphemes.recycle(limit: limit)
        levels.recycle(limit: limit)
        scripts.recycle(limit: limit)
        breaks.positions.recycle(limit: limit)
        breaks.mandatory.recycle(limit: limit)
        icuOffsets.recycle(limit: limit)
        icuFlags.recycle(limit: limit)
        items.recycle(limit: limit)
        ligatures.recycle(limit: limit)
        faces.recycle(limit: limit)
        scalars.recycle(limit: limit)
        features.recycle(limit: limit)
        advances.recycle(limit: limit)
        advanceSums.recycle(limit: limit)
        clusterStarts.recycle(limit: limit)
        unsafeBefore.recycle(limit: limit)
        wordAdvances.recycle(limit: limit)
        wordClusterStarts.recycle(limit: limit)
        wordUnsafeBefore.recycle(limit: limit)
        itemMetrics.recycle(limit: limit)
        boxes.recycle(limit: limit)
        segments.recycle(limit: limit)
        segmentMetrics.recycle(limit: limit)
    }
}
