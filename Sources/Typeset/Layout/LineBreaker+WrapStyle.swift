/// `text-wrap-style: balance` and `pretty`, as Chromium does them: the
/// greedy lines are found first; where the style applies, some of them are
/// broken again at the breaks a score picks (Chromium's `ScoreLineBreaker`,
/// after Android's high-quality line breaking) or, for `balance` when the
/// score does not apply, at the narrowest width that keeps the line count
/// (its `ParagraphLineBreaker`). The breaker then lays the lines out as
/// usual with one limit per line (`WrapLimits`) that ends each at its break.
extension LineBreaker {
    /// Chromium re-breaks at most this many lines: a balanced paragraph
    /// (`kMaxLinesForBalance`) and the last lines of a pretty one (`kMaxLinesForOptimal`).
    static let maxBalancedLines = 6
    static let maxPrettyLines = 4

    /// The limit each line breaks at: `lines[k]` for line k, `rest` after them.
    struct WrapLimits {
        var lines: [Int64]
        var rest: Int64
        /// The score ended the line `maxLines` cuts: Chromium then keeps all of
        /// it and puts the ellipsis after it, past the box if need be.
        var keepsCutLine = false

        @inline(__always)
        func limit(forLine k: Int) -> Int64 { k < lines.count ? lines[k] : rest }
    }

    /// A greedy line as the plan sees it.
    struct GreedyLine {
        var firstSegment: Int
        /// The segment after the line (the one split, when the line ends inside it).
        var endSegment: Int
        var content: Int64
        /// The line ends or starts inside a word (overflow-wrap), or is wider
        /// than the box: Chromium then neither scores nor bisects.
        var overflows: Bool
        /// The line ends at a forced break or the end of the text.
        var endsParagraph: Bool
    }

    /// The limits that give the text-wrap style's lines at `limit`, or nil
    /// when the greedy lines stand (`wrap`, `nowrap`, intrinsic sizes, or the
    /// style does not apply).
    func wrapLimits(limit: Int64, width: Double?) -> WrapLimits? {
        guard wrapStyle != .wrap, let width, width > 0, core.facts.whiteSpace.wraps,
              textIndent == nil  // (an indented paragraph keeps its greedy lines)
        else { return nil }
        let box = Self.layoutUnitsFloor(width) >> 10
        let clamp = maxLines.map { max(1, $0) }
        // The greedy lines once, whatever the clamp (the clamped plan takes
        // their first lines): balance looks at no more than 6.
        let cap = wrapStyle == .balance ? Self.maxBalancedLines + 1 : Int.max
        let lines = greedyLines(limit: limit, count: cap)
        let hasTab = segments.contains { $0.hasTab }  // Chromium never scores text with a tab
        let clampedCap = clamp.map { min($0, cap) } ?? cap
        var plan = plan(lines.prefix(clampedCap), cap: clampedCap, clamped: clamp != nil, hasTab: hasTab, limit: limit, box: box)
        if let clamp {
            // Chromium lays a line its score ended out with no width limit:
            // when the clamp cuts such a line, all of it stays and the
            // ellipsis goes after it, past the box if need be. Which cut
            // lines it does that for was measured, not derived: when the
            // paragraph's unclamped breaks move the cut line's end from
            // the greedy one, in paragraphs that balance (up to 6 lines).
            // A cut line whose start moved but whose end did not is cut in
            // the box. Every one of 287 clamped, balanced cases whose cut
            // line overflows with the ellipsis (corpus, held-out and probes
            // in 7 scripts) follows that rule.
            let full = self.plan(lines[...], cap: cap, clamped: false, hasTab: hasTab, limit: limit, box: box)
            let keeps = full.map { full in
                full.greedy.count <= Self.maxBalancedLines && full.ends.count >= clamp && full.greedy.count >= clamp
                    && full.ends[clamp - 1] != full.greedy[clamp - 1]
            } ?? false
            if keeps { plan = plan ?? WrapPlan(limits: WrapLimits(lines: [], rest: limit), ends: [], greedy: []) }
            plan?.limits.keepsCutLine = keeps
        }
        return plan?.limits
    }

    /// A text-wrap style's lines: their limits, where the planned ones end
    /// (the segment after each, from the first line), and where the greedy
    /// ones end.
    struct WrapPlan {
        var limits: WrapLimits
        var ends: [Int]
        var greedy: [Int]
    }

