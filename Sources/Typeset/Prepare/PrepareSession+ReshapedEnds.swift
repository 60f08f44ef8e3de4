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
                let oneWord = oneWordLineGain(buf, start: p, contextStart: g0, next: segments[k + 1], item: it,
                                              face: face, style: style, shaped: shaped).map { $0 - kern.start } ?? 0
                if (kern.end != 0 || kern.start != 0 || oneWord != 0)
                    && max(abs(kern.end), abs(kern.start), abs(oneWord)) < Int64(Int32.max) {
                    ends.append(ReshapedEnd(unit: Int32(p), endKern: Int32(kern.end), startKern: Int32(kern.start),
                                            oneWordLineKern: Int32(oneWord)))
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
                let kern = shaper.lostStartKern(buf, start: p, end: next, item: it, face: face, style: style)
                guard abs(kern) < Int64(Int32.max) else { continue }
                let oneWord = oneWordLineGain(buf, start: p, contextStart: p - 1, next: segments[k + 1], item: it,
                                              face: face, style: style, shaped: shaped).map { $0 - kern } ?? 0
                if (kern != 0 || oneWord != 0) && abs(oneWord) < Int64(Int32.max) {
                    starts.append(ReshapedEnd(unit: Int32(p), endKern: 0, startKern: Int32(kern),
                                              oneWordLineKern: Int32(oneWord)))
                }
            }
        }
        guard !starts.isEmpty else { return ends }
        return (ends + starts).sorted { $0.unit < $1.unit }
    }

    /// What a line starting at the unsafe break `start` gains when it holds
    /// only the word of segment `next` and the spaces after it: Chromium
    /// shapes that word again alone when no break inside it is safe (see
    /// `Shaper.reshapedOneWordGain`); nil otherwise. Includes what the start loses.
    private func oneWordLineGain(_ buf: UnsafeBufferPointer<UInt16>, start: Int, contextStart: Int, next: Segment,
                                 item: Item, face: FontFace, style: TextStyle, shaped: ShapedText) -> Int64? {
        let end = Int(next.contentEnd)
        guard next.contentEnd != next.end, !next.mandatoryBreak, end > start, end < buf.count, Int(item.end) > end,
              buf[end] == 0x20 else { return nil }
        // (HarfBuzz's flags, as prepare kept them: a safe break inside, or a word end safe, keeps the rest as shaped.)
        for q in (start + 1)...end where shaped.clusterStarts[q] && !shaped.unsafeBefore[q] { return nil }
        return shaper.reshapedOneWordGain(buf, contextStart: contextStart, start: start, end: end, itemEnd: Int(item.end),
                                          item: item, face: face, style: style)
    }
}
