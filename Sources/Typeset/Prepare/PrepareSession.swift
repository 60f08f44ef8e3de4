// Pipeline stage: Prepare (drives Analysis → Itemize → Shaping).
// In: an AttributedText and a ParagraphStyle.
// Out: PreparedText: immutable, width-independent segments, items, styles and text, shared by every thread.

import CHarfBuzz
import CUnicode

/// One run of the prepare pipeline: white-space processing, ICU analysis,
/// itemization with font fallback, HarfBuzz shaping, and segmentation for the
/// line breaker. Works in its context (HarfBuzz buffer, scratch arrays); never shared.
struct PrepareSession {
    let fonts: FontCollection
    let context: PrepareContext
    let cache: ShapeCache?
    /// The device pixel ratio: every length of the styles and attachments
    /// is multiplied by it, and the prepared text is in device pixels.
    let scale: Double
    /// Whether plain text takes the one-pass analysis (`PlainTextScan`);
    /// false prepares every text stage by stage (the two give the same
    /// prepared text, which `OnePassEquivalenceTests` checks).
    let onePass: Bool

    init(fonts: FontCollection, context: PrepareContext, cache: ShapeCache?, scale: Double = 1, onePass: Bool = true) {
        self.fonts = fonts
        self.context = context
        self.cache = cache
        self.scale = scale
        self.onePass = onePass
    }

    var shaper: Shaper { context.shaper }

    func prepare(_ text: AttributedText, paragraph: ParagraphStyle) throws -> PreparedText {
        try text.runs.withUnsafeBufferPointer { runs in
            try prepare(text.string, baseStyle: text.baseStyle, runs: runs, attachments: text.attachments,
                        paragraph: paragraph)
        }
    }

    /// A string in one style: the text `AttributedText(string, style:)`
    /// makes, without the array of its one run.
    func prepare(_ string: String, style: TextStyle, paragraph: ParagraphStyle) throws -> PreparedText {
        try prepare(string, baseStyle: style, runs: nil, attachments: [:], paragraph: paragraph)
    }

    /// - Parameter runs: the text's style runs; nil for one run of
    ///   `baseStyle` over the whole text.
    private func prepare(_ string: String, baseStyle: TextStyle, runs: UnsafeBufferPointer<AttributedText.Run>?,
                         attachments: [Int: TextAttachment], paragraph: ParagraphStyle) throws -> PreparedText {
        // The transient arrays are the context's (see `PrepareScratch`), left emptied.
        defer { context.scratch.clear() }
        let base = try context.scratch.blockStyle(baseStyle, scale: scale)
        // The source units in the context's buffer (the prepared text keeps a compact copy).
        var source = context.scratch.source
        context.scratch.source = []
        string.writeUTF16Units(into: &source)
        defer {
            // Handed back with no other reference, so that emptying it keeps its buffer.
            source.removeAll(keepingCapacity: true)
            swap(&context.scratch.source, &source)
        }
        return try prepare(source: source, given: baseStyle, base: base, runs: runs, attachments: attachments,
                           paragraph: paragraph, scratch: &context.scratch)
    }

