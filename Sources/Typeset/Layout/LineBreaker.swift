/// Greedy line breaking over a prepared text's segments: arithmetic only.
///
/// Rules (Chromium's): a segment is placed when its content (trailing spaces
/// excluded, since they hang) fits after what the line holds; a forced break
/// ends the line; a segment that does not fit on an empty line is broken
/// between grapheme clusters (`overflow-wrap: break-word`), keeping at least
/// one cluster per line. Tabs advance to the next stop strictly right of the
/// pen. Line heights: a fixed line height is used as is; `normal` takes the
/// tallest rounded ascent and descent among the strut and the fonts on the line.
struct LineBreaker {
    let core: PreparedCore

    func layout(width: Double?) -> TextLayout {
        let segs = core.segments
        // Chromium compares widths in layout units (1/64 px) truncated: a line
        // whose exact width exceeds the box by less than 1/64 px still fits.
        let limit: Int64 = width.map { w in
            w * 65536 >= Double(Int64.max / 4) ? Int64.max / 4 : Int64((w * 64).rounded(.down)) * 1024 + 1023
        } ?? Int64.max / 4
        var lines: [TextLayout.Line] = []
        var top = 0.0
        var widest: Int64 = 0
        var s = 0
        var splitAt: Int32 = -1  // resume inside segment s after an overflow-wrap break
        let maxLines = core.paragraph.maxLines.map { max(0, $0) }
        var truncated = false

        while s < segs.count {
            if let maxLines, lines.count == maxLines { truncated = true; break }
            let lineStart = splitAt >= 0 ? splitAt : segs[s].start
            var x: Int64 = 0
            var content: Int64 = 0
            var contentEnd = lineStart
            var lineEnd = lineStart
            var asc = core.strutAscent, desc = core.strutDescent
            var first = true
            var hyphenAtEnd: Int64 = 0
            while s < segs.count {
                let seg = segs[s]
                let from = first && splitAt >= 0 ? splitAt : seg.start
                var w = from == seg.start ? seg.width : core.width(Int(from), Int(seg.contentEnd))
                // What must fit: the content, less ideographic spaces that hang.
                let hyphen = seg.endsWithSoftHyphen ? core.hyphenWidth : 0
                let fitWidth = w - seg.hanging + hyphen
                let endTrim = seg.contentEnd > from ? core.trim(core.trimmableClose, at: seg.contentEnd - 1) : 0
                let fitsPlain = x + fitWidth <= limit
                // A line that fits only by trimming its closing bracket must fit
                // without the 1/64 px tolerance (Chromium re-measures it exactly).
                let fits = fitsPlain || (endTrim > 0 && x + fitWidth - endTrim <= limit - 1023)
                if !first && !fits { break }
                if first && !fits && core.paragraph.breakWords {
                    let cut = fittingClusterEnd(from: Int(from), to: Int(seg.contentEnd), limit: limit - x)
                    if cut < Int(seg.contentEnd) {
                        content = x + core.width(Int(from), cut)
                        contentEnd = Int32(cut)
                        lineEnd = Int32(cut)
                        asc = max(asc, Double(seg.ascent)); desc = max(desc, Double(seg.descent))
                        splitAt = Int32(cut)
                        hyphenAtEnd = 0
                        first = false
                        break
                    }
                }
                content = x + w - (fitsPlain ? 0 : endTrim)
                hyphenAtEnd = hyphen
                contentEnd = seg.contentEnd
                x = content + trailingWidth(seg, penAt: content)
                lineEnd = seg.end
                asc = max(asc, Double(seg.ascent)); desc = max(desc, Double(seg.descent))
                first = false
                splitAt = -1
                s += 1
                if seg.mandatoryBreak || !fitsPlain { break }
            }
            if s < segs.count { content += hyphenAtEnd }  // a soft-hyphen break shows its hyphen
            var hasEllipsis = false
            if let maxLines, lines.count + 1 == maxLines, s < segs.count {
                // The last allowed line: cut it so that the ellipsis fits.
                truncated = true
                hasEllipsis = true
                let room = limit - core.ellipsisWidth
                var cut = Int(contentEnd)
                while cut > Int(lineStart) && core.width(Int(lineStart), cut) > room {
                    cut -= 1
                    while cut > Int(lineStart) && !core.graphemeStarts[cut] { cut -= 1 }
                }
                while cut > Int(lineStart) && BreakOpportunities.isBreakableSpaceOrBreak(core.text.units[cut - 1]) { cut -= 1 }
                content = core.width(Int(lineStart), cut) + core.ellipsisWidth
                contentEnd = Int32(cut)
                lineEnd = Int32(cut)
                s = segs.count
            }
            let height = core.fixedLineHeight ?? (asc + desc)
            let lineWidth = Self.layoutUnitsCeil(content)
            widest = max(widest, content)
            // With a fixed line height the half-leading centres the content box.
            let baseline = core.fixedLineHeight.map { lh in top + (lh - (asc + desc)) / 2 + asc } ?? (top + asc)
            lines.append(TextLayout.Line(
                utf16Range: core.sourceOffset(Int(lineStart))..<core.sourceOffset(Int(lineEnd)),
                width: lineWidth, x: 0, top: top, height: height, baseline: baseline, ascent: asc, descent: desc,
                hasEllipsis: hasEllipsis, contentStart: lineStart, contentEnd: contentEnd))
            top += height
        }
        // The first line owns collapsed leading spaces; the last line owns the
        // source text after it (collapsed trailing spaces).
        if let first = lines.first, first.utf16Range.lowerBound > 0 {
            lines[0] = first.starting(at: 0)
        }
        if !truncated, let last = lines.last, last.utf16Range.upperBound < core.sourceUTF16.count {
            lines[lines.count - 1] = last.extended(to: core.sourceUTF16.count)
        }
        let contentWidth = Self.layoutUnitsCeil(widest)
        let aligned = align(lines, boxWidth: width ?? contentWidth)
        return TextLayout(lines: aligned, constraintWidth: width, contentWidth: contentWidth, exactHeight: top,
                          naturalWidth: LineBreaker.layoutUnitsCeil(core.naturalWidth), isTruncated: truncated, boxWidth: nil,
                          core: core)
    }

