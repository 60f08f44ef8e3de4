// Pipeline stage: Prepare.
// What one task prepares texts in: the HarfBuzz shaper and each stage's working arrays, kept between texts.

/// Everything a prepare works in that the text it makes does not keep: the
/// HarfBuzz shaper (its buffer and glyph arrays) and each stage's working
/// arrays (`stages`), kept between texts with their capacity, so that a warm
/// prepare allocates only what the prepared text keeps.
///
/// One task uses a context at a time: the typesetter pools them (`Pool`).
final class PrepareContext {
    /// The HarfBuzz shaper (its buffer is reset, not reallocated, between words).
    let shaper = Shaper()
    /// The words this context looked up last, in front of the shared word cache.
    let recentWords = WordFrontCache()
    /// The kerns words lose at reshaped line starts (see `KernMemo`).
    let lineStartKerns = KernMemo<Int64>()
    /// The kerns breaks inside shaped words lose, at the line's end and the next one's start (see `KernMemo`).
    let lostKerns = KernMemo<(end: Int64, start: Int64)>()
    /// The stages' working arrays, handed `inout` to the driver once per text
    /// (one access to the object, not one per stage).
    var stages = StageScratches()
    /// The texts shaped and cut in one pass over their words
    /// (`PrepareSession.warmLane`), counted for tests.
    var warmLaneTexts = 0
}

/// Each prepare stage's working arrays (see `StageScratch`): each stage is
/// handed its own and resets it before use.
struct StageScratches {
    /// The last text's block style, validated, scaled and resolved (kept between texts).
    var blockStyle = BlockStyleMemo()
    /// The source text's UTF-16 units.
    var source: [UInt16] = []
    var styles = StyleScratch()
    var analysis = AnalysisScratch()
    var itemization = ItemizationScratch()
    var shaping = ShapingScratch()
    /// `WordShaper`'s arrays (it empties them itself).
    var words = WordScratch()
    var segmentation = SegmentationScratch()
}
