// Pipeline stage: Layout.
// In: a PreparedText's segments and a width (arithmetic only, never reshaping).
// Out: TextLayout (lines, runs, glyphs, rectangles) or TextMeasurement (sizes only).

import CUnicode

/// Greedy line breaking over a prepared text's segments: arithmetic only.
///
/// Rules (Chromium's): a segment is placed when its content (trailing spaces
/// excluded, since they hang) fits after what the line holds; a forced break
/// ends the line; a segment that does not fit on an empty line is broken
/// between grapheme clusters (`overflow-wrap: break-word`), keeping at least
/// one cluster per line. Tabs advance to the next stop strictly right of the
/// pen. Line heights: the line box reaches from the highest to the lowest
/// inline box on it, the strut included (see `InlineBox`); a fixed line height
/// with no taller box is used as is.
struct LineBreaker {
    let core: PreparedCore
    // Hot values copied out of the core once per layout, so the per-segment
    // loop reads plain locals (no class property reads, no retains: the
    // arrays are read through buffer pointers valid for the breaker's life).
    let segments: UnsafeBufferPointer<Segment>
    let segmentMetrics: UnsafeBufferPointer<(ascent: Double, descent: Double)>
    /// `PreparedCore.runBoundaries` (empty unless `hasRunBoundaries`).
    let runBoundaries: UnsafeBufferPointer<Int32>
    /// The unit metrics when the text has run boundaries (run rounding reads them).
    let runMetrics: UnitMetrics?
    let maxLines: Int?
    let breakWords: Bool
    let strut: (ascent: Double, descent: Double)
    let fixedLineHeight: Double?
    let hasTrimmableClose: Bool
    /// `line-break: anywhere`: a break may come between any two grapheme clusters, before a space too.
    let breaksAnywhere: Bool
    /// Some break inside a shaped word is unsafe (`PreparedCore.reshapedEnds`): a line ending there is reshaped.
    let hasReshapedEnds: Bool
    let hyphenWidth: Int64
    /// Every segment is plain (see `PreparedCore.hasOnlyPlainSegments`) and no
    /// line limit applies: lines take the fast path.
    let plain: Bool
    /// No segment's font is taller than the strut: line heights need no lookups.
    let strutMetricsOnly: Bool
    /// The text has runs of several styles (each run's piece of a line is rounded on its own).
    let hasRunBoundaries: Bool
    /// `text-wrap-style`; `.wrap` for intrinsic sizes (see `wrapLimits`).
    let wrapStyle: ParagraphStyle.TextWrap
    /// `white-space: break-spaces` outside min-content: the spaces a line
    /// ends with took room while it broke, but its width leaves them out
    /// (`trimEndSpaces`).
    let trimsEndSpaces: Bool
    /// `white-space: break-spaces`: a tab after a segment's content takes
    /// room on the line as its spaces do (it does not hang).
    let tabsTakeRoom: Bool
    /// CSS `text-indent` when the paragraph has one (see `LineBreaker+TextIndent.swift`).
    let textIndent: TextIndent?
    /// Lines for CSS min-content: only lines that start a paragraph are
    /// indented, and with `hanging` alone the lines after the first forced break.
    let forMinContent: Bool
    /// The first segment that ends at a forced break (min-content of a hanging indent only).
    let firstForcedBreak: Int

    /// Runs `body` with a breaker over `core` (the breaker must not escape it).
    /// `minContent` breaks only at the text's own opportunities (no
    /// `overflow-wrap: break-word` inside words, but `anywhere`'s breaks; no
    /// line clamp), as CSS min-content sizing does; `ignoresLineLimit` lays out every line whatever `maxLines` says
    /// (CSS max-content).
    static func with<R>(_ core: PreparedCore, minContent: Bool = false, ignoresLineLimit: Bool = false,
                        _ body: (LineBreaker) -> R) -> R {
        let metrics = core.segmentMetrics
        guard core.facts.hasRunBoundaries else {
            return body(LineBreaker(core: core, segments: core.segments, segmentMetrics: metrics,
                                    runBoundaries: UnsafeBufferPointer(start: nil, count: 0), minContent: minContent,
                                    ignoresLineLimit: ignoresLineLimit))
        }
        return core.runBoundaries.withUnsafeBufferPointer { bounds in
            body(LineBreaker(core: core, segments: core.segments, segmentMetrics: metrics, runBoundaries: bounds,
                             minContent: minContent, ignoresLineLimit: ignoresLineLimit))
        }
    }

