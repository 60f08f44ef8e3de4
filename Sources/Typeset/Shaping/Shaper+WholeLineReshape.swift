// Pipeline stage: Shaping. A line's start that Chromium reshapes: from the
// start to the first break after it that is safe, or, when there is none
// inside the line's one word, the whole word, alone.

extension Shaper {
    /// What a line starting at `start`, its content ending at `end` before
    /// the spaces it ends with, gains over its advances in context, as
    /// Chromium reshapes its start; nil when the start is safe to break
    /// (Chromium keeps the line's glyphs as shaped).
    ///
    /// Chromium reshapes a line that starts where HarfBuzz marks a break
    /// unsafe (after a space kerned with the word, inside a split word) from
    /// its start to the first safe break after it. When no break inside the
    /// line is safe (a word, or words all kerned together and with the
    /// spaces between them: Lato "AV Tw"), the whole line is shaped again
    /// alone: it loses what the text before it gave it (Inter's "}" after "{Vote" split before "e")
    /// and the kern its last glyph had with the space after it (Lato 40 px
    /// "Tow" after "xx " in 80 px is 72.547 px, 71.734 kerned with the
    /// space; "w" split from "Vie" 31.422 px, not 30.609). The break is
    /// still fitted by the word's width in context.
    ///
    /// - Parameters:
    ///   - contextStart: where the text shaped before `start` begins (the
    ///     space before it, or the start of the split word).
    ///   - end: the end of the line's content (`units[end]`, when there, is
    ///     what follows it: the space).
    ///   - itemEnd: the end of the item (the shaped run) holding the word.
    func reshapedLineGain(_ units: UnsafeBufferPointer<UInt16>, contextStart: Int, start: Int, end: Int, itemEnd: Int,
                             item: Item, face: FontFace, style: TextStyle) -> Int64? {
        guard contextStart < start, start < end, end <= itemEnd, itemEnd <= units.count else { return nil }
        let run = ShapingRun(item: item, face: face, style: style, features: Shaper.features(for: style))
        let kept = unsafeClusters
        defer { unsafeClusters = kept }
        unsafeClusters = []
        scratchGlyphs.removeAll(keepingCapacity: true)
        shape(units, start: contextStart, end: min(end + 1, itemEnd), as: run, into: &scratchGlyphs)
        let unsafe = Set(unsafeClusters ?? [])
        guard unsafe.contains(Int32(start)) else { return nil }
        // The piece reshaped: up to the first safe break inside the line, or all of it.
        var reshapedEnd = Int32(end)
        for g in scratchGlyphs where g.cluster > Int32(start) && g.cluster < reshapedEnd && !unsafe.contains(g.cluster) {
            reshapedEnd = g.cluster
        }
        let inContext = scratchGlyphs.reduce(Int64(0)) {
            $0 + ($1.cluster >= Int32(start) && $1.cluster < reshapedEnd ? Int64($1.advance) : 0)
        }
        pieceGlyphs.removeAll(keepingCapacity: true)
        shape(units, start: start, end: Int(reshapedEnd), as: run, into: &pieceGlyphs)
        return pieceGlyphs.reduce(Int64(0)) { $0 + Int64($1.advance) } - inContext
    }

    /// The width of `units[start..<end]` shaped alone (the text around it as
    /// context), 1/65536 px: a line's start Chromium reshapes, such as the
    /// rest of a ligature a line broke inside.
    func shapedWidth(_ units: UnsafeBufferPointer<UInt16>, start: Int, end: Int, item: Item, face: FontFace,
                     style: TextStyle) -> Int64 {
        pieceGlyphs.removeAll(keepingCapacity: true)
        shape(units, start: start, end: end,
              as: ShapingRun(item: item, face: face, style: style, features: Shaper.features(for: style)), into: &pieceGlyphs)
        return pieceGlyphs.reduce(Int64(0)) { $0 + Int64($1.advance) }
    }
}
