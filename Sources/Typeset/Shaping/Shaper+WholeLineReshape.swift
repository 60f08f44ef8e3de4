// Pipeline stage: Shaping. A one-word line whose start Chromium reshapes
// with no safe break inside it: the word is shaped again alone, without
// the space after it.

extension Shaper {
    /// What the word `[start, end)` gains shaped alone over its advances in
    /// context (between `contextStart` and the space at `end`), when
    /// Chromium reshapes it whole as a line; nil when it does not.
    ///
    /// Chromium reshapes a line that starts where HarfBuzz marks a break
    /// unsafe (after a space kerned with the word, or inside a split word)
    /// from its start to the first safe break after it; when that lies at
    /// or past the line's end (the end of its one word, before the spaces
    /// that hang), the whole word is shaped again, alone, and so loses the
    /// kern its last glyph had with the space after it (Lato 40 px "Tow"
    /// after "failed. " in 80 px is 73.172 px, 72.359 kerned with the
    /// space; "w" split from "Vie" 30.594 px, not 29.75). The break is still
    /// fitted by the word's width in context.
    ///
    /// - Parameters:
    ///   - contextStart: the start of the grapheme before `start` (the
    ///     space, or the split word's piece before the line).
    ///   - end: the word's end; `units[end]` is the space after it.
    func wholeLineGain(_ units: UnsafeBufferPointer<UInt16>, contextStart: Int, start: Int, end: Int, item: Item,
                       face: FontFace, style: TextStyle) -> Int64? {
        guard contextStart < start, start < end, end < units.count else { return nil }
        let features = Shaper.features(for: style)
        let rtl = item.level & 1 == 1
        let kept = unsafeClusters, keptAdjusted = adjustedClusters
        defer { unsafeClusters = kept; adjustedClusters = keptAdjusted }
        unsafeClusters = []
        adjustedClusters = []
        scratchGlyphs.removeAll(keepingCapacity: true)
        shape(units, start: contextStart, end: end + 1, face: face, size: style.size, rtl: rtl,
              script: item.script, language: style.language, features: features, into: &scratchGlyphs)
        let unsafe = Set(unsafeClusters ?? [])
        guard unsafe.contains(Int32(start)) else { return nil }
        // Every glyph boundary inside the word and at its end unsafe: no safe break to stop the reshape at.
        for g in scratchGlyphs where g.cluster > Int32(start) && g.cluster <= Int32(end) && !unsafe.contains(g.cluster) {
            return nil
        }
        let inContext = scratchGlyphs.reduce(Int64(0)) {
            $0 + ($1.cluster >= Int32(start) && $1.cluster < Int32(end) ? Int64($1.advance) : 0)
        }
        pieceGlyphs.removeAll(keepingCapacity: true)
        shape(units, start: start, end: end, face: face, size: style.size, rtl: rtl,
              script: item.script, language: style.language, features: features, into: &pieceGlyphs)
        return pieceGlyphs.reduce(Int64(0)) { $0 + Int64($1.advance) } - inContext
    }
}

extension Shaper {
    /// The width of `units[start..<end]` shaped alone (the text around it as
    /// context), 1/65536 px: a line's start Chromium reshapes, such as the
    /// rest of a ligature a line broke inside.
    func shapedWidth(_ units: UnsafeBufferPointer<UInt16>, start: Int, end: Int, item: Item, face: FontFace,
                     style: TextStyle) -> Int64 {
        pieceGlyphs.removeAll(keepingCapacity: true)
        shape(units, start: start, end: end, face: face, size: style.size, rtl: item.level & 1 == 1,
              script: item.script, language: style.language, features: Shaper.features(for: style), into: &pieceGlyphs)
        return pieceGlyphs.reduce(Int64(0)) { $0 + Int64($1.advance) }
    }
}