    /// Reads only the core's header (its first cache lines), not its details:
    /// a plain text's layout then touches nothing else but its segments.
    private init(core: PreparedCore, segments: UnsafeBufferPointer<Segment>,
                 segmentMetrics: UnsafeBufferPointer<(ascent: Double, descent: Double)>,
                 runBoundaries: UnsafeBufferPointer<Int32>, minContent: Bool, ignoresLineLimit: Bool) {
        self.core = core
        self.segments = segments
        self.segmentMetrics = segmentMetrics
        self.runBoundaries = runBoundaries
        // Run rounding measures inside segments for every boundary a line
        // holds: the unit metrics are taken once, not per boundary.
        runMetrics = runBoundaries.isEmpty ? nil : core.unitMetrics
        maxLines = minContent || ignoresLineLimit ? nil : core.facts.maxLines
        // (`overflow-wrap: anywhere`'s breaks count for min-content; `break-word`'s do not.)
        breakWords = minContent ? core.facts.overflowWrap == .anywhere : core.facts.overflowWrap != .normal
        strut = (core.facts.strutAscent, core.facts.strutDescent)
        fixedLineHeight = core.facts.fixedLineHeight
        // A closing bracket is set half-width only to make a line fit: never
        // for min-content (Chromium's is the piece at its full width).
        hasTrimmableClose = !minContent && core.facts.hasTrimmableClose
        breaksAnywhere = core.facts.breaksAnywhere
        hasReshapedEnds = !minContent && core.facts.hasReshapedEnds
        hyphenWidth = core.facts.hyphenWidth
        plain = core.facts.hasOnlyPlainSegments && maxLines == nil
        strutMetricsOnly = core.facts.strutMetricsOnly
        hasRunBoundaries = core.facts.hasRunBoundaries
        wrapStyle = minContent || ignoresLineLimit ? .wrap : core.facts.textWrap
        trimsEndSpaces = !minContent && core.facts.whiteSpace == .breakSpaces
        tabsTakeRoom = core.facts.whiteSpace == .breakSpaces
        textIndent = core.facts.hasTextIndent ? core.paragraph.textIndent : nil
        forMinContent = minContent
        firstForcedBreak = minContent && textIndent?.hanging == true
            ? segments.firstIndex(where: \.mandatoryBreak) ?? Int.max : Int.max
    }

    @inline(__always)
    func start(_ s: Int) -> Int32 { s == 0 ? 0 : segments[s - 1].end }

    /// One line as the breaker finds it, before it becomes a `DeviceLine`.
    struct RawLine {
        var start: Int32
        var contentEnd: Int32
        var end: Int32
        /// Width of the visible content, 1/65536 px.
        var content: Int64
        var ascent: Double
        var descent: Double
        var hasEllipsis: Bool
        var height: Double
        /// Width of the trailing spaces after the content (they hang), 1/65536 px.
        var trailing: Int64 = 0
        /// Added to the last unit's width: less a closing bracket set
        /// half-width to fit, the kern lost where a word is split, or the
        /// hyphen shown at a soft hyphen.
        var endAdjust: Int64 = 0
        /// Added to the first unit's width: the kern a right-to-left line
        /// starting inside a word loses.
        var startAdjust: Int64 = 0
        /// The line ends at a soft hyphen and shows a hyphen.
        var showsHyphen = false
    }

    /// Where the breaker is: the next segment, and an offset inside it after an
    /// overflow-wrap break.
    struct Cursor {
        var segment = 0
        var splitAt: Int32 = -1
        /// The width of segment `segment` from `splitAt` on (measuring it again
        /// for every line of a long word was quadratic).
        var splitRemainder: Int64 = 0
        var lineCount = 0
        var truncated = false
    }