    /// The style's plan for the greedy `lines` at `limit` (at most `cap`
    /// of them; `clamped`: the text is cut after them, and Chromium's line
    /// clamp ends the scored "paragraph" there), or nil when they stand.
    func plan(_ lines: ArraySlice<GreedyLine>, cap: Int, clamped: Bool, hasTab: Bool, limit: Int64, box: Int64) -> WrapPlan? {
        guard lines.count > 1 else { return nil }
        let greedy = lines.map(\.endSegment)
        if wrapStyle == .balance {
            guard let end = lines.firstIndex(where: \.endsParagraph) ?? (clamped ? lines.count - 1 : nil),
                  end < Self.maxBalancedLines, end > 0, !lines[...end].contains(where: \.overflows) else { return nil }
            if !hasTab, let breaks = scoredBreaks(lines[...end], from: 0, box: box, balanced: true) {
                return WrapPlan(limits: WrapLimits(lines: lineLimits(lines[...end], breaks: breaks, limit: limit), rest: limit),
                                ends: breaks, greedy: greedy)
            }
            return bisectedLimit(lines[...end], box: box).map {
                WrapPlan(limits: WrapLimits(lines: [], rest: $0), ends: greedyLines(limit: $0, count: cap).map(\.endSegment),
                         greedy: greedy)
            }
        }
        guard !hasTab else { return nil }
        var limits: [Int64] = []
        var ends: [Int] = []
        var start = 0
        for (k, line) in lines.enumerated() where line.endsParagraph || k == lines.count - 1 {
            defer { start = k + 1 }
            let paragraph = lines[start...k]
            guard paragraph.count > 1, !paragraph.contains(where: \.overflows) else { continue }
            // Only a short last line of a single word is worth it.
            guard line.endSegment - line.firstSegment == 1, LayoutUnit(ceiling: line.content).raw < box / 3 else { continue }
            let window = lines[max(start, k - Self.maxPrettyLines + 1)...k]
            guard let breaks = scoredBreaks(window, from: paragraph.first!.firstSegment, box: box, balanced: false)
            else { continue }
            if limits.count < window.startIndex {
                limits += repeatElement(limit, count: window.startIndex - limits.count)
                ends += greedy[ends.count..<window.startIndex]
            }
            limits += lineLimits(window, breaks: breaks, limit: limit)
            ends += breaks
        }
        return limits.isEmpty ? nil : WrapPlan(limits: WrapLimits(lines: limits, rest: limit), ends: ends, greedy: greedy)
    }

    /// The greedy lines at `limit`, at most `count`, whatever `maxLines` says.
    func greedyLines(limit: Int64, count: Int) -> [GreedyLine] {
        guard maxLines == nil else {
            return LineBreaker.with(core, ignoresLineLimit: true) { $0.greedyLines(limit: limit, count: count) }
        }
        var cursor = Cursor()
        var lines: [GreedyLine] = []
        while lines.count < count {
            let first = cursor.segment, startsSplit = cursor.splitAt >= 0
            guard let raw = nextLine(&cursor, limit: limit) else { break }
            let end = cursor.segment
            let paragraphEnd = end >= segments.count || (cursor.splitAt < 0 && segments[end - 1].mandatoryBreak)
            lines.append(GreedyLine(firstSegment: first, endSegment: end, content: raw.content,
                                    overflows: startsSplit || cursor.splitAt >= 0 || raw.content > limit,
                                    endsParagraph: paragraphEnd))
        }
        return lines
    }

