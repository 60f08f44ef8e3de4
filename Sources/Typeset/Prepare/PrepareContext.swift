// Pipeline stage: Prepare.
// What one task prepares texts in: the HarfBuzz shaper and the arrays the stages fill, kept between texts.

/// Everything a prepare works in that the text it makes does not keep: the
/// HarfBuzz shaper (its buffer and glyph arrays), `WordShaper`'s arrays and
/// `PrepareSession`'s, emptied between texts with their capacity kept, so
/// that a warm prepare allocates only what the prepared text keeps.
///
/// One task uses a context at a time: the typesetter pools them (`Pool`).
/// The arrays are stored properties passed `inout` to the stages that fill
/// them, never copied out and back.
final class PrepareContext {
    /// The HarfBuzz shaper (its buffer is reset, not reallocated, between words).
    let shaper = Shaper()
    /// The words this context looked up last, in front of the shared word cache.
    let recentWords = WordFrontCache()
    /// `WordShaper`'s per-text arrays.
    var words = WordScratch()
    /// `PrepareSession`'s per-text arrays.
    var scratch = PrepareScratch()
}