    /// Chromium compares widths in layout units (1/64 px) truncated: a line
    /// whose exact width exceeds the box by less than 1/64 px still fits.
    static func limit(for width: Double?) -> Int64 {
        guard let width, width * Double(Fixed16.perPixel) < Double(Fixed16.unbounded) else { return Fixed16.unbounded }
        return LayoutUnit.flooredFixed(pixels: width) + LayoutUnit.fixedPerUnit - 1
    }

    /// `Int64(x.rounded(.down))` without the libm call (`floor` is not an
    /// instruction on the x86-64 baseline): truncation, less one below zero
    /// when it rounded up.
    @inline(__always)
    static func floorToInt64(_ x: Double) -> Int64 {
        let t = Int64(x)
        return Double(t) > x ? t - 1 : t
    }

    /// The next line, or nil when the text (or `maxLines`) is exhausted.
    func nextLine(_ cursor: inout Cursor, limit: Int64) -> RawLine? {
        let segs = segments
        let s = cursor.segment
        guard s < segs.count else { return nil }
        if let maxLines, cursor.lineCount >= max(0, maxLines) { cursor.truncated = true; return nil }
        if plain && cursor.splitAt < 0 && Int64(segs[s].width) <= limit, let line = nextPlainLine(&cursor, limit: limit) {
            return line
        }
        let lineStart = cursor.splitAt >= 0 ? cursor.splitAt : start(s)
        // Chromium reshapes a line's start inside a word too: right-to-left
        // text loses the kern its first glyph kept with the one before.
        let startKern = cursor.splitAt >= 0 ? core.splitStartCorrection(at: Int(cursor.splitAt))
            : hasReshapedEnds && s > 0 ? core.reshapedStartKern(at: lineStart) : 0
        var line = OpenLine(start: lineStart, startKern: startKern,
                            end: LineEnd(segment: s, splitAt: cursor.splitAt, lineStart: lineStart, pen: startKern, strut: strut))
        var done = false
        var unseenBreak = false
        if line.end.splitAt >= 0, let r = restartedLine(from: line.end.splitAt, segment: s, limit: limit) {
            // The rest of a split Thai word, segmented afresh (LineBreaker+Dictionary).
            if !strutMetricsOnly { line.end.include(core.pieceMetrics(line.end.splitAt, r.end)) }
            (line.end.content, line.end.contentEnd, line.end.lineEnd, line.end.x, line.end.adjust) =
                (r.content, r.contentEnd, r.end, r.pen, r.adjust)
            line.first = false
            if r.whole {
                line.end.s = r.lastSegment + 1
                line.end.splitAt = -1
                done = segs[r.lastSegment].mandatoryBreak
                line.fallback = line.end
                if hasReshapedEnds { line.lastPlaced = line.end }
            } else {
                while line.end.s < segs.count && segs[line.end.s].end <= r.end { line.end.s += 1 }
                line.end.splitAt = line.end.s < segs.count && start(line.end.s) < r.end ? r.end : -1
                if line.end.splitAt >= 0 { cursor.splitRemainder = core.width(Int(r.end), Int(core.contentEnd(line.end.s))) }
                done = true
            }
        }
        while !done && line.end.s < segs.count {
            let s = line.end.s, x = line.end.x
            let seg = segs[s]
            let segStart = start(s)
            let segContentEnd = seg.hasLongTrailing ? core.contentEnd(s) : seg.contentEnd
            let from = line.first && line.end.splitAt >= 0 ? line.end.splitAt : segStart
            let w = from != segStart ? cursor.splitRemainder
                : seg.width != Int32.max ? Int64(seg.width) : core.width(Int(from), Int(segContentEnd))
            // What must fit: the content, less ideographic spaces that hang.
            let hyphen = seg.endsWithSoftHyphen ? hyphenWidth : 0
            var segPieceStart = line.pieceStart
            // Run rounding only adds width, so a segment that does not fit
            // without it needs it only if it is placed whole (below): a long
            // unbreakable segment of many runs is not walked for every line.
            let hanging = seg.hangs ? core.hangingWidth(s) : 0
            var rounding: Int64 = 0
            var roundingKnown = !hasRunBoundaries
            if !roundingKnown && (x + w - hanging <= limit || hasTrimmableClose) {
                rounding = runRounding(from: from, to: seg.end, lineStart: lineStart, pen: x, pieceStart: &segPieceStart)
                roundingKnown = true
            }
            let fitWidth = w + rounding - hanging
            let fitsPlain = x + fitWidth <= limit
            var fits = fitsPlain
            var endTrim: Int64 = 0
            if !fitsPlain && segContentEnd > from && hasTrimmableClose
                && (segContentEnd == seg.end || breaksAnywhere || (line.first && breakWords)) {
                // A line that fits only by trimming its closing bracket must fit
                // without the 1/64 px tolerance (Chromium re-measures it): the
                // corpus has one over by 0.00084 px that fits (FreeType's
                // inexact ideograph advances) and one over by 0.005 px that
                // does not; 1/512 px lies between.
                // Chromium trims the bracket only where a break may follow it
                // directly. Spaces after it (collapsed or preserved) or a
                // forced break move the opportunity past them, so "「한국어」 문장"
                // at 20 px in 90 px breaks inside the word ("「한국" | "어」 문장")
                // where "「한국어」문장" keeps it whole; but with `line-break:
                // anywhere`, and when the segment alone overflows the line
                // (overflow-wrap then breaks anywhere), a break before the
                // space is allowed and the bracket is trimmed ("「별」 " fits
                // 40 px at 16 px).
                endTrim = core.trim(at: segContentEnd - 1)
                fits = endTrim > 0 && x + fitWidth - endTrim <= limit - 1023 + 128
            }
            // `break-spaces`: the segment's tab must fit as well. One that
            // does not ends the line before the segment, or, when the
            // segment starts the line, moves to the next line alone
            // (overflow-wrap breaks before it: "separated" | "⇥" at 80 px).
            var tabMoves = false
            if tabsTakeRoom && seg.hasTab && fits && roundingKnown
                && x + fitWidth + trailingWidth(s, penAt: x + fitWidth) > limit {
                if !line.first { fits = false } else if breakWords && segContentEnd > from { tabMoves = true }
            }
            if !line.first && !fits {
                // The break before this segment may not exist for Chromium,
                // whose break iterator starts at the line: then the line is
                // one word that overflows, and is broken anywhere.
                unseenBreak = breakWords && line.end.splitAt < 0 && cursor.splitAt >= 0 && s == cursor.segment + 1
                    && !core.isBreakSeen(fromLineStart: lineStart, at: segStart)
                break
            }
            // A piece of a segment counts only the fonts in it (the rest of a
            // split word after Arabic may be all Noto Sans: 55 px, not 85, at 40 px).
            let metrics = strutMetricsOnly ? strut : from != segStart ? core.pieceMetrics(from, seg.end) : segmentMetrics[seg.metrics]
            if line.first && !fits && breakWords {
                let start = line.pieceStart
                var cut = fittingClusterEnd(from: Int(from), to: Int(segContentEnd), limit: limit - x) { end in
                    var ps = start
                    return runRounding(from: from, to: Int32(end), lineStart: lineStart, pen: x, pieceStart: &ps)
                }
                // Chromium reshapes the line's end at the split: the kern with
                // the next letter goes, and the line may no longer fit.
                var correction = cut < Int(segContentEnd) ? core.splitCorrection(at: cut) : 0
                while correction > 0, cut < Int(segContentEnd), x + core.width(Int(from), cut) + correction > limit,
                      let earlier = core.previousGraphemeStart(before: cut, after: Int(from)) {
                    cut = earlier
                    correction = core.splitCorrection(at: cut)
                }
                if cut < Int(segContentEnd) {
                    let taken = core.width(Int(from), cut)
                    cursor.splitRemainder = w - taken
                    line.end.content = x + taken + correction
                    line.end.adjust = correction
                    line.end.content += (hasRunBoundaries ? runRounding(from: from, to: Int32(cut), lineStart: lineStart, pen: x,
                                                                        pieceStart: &line.pieceStart) : 0)
                    line.end.contentEnd = Int32(cut)
                    line.end.lineEnd = Int32(cut)
                    line.end.include(strutMetricsOnly ? strut : core.pieceMetrics(from, Int32(cut)))
                    line.end.splitAt = Int32(cut)
                    line.end.hyphen = 0
                    line.first = false
                    break
                }
            }
            if tabMoves {
                cursor.splitRemainder = 0
                line.end.content = x + fitWidth
                line.end.adjust = 0
                line.pieceStart = segPieceStart
                line.end.contentEnd = segContentEnd
                line.end.lineEnd = segContentEnd
                line.end.include(metrics)
                line.end.splitAt = segContentEnd
                line.end.hyphen = 0
                line.first = false
                break
            }
            if !roundingKnown {
                rounding = runRounding(from: from, to: seg.end, lineStart: lineStart, pen: x, pieceStart: &segPieceStart)
            }
            let content = x + w + rounding - (fitsPlain ? 0 : endTrim)
            line.end.content = content
            line.end.adjust = fitsPlain ? 0 : -endTrim
            line.pieceStart = segPieceStart
            line.end.hyphen = hyphen
            line.end.contentEnd = segContentEnd
            line.end.x = content + (seg.hasTab ? trailingWidth(s, penAt: content)
                                    : seg.trailing != Int32.max ? Int64(seg.trailing) : core.segmentTrailing(s))
            line.end.lineEnd = seg.end
            line.end.include(metrics)
            line.first = false
            line.end.splitAt = -1
            line.end.s = s + 1
            if hyphen == 0 || content + hyphen <= limit {
                line.fallback = line.end
            }
            if hasReshapedEnds {
                line.previousPlaced = line.lastPlaced
                line.lastPlaced = line.end
            }
            if seg.mandatoryBreak || !fitsPlain { break }
        }
        if unseenBreak {
            let (cut, correction) = anywhereCut(lineStart: lineStart, to: Int(core.contentEnd(line.end.s)),
                                                room: limit - startKern)
            endLine(&line, at: cut, correction: correction, cursor: &cursor)
        } else if hasReshapedEnds && line.end.splitAt < 0 && line.end.s < segs.count && line.end.hyphen == 0
                    && line.lastPlaced != nil {
            reshapeEnd(&line, limit: limit, cursor: &cursor)
        }
        if line.end.s < segs.count && line.end.hyphen > 0 && line.end.content + line.end.hyphen > limit {
            endBeforeSoftHyphen(&line, limit: limit, cursor: &cursor)
        }
        var end = line.end
        if end.s < segs.count {  // a soft-hyphen break shows its hyphen
            end.content += end.hyphen
            end.adjust += end.hyphen
        }
        if end.splitAt < 0 && end.contentEnd < end.lineEnd && end.hyphen == 0
            && (cursor.splitAt >= 0 ? end.s == s + 1 : hasReshapedEnds && s > 0) {
            // A line after a reshaped start with no safe break inside, reshaped whole (WholeLineReshape).
            let gain = core.reshapedLineCorrection(start: lineStart, contentEnd: end.contentEnd, split: cursor.splitAt >= 0,
                                                   startGain: startKern)
            end.content += gain
            end.x += gain
            end.adjust += gain
        }
        var hasEllipsis = false
        if let maxLines, cursor.lineCount + 1 == maxLines, end.s < segs.count {
            // The last allowed line: laid out as if nothing followed, then cut
            // where the ellipsis fits (LinePlacement, LineCut).
            cursor.truncated = true
            hasEllipsis = true
            end.s = segs.count
        }
        cursor.segment = end.s
        cursor.splitAt = end.splitAt
        cursor.lineCount += 1
        return RawLine(start: lineStart, contentEnd: end.contentEnd, end: end.lineEnd, content: end.content, ascent: end.asc,
                       descent: end.desc, hasEllipsis: hasEllipsis, height: fixedLineHeight ?? (end.asc + end.desc),
                       trailing: end.splitAt >= 0 ? 0 : max(0, end.x - end.content), endAdjust: end.adjust,
                       startAdjust: startKern, showsHyphen: end.s < segs.count && end.hyphen > 0 && !hasEllipsis)
    }

