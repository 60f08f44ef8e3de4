// Pipeline stage: Layout.
// In: a prepared text and the width it was measured at.
// Out: the interval of box widths, in layout units, that break it into the same lines.

/// Which box widths give the same lines as one width: the breaker's own
/// decisions, line by line, probed around the width.
///
/// Every decision a line's breaking makes at a width is a comparison of a
/// width the text needs (a segment's content after the pen, a cluster of a
/// split word, a trimmed bracket, a hyphen, the ellipsis' room) with the box
/// in whole layout units: a line's outcome changes only where some such
/// comparison turns, and it moves one way as the box widens (a line holds
/// more, a cut keeps more). So the widths at which a line, started where it
/// starts, ends as it ends form an interval, and the text's interval is the
/// intersection of its lines' (each line starts where the one before ends).
/// Each line's bounds are found by breaking that line alone at candidate
/// widths: first the box bound found so far (one probe when this line does not
/// narrow it), then the width the line needs and the width at which the next
/// break opportunity would fit (the answer for greedy lines), and, when a
/// candidate misses, by bisection between widths known to agree and disagree.
extension LineBreaker {
    /// The largest whole number of layout units a box can have
    /// (`limit(for: nil)` is `unboundedUnits * 1024 + 1023`).
    static let unboundedUnits: Int64 = (Int64.max / 4) >> 10

    /// The whole layout units of a box `width` px wide, as the breaker reads
    /// it (`limit(for:)`): a nil width is unbounded.
    static func boxUnits(_ width: Double?) -> Int64 { limit(for: width) >> 10 }

    /// The widths, in whole layout units of this breaker's pixels, whose boxes
    /// break the text into the same lines as a box `width` wide: `lower ...`
    /// up to `upper` excluded (nil: every wider box, unbounded included).
    /// The same lines: the same starts and ends, widths, heights, hyphens,
    /// ellipsis and cut; only placement in the box (alignment, justification)
    /// follows the width. Conservative (a single layout unit) where the
    /// decisions are not thresholds on the width: `text-wrap: balance` and
    /// `pretty` paragraphs that wrap or are cut, a cut justified or indented
    /// paragraph, and a line whose inside trailing spaces (`break-spaces`)
    /// do not all fit the box. Each line is read as measure and layout read
    /// it (`finishEndSpaces`: a cut `pre` line is cut after its spaces) and
    /// broken in the box less its `text-indent`.
    func sameLinesUnits(width: Double?) -> (lower: Int64, upper: Int64?) {
        let units = Self.boxUnits(width)
        let unbounded = Self.unboundedUnits
        let one = (units, units < unbounded ? units + 1 : nil)
        if wrapStyle != .wrap && core.facts.whiteSpace != .nowrap {
            // The style's plan depends on the box through scores and a
            // bisection: only greedy lines no plan applies to whatever the
            // box (see `styleKeepsGreedyLines`) are sure to stay.
            return greedySameLines(units: units, greedyOnly: true) ?? one
        }
        return greedySameLines(units: units, greedyOnly: false) ?? one
    }