    /// - Parameters:
    ///   - given: the block style as given; `base` is it validated and scaled.
    ///   - runs: the style runs; nil for one run of the block style (no run
    ///     is made for it: a run's copy of the style retained its references).
    private func prepare(source: [UInt16], given: TextStyle, base: TextStyle, runs runsGiven: UnsafeBufferPointer<AttributedText.Run>?,
                         attachments attachmentsGiven: [Int: TextAttachment], paragraph: ParagraphStyle,
                         scratch: inout PrepareScratch) throws -> PreparedText {
        let runs = runsGiven ?? UnsafeBufferPointer(start: nil, count: 0)
        let runCount = runsGiven == nil ? 1 : runs.count
        let processed = WhiteSpaceProcessor(source: source, whiteSpace: paragraph.whiteSpace)
        let units = processed.units
        let n = units.count

        // Styles per processed unit; the block's style is always the first
        // (the strut), whether or not a run uses it (`scratch.blockStyle` left it in `lastBase`).
        var styles = scratch.lastBase
        var styleIndexOfRun = scratch.styleIndexOfRun
        scratch.styleIndexOfRun = []
        defer { scratch.styleIndexOfRun = styleIndexOfRun }
        var styleIndex: [TextStyle: Int32] = [:]  // only with several runs (one text may have thousands)
        if runsGiven == nil { styleIndexOfRun.append(0) }
        for run in runs {
            // (A run in the block's own style, a one-style text's only run, is not validated again.)
            if run.style == given { styleIndexOfRun.append(0); continue }
            let style = try run.style.validated().scaled(by: scale)
            if style == styles.last { styleIndexOfRun.append(Int32(styles.count - 1)); continue }
            if style == base { styleIndexOfRun.append(0); continue }
            if runCount > 1 {
                if let k = styleIndex[style] { styleIndexOfRun.append(k); continue }
                styleIndex[style] = Int32(styles.count)
            }
            styleIndexOfRun.append(Int32(styles.count))
            styles.append(style)
        }
        guard styles.count <= Int(UInt16.max) + 1 else {
            throw TypesetError.invalidAttributeRuns("\(styles.count) distinct styles (at most 65,536)")
        }
        scratch.styleOfUnit.refill(styleIndexOfRun.first ?? 0, count: n)
        if runCount > 1 {
            var r = 0
            for i in 0..<n {
                let s = processed.sourceOffset(i)
                while r + 1 < runs.count && s >= runs[r].range.upperBound { r += 1 }
                scratch.styleOfUnit[i] = styleIndexOfRun[r]
            }
        }
        let styleOfUnit = scratch.styleOfUnit
        for (k, st) in styles.enumerated() {
            if k == 0, let stack = scratch.lastBaseStack { scratch.stacks.append(stack); continue }
            scratch.stacks.append(try fonts.resolvedStack(st.font, weight: st.weight, stretch: st.stretch, italic: st.italic,
                                                          opticalSize: st.opticalSizing == .auto ? st.size / scale : nil,
                                                          variations: st.variations))
        }
        if scratch.lastBaseStack == nil { scratch.lastBaseStack = scratch.stacks[0] }
        let stacks = scratch.stacks
        let primary = stacks[0].faces[0]
        let strut = InlineBox(style: base, primary: primary, used: nil)
        let primaryBox = primary.metrics.rounded(atSize: base.size)
        let attachments = try InlineAttachments.prepare(attachmentsGiven, scale: scale, sourceUnits: source, processed: processed,
                                                        styleOfUnit: styleOfUnit, styles: styles, stacks: stacks)

        // Analysis and itemization: one pass for plain text (see `PlainTextScan`), else stage by stage.
        let plain = onePass && n > 0 && attachments.isEmpty
            ? PlainTextScan(units, paragraph: paragraph, asciiFaces: runCount == 1 ? stacks[Int(styleOfUnit[0])].asciiFace : nil,
                            into: &scratch.breaks)
            : nil
        let paragraphLevel: UInt8
        var wordBreaks: [Int32], thai = false
        if plain != nil {
            scratch.graphemes.refill(true, count: n + 1)
            paragraphLevel = 0
            wordBreaks = scratch.breaks.positions
        } else {
            GraphemeBreaks.boundaries(units, into: &scratch.graphemes)
            paragraphLevel = try BidiLevels.resolve(units, direction: paragraph.direction, into: &scratch.levels)
            ScriptRuns.resolve(units, into: &scratch.scripts)
            try BreakOpportunities.compute(units, wordBreak: paragraph.wordBreak,
                                           preserveNewlines: paragraph.whiteSpace == .preWrap,
                                           language: paragraph.locale ?? base.language,
                                           lineBreak: paragraph.lineBreak,
                                           into: &scratch.breaks, icuFlags: &scratch.icuFlags, icuOffsets: &scratch.icuOffsets)
            // Shaping splits text into words only at break opportunities between
            // words (WordShaper.isSeparableBreak): the ones break-all and
            // `line-break: anywhere` add between Thai letters are not such, as
            // Chromium shapes the run whole and only reshapes a line's end.
            wordBreaks = scratch.breaks.positions
            thai = units.contains(where: UnicodeProps.isThai)
            if paragraph.wordBreak == .breakAll && thai {
                wordBreaks = try BreakOpportunities.compute(units, wordBreak: .normal,
                                                            preserveNewlines: paragraph.whiteSpace == .preWrap,
                                                            language: paragraph.locale ?? base.language,
                                                            lineBreak: paragraph.lineBreak).positions
            }
        }
        let graphemes = scratch.graphemes
        // (The breaks stay in the scratch, read there: a copy retained both arrays.)
        if paragraph.lineBreak == .anywhere {
            BreakOpportunities.addGraphemeBoundaries(graphemes, units: units, to: &scratch.breaks)
        }
        // The items and faces are the scratch arrays: the prepared text copies them into its own memory.
        let items: [Item], faces: [FontFace]
        if let plain, plain.isOneItem {
            scratch.items.removeAll(keepingCapacity: true)
            scratch.items.append(Item(start: 0, end: Int32(n), level: 0, script: PlainTextScan.latin,
                                      styleIndex: UInt16(truncatingIfNeeded: styleOfUnit[0]), faceIndex: 0))
            items = scratch.items
            faces = stacks[Int(styleOfUnit[0])].firstFace
        } else {
            if plain != nil {
                // Plain text in several faces or styles: levels 0, Latin throughout.
                scratch.levels.refill(0, count: n)
                scratch.scripts.refill(PlainTextScan.latin, count: n)
            }
            Itemizer(fonts: fonts).itemize(units: units, graphemeStarts: graphemes, levels: scratch.levels,
                                           scripts: scratch.scripts, styleOfUnit: styleOfUnit, stacks: stacks,
                                           into: &scratch.items, faces: &scratch.faces, scalars: &scratch.scalars,
                                           clusterFaces: &scratch.clusterFaces)
            items = scratch.items
            faces = scratch.faces
        }
        let levels = plain == nil ? scratch.levels : []

        // Shaping: glyph advances summed per processed unit (its cluster).
        let wordShaper = WordShaper(shaper: shaper, cache: cache, front: context.recentWords)
        scratch.features.fill(for: styles)
        let trim = wordShaper.unitAdvances(units: units, items: items, faces: faces, styles: styles, breaks: wordBreaks,
                                           features: scratch.features, words: &context.words,
                                           into: &scratch.advances, clusterStarts: &scratch.clusterStarts,
                                           unsafeBefore: &scratch.unsafeBefore)
        InlineAttachments.apply(attachments, to: &scratch.advances)
        let boxEdges = InlineBoxRuns.edges(runs: runs, blockStyle: given, processed: processed,
                                           rightToLeft: paragraphLevel & 1 == 1, scale: scale)
        InlineBoxRuns.apply(boxEdges, to: &scratch.advances)
        let advances = scratch.advances, clusterStarts = scratch.clusterStarts, unsafeBefore = scratch.unsafeBefore
        let ligatures = ligatureInteriors(units: units, graphemes: graphemes, clusterStarts: clusterStarts,
                                          items: items, faces: faces, styles: styles, wordShaper: wordShaper,
                                          scratch: &scratch)

        // Each item's inline box (its style's line height about its fonts),
        // made once per style and face: an Arabic or Hindi post's items are
        // its words, in two faces.
        scratch.boxes.refill(nil, count: styles.count * faces.count)
        styles.withUnsafeBufferPointer { styles in  // (read in place, not copied per item)
            for item in items {
                let style = Int(item.styleIndex), k = style * faces.count + Int(item.faceIndex)
                let box = scratch.boxes[k] ?? InlineBox(style: styles[style], primary: stacks[style].faces[0],
                                                        used: faces[Int(item.faceIndex)])
                scratch.boxes[k] = box
                scratch.itemMetrics.append((box.ascent, box.descent))
            }
        }
        let itemized = ItemizedText(items: items, faces: faces, styles: styles, itemMetrics: scratch.itemMetrics)
        // (The prepared text copies the segments into its own object, and
        // compacts the metrics when it keeps them.)
        let naturalWidth = makeSegments(units: units, breaks: scratch.breaks, advances: advances, itemized: itemized,
                                        attachments: attachments, ligatures: ligatures,
                                        into: &scratch.segments, metrics: &scratch.segmentMetrics,
                                        prefix: &scratch.advanceSums)
        let segments = SegmentedText(segments: scratch.segments, metrics: scratch.segmentMetrics, naturalWidth: naturalWidth)

        let fixed = base.lineHeight.lineBoxHeight(fontSize: base.size)
        // Tab stops, the ellipsis and the soft hyphen's hyphen are shaped only when the text needs them.
        var marks = MeasuredMarks()
        if paragraph.whiteSpace == .preWrap && units.contains(0x09) {
            let spaceFace = stacks[0].faces.first { $0.covers(0x20) } ?? primary
            let space = advance(of: [0x20], face: spaceFace, style: base)
            marks.minimumTabWidth = space / 2
            // At most 32768 px apart (one unit's advance limit): a huge tab-size must not overflow.
            let tabSpace = space + Int64(Shaper.clamp(base.letterSpacing * 65536))
            let tabProduct = tabSpace.multipliedReportingOverflow(by: Int64(max(1, paragraph.tabSize)))
            let tabLimit = Int64(Int32.max)
            marks.tabInterval = tabProduct.overflow ? (tabSpace < 0 ? -tabLimit : tabLimit)
                : max(-tabLimit, min(tabLimit, tabProduct.partialValue))
        }
        let ellipsisText = paragraph.ellipsisText(primaryCovers: primary.covers)
        marks.ellipsisText = ellipsisText
        if paragraph.truncates && !ellipsisText.isEmpty {
            // Shaped alone in the first face that has it, without letter spacing (Chromium's LineTruncator).
            let marker = ellipsisText.unicodeScalars.map(\.value)
            let face = stacks[0].faces.first { f in marker.allSatisfy(f.covers) }
                ?? fonts.fallbackFace(for: marker, weight: base.weight, italic: base.italic).map(stacks[0].instance(of:)) ?? primary
            var plain = base
            plain.letterSpacing = 0
            // In its own script and direction: a localized marker (an Arabic
            // word, say) joins as it is drawn, not as Latin.
            let units = Array(ellipsisText.utf16)
            let script = ellipsisText.unicodeScalars.lazy.map { tsu_script($0.value) }
                .first { $0 >= 0 && $0 != tsu_script_common() && $0 != tsu_script_inherited() } ?? tsu_script_common()
            let rtl = try BidiLevels.resolve(units, direction: .auto).paragraphLevel == 1
            marks.ellipsisWidth = advance(of: units, face: face, style: plain, script: script, rtl: rtl)
        }
        if segments.segments.contains(where: \.endsWithSoftHyphen) {
            let hyphenUnit: UInt16 = primary.covers(0x2010) ? 0x2010 : 0x2D
            marks.hyphenWidth = advance(of: [hyphenUnit], face: primary, style: base)
        }

        let runBoundaries = InlineBoxRuns.boundaries(
            Self.runBoundaries(items: items, faces: faces, allItems: true, attachments: attachments), edges: boxEdges, count: n)
        let reshaped = reshapedEnds(units: units, graphemes: graphemes, segments: segments.segments,
                                    unsafeBefore: unsafeBefore, wordBreaks: wordBreaks, itemized: itemized,
                                    features: scratch.features.lists,
                                    ligatures: ligatures)
        let adjustments = BreakAdjustments(
            trimmableClose: trim, ligatures: ligatures, runBoundaries: runBoundaries, attachments: attachments,
            boxEdges: boxEdges,
            wordBreaks: thai && wordBreaks != scratch.breaks.positions ? wordBreaks : [], reshapedEnds: reshaped)
        let core = PreparedCore.make(PreparedParts(
            analysed: AnalysedText(source: source, processed: processed, paragraph: paragraph, paragraphLevel: paragraphLevel,
                                   levels: levels.contains(where: { $0 != 0 }) ? levels : []),
            itemized: itemized,
            segmented: segments,
            strut: StrutMetrics(ascent: strut.ascent, descent: strut.descent, fixedLineHeight: fixed,
                                textAscent: primaryBox.ascent, textDescent: primaryBox.descent,
                                trimEdges: paragraph.textBoxTrim == .none ? nil : TextBoxTrimEdges(
                                    paragraph.textBoxEdge, primary: primary, size: base.size,
                                    ascent: primaryBox.ascent, descent: primaryBox.descent)),
            marks: marks, adjustments: adjustments, scale: scale, shapeCache: cache))
        if core.facts.hasRunBoundaries || !boxEdges.isEmpty {
            // Every layout of a text with run boundaries reads the per-unit
            // advances (`LineBreaker` takes them first thing), which the
            // prepared text would otherwise shape again on its first layout:
            // they are the ones just computed, so they are kept now (and
            // those of a text with inline boxes carry the boxes' sides, which
            // shaping again would not).
            core.keepUnitMetrics(UnitMetrics(advances: advances.copiedOut(), graphemeStarts: graphemes, ligatures: core.ligatures))
        }
        scratch.ligatures = ligatures
        return PreparedText(core: core)
    }

