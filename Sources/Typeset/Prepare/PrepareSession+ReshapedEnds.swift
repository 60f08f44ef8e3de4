// Pipeline stage: Prepare, the reshaped breaks.
// In: the analysed, itemized, shaped and segmented text.
// Out: the break opportunities inside shaped words where a line loses a kern (ReshapedEnd).

extension PrepareSession {
    /// The segment ends a line may end at inside a shaped word where a kern
    /// joins the glyphs on either side, with the kern: Chromium reshapes a
    /// line's end (and the next line's start) that is not safe to break
    /// (HarfBuzz's unsafe-to-break), so such a line loses it ("にして" before
    /// "も" is 0.9 px wider at 18 px; in right-to-left text the kern is in the
    /// next line's first glyph: "ح" after "ر", 0.8 px at 20 px).
    /// Ends followed by spaces keep their end (the spaces hang), but where a
    /// face shapes its spaces with the next word (see
    /// `FontFace.spaceTakesPart`) the next line's start is reshaped: a
    /// legacy `kern` pair's half in the word's first glyph is lost.
    /// Forced breaks, breaks between separately shaped words or items and
    /// breaks inside a ligature (see `LigatureSplits`) are never reshaped;
    /// only unsafe ones are shaped again.
    func reshapedEnds(_ units: [UInt16], analysis: TextAnalysis, itemized: ItemizedText, shaped: ShapedText,
                      segments: [Segment]) -> [ReshapedEnd] {
        let items = itemized.items, faces = itemized.faces, styles = itemized.styles
        let graphemes = analysis.graphemes, wordBreaks = analysis.wordBreaks
        let unsafeBefore = shaped.unsafeBefore, features = shaped.features, ligatures = shaped.ligatures
        // Only a break inside a ligature or one HarfBuzz marks unsafe is reshaped: a text with neither
        // (most CJK text) has nothing to look at.
        guard !ligatures.isEmpty || unsafeBefore.containsTrue else { return [] }
        var ends: [ReshapedEnd] = []
        var w = 0, item = 0
        let n = units.count
        units.withUnsafeBufferPointer { buf in
            for (k, seg) in segments.dropLast().enumerated() where !seg.mandatoryBreak && seg.contentEnd == seg.end {
                let p = Int(seg.end)
                if p > 0 && p < n, let ligature = ligatures.split(at: Int32(p)) {
                    // A line starting inside a ligature: its rest shaped alone (Inter's "->" broken
                    // after "-": the next line starts with a plain ">").
                    while item < items.count && Int(items[item].end) <= p { item += 1 }
                    guard item < items.count, Int(items[item].start) <= Int(ligature.clusterStart),
                          items[item].level & 1 == 0 else { continue }
                    let it = items[item]
                    var q = p + 1
                    while q < Int(it.end) && !shaped.clusterStarts[q] { q += 1 }
                    let rest = Int64(shaped.advances[Int(ligature.clusterStart)]) - ligature.prefix
                    let alone = shaper.shapedWidth(buf, start: p, end: q, item: it, face: faces[Int(it.faceIndex)],
                                                   style: styles[Int(it.styleIndex)])
                    if alone != rest && abs(alone - rest) < Int64(Int32.max) {
                        ends.append(ReshapedEnd(unit: Int32(p), endKern: 0, startKern: Int32(alone - rest)))
                    }
                    continue
                }
                guard p > 0 && p < n && unsafeBefore[p] else { continue }
                while w < wordBreaks.count && Int(wordBreaks[w]) < p { w += 1 }
                if w < wordBreaks.count && Int(wordBreaks[w]) == p && WordShaper.isSeparableBreak(buf, p) { continue }
                var g0 = p - 1
                while g0 > 0 && !graphemes[g0] { g0 -= 1 }
                var g1 = p + 1
                while g1 < n && !graphemes[g1] { g1 += 1 }
                while item < items.count && Int(items[item].end) <= g0 { item += 1 }
                guard item < items.count, Int(items[item].start) <= g0, Int(items[item].end) >= g1 else { continue }
                let it = items[item]
                let face = faces[Int(it.faceIndex)], style = styles[Int(it.styleIndex)]
                let kern = shaper.lostKern(buf, g0: g0, cut: p, g1: g1, item: it, face: face, style: style)
                let run = unsafeRunEnd(from: p, next: segments[k + 1], item: it, shaped: shaped, units: buf)
                if (kern.end != 0 || kern.start != 0 || run != 0) && max(abs(kern.end), abs(kern.start)) < Int64(Int32.max) {
                    ends.append(ReshapedEnd(unit: Int32(p), endKern: Int32(kern.end), startKern: Int32(kern.start),
                                            unsafeRunEnd: run))
                }
            }
        }
        guard items.contains(where: { faces[Int($0.faceIndex)].knownSpaceTakesPart(in: features[Int($0.styleIndex)]) == true })
        else {
            return ends
        }
        // Breaks after spaces where a face shaped the space with the word
        // after it (HarfBuzz marks that word's start unsafe): the line
        // starting there is reshaped and loses what the space put in it.
        var starts: [ReshapedEnd] = []
        let styleHashes = styles.indices.map { WordShaper.hash(features[$0], language: styles[$0].language) }
        item = 0
        units.withUnsafeBufferPointer { buf in
            for (k, seg) in segments.dropLast().enumerated() where !seg.mandatoryBreak && seg.contentEnd != seg.end {
                let p = Int(seg.end)
                guard p < n && unsafeBefore[p] && buf[p - 1] == 0x20 else { continue }
                let next = Int(segments[k + 1].contentEnd)
                while item < items.count && Int(items[item].end) <= p - 1 { item += 1 }
                guard next > p, item < items.count, Int(items[item].start) <= p - 1, Int(items[item].end) >= next else { continue }
                let it = items[item]
                let face = faces[Int(it.faceIndex)], style = styles[Int(it.styleIndex)]
                let shapeIt = { shaper.lostStartKern(buf, start: p, end: next, item: it, face: face, style: style) }
                // (Remembered where the text around cannot matter: no joining script.)
                let kern = WordShaper.readsJoiningContext(it.script) ? shapeIt()
                    : context.lineStartKerns.kern(ShapeKey(units: UnsafeBufferPointer(rebasing: buf[(p - 1)..<next]),
                                                           parameters: ShapeParameters(item: it, face: face, style: style,
                                                                                       styleHash: styleHashes[Int(it.styleIndex)])),
                                                  shapeIt)
                guard abs(kern) < Int64(Int32.max) else { continue }
                let run = unsafeRunEnd(from: p, next: segments[k + 1], item: it, shaped: shaped, units: buf)
                if kern != 0 || run != 0 {
                    starts.append(ReshapedEnd(unit: Int32(p), endKern: 0, startKern: Int32(kern), unsafeRunEnd: run))
                }
            }
        }
        guard !starts.isEmpty else { return ends }
        return (ends + starts).sorted { $0.unit < $1.unit }
    }

    /// Where the run of breaks HarfBuzz marks unsafe that starts at `start`
    /// ends (the first safe cluster boundary after it, or the item's end),
    /// when it reaches at least the end of the next segment's word followed
    /// by a space: a line from `start` ending before it is reshaped whole by
    /// Chromium (see `Shaper.reshapedLineGain`); 0 otherwise.
    private func unsafeRunEnd(from start: Int, next: Segment, item: Item, shaped: ShapedText,
                              units: UnsafeBufferPointer<UInt16>) -> Int32 {
        let end = Int(next.contentEnd), itemEnd = Int(item.end)
        guard next.contentEnd != next.end, !next.mandatoryBreak, end > start, end < itemEnd, units[end] == 0x20 else {
            return 0
        }
        var q = start + 1
        while q < itemEnd && (!shaped.clusterStarts[q] || shaped.unsafeBefore[q]) { q += 1 }
        return q > end ? Int32(q) : 0
    }
}