    /// The interval of the greedy lines around `units`; nil when a
    /// conservative answer is due: `greedyOnly` and a text-wrap style may
    /// re-break the lines at some width with these greedy lines, or a
    /// justified paragraph is cut.
    private func greedySameLines(units: Int64, greedyOnly: Bool) -> (lower: Int64, upper: Int64?)? {
        let unbounded = Self.unboundedUnits
        let width = Self.width(ofUnits: units)
        let segs = segments
        var lower: Int64 = 0
        var upper: Int64 = unbounded + 1  // exclusive; past `unbounded`: no bound
        var cursor = Cursor()
        let reference = breakingLimit(for: width)
        var greedy: [GreedyEnds] = []
        while true {
            let before = cursor
            // (A `text-indent` narrows the lines it indents, as in layout.)
            guard var line = nextMarkedLine(&cursor, limit: reference - indent(at: before, width: width), width: width,
                                            fast: false) else { break }
            // The line as measure and layout take it: a cut `pre` line's
            // cut is made with the spaces it ends with (the ellipsis after them).
            finishEndSpaces(&line)
            let wraps = cursor.segment < segs.count && (cursor.splitAt >= 0 || !segs[cursor.segment - 1].mandatoryBreak)
            if greedyOnly {
                if (wraps || cursor.truncated) && maxLines != nil { return nil }
                greedy.append(GreedyEnds(first: before.segment, end: cursor.segment, endsParagraph: !wraps))
            }
            // (An indented cut line is cut in its box less the indent:
            // conservative, the measured width's own layout unit.)
            if line.hasEllipsis && textIndent != nil { return (units, units < unbounded ? units + 1 : nil) }
            let cut = cutSignature(line, width: width)
            let outcome = LineOutcome(line: line, after: cursor, cut: cut)
            let same: (Int64) -> Bool = { probe in
                let w = Self.width(ofUnits: probe)
                var c = before
                guard var l = nextMarkedLine(&c, limit: breakingLimit(for: w) - indent(at: before, width: w), width: w,
                                             fast: false) else { return false }
                finishEndSpaces(&l)
                guard l.hasEllipsis else { return LineOutcome(line: l, after: c, cut: nil) == outcome }
                let probeCut = cutSignature(l, width: w)
                return LineOutcome(line: l, after: c, cut: probeCut) == outcome && probeCut?.visible == cut?.visible
            }
            // Candidates: what the line needs, and where the next opportunity fits.
            let needs = Self.unitsNeeded(line.content - (line.hasEllipsis ? 0 : hangingEnd(of: line)))
            var opens: Int64? = nil
            if wraps && cursor.splitAt < 0 && !line.hasEllipsis {
                let next = cursor.segment
                let pen = line.content + line.trailing
                let fit = segmentContentWidth(next) - (segs[next].hangs ? core.hangingWidth(next) : 0)
                opens = Self.unitsNeeded(pen + fit)
            }
            // `break-spaces` spaces inside the line (`TrailingSpaceSide`)
            // widen it as far as the box has room: its width is the same
            // only where they all fit, and follows a narrower box.
            if let spaced = insideSpacesUnits(line) {
                guard units >= spaced else { return (units, units + 1) }
                lower = max(lower, spaced)
            }
            lower = Self.lowest(agreeing: same, known: units, bound: lower, candidate: needs)
            upper = Self.firstDisagreeing(same, known: units, bound: upper, candidate: opens)
            if lower == units && upper == units + 1 { break }
        }
        if core.paragraph.alignment == .justify && cursor.truncated { return nil }
        if greedyOnly && !styleKeepsGreedyLines(greedy) { return nil }
        return (lower, upper > unbounded ? nil : upper)
    }

    /// The layout units a line needs to hold the preserved spaces it ends
    /// with when they lie inside it (`TrailingSpaceSide.inside`: placement
    /// widens the line by them as far as the box has room); nil for others.
    private func insideSpacesUnits(_ line: RawLine) -> Int64? {
        guard core.facts.whiteSpace == .breakSpaces || core.facts.whiteSpace == .pre, !line.hasEllipsis,
              line.trailing > 0, line.contentEnd > line.start,
              core.trailingSpaceSide(lineStart: Int(line.start), contentEnd: Int(line.contentEnd)) == .inside
        else { return nil }
        return PreparedCore.ceilToLayoutUnit(line.content + line.trailing) >> 10
    }

    /// Where a greedy line starts and ends (segments) and whether it ends its paragraph.
    private struct GreedyEnds {
        var first, end: Int
        var endsParagraph: Bool
    }

    /// Whether the text-wrap style leaves these greedy lines (of an
    /// unclamped text) as they are at every box width that gives them,
    /// for reasons that do not depend on the box (`plan`): a paragraph on
    /// one line; `pretty` with a tab, or whose paragraphs' last lines hold
    /// more than one word; `balance` whose first paragraph is one line or
    /// more than it balances.
    private func styleKeepsGreedyLines(_ lines: [GreedyEnds]) -> Bool {
        guard lines.count > 1 else { return true }
        switch wrapStyle {
        case .pretty:
            if segments.contains(where: { $0.hasTab }) { return true }
            var start = 0
            for (k, line) in lines.enumerated() where line.endsParagraph || k == lines.count - 1 {
                defer { start = k + 1 }
                if k > start && line.end - line.first == 1 { return false }
            }
            return true
        case .balance:
            guard let end = lines.prefix(Self.maxBalancedLines + 1).firstIndex(where: \.endsParagraph) else { return true }
            return end == 0 || end >= Self.maxBalancedLines
        default:
            return lines.allSatisfy(\.endsParagraph)
        }
    }

    /// The box width (px of the breaker) whose layout units are `units`;
    /// nil for the unbounded box.
    static func width(ofUnits units: Int64) -> Double? {
        units >= unboundedUnits ? nil : Double(units) / 64
    }

    /// The fewest whole layout units whose limit (`units * 1024 + 1023`) holds `needed` (1/65536 px).
    @inline(__always)
    static func unitsNeeded(_ needed: Int64) -> Int64 {
        needed <= 0 ? 0 : min(needed >> 10, unboundedUnits)
    }

    /// The hanging width at the end of `line` (ideographic spaces of its
    /// last segment, which need no room).
    private func hangingEnd(of line: RawLine) -> Int64 {
        var s = 0, hi = segments.count
        // The segment whose content ends the line.
        while s < hi { let m = (s + hi) / 2; if segments[m].end < line.end { s = m + 1 } else { hi = m } }
        guard s < segments.count, segments[s].end == line.end, segments[s].hangs else { return 0 }
        return core.hangingWidth(s)
    }