    /// Where each of `lines` ends (the segment after it) when they are broken
    /// by Chromium's scores (`ScoreLineBreaker::Optimize`), or nil when the
    /// score does not apply: fewer than 3 break opportunities, or a best
    /// choice with another line count. Widths in float, as Chromium's.
    /// `paragraphStart`: the segment the lines' paragraph starts at.
    func scoredBreaks(_ lines: ArraySlice<GreedyLine>, from paragraphStart: Int, box: Int64, balanced: Bool) -> [Int]? {
        let first = lines.first!.firstSegment, end = lines.last!.endSegment
        // Chromium does not score a text with an inline box whose side is
        // negative (a negative margin): positions must only grow.
        if core.boxEdges.contains(where: { $0.width < 0 }) { return nil }
        let zoom = Float(core.facts.scale)
        let available = Float(box) / 64
        let widthTimesFontSize = available * Float(core.styles[0].size) / zoom
        let justified = core.paragraph.alignment == .justify
        let hyphenPenalty = justified ? widthTimesFontSize / 2 : widthTimesFontSize * 2
        let linePenalty: Float = justified ? 0 : hyphenPenalty * 2
        // Candidates: the lines' start, then every segment end (the last ends
        // the paragraph). Chromium scores positions rounded up to layout
        // units (1/64 px) from the paragraph's start, taken from the lines'
        // start: equal lines tie only up to that rounding, which then
        // decides (with exact positions, 41 of 72 balanced ideograph runs
        // broke the other way; from the lines' start, pretty windows did).
        var x: Int64 = 0
        for s in paragraphStart..<first { x += segmentContentWidth(s) + segmentTrailingWidth(s) }
        let origin = Self.layoutUnits(x)
        var candidates = [ScoreCandidate(segmentEnd: first, noBreak: 0, ifBreak: 0, penalty: 0, hyphenated: false)]
        for s in first..<end {
            let content = x + segmentContentWidth(s)
            let hyphen = s < end - 1 && segments[s].endsWithSoftHyphen ? hyphenWidth : 0
            // A line ending where the break is unsafe is reshaped: it loses
            // the kern with the next letter (`reshapeEnd`).
            let kern = s < end - 1 && hasReshapedEnds && segments[s].contentEnd == segments[s].end
                ? core.reshapedEndKern(at: segments[s].end) : 0
            x = content + segmentTrailingWidth(s)
            // The end side of an inline box that closes where the line
            // would end is not counted in where it ends: Chromium's
            // candidates take a closing box's side like trailing spaces.
            let closing = core.boxEdges.isEmpty ? 0 : InlineBoxRuns.endSide(before: Int(core.contentEnd(s)), in: core.boxEdges)
            candidates.append(ScoreCandidate(segmentEnd: s + 1, noBreak: Self.layoutUnits(x) - origin,
                                             ifBreak: Self.layoutUnits(content + hyphen + kern - closing) - origin,
                                             penalty: hyphen > 0 ? hyphenPenalty : 0, hyphenated: hyphen > 0))
        }
        guard candidates.count >= 5 else { return nil }
        // Breaking before the last word costs more (typographic orphans).
        for i in stride(from: candidates.count - 2, through: 0, by: -1) {
            candidates[i].penalty += 10000 * zoom
            if !candidates[i].hyphenated { break }
        }
        let chosen = Self.bestBreaks(candidates, availableToFit: Float(box + 1) / 64, zoom: zoom,
                                     balanced: balanced, justified: justified, linePenalty: linePenalty)
        guard chosen.count == lines.count else { return nil }
        return chosen.map { candidates[$0].segmentEnd }
    }

    /// A break opportunity as Chromium scores it (`LineBreakCandidate`):
    /// the pen past it when the line goes on (trailing spaces included) and
    /// where the line ends when it breaks there.
    struct ScoreCandidate {
        var segmentEnd: Int
        var noBreak: Float
        var ifBreak: Float
        var penalty: Float
        var hyphenated: Bool
    }

    /// Chromium's `ComputeScores` and `ComputeBreakPoints`: the candidates
    /// (indices) that end the lines of the best score, in order.
    static func bestBreaks(_ candidates: [ScoreCandidate], availableToFit: Float, zoom: Float, balanced: Bool,
                           justified: Bool, linePenalty: Float) -> [Int] {
        let overfull: Float = 1e12
        var scores: [(score: Float, previous: Int)] = [(0, 0)]
        scores.reserveCapacity(candidates.count)
        var active = 0
        for end in 1..<candidates.count {
            let isLast = end == candidates.count - 1
            var best = Float.greatestFiniteMagnitude, bestPrevious = 0
            let startEdge = candidates[end].ifBreak - availableToFit
            var bestHope: Float = 0
            for start in active..<end {
                let startScore = scores[start].score
                if startScore + bestHope >= best { continue }
                let delta = candidates[start].noBreak - startEdge
                var widthScore: Float = 0, additional: Float = 0
                if (isLast || !justified) && delta < 0 {
                    widthScore = overfull
                } else if isLast && !balanced {
                    additional = 4 * candidates[start].penalty
                } else if delta < 0 {
                    widthScore = overfull
                } else {
                    widthScore = delta * delta / zoom
                }
                if delta < 0 { active = start + 1 } else { bestHope = widthScore }
                let score = startScore + widthScore + additional
                if score <= best { best = score; bestPrevious = start }
            }
            scores.append((best + candidates[end].penalty + linePenalty, bestPrevious))
        }
        var breaks: [Int] = []
        var i = candidates.count - 1
        while i > 0 { breaks.append(i); i = scores[i].previous }
        return breaks.reversed()
    }

