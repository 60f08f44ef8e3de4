// Pipeline stage: Prepare, its last steps.
// In: the styled, itemized, shaped and segmented text.
// Out: StrutMetrics, MeasuredMarks (tab stops, ellipsis, hyphen) and BreakAdjustments (where lines measure
// more than their segments' sum).

import CUnicode

extension StrutMetrics {
    /// The block's own inline box: its style's line height about its first
    /// face, and the edges `text-box-trim` trims the block to.
    init(_ styled: borrowing StyledText, paragraph: borrowing ParagraphStyle) {
        // (The block style read in place, not copied.)
        self = styled.styles.withUnsafeBufferPointer { styles in
            Self(base: styles[0], primary: styled.primary, paragraph: paragraph)
        }
    }

    private init(base: borrowing TextStyle, primary: FontFace, paragraph: borrowing ParagraphStyle) {
        let strut = InlineBox(style: base, primary: primary, used: nil)
        let primaryBox = primary.metrics.rounded(atSize: base.size)
        self.init(ascent: strut.ascent, descent: strut.descent,
                  fixedLineHeight: base.lineHeight.lineBoxHeight(fontSize: base.size),
                  textAscent: primaryBox.ascent, textDescent: primaryBox.descent,
                  trimEdges: paragraph.textBoxTrim == .none ? nil : TextBoxTrimEdges(
                      paragraph.textBoxEdge, primary: primary, size: base.size,
                      ascent: primaryBox.ascent, descent: primaryBox.descent))
    }
}

extension PrepareSession {
    /// Tab stops, the ellipsis and the soft hyphen's hyphen, each shaped
    /// only when the text needs it.
    func measureMarks(_ units: [UInt16], paragraph: ParagraphStyle, styled: StyledText,
                      segmented: SegmentedText) throws -> MeasuredMarks {
        // (The block style is copied out only for a text that shapes a mark.)
        let primary = styled.primary
        var marks = MeasuredMarks()
        if paragraph.whiteSpace.preservesSpaces && units.contains(0x09) {
            let base = styled.base, stack = styled.stacks[0]
            let spaceFace = stack.faces.first { $0.covers(0x20) } ?? primary
            let space = advance(of: [0x20], face: spaceFace, style: base)
            marks.minimumTabWidth = space / 2
            // At most 32768 px apart (one unit's advance limit): a huge tab-size must not overflow.
            let tabSpace = space + Int64(Shaper.clamp(base.letterSpacing * 65536)) + Int64(Shaper.clamp(base.wordSpacing * 65536))
            let tabProduct = tabSpace.multipliedReportingOverflow(by: Int64(max(1, paragraph.tabSize)))
            let tabLimit = Int64(Int32.max)
            marks.tabInterval = tabProduct.overflow ? (tabSpace < 0 ? -tabLimit : tabLimit)
                : max(-tabLimit, min(tabLimit, tabProduct.partialValue))
        }
        let ellipsisText = paragraph.ellipsisText(primaryCovers: primary.covers)
        marks.ellipsisText = ellipsisText
        if paragraph.truncates && !ellipsisText.isEmpty {
            // Shaped alone in the first face that has it, without letter spacing (Chromium's LineTruncator).
            let base = styled.base, stack = styled.stacks[0]
            let marker = ellipsisText.unicodeScalars.map(\.value)
            let face = stack.faces.first { f in marker.allSatisfy(f.covers) }
                ?? fonts.fallbackFace(for: marker, weight: base.weight, italic: base.italic).map(stack.instance(of:)) ?? primary
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
        if segmented.segments.contains(where: \.endsWithSoftHyphen) {
            let hyphenUnit: UInt16 = primary.covers(0x2010) ? 0x2010 : 0x2D
            marks.hyphenWidth = advance(of: [hyphenUnit], face: primary, style: styled.base)
        }
        return marks
    }

    /// The advance of `units` shaped alone in `face`, 1/65536 px.
    private func advance(of units: [UInt16], face: FontFace, style: TextStyle, script: Int32 = 25, rtl: Bool = false) -> Int64 {
        var glyphs: [ShapedGlyph] = []
        units.withUnsafeBufferPointer { buf in
            shaper.shape(buf, start: 0, end: units.count,
                         as: ShapingRun(face: face, size: style.size, rightToLeft: rtl, script: script, language: nil,
                                        features: Shaper.features(for: style)), into: &glyphs)
        }
        return glyphs.reduce(Int64(0)) { $0 + Int64($1.advance) }
    }

    /// Where lines measure more than their segments' sum: trimmable
    /// brackets, ligature splits, run boundaries (inline boxes' sides
    /// among them), attachments, the word
    /// breaks when they are not the segments' ends, and reshaped breaks.
    func breakAdjustments(_ units: [UInt16], analysis: TextAnalysis, itemized: ItemizedText, shaped: ShapedText,
                          segmented: SegmentedText, boxes: InlineRunBoxes) -> BreakAdjustments {
        BreakAdjustments(
            trimmableClose: shaped.trimmableClose, ligatures: shaped.ligatures,
            runBoundaries: InlineBoxRuns.boundaries(
                Self.runBoundaries(items: itemized.items, faces: itemized.faces, allItems: true, attachments: boxes.attachments),
                edges: boxes.edges, count: units.count),
            attachments: boxes.attachments, boxEdges: boxes.edges, wordBreaks: analysis.keptWordBreaks,
            reshapedEnds: reshapedAndRestoredEnds(units, analysis: analysis, itemized: itemized, shaped: shaped,
                                                  segments: segmented.segments))
    }

    /// The reshaped line ends, with the halved opening marks a line may
    /// start at set full-width there (`PunctuationTrim.restoredAtLineStart`).
    private func reshapedAndRestoredEnds(_ units: [UInt16], analysis: TextAnalysis, itemized: ItemizedText,
                                         shaped: ShapedText, segments: [Segment]) -> [ReshapedEnd] {
        let reshaped = shaped.hasNoReshapedEnds ? []
            : reshapedEnds(units, analysis: analysis, itemized: itemized, shaped: shaped, segments: segments)
        guard PunctuationTrim.mayRestoreAtLineStart(units) else { return reshaped }
        return PunctuationTrim.merged(reshaped, restoredOpeningMarks(units: units, advances: shaped.advances,
                                                                     segments: segments, itemized: itemized))
    }

    /// The halved opening marks a line may start at, set full-width there
    /// (`PunctuationTrim.restoredAtLineStart`).
    private func restoredOpeningMarks(units: [UInt16], advances: [Int32], segments: [Segment],
                                      itemized: ItemizedText) -> [ReshapedEnd] {
        let items = itemized.items, styles = itemized.styles
        let starts = segments.dropLast().filter { !$0.mandatoryBreak }.map(\.end)
        return PunctuationTrim.restoredAtLineStart(units: units, advances: advances, breaks: starts) { i in
            var lo = 0, hi = items.count - 1
            while lo < hi { let m = (lo + hi) / 2; if Int(items[m].end) <= i { lo = m + 1 } else { hi = m } }
            guard lo >= 0 && lo < items.count else { return nil }
            let st = styles[Int(items[lo].styleIndex)]
            return Shaper.clamp(st.size * 65536 + st.letterSpacing * 65536)
        }
    }

    /// Processed offsets where Chromium starts a new inline text item: a
    /// style, script, direction or emoji/text presentation change (not a
    /// plain font fallback). It rounds each item's piece of a line up to
    /// 1/64 px before it sums them.
    static func runBoundaries(items: [Item], faces: [FontFace], allItems: Bool, attachments: [PlacedAttachment] = []) -> [Int32] {
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
