// Pipeline stage: Prepare, shaping and segmentation together for a warm plain text (drives WordShaper.laneWords).
// In: a plain text in one item (PlainTextScan), its analysis and items, the word cache.
// Out: the ShapedText and SegmentedText the shaping and segmentation steps give, or nil (those steps then run).

extension PrepareSession {
    /// Shapes and cuts a text in one pass over its words when it is plain
    /// text in one item, every word of it is cached, and nothing asks for
    /// more than the words give: no attachment or inline box, no letter or
    /// word spacing, a face whose space takes part in no lookup, spaces and
    /// newlines collapsed (`normal` or `nowrap`: no tab or kept newline,
    /// whose advances the general path zeroes), and no `line-break:
    /// anywhere`. What it returns is what `shape` and `segment` return for
    /// the text (`WarmLaneEquivalenceTests`), and whether the text may have
    /// a reshaped end (a segment ending inside a word, unsafe to break or
    /// inside a ligature: the only ends `reshapedEnds` reshapes in a face
    /// whose space takes part in no lookup); nil when it does not apply or
    /// a word is not cached.
    func warmLane(_ units: [UInt16], analysis: TextAnalysis, itemized: ItemizedText, paragraph: ParagraphStyle,
                  attachments: [PlacedAttachment], boxes: InlineRunBoxes,
                  in scratch: inout StageScratches) -> (shaped: ShapedText, segmented: SegmentedText)? {
        let whiteSpace = paragraph.whiteSpace
        guard warmLaneOn, analysis.isOneItem, cache != nil, attachments.isEmpty, boxes.edges.isEmpty,
              whiteSpace == .normal || whiteSpace == .nowrap, paragraph.lineBreak != .anywhere,
              itemized.items.count == 1, units.count < Int(UInt16.max) else { return nil }
        let item = itemized.items[0], styleIndex = Int(item.styleIndex)
        let spacing = itemized.styles.withUnsafeBufferPointer { styles in
            styles[styleIndex].letterSpacing != 0 || styles[styleIndex].wordSpacing != 0
        }
        guard !spacing else { return nil }
        scratch.shaping.reset()
        scratch.shaping.features.fill(for: itemized.styles)
        let face = itemized.faces[Int(item.faceIndex)]
        guard face.knownSpaceTakesPart(in: scratch.shaping.features.lists[styleIndex]) == false else { return nil }
        let parameters = itemized.styles.withUnsafeBufferPointer { styles in
            ShapeParameters(item: item, face: face, style: styles[styleIndex],
                            styleHash: scratch.shaping.features.hashes[styleIndex])
        }
        let n = units.count, breaks = analysis.breaks
        scratch.shaping.advances.refill(0, count: n)
        scratch.shaping.clusterStarts.refill(true, count: n)  // (see `UnitArrays`)
        scratch.shaping.unsafeBefore.refill(false, count: n)
        scratch.segmentation.reset()
        scratch.segmentation.segments.refill(Segment(contentEnd: 0, end: 0, width: 0, trailing: 0, metrics: 0, flags: []),
                                             count: breaks.positions.count)
        let wordShaper = WordShaper(shaper: shaper, cache: cache, front: context.recentWords)
        let lane = units.withUnsafeBufferPointer { u in
            breaks.positions.withUnsafeBufferPointer { positions in breaks.mandatory.withUnsafeBufferPointer { mandatory in
                scratch.segmentation.segments.withUnsafeMutableBufferPointer { segments in
                    UnitArrays.with(&scratch.shaping.advances, &scratch.shaping.clusterStarts,
                                    &scratch.shaping.unsafeBefore) { out in
                        wordShaper.laneWords(units: u, parameters: parameters, positions: positions, mandatory: mandatory,
                                             spacesHang: true, into: out, segments: segments)
                    }
                }
            } }
        }
        guard let lane else { return nil }
        context.warmLaneTexts &+= 1
        // The one item's box: every segment's (none is a blank line: no newline is kept).
        let box = itemized.itemMetrics[0]
        scratch.segmentation.metrics.append((max(0.0, box.ascent), max(0.0, box.descent)))
        ligatureInteriors(units, graphemes: analysis.graphemes, itemized: itemized, wordShaper: wordShaper,
                          into: &scratch.shaping)
        if lane.mayCorrectLigatures && !scratch.shaping.ligatures.isEmpty {
            Self.correctLigatureWidths(&scratch.segmentation.segments, ligatures: scratch.shaping.ligatures,
                                       advances: scratch.shaping.advances)
        }
        let shaping = scratch.shaping
        return (ShapedText(advances: shaping.advances, clusterStarts: shaping.clusterStarts,
                           unsafeBefore: shaping.unsafeBefore, trimmableClose: [], ligatures: shaping.ligatures,
                           features: shaping.features.lists, hasNoReshapedEnds: !lane.mayReshape),
                SegmentedText(segments: scratch.segmentation.segments, metrics: scratch.segmentation.metrics,
                              naturalWidth: lane.natural))
    }

    /// Adds to each segment's width what a break inside a ligature adds
    /// (each side counts its own piece), as the segment walks do.
    private static func correctLigatureWidths(_ segments: inout [Segment], ligatures: LigatureSplits, advances: [Int32]) {
        var start = 0, cursor = 0
        for k in segments.indices {
            let segment = segments[k], contentEnd = Int(segment.contentEnd)
            if start < contentEnd && ligatures.hasSplit(at: Int32(start), or: Int32(contentEnd), cursor: &cursor) {
                var width: Int64 = 0
                for i in start..<contentEnd { width &+= Int64(advances[i]) }
                width += ligatures.startCorrection(start, advances: advances)
                    + ligatures.endCorrection(start, contentEnd, advances: advances)
                segments[k].setWidth(width)
            }
            start = Int(segment.end)
        }
    }
}