    /// Grapheme boundaries that fall inside a ligature (`f|i` in "fi"): the
    /// line breaker may split there (overflow-wrap), and Chromium then reshapes
    /// the pieces. The width of the part before each such boundary is shaped
    /// here, once, so layout stays arithmetic.
    private func ligatureInteriors(units: [UInt16], graphemes: [Bool], clusterStarts: [Bool], items: [Item],
                                   faces: [FontFace], styles: [TextStyle], wordShaper: WordShaper,
                                   scratch: inout PrepareScratch) -> LigatureSplits {
        // Gathered in the scratch's table (the prepared text copies it), handed back by `prepare`.
        var splits = LigatureSplits()
        swap(&splits, &scratch.ligatures)
        splits.removeAll()
        let features = scratch.features
        // (The cluster starts read in place, from the first unit that is
        // not one: most units start a cluster, and most texts have no ligature.)
        clusterStarts.withUnsafeBufferPointer { starts in
        guard let firstInterior = starts.firstIndex(of: false) else { return }
        for item in items where Int(item.end) > firstInterior {
            var clusterStart = Int(item.start)
            for i in max(Int(item.start), firstInterior - 1)..<Int(item.end) {
                if starts[i] { clusterStart = i; continue }
                // A cluster led by a newline, carriage return or tab is no ligature:
                // its advance is zeroed, so a piece of it has no width either.
                let lead = units[clusterStart]
                guard graphemes[i], i > clusterStart, lead != 0x0A && lead != 0x0D && lead != 0x09 else { continue }
                let style = styles[Int(item.styleIndex)]
                var width: Int64 = 0
                units.withUnsafeBufferPointer { buf in
                    wordShaper.wordAdvances(
                        UnsafeBufferPointer(rebasing: buf[clusterStart..<i]), item: item, face: faces[Int(item.faceIndex)],
                        style: style, features: features.lists[Int(item.styleIndex)],
                        featureHash: features.hashes[Int(item.styleIndex)],
                        into: &scratch.wordAdvances, clusterStarts: &scratch.wordClusterStarts,
                        unsafeBefore: &scratch.wordUnsafeBefore)
                    width = scratch.wordAdvances.reduce(0) { $0 + Int64($1) }
                    // The piece shaped apart is letter-spaced like the text (advances include the spacing,
                    // a cluster closed up to nothing at most, as WordShaper spaces them).
                    if style.letterSpacing != 0 {
                        let ls = Int64(Shaper.clamp(style.letterSpacing * 65536))
                        for k in scratch.wordClusterStarts.indices where scratch.wordClusterStarts[k] {
                            if UnicodeProps.isLetterSpaced(buf, at: clusterStart + k, script: item.script) {
                                width += max(ls, -Int64(scratch.wordAdvances[k]))
                            }
                        }
                    }
                }
                splits.append(unit: Int32(i), clusterStart: Int32(clusterStart), prefix: width)
            }
        }
        }
        return splits
    }