    /// `nextLine` for plain segments (no soft hyphen, tab, hanging space,
    /// trimmable bracket or 32-bit overflow) when the first segment fits: the
    /// same greedy rule with nothing else to consider. Nil (the cursor
    /// untouched) when the line starts or ends at a break Chromium reshapes
    /// (`PreparedCore.reshapedEnds`) with a kern to lose, or holds a run
    /// boundary (run rounding): the general path places that line.
    ///
    /// Always inlined (`@_transparent`: with `@inline(__always)` the
    /// optimizer still called it from `layout` and `nextLine`, and the caller
    /// read the returned line back from memory in wider loads than the
    /// callee had stored it with, a store-forwarding stall per line: 8% of
    /// a re-layout of texts in the CPU cache).
    @_transparent
    func nextPlainLine(_ cursor: inout Cursor, limit: Int64) -> RawLine? {
        let segs = segments
        var s = cursor.segment
        let lineStart = start(s)
        if hasReshapedEnds && s > 0 && core.reshapesLineStart(at: lineStart) { return nil }
        // With style or direction runs, segments ending at or before the first
        // run boundary after the line's start need no run rounding; a line
        // that would place a segment past it goes to the general path.
        var lastEnd = Int32.max
        if hasRunBoundaries {
            let bounds = runBoundaries
            var lo = 0, hi = bounds.count
            while lo < hi { let m = (lo + hi) / 2; if bounds[m] <= lineStart { lo = m + 1 } else { hi = m } }
            if lo < bounds.count { lastEnd = bounds[lo] }
        }
        var x: Int64 = 0, content: Int64 = 0
        var asc = strut.ascent, desc = strut.descent
        // The loop is compiled twice on purpose (`readsMetrics` is a constant
        // in each): most texts have no font taller than the strut, and their
        // loop reads no segment metrics.
        if strutMetricsOnly {
            guard placePlainSegments(&s, pen: &x, content: &content, &asc, &desc, limit: limit, lastEnd: lastEnd,
                                     readsMetrics: false) else { return nil }
        } else {
            guard placePlainSegments(&s, pen: &x, content: &content, &asc, &desc, limit: limit, lastEnd: lastEnd,
                                     readsMetrics: true) else { return nil }
        }
        let last = segs[s &- 1]
        // A line ending inside a word where HarfBuzz marks the break unsafe
        // loses the kern there (`reshapeEnd`), which may move its end.
        if hasReshapedEnds && s < segs.count && !last.mandatoryBreak && last.contentEnd == last.end
            && core.reshapedEndKern(at: last.end) != 0 { return nil }
        cursor.segment = s
        cursor.lineCount &+= 1
        return RawLine(start: lineStart, contentEnd: last.contentEnd, end: last.end, content: content, ascent: asc,
                       descent: desc, hasEllipsis: false, height: fixedLineHeight ?? (asc + desc), trailing: x &- content)
    }

