// Pipeline stage: Shaping, the door layout uses.
// Layout is arithmetic over what prepare measured; the few answers it must
// shape again (a split word's lost kern, a run's glyphs for drawing, the
// per-unit advances a prepared text does not keep) come through here, and
// nowhere else.

/// The one way from layout back into shaping, on shapers of its own pool
/// (layout has no typesetter at hand). Each call takes a shaper, uses it
/// alone and gives it back.
enum Reshaping {
    /// A shaper and the arrays `WordShaper` fills, one task at a time.
    private final class Reshaper {
        let shaper = Shaper()
        var words = WordScratch()
    }

    /// The shapers of work done after preparation. (Each use had made a
    /// shaper, and so a HarfBuzz buffer and empty scratch arrays: per split
    /// line of every re-layout.)
    private static let pool = Pool(Reshaper.init)

    /// The kern a break between `[g0, cut)` and `[cut, g1)` loses (see `Shaper.lostKern`).
    static func lostKern(_ units: UnsafeBufferPointer<UInt16>, g0: Int, cut: Int, g1: Int, item: Item, face: FontFace,
                         style: TextStyle) -> (end: Int64, start: Int64) {
        pool.with { $0.shaper.lostKern(units, g0: g0, cut: cut, g1: g1, item: item, face: face, style: style) }
    }

    /// What a line gains with its start reshaped (see `Shaper.reshapedLineGain`).
    static func reshapedLineGain(_ units: UnsafeBufferPointer<UInt16>, contextStart: Int, start: Int, end: Int,
                                    itemEnd: Int, item: Item, face: FontFace, style: TextStyle) -> Int64? {
        pool.with { $0.shaper.reshapedLineGain(units, contextStart: contextStart, start: start, end: end, itemEnd: itemEnd,
                                                  item: item, face: face, style: style) }
    }

    /// The glyphs of `units[start..<end]` shaped as one run (see `Shaper.shape`).
    static func glyphs(_ units: UnsafeBufferPointer<UInt16>, start: Int, end: Int, face: FontFace, style: TextStyle,
                       rtl: Bool, script: Int32) -> [ShapedGlyph] {
        var glyphs: [ShapedGlyph] = []
        pool.with { reshaper in
            reshaper.shaper.shape(units, start: start, end: end, face: face, size: style.size, rtl: rtl, script: script,
                         language: style.language, features: Shaper.features(for: style), into: &glyphs)
        }
        return glyphs
    }

    /// Per-unit advances of itemized text, word by word from the word cache
    /// when the words are still there, exactly as prepare shaped them (see
    /// `WordShaper.unitAdvances`).
    static func unitAdvances(units: [UInt16], items: [Item], faces: [FontFace], styles: [TextStyle], breaks: [Int32],
                             cache: ShapeCache?) -> [Int32] {
        pool.with { reshaper in
            WordShaper(shaper: reshaper.shaper, cache: cache)
                .unitAdvances(units: units, items: items, faces: faces, styles: styles, breaks: breaks,
                              words: &reshaper.words).advances
        }
    }
}