    /// What a cut line draws at a width: its drawn width and the cut (nil
    /// for a line without ellipsis).
    private func cutSignature(_ line: RawLine, width: Double?) -> CutSignature? {
        guard line.hasEllipsis else { return nil }
        let (content, cut) = truncatedLine(line, width: width)
        return CutSignature(content: content, visible: cut?.0.visible, ellipsisX: cut?.0.ellipsisX,
                            drawnLeft: cut?.0.drawnLeft, drawnRight: cut?.0.drawnRight)
    }

    /// The least width in `[bound, known]` that agrees (`same`), `known`
    /// agreeing. The candidate is tried first (it and the width below it
    /// decide a greedy line's bound in two probes), then `bound` (every
    /// width between agrees when it does), then bisection. (A narrow width
    /// is not probed first: it breaks words, which reshapes their ends.)
    static func lowest(agreeing same: (Int64) -> Bool, known: Int64, bound: Int64, candidate: Int64) -> Int64 {
        if bound >= known { return bound }
        var disagrees = bound - 1, agrees = known
        if candidate > bound && candidate <= known {
            if candidate == known || same(candidate) {
                if !same(candidate - 1) { return candidate }
                agrees = candidate - 1
            } else {
                disagrees = candidate
            }
        }
        if disagrees < bound {
            if same(bound) { return bound }
            disagrees = bound
        }
        while agrees - disagrees > 1 {
            let middle = disagrees + (agrees - disagrees) / 2
            if same(middle) { agrees = middle } else { disagrees = middle }
        }
        return agrees
    }

    /// The least width in `(known, bound]` that disagrees, `bound` when every
    /// width below it agrees (`bound` past `unboundedUnits`: none disagrees).
    /// The candidate first, as for `lowest`.
    static func firstDisagreeing(_ same: (Int64) -> Bool, known: Int64, bound: Int64, candidate: Int64?) -> Int64 {
        let last = min(bound - 1, unboundedUnits)
        if last <= known { return bound }
        var agrees = known, disagrees = last + 1
        if let candidate, candidate > known && candidate <= last {
            if !same(candidate) {
                if candidate - 1 == known || same(candidate - 1) { return candidate }
                disagrees = candidate - 1
            } else {
                agrees = candidate
            }
        }
        if disagrees > last {
            if same(last) { return bound }
            disagrees = last
        }
        while disagrees - agrees > 1 {
            let middle = agrees + (disagrees - agrees) / 2
            if same(middle) { agrees = middle } else { disagrees = middle }
        }
        return disagrees
    }

    /// A line as its width's decisions leave it, and where the next starts.
    /// (Not the width of its hanging spaces, which only places a line: one
    /// ending at a soft hyphen may hold more or fewer of them unseen; and of
    /// a cut line only what it shows.)
    private struct LineOutcome: Equatable {
        var start, contentEnd, end: Int32
        var content, endAdjust, startAdjust: Int64
        var ascent, descent, height: Double
        var hasEllipsis, showsHyphen: Bool
        var nextSegment: Int
        var nextSplit: Int32
        var truncated: Bool
        /// What the cut shows but its visible ranges (compared apart: the
        /// outcome is copied by value for every probe, and holds no array).
        var cutContent, ellipsisX, drawnLeft, drawnRight: Int64
        var hasCut: Bool

        init(line: RawLine, after: Cursor, cut: CutSignature?) {
            (start, contentEnd, end) = (line.start, line.contentEnd, line.end)
            (content, endAdjust, startAdjust) = (line.content, line.endAdjust, line.startAdjust)
            (ascent, descent, height) = (line.ascent, line.descent, line.height)
            (hasEllipsis, showsHyphen) = (line.hasEllipsis, line.showsHyphen)
            (nextSegment, nextSplit, truncated) = (after.segment, after.splitAt, after.truncated)
            (cutContent, ellipsisX, drawnLeft, drawnRight) =
                (cut?.content ?? 0, cut?.ellipsisX ?? 0, cut?.drawnLeft ?? 0, cut?.drawnRight ?? 0)
            hasCut = cut?.visible != nil
            if hasCut {
                // A cut line shows its cut, not where it was laid out to end
                // (the hidden part may hold more or less at another width).
                // (Nothing follows a line the clamp cuts; a `nowrap` line never ends inside a word.)
                (contentEnd, end, content, endAdjust, showsHyphen, nextSplit) = (0, 0, 0, 0, false, -1)
            }
        }
    }

    /// What a cut line draws (`truncatedLine`).
    private struct CutSignature: Equatable {
        var content: Int64
        var visible: [Range<Int>]?
        var ellipsisX, drawnLeft, drawnRight: Int64?
    }
}
