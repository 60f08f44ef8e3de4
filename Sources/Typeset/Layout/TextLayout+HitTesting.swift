import CUnicode

/// A place between two grapheme clusters where a caret can stand, as a text
/// view keeps it: an offset into the source text and, where a line wraps
/// without a space, which of the two lines it belongs to.
public struct TextPosition: Sendable, Hashable {
    /// Which line a position at a soft line break belongs to.
    public enum Affinity: Sendable, Hashable {
        /// The end of the line before the break.
        case upstream
        /// The start of the line after it (the default).
        case downstream
    }

    /// The source text's UTF-16 offset.
    public var utf16Offset: Int
    /// The side of a soft line break the position sits on.
    public var affinity: Affinity

    /// A position at a UTF-16 offset.
    public init(utf16Offset: Int, affinity: Affinity = .downstream) {
        self.utf16Offset = utf16Offset
        self.affinity = affinity
    }
}

extension TextLayout {
    /// The caret position nearest a point in layout coordinates (origin at
    /// the layout's top-left), as a browser's `caretPositionFromPoint`
    /// answers it: the first line whose text (its glyph box: the font's
    /// ascent and descent about the baseline, which a fixed line height
    /// smaller than the font lets reach into the lines around) holds the
    /// point, else the line whose box holds `y` (the first line above the
    /// layout, the last below it); then the grapheme boundary on that line
    /// nearest `x` in visual order, across bidi runs. A point past a line's
    /// end is its end: before spaces that collapse, after the spaces that
    /// hang at a pre-wrap line's end. A position at the end of a line that
    /// wraps is `.upstream`.
    public func position(atX x: Double, y: Double) -> TextPosition {
        // Hit-tested in device pixels, where the lines are.
        let x = x * scale, y = y * scale
        let lines = deviceLines
        guard !lines.isEmpty else { return TextPosition(utf16Offset: 0) }
        var index = lineIndex(atX: x, y: y)
        // Lines only after a clamp's last are not drawn.
        if isTruncated, let cut = truncation?.lineIndex { index = min(index, cut) }
        let line = lines[index]
        // caretStops never returns an empty list (an empty line has one stop).
        let stops = caretStops(of: line, hanging: true, clusters: true)
        var best = stops[0], left = stops[0].x, right = stops[0].x
        // Where two runs meet, both have a stop at one x: the run of the
        // lower bidi level wins (Blink's hit-test bidi adjustment).
        for stop in stops.dropFirst() {
            left = min(left, stop.x)
            right = max(right, stop.x)
            let d = abs(stop.x - x), e = abs(best.x - x)
            if d < e - 1e-9 || (abs(d - e) <= 1e-9 && stop.level < best.level) { best = stop }
        }
        // Runs rounded up to 1/64 px apart still meet: a stop of a lower
        // level that close is the same place.
        for stop in stops where stop.level < best.level && abs(stop.x - best.x) <= 1.0 / 64 + 1e-9 { best = stop }
        // The line's visual edges are its logical start and end, whatever
        // the direction of the run there: the left edge is an LTR line's
        // start and an RTL line's end.
        let rtl = core.paragraphLevel & 1 == 1
        let hangingEnd = stops.last { $0.level == Self.hangingLevel }?.offset
        var processed = best.offset
        if best.x <= left + 1e-9 { processed = rtl ? hangingEnd ?? Int(line.contentEnd) : Int(line.contentStart) }
        else if best.x >= right - 1e-9 { processed = rtl ? Int(line.contentStart) : hangingEnd ?? Int(line.contentEnd) }
        // At the end of a line's content, the offset is right after its last
        // character: spaces that collapsed there are not stepped over.
        let offset = processed == Int(line.contentEnd) && processed > Int(line.contentStart)
            && !core.isInsideExpansion(processed)
            ? core.sourceOffset(processed - 1) + 1 : core.sourceOffset(processed)
        // (At or after the spaces the line ends with: still this line's.)
        let wrapsHere = processed >= Int(line.contentEnd) && index + 1 < lines.count
            && lines[index + 1].utf16Range.lowerBound == offset
        return TextPosition(utf16Offset: offset, affinity: wrapsHere ? .upstream : .downstream)
    }

