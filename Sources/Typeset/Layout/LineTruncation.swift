/// What a truncated layout shows of its cut line (`maxLines`, or a `nowrap`
/// line with `textOverflow: .ellipsis`), so that a renderer draws exactly what
/// was measured.
public struct Truncation: Sendable, Hashable {
    /// The index of the cut line in `TextLayout.lines` (the last line).
    public let lineIndex: Int
    /// The marker drawn: "…", or "..." when the primary font has no U+2026.
    public let ellipsis: String
    /// The marker's left edge and width, device pixels.
    let deviceEllipsisX: Fixed16
    let deviceEllipsisWidth: LayoutUnit
    /// Device pixels per CSS px.
    let scale: Double
    /// The source UTF-16 ranges of the cut line that stay visible, in logical
    /// order. Chromium hides a *visual* suffix: in a line that mixes
    /// directions this need not be a logical prefix (an English line in a
    /// right-to-left paragraph loses its first letters).
    public let visibleUTF16Ranges: [Range<Int>]

    /// The marker's left edge from the layout's left edge, px. It may lie
    /// partly outside the box: Chromium aligns the cut line by its width
    /// before the cut, so an end-aligned marker overflows (and is clipped).
    public var ellipsisX: Double { deviceEllipsisX.pixels / scale }
    /// The marker's width, px (rounded up to 1/64 px).
    public var ellipsisWidth: Double { deviceEllipsisWidth.pixels / scale }
}

/// Chromium's LineTruncator on one line, in layout units, relative to the
/// line's left edge before alignment: the placed runs are visited from the
/// line's end edge; a run beyond the box is hidden; the first run that fits
/// with the ellipsis keeps all of itself, one that does not is cut at the
/// grapheme boundary that fits (keeping the part nearest the line's start
/// edge, which is a logical suffix when the run's direction differs from the
/// line's); a cut that keeps nothing or everything of a run hides that run
/// instead, except for the line's first run, which keeps one grapheme (or
/// drops one). The kept part stays where it was; the ellipsis goes beside it.
struct LineCut {
    /// Processed ranges that stay visible, logical order.
    var visible: [Range<Int>]
    /// The width of the preserved spaces after the content that the cut
    /// laid out on the line's left (right-to-left lines; `pre-wrap`): the
    /// line's left edge is that much left of its aligned content.
    var trailingLeft: Int64 = 0
    /// The ellipsis' left edge, 1/65536 px from the line's left edge.
    var ellipsisX: Int64
    /// The drawn extent (visible text and ellipsis), 1/65536 px from the line's left edge.
    var drawnLeft: Int64
    var drawnRight: Int64
}

extension PreparedCore {
    /// Where the text a cut line's ellipsis follows ends: the content, and
    /// in `pre-wrap` the preserved spaces and tabs after it too (they stay
    /// before the ellipsis, measured: "The quick " + "…" at 15 px in 100 px),
    /// a forced break left out.
    func cutEnd(contentEnd: Int32, end: Int32) -> Int? {
        guard paragraph.whiteSpace == .preWrap else { return nil }
        var b = Int(end)
        while b > Int(contentEnd), text.units[b - 1] != 0x20 && text.units[b - 1] != 0x09 { b -= 1 }
        return b
    }