    private func advance(of units: [UInt16], face: FontFace, style: TextStyle, script: Int32 = 25, rtl: Bool = false) -> Int64 {
        var glyphs: [ShapedGlyph] = []
        units.withUnsafeBufferPointer { buf in
            shaper.shape(buf, start: 0, end: units.count, face: face, size: style.size, rtl: rtl, script: script,
                         language: nil, features: Shaper.features(for: style), into: &glyphs)
        }
        return glyphs.reduce(Int64(0)) { $0 + Int64($1.advance) }
    }

    /// The segments between `breaks` (into the scratch arrays `segments`
    /// and `metrics`; `prefix` holds the advances' running sums): one pass
    /// over the breaks, reading the units, sums, items and breaks in place.
    /// Returns the natural width.
    private func makeSegments(units: [UInt16], breaks: (positions: [Int32], mandatory: [Bool]), advances: [Int32],
                              itemized: ItemizedText, attachments: [PreparedAttachment], ligatures: LigatureSplits,
                              into segments: inout [Segment], metrics: inout [(ascent: Double, descent: Double)],
                              prefix: inout [Int64]) -> Int64 {
        // The advances summed once, so that a segment's width is a
        // difference (a loop per segment cost more to set up than to run,
        // segments being a few units long).
        prefix.refill(0, count: units.count + 1)
        units.withUnsafeBufferPointer { u in advances.withUnsafeBufferPointer { adv in prefix.withUnsafeMutableBufferPointer { sums in
            var sum: Int64 = 0
            for i in 0..<u.count {
                sum &+= Int64(adv[i])
                sums[i + 1] = sum
            }
        } } }
        // Every segment is written in place (the scratch array filled to the
        // count first): appending checked the array's uniqueness and room per segment.
        let count = breaks.positions.count
        segments.refill(Segment(contentEnd: 0, end: 0, width: 0, trailing: 0, metrics: 0, flags: []), count: count)
        // (The buffers read in place, the walk's state in a function's own
        // locals: variables a closure captures live in memory, a load and a
        // store each per segment.)
        return units.withUnsafeBufferPointer { u in prefix.withUnsafeBufferPointer { sums in
            breaks.positions.withUnsafeBufferPointer { positions in breaks.mandatory.withUnsafeBufferPointer { mandatory in
                itemized.items.withUnsafeBufferPointer { items in itemized.itemMetrics.withUnsafeBufferPointer { itemMetrics in
                    attachments.withUnsafeBufferPointer { attachments in segments.withUnsafeMutableBufferPointer { out in
                        Self.segments(units: u, sums: sums, positions: positions, mandatory: mandatory, items: items,
                                      itemMetrics: itemMetrics, attachments: attachments, ligatures: ligatures,
                                      advances: advances, into: out, metrics: &metrics)
                    } }
                } }
            } }
        } }
    }

