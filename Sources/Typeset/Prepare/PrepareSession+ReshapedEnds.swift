// Pipeline stage: Prepare, the reshaped breaks.
// In: the analysed, itemized, shaped and segmented text.
// Out: the break opportunities inside shaped words where a line loses a kern (ReshapedEnd).

import CHarfBuzz

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
        // Each style's features and language hashed, once a break needs them (see `ShapeParameters`).
        var styleHashes: [UInt64] = []
        let n = units.count
        // (The segments read in place: a post's forty segments, most ending at a space, cost a few instructions each.)
        segments.withUnsafeBufferPointer { segments in units.withUnsafeBufferPointer { buf in
        unsafeBefore.withUnsafeBufferPointer { unsafe in
            let last = segments.count - 1, noLigatures = ligatures.isEmpty
            var k = -1
            while k + 1 < last {
                k += 1
                if noLigatures {
                    // Only unsafe breaks are looked at: the segments before the next one are passed
                    // over (a Japanese post is hundreds of segments, a few of them unsafe).
                    let q = Self.nextTrue(unsafe, from: Int(segments[k].end))
                    while k < last && Int(segments[k].end) < q { k += 1 }
                    guard k < last else { break }
                }
                guard !segments[k].mandatoryBreak && segments[k].contentEnd == segments[k].end else { continue }
                let seg = segments[k], p = Int(seg.end)
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
                let shapeIt = { shaper.lostKern(buf, g0: g0, cut: p, g1: g1, item: it, face: face, style: style) }
                // (Remembered where the text around cannot matter: no joining script, and neither piece
                // starting with a mark, which HarfBuzz gives a dotted circle only at the text's start.)
                let kern: (end: Int64, start: Int64)
                if WordShaper.readsJoiningContext(it.script) || !Self.startsWithoutMark(buf, g0)
                    || (it.level & 1 == 1 && !Self.startsWithoutMark(buf, p)) {
                    kern = shapeIt()
                } else {
                    if styleHashes.isEmpty {
                        styleHashes = styles.indices.map { WordShaper.hash(features[$0], language: styles[$0].language) }
                    }
                    let parameters = ShapeParameters(item: it, face: face, style: style,
                                                     styleHash: styleHashes[Int(it.styleIndex)])
                    // (The break's offset among the units mixed in as a context length.)
                    kern = context.lostKerns.kern(ShapeKey(units: UnsafeBufferPointer(rebasing: buf[g0..<g1]),
                                                           parameters: parameters, context: (p - g0, 0)), shapeIt)
                }
                let run = unsafeRunEnd(from: p, next: segments[k + 1], item: it, shaped: shaped, units: buf)
                if (kern.end != 0 || kern.start != 0 || run != 0) && max(abs(kern.end), abs(kern.start)) < Int64(Int32.max) {
                    ends.append(ReshapedEnd(unit: Int32(p), endKern: Int32(kern.end), startKern: Int32(kern.start),
                                            unsafeRunEnd: run))
                }
            }
        } } }
        guard Self.someItemShapesSpacesInContext(items, faces: faces, features: features) else { return ends }
        // Breaks after spaces where a face shaped the space with the word
        // after it (HarfBuzz marks that word's start unsafe): the line
        // starting there is reshaped and loses what the space put in it.
        var starts: [ReshapedEnd] = []
        if styleHashes.isEmpty {
            styleHashes = styles.indices.map { WordShaper.hash(features[$0], language: styles[$0].language) }
        }
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

    /// The first offset from `start` on where `flags` is true, or `flags.count`.
    /// (Eight flags at a time: most are false.)
    @inline(__always)
    private static func nextTrue(_ flags: UnsafeBufferPointer<Bool>, from start: Int) -> Int {
        let n = flags.count
        var i = start
        if let base = flags.baseAddress {
            let raw = UnsafeRawPointer(base)
            while i + 8 <= n && raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) == 0 { i += 8 }
        }
        while i < n && !flags[i] { i += 1 }
        return i
    }

    /// Whether the unit at `i` is neither a mark nor a surrogate: a piece
    /// starting there shapes the same whatever text comes before it.
    @inline(__always)
    private static func startsWithoutMark(_ units: UnsafeBufferPointer<UInt16>, _ i: Int) -> Bool {
        let u = units[i]
        return u < 0x300 || (!(u >= 0xD800 && u <= 0xDFFF) && !UnicodeProps.isMark(UInt32(u)))
    }

    /// Whether the face of some item shapes its spaces with the words around
    /// them under the item's style's features (`FontFace.knownSpaceTakesPart`),
    /// each face and style pair asked once (a CJK text is a hundred items
    /// in two or three pairs).
    private static func someItemShapesSpacesInContext(_ items: [Item], faces: [FontFace], features: [[hb_feature_t]]) -> Bool {
        let styles = features.count
        // (A bit per pair asked, when the pairs fit in one word.)
        let tracks = faces.count * styles <= 64
        var asked: UInt64 = 0
        for item in items {
            if tracks {
                let bit = UInt64(1) << (Int(item.faceIndex) * styles + Int(item.styleIndex))
                if asked & bit != 0 { continue }
                asked |= bit
            }
            if faces[Int(item.faceIndex)].knownSpaceTakesPart(in: features[Int(item.styleIndex)]) == true { return true }
        }
        return false
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