    /// `nextPlainLine`'s loop: places whole segments from `s` on while they
    /// fit, moving the pen, the content's end and (`readsMetrics`) the line's
    /// ascent and descent; false when one would end past `lastEnd` (a run
    /// boundary: the general path places the line). Widths are below 2^31
    /// and there are fewer than 2^31 segments: the sums cannot overflow
    /// (wrapping adds skip the checks).
    @_transparent
    func placePlainSegments(_ s: inout Int, pen x: inout Int64, content: inout Int64, _ asc: inout Double,
                            _ desc: inout Double, limit: Int64, lastEnd: Int32, readsMetrics: Bool) -> Bool {
        let segs = segments
        while s < segs.count {
            let seg = segs[s]
            let w = Int64(seg.width)
            if x &+ w > limit { break }
            if seg.end > lastEnd { return false }
            content = x &+ w
            x = content &+ Int64(seg.trailing)
            if readsMetrics {
                let m = segmentMetrics[seg.metrics]
                asc = max(asc, m.ascent); desc = max(desc, m.descent)
            }
            s &+= 1
            if seg.mandatoryBreak { break }
        }
        return true
    }

    /// Prefetches every cache line of the segments before lines are broken.
    /// The prefetches do not depend on one another, so they are in flight
    /// together; the breaker's own loads wait on its branches, and a text
    /// not in the CPU cache cost a miss per cache line in turn.
    @inline(__always)
    func prefetchSegments() { PreparedCore.prefetch(segments) }