    /// `makeSegments`' walk over the breaks: segment `k` ends at
    /// `positions[k]` and is written to `out[k]`; `sums[i]` is the width of
    /// units `0..<i`. Returns the natural width.
    private static func segments(units u: UnsafeBufferPointer<UInt16>, sums: UnsafeBufferPointer<Int64>,
                                 positions: UnsafeBufferPointer<Int32>, mandatory: UnsafeBufferPointer<Bool>,
                                 items: UnsafeBufferPointer<Item>,
                                 itemMetrics: UnsafeBufferPointer<(ascent: Double, descent: Double)>,
                                 attachments: UnsafeBufferPointer<PreparedAttachment>, ligatures: LigatureSplits,
                                 advances: [Int32], into out: UnsafeMutableBufferPointer<Segment>,
                                 metrics: inout [(ascent: Double, descent: Double)]) -> Int64 {
        let hasLigatures = !ligatures.isEmpty
        let onlyItem = items.count == 1 && attachments.isEmpty
            ? (start: Int(items[0].start), end: Int(items[0].end),
               pair: (max(0.0, itemMetrics[0].ascent), max(0.0, itemMetrics[0].descent)))
            : nil
        // The widest forced-break paragraph with nothing wrapped (trailing spaces hang).
        var natural: Int64 = 0, pen: Int64 = 0
        var start = 0, item = 0, attachment = 0, ligatureCursor = 0
        // The metrics entry of the previous segment and its pair (most
        // segments have the previous one's metrics; entries below the
        // limit never change once made).
        var lastMetrics = -1, lastPair = (ascent: 0.0, descent: 0.0)
        for k in 0..<positions.count {
            let end = Int(positions[k])
            // The trailing breakable spaces (and a forced break) hang; a tab among them is flagged.
            var contentEnd = end, hasTab = false
            while contentEnd > start {
                let c = u[contentEnd - 1]
                guard BreakOpportunities.isBreakableSpaceOrBreak(c) else { break }
                hasTab = hasTab || c == 0x09
                contentEnd -= 1
            }
            var width = sums[contentEnd] &- sums[start]
            let trailing = sums[end] &- sums[contentEnd]
            let uncorrected = width
            natural = max(natural, pen &+ uncorrected)
            // A break inside a ligature (break-all): each side counts its own piece.
            if hasLigatures && start < contentEnd
                && ligatures.hasSplit(at: Int32(start), or: Int32(contentEnd), cursor: &ligatureCursor) {
                width += ligatures.startCorrection(start, advances: advances)
                    + ligatures.endCorrection(start, contentEnd, advances: advances)
            }
            let mandatoryBreak = mandatory[k]
            pen = mandatoryBreak ? 0 : pen &+ uncorrected &+ trailing
            // The tallest inline box of the items the segment touches (in
            // a text of one item and no attachment, that item's).
            var asc = 0.0, desc = 0.0
            if let only = onlyItem, start < only.end && only.start < end {
                (asc, desc) = only.pair
            } else {
                while item < items.count && Int(items[item].end) <= start { item += 1 }
                if item < items.count && Int(items[item].start) <= start && Int(items[item].end) >= end && start < end {
                    // Inside the current item (most segments of a many-item text): its box alone.
                    asc = max(asc, itemMetrics[item].ascent)
                    desc = max(desc, itemMetrics[item].descent)
                } else {
                    var j = item
                    while j < items.count && Int(items[j].start) < end {
                        asc = max(asc, itemMetrics[j].ascent)
                        desc = max(desc, itemMetrics[j].descent)
                        j += 1
                    }
                }
                // An attachment's box is on the line with its segment.
                while attachment < attachments.count && Int(attachments[attachment].unit) < end {
                    if Int(attachments[attachment].unit) >= start {
                        asc = max(asc, attachments[attachment].ascent)
                        desc = max(desc, attachments[attachment].descent)
                    }
                    attachment += 1
                }
            }
            var m: Int
            if lastMetrics >= 0 && lastMetrics < Segment.metricsLimit && lastPair.ascent == asc && lastPair.descent == desc {
                m = lastMetrics
            } else {
                m = metrics.firstIndex { $0.ascent == asc && $0.descent == desc } ?? -1
                if m < 0 && metrics.count > Segment.metricsLimit {
                    // More distinct fonts and sizes than a segment can refer to: the
                    // last entry grows to the tallest of the rest.
                    m = Segment.metricsLimit
                    metrics[m] = (max(metrics[m].ascent, asc), max(metrics[m].descent, desc))
                } else if m < 0 {
                    metrics.append((asc, desc))
                    m = metrics.count - 1
                }
                lastMetrics = m
                lastPair = metrics[m]
            }
            var flags: Segment.Flags = mandatoryBreak ? .mandatoryBreak : []
            if contentEnd > start {
                let last = u[contentEnd - 1]
                if last == 0xAD { flags.insert(.endsWithSoftHyphen) }
                if UnicodeProps.isOtherSpaceSeparator(last) { flags.insert(.hangs) }
            }
            if hasTab { flags.insert(.hasTab) }
            out[k] = Segment(contentEnd: Int32(contentEnd), end: Int32(end), width: width, trailing: trailing,
                             metrics: m, flags: flags)
            start = end
        }
        return natural
    }

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
    private func reshapedEnds(units: [UInt16], graphemes: [Bool], segments: [Segment], unsafeBefore: [Bool],
                              wordBreaks: [Int32], itemized: ItemizedText, features: [[hb_feature_t]],
                              ligatures: LigatureSplits) -> [ReshapedEnd] {
        let items = itemized.items, faces = itemized.faces, styles = itemized.styles
        var ends: [ReshapedEnd] = []
        var w = 0, item = 0
        let n = units.count
        units.withUnsafeBufferPointer { buf in
            for seg in segments.dropLast() where !seg.mandatoryBreak && seg.contentEnd == seg.end {
                let p = Int(seg.end)
                guard p > 0 && p < n && unsafeBefore[p] && ligatures.split(at: Int32(p)) == nil else { continue }
                while w < wordBreaks.count && Int(wordBreaks[w]) < p { w += 1 }
                if w < wordBreaks.count && Int(wordBreaks[w]) == p && WordShaper.isSeparableBreak(buf, p) { continue }
                var g0 = p - 1
                while g0 > 0 && !graphemes[g0] { g0 -= 1 }
                var g1 = p + 1
                while g1 < n && !graphemes[g1] { g1 += 1 }
                while item < items.count && Int(items[item].end) <= g0 { item += 1 }
                guard item < items.count, Int(items[item].start) <= g0, Int(items[item].end) >= g1 else { continue }
                let it = items[item]
                let kern = shaper.lostKern(buf, g0: g0, cut: p, g1: g1, item: it, face: faces[Int(it.faceIndex)],
                                           style: styles[Int(it.styleIndex)])
                if (kern.end != 0 || kern.start != 0) && max(abs(kern.end), abs(kern.start)) < Int64(Int32.max) {
                    ends.append(ReshapedEnd(unit: Int32(p), endKern: Int32(kern.end), startKern: Int32(kern.start)))
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
                let kern = shaper.lostStartKern(buf, start: p, end: next, item: it, face: faces[Int(it.faceIndex)],
                                                style: styles[Int(it.styleIndex)])
                if kern != 0 && abs(kern) < Int64(Int32.max) {
                    starts.append(ReshapedEnd(unit: Int32(p), endKern: 0, startKern: Int32(kern)))
                }
            }
        }
        guard !starts.isEmpty else { return ends }
        return (ends + starts).sorted { $0.unit < $1.unit }
    }

    /// Processed offsets where Chromium starts a new inline text item: a
    /// style, script, direction or emoji/text presentation change (not a
    /// plain font fallback). It rounds each item's piece of a line up to
    /// 1/64 px before it sums them.
    static func runBoundaries(items: [Item], faces: [FontFace], allItems: Bool, attachments: [PreparedAttachment] = []) -> [Int32] {
        var out: [Int32] = []
        for k in items.indices.dropFirst() {
            let a = items[k - 1], b = items[k]
            if a.styleIndex != b.styleIndex || (allItems && a.level != b.level) {
                out.append(b.start)
            }
        }
        guard !attachments.isEmpty else { return out }
        // An attachment is an inline item of its own.
        let end = items.last?.end ?? 0
        for a in attachments {
            if a.unit > 0 { out.append(a.unit) }
            if a.unit + 1 < end { out.append(a.unit + 1) }
        }
        return Array(Set(out)).sorted()
    }
}
