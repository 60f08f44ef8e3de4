// Pipeline stage: Shaping. The kern a break inside a shaped word loses,
// measured by prepare for every unsafe break and by layout (through
// `Reshaping`) for overflow-wrap splits.

extension Shaper {
    /// What the graphemes `[g0, cut)` and `[cut, g1)` gain shaped apart
    /// (each with the text around as context, so joining is kept): the kern
    /// between them, which HarfBuzz puts in the first glyph's advance, or in
    /// right-to-left text in the later one (`start`, shaped only there).
    /// Either sign: Chromium reshapes such a line whichever way the kern
    /// went, so a widening kern lost makes the line narrower (Comic Neue
    /// "E-Mail-" before "Adresse" is 1/32 px narrower at 17 px).
    func lostKern(_ units: UnsafeBufferPointer<UInt16>, g0: Int, cut: Int, g1: Int, item: Item, face: FontFace,
                  style: TextStyle) -> (end: Int64, start: Int64) {
        let run = ShapingRun(item: item, face: face, style: style, features: Shaper.features(for: style))
        // In the shaper's glyph arrays (emptied, capacity kept): a prepare
        // measures every unsafe break this way.
        scratchGlyphs.removeAll(keepingCapacity: true)
        pieceGlyphs.removeAll(keepingCapacity: true)
        shape(units, start: g0, end: g1, as: run, into: &scratchGlyphs)
        shape(units, start: g0, end: cut, as: run, into: &pieceGlyphs)
        let before = scratchGlyphs.reduce(Int64(0)) { $0 + ($1.cluster < Int32(cut) ? Int64($1.advance) : 0) }
        let end = pieceGlyphs.reduce(Int64(0)) { $0 + Int64($1.advance) } - before
        guard run.rightToLeft else { return (end, 0) }
        pieceGlyphs.removeAll(keepingCapacity: true)
        shape(units, start: cut, end: g1, as: run, into: &pieceGlyphs)
        let later = scratchGlyphs.reduce(Int64(0)) { $0 + ($1.cluster >= Int32(cut) ? Int64($1.advance) : 0) }
        return (end, pieceGlyphs.reduce(Int64(0)) { $0 + Int64($1.advance) } - later)
    }

    /// What the word `[start, end)` gains shaped without the space before it
    /// (`start - 1`), as Chromium reshapes a line that starts there: a
    /// legacy `kern` table's pair splits its kern between the two glyphs
    /// (HarfBuzz), so a word after a kerned space holds half of it, which
    /// the line lost ("Aaaa" after "xxxxx " in a face kerning space + A).
    /// Only faces whose space takes part in shaping shape a space and the
    /// word after it together.
    func lostStartKern(_ units: UnsafeBufferPointer<UInt16>, start: Int, end: Int, item: Item, face: FontFace,
                       style: TextStyle) -> Int64 {
        let run = ShapingRun(item: item, face: face, style: style, features: Shaper.features(for: style))
        scratchGlyphs.removeAll(keepingCapacity: true)
        pieceGlyphs.removeAll(keepingCapacity: true)
        shape(units, start: start - 1, end: end, as: run, into: &scratchGlyphs)
        shape(units, start: start, end: end, as: run, into: &pieceGlyphs)
        let inContext = scratchGlyphs.reduce(Int64(0)) { $0 + ($1.cluster >= Int32(start) ? Int64($1.advance) : 0) }
        return pieceGlyphs.reduce(Int64(0)) { $0 + Int64($1.advance) } - inContext
    }
}