    /// What rounding adds to the pen over `[from, to)` of a line starting at
    /// `lineStart` when `[from, …)` starts at pen `x`: Chromium rounds each
    /// style run's piece of a line up to 1/64 px before it sums them, so
    /// every style boundary in the range ends a piece (started at
    /// `pieceStart`, which moves to the boundary) whose width is rounded up.
    func runRounding(from: Int32, to: Int32, lineStart: Int32, pen x: Int64, pieceStart: inout Int64) -> Int64 {
        let bounds = runBoundaries
        guard let m = runMetrics, !bounds.isEmpty else { return 0 }
        var lo = 0, hi = bounds.count
        while lo < hi { let m = (lo + hi) / 2; if bounds[m] < from { lo = m + 1 } else { hi = m } }
        var added: Int64 = 0
        // The width from `from`, summed as the boundaries go (one pass, not one per boundary).
        var measured: Int64 = 0, measuredTo = from
        while lo < bounds.count && bounds[lo] < to {
            let at = bounds[lo]
            lo += 1
            if at <= lineStart { continue }
            measured += m.width(Int(measuredTo), Int(at))
            measuredTo = at
            let p = x + measured + added
            let closed = p - pieceStart
            let rounded = LayoutUnit.ceilingFixed(closed)
            added += rounded - closed
            pieceStart = p + (rounded - closed)
        }
        return added
    }

