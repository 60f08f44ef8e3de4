// Pipeline stage: Prepare, the shaping step (drives Shaping).
// In: the processed units, their items and the break opportunities words are shaped between.
// Out: ShapedText: one advance per processed unit, cluster starts, unsafe breaks, trimmable brackets, ligature splits.

import CHarfBuzz

/// The text shaped: glyph advances summed per processed unit (its cluster).
struct ShapedText {
    /// Per processed unit: its cluster's advance, 1/65536 px (attachments' included).
    var advances: [Int32]
    /// Per processed unit: whether it starts a glyph cluster.
    var clusterStarts: [Bool]
    /// Per processed unit: whether a break before it would lose a kern.
    var unsafeBefore: [Bool]
    /// Fullwidth closing brackets that may be set half-width at a line end.
    var trimmableClose: [Int32]
    /// Grapheme boundaries inside ligatures, with the width before them.
    var ligatures: LigatureSplits
    /// Per style: its HarfBuzz features.
    var features: [[hb_feature_t]]
    /// Known to have no reshaped break (`PrepareSession.reshapedEnds` would
    /// find none): set by the warm lane, which sees every segment end.
    var hasNoReshapedEnds = false
}

/// The shaping stage's working arrays (see `StageScratch`).
struct ShapingScratch: StageScratch {
    /// Per style: its HarfBuzz features and their hash (kept between texts, remade when the styles change).
    var features: StyleFeatures
    var advances: [Int32]
    var clusterStarts: [Bool]
    var unsafeBefore: [Bool]
    /// One word's advances, cluster starts and unsafe flags (a ligature's prefix, shaped apart).
    var word: WordUnitArrays
    var ligatures: LigatureSplits

    mutating func reset() {
        self = ShapingScratch(
            features: features,  // (kept: the next text in the same styles reuses them, see `StyleFeatures.fill`)
            advances: advances.emptiedForReuse(), clusterStarts: clusterStarts.emptiedForReuse(),
            unsafeBefore: unsafeBefore.emptiedForReuse(), word: word.emptiedForReuse(),
            ligatures: ligatures.emptiedForReuse())
    }
}

extension ShapingScratch {
    init() {
        self.init(features: StyleFeatures(), advances: [], clusterStarts: [], unsafeBefore: [], word: WordUnitArrays(),
                  ligatures: LigatureSplits())
    }
}

extension PrepareSession {
    /// The shaping stage: every word shaped (or found in the word cache),
    /// its advances summed per unit, attachments and inline boxes' sides
    /// given their widths, and the
    /// widths of ligatures' pieces shaped apart (see `ligatureInteriors`).
    /// - Parameter words: `WordShaper`'s arrays (it empties them itself).
    func shape(_ units: [UInt16], itemized: ItemizedText, analysis: TextAnalysis, boxes: InlineRunBoxes,
               into scratch: inout ShapingScratch, words: inout WordScratch) -> ShapedText {
        scratch.reset()
        let wordShaper = WordShaper(shaper: shaper, cache: cache, front: context.recentWords)
        scratch.features.fill(for: itemized.styles)
        let trim = wordShaper.unitAdvances(units: units, runs: itemized.runs, breaks: analysis.wordBreaks,
                                           features: scratch.features, words: &words,
                                           into: &scratch.advances, clusterStarts: &scratch.clusterStarts,
                                           unsafeBefore: &scratch.unsafeBefore)
        InlineAttachments.apply(boxes.attachments, to: &scratch.advances)
        InlineBoxRuns.apply(boxes.edges, to: &scratch.advances)
        ligatureInteriors(units, graphemes: analysis.graphemes, itemized: itemized, wordShaper: wordShaper, into: &scratch)
        return ShapedText(advances: scratch.advances, clusterStarts: scratch.clusterStarts, unsafeBefore: scratch.unsafeBefore,
                          trimmableClose: trim, ligatures: scratch.ligatures, features: scratch.features.lists)
    }

    /// Grapheme boundaries that fall inside a ligature (`f|i` in "fi"), into
    /// `scratch.ligatures`: the line breaker may split there (overflow-wrap),
    /// and Chromium then reshapes the pieces. The width of the part before
    /// each such boundary is shaped here, once, so layout stays arithmetic.
    func ligatureInteriors(_ units: [UInt16], graphemes: [Bool], itemized: ItemizedText, wordShaper: WordShaper,
                                   into scratch: inout ShapingScratch) {
        // (From the first unit that does not start a cluster: most texts have no ligature.)
        guard let firstInterior = scratch.clusterStarts.firstFalse() else { return }
        let starts = scratch.clusterStarts
        for item in itemized.items where Int(item.end) > firstInterior {
            var clusterStart = Int(item.start)
            var i = max(Int(item.start), firstInterior - 1)
            while i < Int(item.end) {
                defer { i += 1 }
                if starts[i] {
                    // A run of cluster starts is passed over a word at a time: the
                    // cluster is then the one the run's last unit starts.
                    let next = starts.firstFalse(from: i + 1) ?? starts.count
                    clusterStart = min(next, Int(item.end)) - 1
                    i = clusterStart
                    continue
                }
                // A cluster led by a newline, carriage return or tab is no ligature:
                // its advance is zeroed, so a piece of it has no width either.
                let lead = units[clusterStart]
                guard graphemes[i], i > clusterStart, lead != 0x0A && lead != 0x0D && lead != 0x09 else { continue }
                let width = pieceWidth(units, clusterStart..<i, item: item, itemized: itemized, wordShaper: wordShaper,
                                       scratch: &scratch)
                scratch.ligatures.append(unit: Int32(i), clusterStart: Int32(clusterStart), prefix: width)
            }
        }
    }

    /// The width of `range`, a ligature's first part, shaped on its own
    /// and letter-spaced like the text (advances include the spacing, a
    /// cluster closed up to nothing at most, as `WordShaper` spaces them).
    private func pieceWidth(_ units: [UInt16], _ range: Range<Int>, item: Item, itemized: ItemizedText,
                            wordShaper: WordShaper, scratch: inout ShapingScratch) -> Int64 {
        // (The style read in place, not copied.)
        return itemized.styles.withUnsafeBufferPointer { styles in units.withUnsafeBufferPointer { buf in
            let style = styles.baseAddress! + Int(item.styleIndex)
            wordShaper.wordAdvances(
                UnsafeBufferPointer(rebasing: buf[range]), item: item, face: itemized.faces[Int(item.faceIndex)],
                style: style.pointee, features: scratch.features.lists[Int(item.styleIndex)],
                featureHash: scratch.features.hashes[Int(item.styleIndex)],
                into: &scratch.word)
            var width = scratch.word.advances.reduce(0) { $0 + Int64($1) }
            if style.pointee.letterSpacing != 0 {
                let ls = Int64(Shaper.clamp(style.pointee.letterSpacing * 65536))
                for k in scratch.word.clusterStarts.indices where scratch.word.clusterStarts[k] {
                    if UnicodeProps.isLetterSpaced(buf, at: range.lowerBound + k, script: item.script) {
                        width += max(ls, -Int64(scratch.word.advances[k]))
                    }
                }
            }
            return width
        } }
    }
}
