/// Lines from the breaker: the allocation-free measure and the full layout
/// (lines with their metrics, placement for alignment and truncation, the
/// max-content width of unwrapped lines).
extension LineBreaker {
    /// Lines, heights and widths at a width: only numbers, nothing allocated.
    func measure(width: Double?) -> TextMeasurement {
        // A justified line fills its box, and which lines are justified is
        // the placement's business: the layout's numbers (justified text only).
        if core.facts.needsPlacement, width != nil, core.paragraph.alignment == .justify {
            let l = layout(width: width)
            return TextMeasurement(lineCount: l.lines.count, width: l.contentWidth, height: l.exactHeight, isTruncated: l.isTruncated)
        }
        let boxLimit = breakingLimit(for: width)
        prefetchSegments()
        let wrap = wrapLimits(limit: boxLimit, width: width)
        var cursor = Cursor()
        var height = 0.0, widest: Int64 = 0
        var firstAscent: Double? = nil, lastDescent = 0.0  // (for text-box-trim)
        let fast = plainLinesNeedNoMark
        while let line = nextMarkedLine(&cursor, limit: wrap?.limit(forLine: cursor.lineCount) ?? boxLimit, width: width,
                                        fast: fast) {
            height += line.height
            if firstAscent == nil { firstAscent = line.ascent }
            lastDescent = line.descent
            widest = max(widest, line.hasEllipsis ? truncatedContent(line, width: width, keepsContent: wrap?.keepsCutLine == true)
                                                  : line.content)
        }
        height = core.trimmedHeight(height, firstAscent: firstAscent, lastDescent: lastDescent, lineCount: cursor.lineCount,
                                    truncated: cursor.truncated)
        return TextMeasurement(lineCount: cursor.lineCount, width: Self.layoutUnitsCeil(widest), height: height,
                               isTruncated: cursor.truncated)
    }

    /// Plain lines (see `nextPlainLine`) can be taken as they are: no
    /// `nowrap` line may need the ellipsis (`markOverflow`).
    var plainLinesNeedNoMark: Bool { plain && !(core.facts.whiteSpace == .nowrap && core.facts.ellipsisOverflow) }

    /// The next line, marked for overflow: a plain line straight from the
    /// plain loop when `fast` (`plainLinesNeedNoMark`) allows, else from `nextLine`.
    @inline(__always)
    func nextMarkedLine(_ cursor: inout Cursor, limit: Int64, width: Double?, fast: Bool) -> RawLine? {
        if fast && cursor.splitAt < 0 && cursor.segment < segments.count
            && Int64(segments[cursor.segment].width) <= limit, let line = nextPlainLine(&cursor, limit: limit) {
            return line
        }
        guard var line = nextLine(&cursor, limit: limit) else { return nil }
        markOverflow(&line, &cursor, width: width)
        return line
    }

    /// The width lines break at: none for `nowrap`.
    func breakingLimit(for width: Double?) -> Int64 {
        core.facts.whiteSpace == .nowrap ? Self.limit(for: nil) : Self.limit(for: width)
    }

    /// A `nowrap` line wider than the box is cut with the ellipsis when
    /// `textOverflow` is `.ellipsis` (its width in layout units exceeds the box's).
    func markOverflow(_ line: inout RawLine, _ cursor: inout Cursor, width: Double?) {
        guard core.facts.whiteSpace == .nowrap, core.facts.ellipsisOverflow, let width else { return }
        if PreparedCore.ceilToLayoutUnit(line.content) > Self.layoutUnitsFloor(width) {
            line.hasEllipsis = true
            cursor.truncated = true
        }
    }

    /// The width a cut line takes in the layout: its own width, or what is
    /// drawn (visible text and ellipsis) where that is wider.
    /// `keepsContent`: the line keeps all its content and the ellipsis
    /// follows it (`WrapLimits.keepsCutLine`).
    func truncatedContent(_ line: RawLine, width: Double?, keepsContent: Bool = false) -> Int64 {
        truncatedLine(line, width: width, keepsContent: keepsContent).content
    }

    /// The drawn width of a cut line (`truncatedContent`), and the cut with
    /// the box width it was made for (placement reuses it).
    func truncatedLine(_ line: RawLine, width: Double?, keepsContent: Bool = false)
        -> (content: Int64, cut: (LineCut, available: Int64)?) {
        guard line.hasEllipsis else { return (line.content, nil) }
        let rightToLeft = core.paragraphLevel & 1 == 1
        let box = keepsContent ? Self.limit(for: nil) : width.map(Self.layoutUnitsFloor) ?? Self.limit(for: nil)
        guard var cut = core.cutLine(Int(line.start), Int(line.contentEnd), available: box, rightToLeft: rightToLeft)
        else { return (line.content, nil) }
        if keepsContent && !rightToLeft {
            // The kept line ends as laid out: a reshaped end keeps the kern it lost.
            let end = PreparedCore.ceilToLayoutUnit(line.content)
            if end > cut.ellipsisX {
                cut.drawnRight += end - cut.ellipsisX
                cut.ellipsisX = end
            }
        }
        return (max(line.content, cut.drawnRight - cut.drawnLeft), (cut, box))
    }