    /// The furthest grapheme boundary in `(from, to]` whose width from `from`
    /// fits `limit`, and at least one cluster.
    /// `rounding(end)` is what run rounding adds to `[from, end)` (texts with
    /// several styles or directions).
    func fittingClusterEnd(from: Int, to: Int, limit: Int64, rounding: (Int) -> Int64) -> Int {
        let m = core.unitMetrics
        var w: Int64 = 0
        var best = -1
        var i = from
        while i < to {
            var j = i + 1
            while j < to && !m.isGraphemeStart(j) { j += 1 }
            w += m.width(i, j)
            if w + (hasRunBoundaries ? rounding(j) : 0) > limit { break }
            best = j
            i = j
        }
        if best < 0 {
            var j = from + 1
            while j < to && !m.isGraphemeStart(j) { j += 1 }
            return j
        }
        return best
    }

    /// The pen after unit `i`: its advance, or the next tab stop for a tab.
    @inline(__always)
    private func advance(_ x: Int64, over i: Int, _ m: UnitMetrics) -> Int64 {
        core.advance(x, over: i, m)
    }

    func trailingWidth(_ s: Int, penAt pen: Int64) -> Int64 {
        let seg = segments[s]
        guard seg.hasTab else { return core.segmentTrailing(s) }
        var x = pen
        let m = core.unitMetrics
        for i in Int(core.contentEnd(s))..<Int(seg.end) { x = advance(x, over: i, m) }
        return x - pen
    }

    /// Rounds 1/65536 px up to Chromium's 1/64 px layout units.
    static func layoutUnitsCeil(_ fixed: Int64) -> Double { LayoutUnit.ceilingPixels(fixed) }

    /// A width in px rounded down to whole layout units, in 1/65536 px.
    static func layoutUnitsFloor(_ width: Double) -> Int64 {
        guard width.isFinite, width * Double(Fixed16.perPixel) < Double(Fixed16.unbounded) else { return Fixed16.unbounded }
        return LayoutUnit.flooredFixed(pixels: width)
    }
}