    /// The cut of line `[a, b)` (its content, trailing spaces excluded) in a
    /// box `available` wide (1/65536 px, whole layout units); nil when no run
    /// can hold the ellipsis (nothing is drawn for it then). A line with
    /// nothing on it gets the ellipsis alone.
    /// `spaceExpansion` widens every space of a justified line (1/65536 px).
    /// `trailingEnd` (`cutEnd`): the preserved spaces after the content up
    /// to there are a run of their own at the paragraph's level, at the
    /// line's end edge (bidi's rule L1), which the cut visits first.
    func cutLine(_ a: Int, _ b: Int, available: Int64, rightToLeft rtl: Bool, spaceExpansion: Int64 = 0,
                 trailingEnd: Int? = nil) -> LineCut? {
        // A line with tabs whose text is all at one level is cut as one run,
        // its tabs advancing to their stops. With text of several levels
        // (Hebrew words between the tabs of a left-to-right line) it is cut
        // run by run, each as wide as its piece of the line's pen: "ומילים"
        // after a tab loses its first letter, on its right, to the ellipsis.
        var runs = placedRuns(a, b)
        var tabs = false
        if tabInterval > 0 && a < b && text.units[a..<b].contains(0x09) {
            if runs.allSatisfy({ $0.level == runs[0].level }) {
                tabs = true
                runs = [tabRun(a, b, level: paragraphLevel)]
            } else {
                for i in runs.indices {
                    runs[i].exact = penWidth(a, runs[i].end) - penWidth(a, runs[i].start)
                    runs[i].width = Self.ceilToLayoutUnit(runs[i].exact)
                }
            }
        }
        if spaceExpansion != 0 {
            for i in runs.indices {
                runs[i].exact += Int64(expansionOpportunities(runs[i].start, runs[i].end, lineEnd: b)) * spaceExpansion
                runs[i].width = Self.ceilToLayoutUnit(runs[i].exact)
            }
        }
        var trailingLeft: Int64 = 0
        if let trailingEnd, trailingEnd > b {
            // Trailing tabs join the line's tab run (rounded once with it);
            // the spaces after the last tab are a run of their own.
            var spacesStart = b
            if tabs, let lastTab = text.units[b..<trailingEnd].lastIndex(of: 0x09) {
                spacesStart = lastTab + 1
                runs = [tabRun(a, spacesStart, level: paragraphLevel)]
                trailingLeft = runs[0].width - Self.ceilToLayoutUnit(penWidth(a, b))
            }
            if trailingEnd > spacesStart {
                let w = penWidth(a, trailingEnd) - penWidth(a, spacesStart)
                let run = PlacedRun(start: spacesStart, end: trailingEnd, level: paragraphLevel, exact: w,
                                    width: Self.ceilToLayoutUnit(w))
                if rtl { runs.insert(run, at: 0) } else { runs.append(run) }
                trailingLeft += run.width
            }
            if !rtl { trailingLeft = 0 }
        }
        let ew = Self.ceilToLayoutUnit(ellipsisWidth)
        // A blank line (between forced breaks) shows the ellipsis alone, at its start edge.
        guard !runs.isEmpty else {
            return LineCut(visible: [], ellipsisX: rtl ? -ew : 0, drawnLeft: rtl ? -ew : 0, drawnRight: rtl ? 0 : ew)
        }
        var offsets: [Int64] = []
        var pen: Int64 = 0
        for r in runs { offsets.append(pen); pen += r.width }
        let lineWidth = pen
        let firstIndex = rtl ? runs.count - 1 : 0
        let visitOrder = rtl ? Array(runs.indices) : Array(runs.indices.reversed())
        for i in visitOrder {
            let run = runs[i]
            let fromStart = rtl ? lineWidth - (offsets[i] + run.width) : offsets[i]
            var space = available - fromStart
            if space <= 0 { continue }
            space -= ew
            let isFirst = i == firstIndex
            var kept = run.start..<run.end
            // The ellipsis follows a run's last glyph: the end side of an
            // inline box it closes is not drawn (Chromium).
            var keptWidth = run.width - InlineBoxRuns.endSide(before: run.end, in: boxEdges)
            if space < keptWidth {
                if space <= 0 && !isFirst { continue }
                // The part nearest the line's start edge: a logical prefix
                // when the run reads the line's way, else a suffix. The
                // border and padding a box opens with count in the room its
                // text needs, first on the line or not (Chromium: "Ctrl+…"
                // where the next chip's start side leaves no room for "S").
                let prefix = run.isRightToLeft == rtl
                guard let part = fittingPart(of: run, space: space, prefix: prefix, isFirst: isFirst,
                                             tabs: tabs, spaceExpansion: spaceExpansion, lineEnd: b)
                else { continue }
                kept = part
                keptWidth = Self.ceilToLayoutUnit((tabs ? penWidth(part.lowerBound, part.upperBound)
                                                        : unitMetrics.width(part.lowerBound, part.upperBound))
                                                  + Int64(expansionOpportunities(part.lowerBound, part.upperBound, lineEnd: b))
                                                  * spaceExpansion)
            }
            let keptLeft = rtl ? offsets[i] + run.width - keptWidth : offsets[i]
            let ellipsisX = rtl ? keptLeft - ew : keptLeft + keptWidth
            let before = rtl ? runs[(i + 1)...] : runs[..<i]
            var visible = before.map { $0.start..<$0.end } + [kept]
            visible.sort { $0.lowerBound < $1.lowerBound }
            return LineCut(visible: Self.merged(visible), trailingLeft: trailingLeft, ellipsisX: ellipsisX,
                           drawnLeft: rtl ? ellipsisX : 0, drawnRight: rtl ? lineWidth : ellipsisX + ew)
        }
        return nil
    }