    /// Chromium's bisection (`ParagraphLineBreaker::AttemptParagraphBalancing`):
    /// the narrowest width, to 1 px, at which as many greedy lines as
    /// `lines` hold their text; nil when it does not apply (a forced break or
    /// a line that overflows).
    func bisectedLimit(_ lines: ArraySlice<GreedyLine>, box: Int64) -> Int64? {
        guard !segments.contains(where: \.mandatoryBreak) else { return nil }
        let lineCount = lines.count, stop = lines.last!.endSegment
        func fits(_ units: Int64) -> Bool? {
            let found = greedyLines(limit: units * 1024 + 1023, count: lineCount)
            if found.contains(where: \.overflows) { return nil }
            return found.last.map { $0.endSegment >= stop } ?? true
        }
        let average = lines.reduce(Int64(0)) { $0 + LayoutUnit(ceiling: $1.content).raw } / Int64(lineCount)
        let epsilon = Int64((Float(core.facts.scale) * 64).rounded(.up))
        var upper = box, lower = Int64((Float(average) * 0.8).rounded())
        while lower + epsilon < upper {
            let middle = (upper + lower) / 2
            guard let finished = fits(middle) else { lower = middle; continue }
            if finished { upper = middle } else { lower = middle }
        }
        return upper * 1024 + 1023
    }

    /// A limit per line that makes the greedy breaker end each of `lines` at
    /// its chosen break (the segment `breaks[k]` starts the next line): just
    /// short of what the next segment needs to fit (its content, less a
    /// closing bracket set half-width or ideographic spaces that hang), and
    /// no less than the line's own content with the kern its end loses; the
    /// paragraph's last line keeps the box's limit.
    func lineLimits(_ lines: ArraySlice<GreedyLine>, breaks: [Int], limit: Int64) -> [Int64] {
        var limits: [Int64] = []
        var start = lines.first!.firstSegment
        let paragraphEnd = lines.last!.endSegment
        for next in breaks {
            if next >= paragraphEnd {
                limits.append(limit)
            } else {
                var x: Int64 = 0, content: Int64 = 0
                for s in start..<next {
                    content = x + segmentContentWidth(s)
                    x = content + segmentTrailingWidth(s)
                }
                let last = segments[next - 1]
                let kern = hasReshapedEnds && last.contentEnd == last.end ? core.reshapedEndKern(at: last.end) : 0
                let seg = segments[next]
                let nextEnd = x + segmentContentWidth(next)
                let nextFits = nextEnd - (seg.hangs ? core.hangingWidth(next) : 0)
                    - (hasTrimmableClose ? core.trim(at: core.contentEnd(next) - 1) : 0)
                limits.append(max(content + kern, nextFits - 1))
            }
            start = next
        }
        return limits
    }

    /// A segment's content width, 1/65536 px.
    func segmentContentWidth(_ s: Int) -> Int64 {
        let seg = segments[s]
        return seg.width != Int32.max ? Int64(seg.width) : core.width(Int(start(s)), Int(core.contentEnd(s)))
    }

    /// A segment's trailing spaces' width, 1/65536 px (tabs aside: scored texts have none).
    func segmentTrailingWidth(_ s: Int) -> Int64 {
        segments[s].trailing != Int32.max ? Int64(segments[s].trailing) : core.segmentTrailing(s)
    }

    /// 1/65536 px rounded up to layout units, as a float.
    @inline(__always)
    static func layoutUnits(_ fixed: Int64) -> Float { Float(LayoutUnit(ceiling: fixed).raw) / Float(LayoutUnit.perPixel) }
}