    /// The line a point hits: the first whose text's glyph box (the
    /// primary font's rounded ascent and descent about the baseline, what
    /// Chromium hit-tests as a line's text) reaches out of the line box and
    /// holds the point over the line's runs or hanging spaces, else the
    /// line whose box holds `y`.
    private func lineIndex(atX x: Double, y: Double) -> Int {
        let lines = deviceLines
        let boxed = lines.firstIndex { y < $0.top + $0.height } ?? lines.count - 1
        let box = core.textBox
        for (k, line) in lines.enumerated() {
            let top = line.baseline - box.ascent, bottom = line.baseline + box.descent
            guard top < line.top || bottom > line.top + line.height, y >= top && y < bottom else { continue }
            // Spaces hanging at a pre-wrap line's end are text too.
            let stops = caretStops(of: line, hanging: true)
            let (content, insideSpaces) = runsAndInsideSpaces(of: line)
            let runs = content + insideSpaces
            let hanging = stops.filter { $0.level == Self.hangingLevel }.map(\.x)
            if runs.contains(where: { x >= $0.deviceX && x < $0.deviceX + $0.deviceWidth }) { return k }
            if let lo = hanging.min(), let hi = hanging.max(), let first = runs.first, let last = runs.last,
               x >= min(lo, last.deviceX + last.deviceWidth) && x < max(hi, first.deviceX) { return k }
        }
        return boxed
    }

    /// Where a caret at `position` is drawn: a zero-width rectangle at the
    /// x of the position's grapheme boundary on its line, as tall as the
    /// line box. An offset inside a grapheme cluster counts as the
    /// cluster's start; one inside a ligature stands at its even share of
    /// the ligature's advance. One after a line's trailing spaces stands
    /// after them: after spaces and tabs that hang at a pre-wrap line's end
    /// past the box if need be, else at most at the box's edge (as Chromium
    /// draws a caret there). The x is on the 1/64 px grid, as Chromium
    /// reports it (a collapsed `Range`'s rectangle), like line widths and
    /// selection edges: the grid line at or left of the exact place, in
    /// right-to-left text the one strictly left of it. On a device pixel
    /// grid (`scale`), 1/64 of a device pixel.
    public func caretRect(for position: TextPosition) -> LayoutRect {
        guard !deviceLines.isEmpty else { return LayoutRect(x: 0, y: 0, width: 0, height: 0) }
        let line = deviceLines[lineIndex(for: position)]
        let source = core.processedOffset(source: position.utf16Offset)
        var p = min(max(source, Int(line.contentStart)), Int(line.contentEnd))
        let metrics = core.unitMetrics
        // Inside a grapheme cluster, the caret stands before it.
        while p > Int(line.contentStart) && !metrics.isGraphemeStart(p) { p -= 1 }
        let stop = caretStops(of: line).first { $0.offset == p }
        var x = stop?.x ?? line.x.pixels
        let rtl = core.paragraphLevel & 1 == 1
        // Chromium reports a caret in right-to-left text on the 1/64 px grid
        // strictly left of its exact place.
        var snaps = (stop?.level ?? 0) & 1 == 1
        if source > p, p == Int(line.contentEnd) {
            if core.paragraph.whiteSpace.preservesSpaces {
                // After spaces that hang at the line's end, past the box if need be.
                let target = min(source, core.text.units.count)
                // (The stops after the line's content: each space's, hanging
                // or inside the line at its own bidi level.)
                let after = caretStops(of: line, hanging: true).filter { $0.offset > p && $0.offset <= target }
                if let space = after.max(by: { $0.offset < $1.offset }) {
                    x = space.x
                    snaps = space.level == Self.hangingLevel ? rtl : space.level & 1 == 1
                }
            } else {
                // After the line's trailing spaces, as far as the box has room.
                let spaces = Fixed16.pixels(metrics.width(p, min(source, core.text.units.count)))
                x = rtl ? max(0, x - spaces) : min(deviceBoxWidth, x + spaces)
            }
        }
        // Every other caret: on the grid at or left of its exact place (a
        // hair's width of rounding error above a grid line counts as on it).
        x = snaps ? LayoutUnit.ceiling(pixels: x) - 1.0 / 64 : LayoutUnit.floor(pixels: x, tolerance: 1e-6)
        return css(LayoutRect(x: x, y: line.top, width: 0, height: line.height))
    }