    /// The part of `run` on its start-edge side (`prefix`: its logical start)
    /// whose exact width fits `space`, ending at a grapheme boundary; nil
    /// when that keeps nothing or everything, unless `isFirst`, which then
    /// keeps one grapheme or drops one.
    private func fittingPart(of run: PlacedRun, space: Int64, prefix: Bool, isFirst: Bool, tabs: Bool,
                             spaceExpansion: Int64, lineEnd: Int) -> Range<Int>? {
        let m = unitMetrics
        // Grapheme boundaries of the run, both ends included; in cursive
        // scripts not inside a ligature: Chromium cuts between glyph clusters
        // ("الأخير" keeps "خير", never "أخير" out of the lam-alef ligature).
        let wholeClusters = !ligatures.isEmpty && isCursive(at: run.start)
        var bounds: [Int] = [run.start]
        for i in (run.start + 1)..<max(run.start + 1, run.end) where m.isGraphemeStart(i) {
            if !wholeClusters || ligatures.split(at: Int32(i)) == nil { bounds.append(i) }
        }
        bounds.append(run.end)
        // How many graphemes of the start-edge side fit (widths summed a grapheme at a time).
        let graphemes = bounds.count - 1
        // (Tabs advance to their stops from the pen without the expansion:
        // justification widens a line after its tabs are set.)
        var fit = 0, pen: Int64 = 0, expansion: Int64 = 0
        while fit < graphemes {
            let k = prefix ? fit : graphemes - 1 - fit
            if tabs && prefix {
                for i in bounds[k]..<bounds[k + 1] { pen = advance(pen, over: i, m) }
            } else {
                pen += m.width(bounds[k], bounds[k + 1])
            }
            if spaceExpansion != 0 {
                expansion += Int64(expansionOpportunities(bounds[k], bounds[k + 1], lineEnd: lineEnd)) * spaceExpansion
            }
            if pen + expansion > space { break }
            fit += 1
        }
        if fit == 0 || fit == graphemes {
            guard isFirst, graphemes > 1 else { return isFirst ? run.start..<run.end : nil }
            fit = fit == 0 ? 1 : graphemes - 1
        }
        // A cut inside what one source character became under
        // `text-transform` (the two S of "ß" → "SS") keeps all of it, even
        // past the room: Chromium's cut moves to a source boundary.
        if prefix {
            var cut = bounds[fit]
            while cut < run.end && sharesSourceCharacter(cut) { cut += 1 }
            return run.start..<cut
        }
        var cut = bounds[graphemes - fit]
        while cut > run.start && sharesSourceCharacter(cut) { cut -= 1 }
        return cut..<run.end
    }

