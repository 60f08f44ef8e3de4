/// Lines from the breaker: the allocation-free measure and the full layout
/// (lines with their metrics, placement for alignment and truncation, the
/// max-content width of unwrapped lines).
extension LineBreaker {
    /// Lines, heights and widths at a width: only numbers, nothing allocated.
    func measure(width: Double?) -> DeviceMeasurement {
        // A justified line fills its box, and which lines are justified is
        // the placement's business: the layout's numbers (justified text only).
        // (An indent widens an unbounded text's lines too, as in layout.)
        if core.facts.needsPlacement, textIndent != nil
            || width != nil && (core.paragraph.alignment == .justify || core.paragraph.alignLast == .justify) {
            let l = layout(width: width, constraintWidth: nil)
            return DeviceMeasurement(lineCount: l.deviceLines.count, width: l.deviceContentWidth, height: l.deviceHeight,
                                     isTruncated: l.isTruncated)
        }
        let boxLimit = breakingLimit(for: width)
        prefetchSegments()
        let wrap = wrapLimits(limit: boxLimit, width: width)
        var cursor = Cursor()
        var height = 0.0, widest: Int64 = 0
        var firstAscent: Double? = nil, lastDescent = 0.0  // (for text-box-trim)
        let fast = plainLinesNeedNoMark
        while var line = nextMarkedLine(&cursor, limit: wrap?.limit(forLine: cursor.lineCount) ?? boxLimit, width: width,
                                        fast: fast) {
            finishEndSpaces(&line)
            height += line.height
            if firstAscent == nil { firstAscent = line.ascent }
            lastDescent = line.descent
            widest = max(widest, line.hasEllipsis ? truncatedContent(line, width: width, keepsContent: wrap?.keepsCutLine == true)
                                                  : line.content)
            // `break-spaces` min-content: a tab a line ends with takes room
            // ("Price:⇥" is 62.41 px at 15 px, not the 46.92 of "Price:").
            if tabsTakeRoom && !trimsEndSpaces && !line.hasEllipsis { widest = max(widest, line.content + line.trailing) }
        }
        height = core.trimmedHeight(height, firstAscent: firstAscent, lastDescent: lastDescent, lineCount: cursor.lineCount,
                                    truncated: cursor.truncated)
        return DeviceMeasurement(lineCount: cursor.lineCount, width: Fixed16(raw: LayoutUnit.ceilingFixed(widest)), height: height,
                                 isTruncated: cursor.truncated)
    }

    /// Plain lines (see `nextPlainLine`) can be taken as they are: no
    /// `nowrap` line may need the ellipsis (`markOverflow`).
    var plainLinesNeedNoMark: Bool { plain && !(!core.facts.whiteSpace.wraps && core.facts.ellipsisOverflow) }

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

    /// The source offset where a line starting at processed offset `p`
    /// starts: after a kept newline, right after it (`pre-line` removes the
    /// spaces that follow a newline, and they start the next line, as
    /// every line after a forced break starts at the break).
    func lineBoundary(_ p: Int) -> Int {
        guard p > 0, core.facts.whiteSpace == .preLine, core.text.units[p - 1] == 0x0A else {
            return core.lineBoundarySourceOffset(p)
        }
        return core.sourceOffset(p - 1) + 1
    }

    /// The spaces a broken line ends with, as every reader of lines takes
    /// them (measure, layout, the same-lines widths): moved out of the
    /// content of a `break-spaces` line (`trimEndSpaces`), kept in it
    /// before the ellipsis of a cut `pre` line (`keepEndSpaces`).
    @inline(__always)
    func finishEndSpaces(_ line: inout RawLine) {
        if trimsEndSpaces && !line.hasEllipsis { trimEndSpaces(&line) }
        if line.hasEllipsis && core.facts.whiteSpace == .pre { keepEndSpaces(&line) }
    }

    /// `break-spaces`: the spaces a line ends with (placed, not hanging, as
    /// its breaks were found) move from its content to its trailing part, so
    /// that its width is its ink's, as every line's is; placement still
    /// counts them (`LinePlacement`), and max-content with them. A line cut
    /// with the ellipsis keeps them: the ellipsis follows them.
    func trimEndSpaces(_ line: inout RawLine) {
        let units = core.text.units
        var end = Int(line.contentEnd)
        while end > Int(line.start) && units[end - 1] == 0x20 { end -= 1 }
        guard end < Int(line.contentEnd) else { return }
        let spaces = core.width(end, Int(line.contentEnd))
        line.content -= spaces
        line.trailing += spaces
        line.contentEnd = Int32(end)
    }

    /// `pre`: a line cut with the ellipsis keeps the spaces it ends with
    /// before the ellipsis (they never hang): "🍕 pizza   " clamped shows
    /// its three spaces, then "…".
    func keepEndSpaces(_ line: inout RawLine) {
        let units = core.text.units
        var end = Int(line.contentEnd)
        while end < Int(line.end) && units[end] == 0x20 { end += 1 }
        guard end > Int(line.contentEnd) else { return }
        let spaces = core.width(Int(line.contentEnd), end)
        line.content += spaces
        line.trailing -= spaces
        line.contentEnd = Int32(end)
    }