    /// The furthest grapheme boundary in `(from, to]` whose width from `from`
    /// fits `limit`, and at least one cluster.
    private func fittingClusterEnd(from: Int, to: Int, limit: Int64) -> Int {
        var w: Int64 = 0
        var best = -1
        var i = from
        while i < to {
            var j = i + 1
            while j < to && !core.graphemeStarts[j] { j += 1 }
            w += core.width(i, j)
            if w > limit { break }
            best = j
            i = j
        }
        if best < 0 {
            var j = from + 1
            while j < to && !core.graphemeStarts[j] { j += 1 }
            return j
        }
        return best
    }

    private func trailingWidth(_ seg: Segment, penAt pen: Int64) -> Int64 {
        guard seg.hasTab else { return seg.trailing }
        var x = pen
        for i in Int(seg.contentEnd)..<Int(seg.end) {
            if core.text.units[i] == 0x09 && core.tabInterval > 0 {
                x = nextTabStop(after: x)
            } else {
                x += Int64(core.advances[i])
            }
        }
        return x - pen
    }

    /// The next tab stop strictly right of the pen, skipping a stop closer
    /// than half a space (Chromium's minimum tab width).
    private func nextTabStop(after x: Int64) -> Int64 {
        var stop = (x / core.tabInterval + 1) * core.tabInterval
        if stop - x < core.minimumTabWidth { stop += core.tabInterval }
        return stop
    }

    private func align(_ lines: [TextLayout.Line], boxWidth: Double) -> [TextLayout.Line] {
        let rtl = core.paragraphLevel & 1 == 1
        let mode: ParagraphStyle.Alignment
        switch core.paragraph.alignment {
        case .start: mode = rtl ? .right : .left
        case .end: mode = rtl ? .left : .right
        case .justify: mode = rtl ? .right : .left  // justified lines fill the box; their start edge is the same
        default: mode = core.paragraph.alignment
        }
        if mode == .left { return lines }
        return lines.map { line in
            let free = max(0, boxWidth - line.width)
            return line.offset(by: mode == .center ? free / 2 : free)
        }
    }

    /// Rounds 1/65536 px up to Chromium's 1/64 px layout units.
    static func layoutUnitsCeil(_ fixed: Int64) -> Double {
        let units = (fixed + 1023) >> 10
        return Double(units) / 64
    }
}

extension TextLayout.Line {
    func extended(to end: Int) -> Self {
        .init(utf16Range: utf16Range.lowerBound..<end, width: width, x: x, top: top, height: height,
              baseline: baseline, ascent: ascent, descent: descent, hasEllipsis: hasEllipsis,
              contentStart: contentStart, contentEnd: contentEnd)
    }

    func starting(at start: Int) -> Self {
        .init(utf16Range: start..<utf16Range.upperBound, width: width, x: x, top: top, height: height,
              baseline: baseline, ascent: ascent, descent: descent, hasEllipsis: hasEllipsis,
              contentStart: contentStart, contentEnd: contentEnd)
    }

    func offset(by dx: Double) -> Self {
        .init(utf16Range: utf16Range, width: width, x: x + dx, top: top, height: height, baseline: baseline,
              ascent: ascent, descent: descent, hasEllipsis: hasEllipsis, contentStart: contentStart,
              contentEnd: contentEnd)
    }
}