    func layout(width: Double?) -> TextLayout {
        let boxLimit = breakingLimit(for: width)
        prefetchSegments()
        let wrap = wrapLimits(limit: boxLimit, width: width)
        var cursor = Cursor()
        var lines: [TextLayout.Line] = []
        // (Placement reads the text's details: only when some line needs it.)
        let placement = core.facts.needsPlacement ? LinePlacement(core: core, boxWidth: width ?? 0) : nil
        // Room for the lines the natural width suggests (growing the array one
        // line at a time reallocated it three times for a five-line post),
        // and a fifth more: lines end short of the width, so the natural
        // width's count alone still let a long text's array grow once.
        let expected = width.map { w in w > 0 ? Double(core.naturalWidth) / 65536 / w * 1.2 + 2 : 2 } ?? 2
        lines.reserveCapacity(Int(min(expected, Double(segments.count) + 1)))
        var top = 0.0
        var widest: Int64 = 0
        var raws: [RawLine] = []
        // The cut of the truncated line (its index, the cut, the box width it was made for).
        var knownCut: (line: Int, cut: LineCut, available: Int64)? = nil
        // Whether some line ended where the text does not force a break.
        var softWrapped = false
        // Preserved (pre-wrap) spaces and tabs before a line's end count in
        // max-content, though they hang in the line.
        let preserves = core.facts.whiteSpace == .preWrap
        var widestWithTrailing: Int64 = 0
        let fast = plainLinesNeedNoMark
        while true {
            // (`nextMarkedLine` by hand: called, it returned its long optional
            // line through memory, a stall per line.)
            let raw: RawLine
            let limit = wrap?.limit(forLine: cursor.lineCount) ?? boxLimit
            if fast && cursor.splitAt < 0 && cursor.segment < segments.count
                && Int64(segments[cursor.segment].width) <= limit, let line = nextPlainLine(&cursor, limit: limit) {
                raw = line
            } else if var line = nextLine(&cursor, limit: limit) {
                markOverflow(&line, &cursor, width: width)
                raw = line
            } else {
                break
            }
            if cursor.splitAt >= 0 || (cursor.segment > 0 && cursor.segment < segments.count && !segments[cursor.segment - 1].mandatoryBreak) {
                softWrapped = true
            }
            if raw.hasEllipsis {
                let truncated = truncatedLine(raw, width: width, keepsContent: wrap?.keepsCutLine == true)
                widest = max(widest, truncated.content)
                if let cut = truncated.cut { knownCut = (lines.count, cut.0, cut.available) }
            } else {
                widest = max(widest, raw.content)
            }
            if preserves { widestWithTrailing = max(widestWithTrailing, raw.content + raw.trailing) }
            // Ascent and descent are the line box's about the baseline (the
            // half-leading of fixed line heights included, see `InlineBox`).
            let baseline = top + raw.ascent
            lines.append(TextLayout.Line(
                utf16Range: core.sourceOffset(Int(raw.start))..<core.sourceOffset(Int(raw.end)),
                width: Self.layoutUnitsCeil(raw.content), x: 0, top: top, height: raw.height, baseline: baseline,
                ascent: raw.ascent, descent: raw.descent, hasEllipsis: raw.hasEllipsis, contentStart: raw.start,
                contentEnd: raw.contentEnd, endAdjust: raw.endAdjust, startAdjust: raw.startAdjust,
                showsHyphen: raw.showsHyphen))
            top += raw.height
            if placement != nil { raws.append(raw) }
        }
        // The first line owns collapsed leading spaces; the last line owns the
        // source text after it (collapsed trailing spaces).
        if let first = lines.first, first.utf16Range.lowerBound > 0 {
            lines[0].utf16Range = 0..<first.utf16Range.upperBound
        }
        if !cursor.truncated, let last = lines.last, last.utf16Range.upperBound < core.facts.sourceCount {
            lines[lines.count - 1].utf16Range = last.utf16Range.lowerBound..<core.facts.sourceCount
        }
        var contentWidth = Self.layoutUnitsCeil(widest)
        var truncation: Truncation? = nil
        if let placement {
            let boxPlacement = width == nil ? LinePlacement(core: core, boxWidth: contentWidth) : placement
            var justifiedWidth = 0.0
            for k in raws.indices {
                let cut = knownCut.flatMap { $0.line == k && ($0.available == boxPlacement.available || wrap?.keepsCutLine == true)
                    ? $0.cut : nil }
                let t = boxPlacement.place(&lines[k], raws[k], index: k, isLast: k == raws.count - 1, knownCut: cut)
                truncation = truncation ?? t
                if lines[k].justification > 0 { justifiedWidth = max(justifiedWidth, lines[k].width) }
            }
            // A justified line fills the box: the layout's width contains it
            // (a label sized by the widest unjustified line clipped it).
            contentWidth = max(contentWidth, justifiedWidth)
        }
        // Unwrapped lines are the max-content width, each style or direction
        // piece rounded up to 1/64 px as Chromium sums them; a layout that
        // wrapped or was cut reports the text's own figure (the same at every
        // width: `PreparedCore.maxContentWidth`).
        let natural = softWrapped || cursor.truncated ? core.maxContentWidth
            : preserves ? max(contentWidth, Self.layoutUnitsCeil(widestWithTrailing)) : contentWidth
        core.trim(&lines, height: &top, truncated: cursor.truncated)
        return TextLayout(lines: lines, constraintWidth: width, contentWidth: contentWidth, exactHeight: top,
                          naturalWidth: natural, isTruncated: cursor.truncated,
                          truncation: truncation, boxWidth: nil, core: core)
    }
}