    /// Whether processed units `i - 1` and `i` come from the same source
    /// character (a `text-transform` that lengthened it: "ß" → "SS").
    private func sharesSourceCharacter(_ i: Int) -> Bool {
        guard i > 0, i < text.units.count, !UTF16.isTrailSurrogate(text.units[i]) else { return false }
        return sourceOffset(i) == sourceOffset(i - 1)
    }

    /// Whether the item at processed offset `i` is in a cursive script (Arabic…).
    private func isCursive(at i: Int) -> Bool {
        var lo = 0, hi = items.count
        while lo < hi { let m = (lo + hi) / 2; if Int(items[m].end) <= i { lo = m + 1 } else { hi = m } }
        return lo < items.count && UnicodeProps.isCursive(items[lo].script)
    }

    /// Where justification widens `[a, b)` of a line ending at `lineEnd`
    /// (Chromium's text-justify: auto): after a space (U+0020, U+00A0) or a
    /// preserved tab (a line of words joined by a tab is stretched), and
    /// between characters where a CJK ideograph, kana or CJK symbol meets
    /// another character; one opportunity per boundary, counted with the
    /// character before it, none at the line's end.
    func expansionOpportunities(_ a: Int, _ b: Int, lineEnd: Int) -> Int {
        guard a < b else { return 0 }
        var count = 0
        for j in (a + 1)...b where j < lineEnd && isExpansionOpportunity(before: j) { count += 1 }
        return count
    }

    /// Whether justification widens the boundary before unit `j` (counted
    /// with unit `j - 1`): see ``expansionOpportunities(_:_:lineEnd:)``.
    func isExpansionOpportunity(before j: Int) -> Bool {
        let before = text.units[j - 1], after = text.units[j]
        return before == 0x20 || before == 0xA0 || before == 0x09 || Self.isCJKJustified(before) || Self.isCJKJustified(after)
    }

    /// CJK ideographs, kana, bopomofo and CJK symbols and punctuation, which
    /// justification spaces apart.
    static func isCJKJustified(_ u: UInt16) -> Bool {
        (0x2E80...0x2FFF).contains(u) || (0x3000...0x31FF).contains(u) || (0x3400...0x4DBF).contains(u)
            || (0x4E00...0x9FFF).contains(u) || (0xF900...0xFAFF).contains(u) || (0xFE30...0xFE4F).contains(u)
            || (0xFF00...0xFFEF).contains(u)
    }

    /// Line `[a, b)` as one run, tabs advancing to their stops.
    private func tabRun(_ a: Int, _ b: Int, level: UInt8) -> PlacedRun {
        let w = penWidth(a, b)
        return PlacedRun(start: a, end: b, level: level, exact: w, width: Self.ceilToLayoutUnit(w))
    }

    /// The width of `[a, b)` on a line starting at `a`: tabs advance to their stops.
    func penWidth(_ a: Int, _ b: Int) -> Int64 {
        let m = unitMetrics
        var x: Int64 = 0
        for i in a..<b { x = advance(x, over: i, m) }
        return x
    }

    /// The pen after unit `i`: its advance, or the next tab stop for a tab.
    @inline(__always)
    func advance(_ x: Int64, over i: Int, _ m: UnitMetrics) -> Int64 {
        text.units[i] == 0x09 && tabInterval > 0 ? nextTabStop(after: x) : x + Int64(m.advances[i])
    }

    /// The next tab stop strictly right of the pen, skipping a stop closer
    /// than half a space (Chromium's minimum tab width).
    func nextTabStop(after x: Int64) -> Int64 {
        var stop = (x / tabInterval + 1) * tabInterval
        if stop - x < minimumTabWidth { stop += tabInterval }
        return stop
    }

    private static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        for r in ranges where !r.isEmpty {
            if let last = out.last, last.upperBound == r.lowerBound { out[out.count - 1] = last.lowerBound..<r.upperBound }
            else { out.append(r) }
        }
        return out
    }
}