    /// The width of the layout box (``exactWidth``), device pixels.
    private var deviceBoxWidth: Double { boxWidth.map { $0 * scale } ?? deviceContentWidth.pixels }

    /// The rectangles a selection of a source UTF-16 range highlights, as
    /// Chromium's `Range.getClientRects` reports them: one per line and
    /// visual run (adjacent pieces merged), edges on the 1/64 px grid (left
    /// floored, width ceiled), a pre-wrap line's trailing spaces and tabs
    /// included (they may pass the box's edge), an edge inside a ligature
    /// at its even share. ``rects(forUTF16Range:)`` gives the exact
    /// advances instead.
    public func selectionRects(for utf16Range: Range<Int>) -> [LayoutRect] {
        rects(forUTF16Range: utf16Range, asSelection: true)
    }

    /// The index of the line a position is on: the line whose text holds
    /// its offset, or for an `.upstream` position at a line's start, the
    /// line before.
    public func lineIndex(for position: TextPosition) -> Int {
        let lines = deviceLines
        guard !lines.isEmpty else { return 0 }
        let offset = position.utf16Offset
        var lo = 0, hi = lines.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if lines[mid].utf16Range.upperBound <= offset { lo = mid + 1 } else { hi = mid }
        }
        var index = min(lo, lines.count - 1)
        if position.affinity == .upstream, index > 0, lines[index].utf16Range.lowerBound == offset { index -= 1 }
        return index
    }

    /// The word around a source UTF-16 offset by ICU's word boundaries (UAX
    /// #29 with dictionaries for CJK and Thai): what a double click selects.
    /// White space and punctuation between words are segments of their own.
    public func wordRange(at utf16Offset: Int) -> Range<Int> {
        let units = core.sourceUTF16
        var start: Int32 = 0, end: Int32 = 0
        let status = units.withUTF16 {
            tsu_word_bounds($0.baseAddress, Int32($0.count), Int32(max(0, min(utf16Offset, $0.count))), &start, &end)
        }
        guard status >= 0 else { return utf16Offset..<utf16Offset }
        return Int(start)..<Int(end)
    }

    /// The bidi level ``caretStops(of:hanging:)`` gives the stops after a
    /// line's hanging spaces (no run has it).
    static let hangingLevel: UInt8 = .max

    /// The caret stops of a line in visual order: every grapheme boundary of
    /// each visual run, with its x and the run's bidi level (processed
    /// offsets); never empty (a line without runs has one stop, its start).
    /// Inside a ligature the stops share its advance evenly, one share per
    /// grapheme, as Chromium places a caret there. With `hanging`, a
    /// pre-wrap line's trailing spaces and tabs add a stop after each,
    /// beyond its end in the paragraph's direction (level `hangingLevel`).
    /// With `clusters`, a Devanagari letter inside a grapheme cluster that
    /// starts a glyph cluster of its own (after a conjunct's half form)
    /// starts a stop too: Chromium hit-tests glyph clusters.
    func caretStops(of line: DeviceLine, hanging: Bool = false, clusters: Bool = false) -> [(x: Double, offset: Int, level: UInt8)] {
        let advances = LineAdvances(core: core, line: line)
        let metrics = core.unitMetrics
        var stops: [(x: Double, offset: Int, level: UInt8)] = []
        let (runs, insideSpaces) = runsAndInsideSpaces(of: line)
        // Spaces inside the line (`insideSpacesEnd`) have a stop after each,
        // where they lie (with `hanging`); the stop before them is the content's.
        for run in runs + (hanging ? insideSpaces : []) {
            var boundaries = [run.start]
            for i in (run.start + 1)..<max(run.start + 1, run.end)
            where metrics.isGraphemeStart(i) || (clusters && metrics.advances[i] != 0 && Self.isDevanagariLetter(core.text.units[i])) {
                boundaries.append(i)
            }
            if run.end > run.start { boundaries.append(run.end) }
            if run.isRightToLeft { boundaries.reverse() }
            let isTab = run.isTab(in: core)
            for b in boundaries where !(b == Int(line.contentEnd) && run.start >= b) {
                let before = isTab ? (b == run.start ? 0 : run.deviceWidth)
                    : Fixed16.pixels(caretAdvance(advances, from: run.start, to: b, end: run.end))
                stops.append((run.isRightToLeft ? run.deviceX + run.deviceWidth - before : run.deviceX + before, b, run.level))
            }
        }
        if stops.isEmpty { stops.append((line.x.pixels, Int(line.contentStart), core.paragraphLevel)) }
        if hanging && core.paragraph.whiteSpace.preservesSpaces && insideSpaces.isEmpty {
            // (`break-spaces`: on the side their bidi level puts them, see `TrailingSpaceSide`.)
            var rtl = core.paragraphLevel & 1 == 1
            if core.paragraph.whiteSpace == .breakSpaces {
                switch core.trailingSpaceSide(lineStart: Int(line.contentStart), contentEnd: Int(line.contentEnd)) {
                case .left: rtl = true
                case .right: rtl = false
                case .inside: break
                }
            }
            var x = rtl ? stops.map(\.x).min()! : stops.map(\.x).max()!
            let edge = rtl ? line.x.pixels + line.width.pixels : line.x.pixels
            let spaces = hangingSpaces(of: line, pen: Fixed16(roundingPixels: abs(x - edge)).raw)
            if !spaces.isEmpty {
                // The first hanging space starts where the content ends, at
                // the paragraph's level (a lower one than a run of the other
                // direction ending there).
                stops.append((x, Int(line.contentEnd), core.paragraphLevel))
                for s in spaces {
                    x += rtl ? -s.width : s.width
                    stops.append((x, s.unit + 1, Self.hangingLevel))
                }
            }
        }
        return stops
    }

    /// Whether a unit is a Devanagari letter (not a sign): inside a
    /// conjunct, one with its own glyph starts a glyph cluster.
    static func isDevanagariLetter(_ u: UInt16) -> Bool {
        (0x0904...0x0939).contains(u) || u == 0x093D || u == 0x0950 || (0x0958...0x0961).contains(u) || (0x0972...0x097F).contains(u)
    }

    /// The advance from `a` to the boundary `b` of a run ending at `end`;
    /// inside a ligature, the ligature's advance shared evenly among its
    /// graphemes (1/65536 px).
    func caretAdvance(_ advances: LineAdvances, from a: Int, to b: Int, end: Int) -> Int64 {
        let metrics = core.unitMetrics
        guard b < end, !metrics.ligatures.isEmpty, let split = metrics.ligatures.split(at: Int32(b)),
              Int(split.clusterStart) >= a else { return advances.width(a, b) }
        let start = Int(split.clusterStart)
        var before = 0, total = 0, clusterEnd = end
        for i in (start + 1)..<end where metrics.isGraphemeStart(i) {
            if metrics.ligatures.split(at: Int32(i))?.clusterStart != split.clusterStart { clusterEnd = i; break }
            total += 1
            if i <= b { before += 1 }
        }
        let ligature = advances.width(start, clusterEnd)
        return advances.width(a, start) + ligature * Int64(before) / Int64(total + 1)
    }

    /// The spaces and tabs after a pre-wrap line's content up to its end or
    /// its newline, each with its advance in px, from `pen` (the content's
    /// end, 1/65536 px from the line's start edge): a tab is an inline
    /// item of its own, so the text before it is rounded up to 1/64 px and
    /// the tab reaches its next stop, its width rounded up too.
    func hangingSpaces(of line: DeviceLine, pen start: Int64) -> [(unit: Int, width: Double)] {
        let b = Int(line.contentEnd)
        let end = min(core.processedOffset(source: line.utf16Range.upperBound), core.text.units.count)
        guard b < end else { return [] }
        let metrics = core.unitMetrics
        var pen = start, out: [(unit: Int, width: Double)] = []
        for u in b..<end {
            let c = core.text.units[u]
            guard c == 0x20 || c == 0x09 else { break }
            var next = pen + Int64(metrics.advances[u])
            if c == 0x09 && core.tabInterval > 0 {
                let rounded = LayoutUnit.ceilingFixed(pen)
                next = rounded + LayoutUnit.ceilingFixed(core.nextTabStop(after: rounded) - rounded)
            }
            out.append((u, Fixed16.pixels(next - pen)))
            pen = next
        }
        return out
    }
}