    /// The width lines break at: none for `nowrap`.
    func breakingLimit(for width: Double?) -> Int64 {
        core.facts.whiteSpace.wraps ? Self.limit(for: width) : Self.limit(for: nil)
    }

    /// A `nowrap` line wider than the box is cut with the ellipsis when
    /// `textOverflow` is `.ellipsis` (its width in layout units exceeds the box's).
    func markOverflow(_ line: inout RawLine, _ cursor: inout Cursor, width: Double?) {
        guard !core.facts.whiteSpace.wraps, core.facts.ellipsisOverflow, let width else { return }
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
        guard var cut = core.cutLine(Int(line.start), Int(line.contentEnd), available: box, rightToLeft: rightToLeft,
                                     trailingEnd: core.cutEnd(contentEnd: line.contentEnd, end: line.end))
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

    /// The lines at `width` (device pixels; nil: unbounded), placed, as a
    /// layout that reports `constraintWidth` (CSS px) as its constraint.
    func layout(width: Double?, constraintWidth: Double?) -> TextLayout {
        let wrap = wrapLimits(limit: breakingLimit(for: width), width: width)
        var broken = breakLines(width: width, wrap: wrap)
        var contentWidth = Fixed16(raw: LayoutUnit.ceilingFixed(broken.widest))
        var truncation: Truncation? = nil
        if core.facts.needsPlacement {
            (contentWidth, truncation) = place(&broken, width: width, contentWidth: contentWidth,
                                               keepsCutLine: wrap?.keepsCutLine == true)
        }
        // Unwrapped lines are the max-content width, each style or direction
        // piece rounded up to 1/64 px as Chromium sums them; a layout that
        // wrapped or was cut reports the text's own figure (the same at every
        // width: `PreparedCore.maxContentWidth`).
        // (A percentage indent counts as 0 in max-content, not as it does at this width.)
        let percentIndent = width != nil && textIndent.map({ if case .percent = $0.length { true } else { false } }) == true
        let natural = broken.softWrapped || broken.truncated || percentIndent ? Fixed16(raw: core.maxContentWidth.fixed)
            : broken.preserves ? max(contentWidth, Fixed16(raw: LayoutUnit.ceilingFixed(broken.widestWithTrailing))) : contentWidth
        core.trim(&broken.lines, height: &broken.height, truncated: broken.truncated)
        return TextLayout(deviceLines: broken.lines, scale: core.facts.scale, constraintWidth: constraintWidth,
                          deviceContentWidth: contentWidth, deviceHeight: broken.height, deviceNaturalWidth: natural,
                          isTruncated: broken.truncated, truncation: truncation, boxWidth: nil, core: core)
    }

    /// What breaking a text's lines found, before placement.
    struct BrokenLines {
        var lines: [DeviceLine] = []
        /// The breaker's lines, kept only when placement needs them.
        var raws: [RawLine] = []
        /// Each line's text-indent (1/65536 px), kept with `raws` when the paragraph has one.
        var indents: [Int64] = []
        /// The sum of line heights.
        var height = 0.0
        /// The widest line's content (a cut line's drawn width), 1/65536 px.
        var widest: Int64 = 0
        /// The cut of the truncated line (its index, the cut, the box width it was made for).
        var knownCut: (line: Int, cut: LineCut, available: Int64)? = nil
        /// Whether some line ended where the text does not force a break.
        var softWrapped = false
        /// Whether `maxLines` or an ellipsis cut the text.
        var truncated = false
        /// Whether preserved spaces and tabs before a line's end
        /// count in max-content, though they hang in the line.
        var preserves = false
        /// The widest line with those spaces, 1/65536 px.
        var widestWithTrailing: Int64 = 0
    }

    /// Breaks every line at `width` (the line breaker's loop, unplaced).
    /// (Inlined, its state in locals: the loop ran 30% slower with its
    /// state in the result's fields, which it wrote through memory.)
    @inline(__always)
    private func breakLines(width: Double?, wrap: WrapLimits?) -> BrokenLines {
        let boxLimit = breakingLimit(for: width)
        prefetchSegments()
        var cursor = Cursor()
        var lines: [DeviceLine] = []
        var raws: [RawLine] = []
        var indents: [Int64] = []
        let keepsRaws = core.facts.needsPlacement
        // Room for the lines the natural width suggests (growing the array one
        // line at a time reallocated it three times for a five-line post),
        // and a fifth more: lines end short of the width, so the natural
        // width's count alone still let a long text's array grow once.
        let expected = width.map { w in w > 0 ? Fixed16.pixels(Int64(core.naturalWidth)) / w * 1.2 + 2 : 2 } ?? 2
        lines.reserveCapacity(Int(min(expected, Double(segments.count) + 1)))
        var top = 0.0
        var widest: Int64 = 0, widestWithTrailing: Int64 = 0
        var knownCut: (line: Int, cut: LineCut, available: Int64)? = nil
        var softWrapped = false
        let preserves = core.facts.whiteSpace.preservesSpaces
        let fast = plainLinesNeedNoMark
        while true {
            // (`nextMarkedLine` by hand: called, it returned its long optional
            // line through memory, a stall per line.)
            var raw: RawLine
            let lineIndent = textIndent == nil ? 0 : indent(at: cursor, width: width)
            let limit = (wrap?.limit(forLine: cursor.lineCount) ?? boxLimit) - lineIndent
            if fast && cursor.splitAt < 0 && cursor.segment < segments.count
                && Int64(segments[cursor.segment].width) <= limit, let line = nextPlainLine(&cursor, limit: limit) {
                raw = line
            } else if var line = nextLine(&cursor, limit: limit) {
                markOverflow(&line, &cursor, width: width)
                raw = line
            } else {
                break
            }
            finishEndSpaces(&raw)
            if cursor.splitAt >= 0 || (cursor.segment > 0 && cursor.segment < segments.count && !segments[cursor.segment - 1].mandatoryBreak) {
                softWrapped = true
            }
            if raw.hasEllipsis {
                let truncated = truncatedLine(raw, width: width, keepsContent: wrap?.keepsCutLine == true)
                widest = max(widest, truncated.content + lineIndent)
                if let cut = truncated.cut { knownCut = (lines.count, cut.0, cut.available) }
            } else {
                widest = max(widest, raw.content + lineIndent)
                // (`break-spaces` min-content: with the tab a line ends with, as `measure` counts it.)
                if tabsTakeRoom && !trimsEndSpaces { widest = max(widest, raw.content + raw.trailing + lineIndent) }
            }
            if preserves { widestWithTrailing = max(widestWithTrailing, raw.content + raw.trailing + lineIndent) }
            // Ascent and descent are the line box's about the baseline (the
            // half-leading of fixed line heights included, see `InlineBox`).
            lines.append(DeviceLine(
                utf16Range: lineBoundary(Int(raw.start))..<lineBoundary(Int(raw.end)),
                contentStart: raw.start, contentEnd: raw.contentEnd, x: Fixed16(raw: 0),
                width: Fixed16(raw: LayoutUnit.ceilingFixed(raw.content)), top: top, height: raw.height,
                baseline: top + raw.ascent, ascent: raw.ascent, descent: raw.descent, endAdjust: raw.endAdjust,
                startAdjust: raw.startAdjust, hasEllipsis: raw.hasEllipsis, showsHyphen: raw.showsHyphen))
            top += raw.height
            if keepsRaws {
                raws.append(raw)
                if textIndent != nil { indents.append(lineIndent) }
            }
        }
        extendEnds(&lines, truncated: cursor.truncated)
        return BrokenLines(lines: lines, raws: raws, indents: indents, height: top, widest: widest, knownCut: knownCut,
                           softWrapped: softWrapped, truncated: cursor.truncated, preserves: preserves,
                           widestWithTrailing: widestWithTrailing)
    }

    /// The first line owns collapsed leading spaces; the last line owns the
    /// source text after it (collapsed trailing spaces).
    private func extendEnds(_ lines: inout [DeviceLine], truncated: Bool) {
        if let first = lines.first, first.utf16Range.lowerBound > 0 {
            lines[0].utf16Range = 0..<first.utf16Range.upperBound
        }
        if !truncated, let last = lines.last, last.utf16Range.upperBound < core.facts.sourceCount {
            lines[lines.count - 1].utf16Range = last.utf16Range.lowerBound..<core.facts.sourceCount
        }
    }

    /// Places the broken lines in the box (alignment, justification, the cut
    /// line's cut): the layout's content width and its truncation.
    private func place(_ broken: inout BrokenLines, width: Double?, contentWidth: Fixed16,
                       keepsCutLine: Bool) -> (Fixed16, Truncation?) {
        let placement = width == nil ? LinePlacement(core: core, boxWidth: contentWidth.pixels)
            : LinePlacement(core: core, boxWidth: width!)
        var truncation: Truncation? = nil
        var justifiedWidth = Fixed16(raw: 0)
        let raws = broken.raws
        for k in raws.indices {
            let cut = broken.knownCut.flatMap { $0.line == k && ($0.available == placement.available || keepsCutLine)
                ? $0.cut : nil }
            let indent = broken.indents.isEmpty ? 0 : broken.indents[k]
            let t = placement.place(&broken.lines[k], raws[k], index: k, isLast: k == raws.count - 1,
                                    knownCut: indent == 0 ? cut : nil, indent: indent, keepsCutLine: keepsCutLine)
            truncation = truncation ?? t
            if broken.lines[k].justification > 0 {
                justifiedWidth = max(justifiedWidth, Fixed16(raw: broken.lines[k].width.raw + indent))
            }
        }
        // A justified line fills the box: the layout's width contains it
        // (a label sized by the widest unjustified line clipped it).
        return (max(contentWidth, justifiedWidth), truncation)
    }
}
