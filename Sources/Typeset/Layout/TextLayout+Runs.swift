import CUnicode

/// A piece of a line in one font, style and direction, in visual order.
public struct VisualRun: Sendable {
    /// The source UTF-16 range of the run.
    public let utf16Range: Range<Int>
    /// The face the run is set in.
    public let face: FontFace
    /// Whether the run reads right to left.
    public let isRightToLeft: Bool
    /// The run's left edge, advance width and font size, device pixels.
    let deviceX: Double
    let deviceWidth: Double
    let deviceFontSize: Double
    /// Device pixels per CSS px.
    let scale: Double
    /// Processed-text range and style (internal).
    let start: Int
    let end: Int
    let styleIndex: Int
    let level: UInt8

    /// The run's font size in px.
    public var fontSize: Double { deviceFontSize / scale }
    /// The run's left edge, from the layout's left edge.
    public var x: Double { deviceX / scale }
    /// The run's advance width.
    public var width: Double { deviceWidth / scale }
}

extension VisualRun {
    /// The run `dx` device pixels to the right.
    func moved(by dx: Double) -> VisualRun {
        VisualRun(utf16Range: utf16Range, face: face, isRightToLeft: isRightToLeft, deviceX: deviceX + dx,
                  deviceWidth: deviceWidth, deviceFontSize: deviceFontSize, scale: scale, start: start, end: end,
                  styleIndex: styleIndex, level: level)
    }

    /// Whether the run is one tab of a pre-wrap line (placed to its stop).
    func isTab(in core: PreparedCore) -> Bool { end == start + 1 && core.text.units[start] == 0x09 }
}

/// A rectangle in layout coordinates (origin top-left, y down), in px.
public struct LayoutRect: Sendable, Hashable {
    /// The left edge, px.
    public var x: Double
    /// The top edge, px.
    public var y: Double
    /// The width, px.
    public var width: Double
    /// The height, px.
    public var height: Double
    /// A rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}

/// A logical run of a line: a piece of one item.
typealias LogicalRun = (start: Int, end: Int, item: Item)

extension TextLayout {
    /// The line's runs in visual (left-to-right display) order, with positions.
    public func visualRuns(of line: Line) -> [VisualRun] {
        runs(of: line.device)
    }

    /// The runs of a line in visual order, placed in device pixels.
    func runs(of line: DeviceLine) -> [VisualRun] { runsAndInsideSpaces(of: line).runs }

    /// The runs of a line in visual order, placed in device pixels, and the
    /// runs of the preserved spaces it ends with when they lie inside it
    /// (`insideSpacesEnd`): placed in the gap they take, not drawn.
    func runsAndInsideSpaces(of line: DeviceLine) -> (runs: [VisualRun], spaces: [VisualRun]) {
        let a = Int(line.contentStart), b = Int(line.contentEnd)
        guard a < b else { return ([], []) }
        var logical = logicalRuns(a, b)
        // The cut line shows its visible ranges only (a line that mixes
        // directions may hide a logical middle).
        let visible = line.hasEllipsis ? visibleRanges(of: line) : nil
        if let visible { logical = Self.clip(logical, to: visible) }
        // An inline attachment is a run of its own (Chromium's atomic inline item).
        if !core.attachments.isEmpty { logical = splitAtAttachments(logical) }
        let advances = LineAdvances(core: core, line: line)
        if let tabbed = tabbedRuns(of: line, logical: logical, advances: advances) { return (tabbed, []) }
        // Spaces between two pieces of the line take their room where their
        // bidi level puts them: the pieces after them are that much further right.
        if let e = insideSpacesEnd(of: line, advances: advances) { logical += logicalRuns(b, e) }
        let order = Self.visualOrder(logical)
        var x = line.x.pixels
        var runs: [VisualRun] = [], spaces: [VisualRun] = []
        runs.reserveCapacity(order.count)
        // Chromium rounds each inline item's piece of the line (split where
        // the style or the direction changes, and around each attachment)
        // up to 1/64 px and places the pieces side by side: the rounding
        // goes after each piece's last run. On a justified line a text piece
        // is rounded after its expansion (Chromium snaps each justified
        // item), and an attachment's share is a gap after it, truncated to
        // 1/64 px: boxes land on the 1/64 px grid where Chromium puts them.
        let piece = core.runBoundaries.isEmpty ? [Int](repeating: 0, count: logical.count) : piecesOf(logical.map(\.start))
        var pieceWidth = [Int64](repeating: 0, count: (piece.last ?? 0) + 1)
        for (k, r) in logical.enumerated() { pieceWidth[piece[k]] += advances.width(r.start, r.end) }
        for (v, k) in order.enumerated() {
            let r = logical[Int(k)]
            let w = Fixed16.pixels(advances.width(r.start, r.end))
            var pad = 0.0
            if !core.runBoundaries.isEmpty && (v + 1 == order.count || piece[Int(order[v + 1])] != piece[Int(k)]) {
                let p = pieceWidth[piece[Int(k)]]
                let isBox = r.end == r.start + 1 && core.text.units[r.start] == 0xFFFC && line.justification > 0
                pad = (isBox ? LayoutUnit(flooring: p).pixels : LayoutUnit.ceilingPixels(p)) - Fixed16.pixels(p)
            }
            if r.start >= b { spaces.append(run(r, x: x, width: w)) } else { runs.append(run(r, x: x, width: w)) }
            x += w + pad
        }
        // The kept part of a cut line stays where it was in the uncut line:
        // against the line's start edge; in a right-to-left line the
        // ellipsis is on its left, and the runs end at the line's right edge.
        if visible != nil && core.paragraphLevel & 1 == 1 {
            let shift = line.x.pixels + line.width.pixels - x
            if shift != 0 { runs = runs.map { $0.moved(by: shift) } }
        }
        return (runs, spaces)
    }

    /// The items' pieces in `[a, b)`, in logical order.
    private func logicalRuns(_ a: Int, _ b: Int) -> [LogicalRun] {
        var logical: [LogicalRun] = []
        // Items are contiguous and in order: start at the first one ending after `a`
        // (scanning them all for every line was quadratic in the line count).
        let items = core.items
        var first = 0, last = items.count
        while first < last {
            let mid = (first + last) / 2
            if Int(items[mid].end) <= a { first = mid + 1 } else { last = mid }
        }
        for item in items[first...] {
            if Int(item.start) >= b { break }
            // Split items at level changes inside the line (items have one level already).
            logical.append((max(a, Int(item.start)), min(b, Int(item.end)), item))
        }
        return logical
    }

    /// The visual order of logical runs (indices into them), by their bidi levels.
    private static func visualOrder(_ logical: [LogicalRun]) -> [Int32] {
        var order = (0..<Int32(logical.count)).map { $0 }
        if logical.contains(where: { $0.item.level != 0 }) {
            var levels = logical.map(\.item.level)
            levels.withUnsafeMutableBufferPointer { lv in
                order.withUnsafeMutableBufferPointer { o in
                    tsu_reorder_visual(lv.baseAddress, Int32(lv.count), o.baseAddress)
                }
            }
        }
        return order
    }

    /// A run of `r` at `x`, `width` wide (device pixels).
    private func run(_ r: LogicalRun, x: Double, width: Double) -> VisualRun {
        VisualRun(utf16Range: core.sourceOffset(r.start)..<core.sourceOffset(r.end), face: core.faces[Int(r.item.faceIndex)],
                  isRightToLeft: r.item.level & 1 == 1, deviceX: x, deviceWidth: width,
                  deviceFontSize: core.styles[Int(r.item.styleIndex)].size, scale: scale, start: r.start, end: r.end,
                  styleIndex: Int(r.item.styleIndex), level: r.item.level)
    }

    /// The runs of a pre-wrap line with tabs, placed as Chromium places
    /// them: tabs are inline items of their own, so the text between two
    /// tabs (and between run boundaries) is a piece rounded up to 1/64 px,
    /// and a tab reaches from the rounded pen to its stop (that width
    /// rounded up to 1/64 px too), counted from the line's start edge (the
    /// right edge of a right-to-left line, where tabs in a row take their
    /// widths in reverse order). Inside a piece the runs keep their visual
    /// order and exact advances, from the piece's left edge. Nil for the
    /// lines this does not concern.
    private func tabbedRuns(of line: DeviceLine, logical: [LogicalRun], advances: LineAdvances) -> [VisualRun]? {
        let a = Int(line.contentStart), b = Int(line.contentEnd)
        guard core.tabInterval > 0, core.attachments.isEmpty, !line.hasEllipsis,
              line.justification == 0, core.text.units[a..<b].contains(0x09) else { return nil }
        // Each tab a run of its own.
        var pieces: [LogicalRun] = []
        for r in logical {
            var start = r.start
            for i in r.start..<r.end where core.text.units[i] == 0x09 {
                if i > start { pieces.append((start, i, r.item)) }
                pieces.append((i, i + 1, r.item))
                start = i + 1
            }
            if start < r.end { pieces.append((start, r.end, r.item)) }
        }
        let (from, to) = tabExtents(of: pieces, line: line, advances: advances)
        let rtl = core.paragraphLevel & 1 == 1
        let edge = rtl ? line.x.pixels + line.width.pixels : line.x.pixels
        // A piece's left edge; runs of one segment follow each other from it.
        var next: [Int64: Double] = [:]
        var runs: [VisualRun] = []
        for k in Self.visualOrder(pieces).map(Int.init) {
            let r = pieces[k]
            let isTab = core.text.units[r.start] == 0x09
            let w = Fixed16.pixels(isTab ? to[k] - from[k] : advances.width(r.start, r.end))
            let left = rtl ? edge - (isTab ? Fixed16.pixels(to[k]) : LayoutUnit.ceilingPixels(to[k] - from[k]) + Fixed16.pixels(from[k]))
                : edge + Fixed16.pixels(from[k])
            let x = isTab ? left : next[from[k]] ?? left
            if !isTab { next[from[k]] = x + w }
            runs.append(run(r, x: x, width: w))
        }
        return runs
    }

    /// Each piece's logical extent from the line's start edge (1/65536 px):
    /// a segment of text between tabs rounded up, a tab to its rounded
    /// stop; in a right-to-left line, tabs in a row take their widths in
    /// visual order.
    private func tabExtents(of pieces: [LogicalRun], line: DeviceLine,
                            advances: LineAdvances) -> (from: [Int64], to: [Int64]) {
        let a = Int(line.contentStart), b = Int(line.contentEnd)
        let bounds = Set(core.runBoundaries.lazy.map(Int.init).filter { $0 > a && $0 < b })
        var from = [Int64](repeating: 0, count: pieces.count), to = from
        var segment: [Int] = []
        var pen: Int64 = 0
        func closeSegment() {
            guard !segment.isEmpty else { return }
            let w = segment.reduce(Int64(0)) { $0 + advances.width(pieces[$1].start, pieces[$1].end) }
            for k in segment { from[k] = pen; to[k] = pen + w }
            pen += LayoutUnit.ceilingFixed(w)
            segment.removeAll()
        }
        for (k, r) in pieces.enumerated() {
            if core.text.units[r.start] == 0x09 {
                closeSegment()
                let stop = pen + LayoutUnit.ceilingFixed(core.nextTabStop(after: pen) - pen)
                from[k] = pen
                to[k] = stop
                pen = stop
            } else {
                if bounds.contains(r.start) { closeSegment() }
                segment.append(k)
            }
        }
        closeSegment()
        if core.paragraphLevel & 1 == 1 {
            // Tabs in a row are one item whose widths Chromium lays out in
            // visual order: in a right-to-left line the first tab takes the
            // last one's width, and so on.
            var k = 0
            while k < pieces.count {
                var m = k
                while m < pieces.count && core.text.units[pieces[m].start] == 0x09 { m += 1 }
                if m - k > 1 {
                    let widths = (k..<m).map { to[$0] - from[$0] }.reversed()
                    var at = from[k]
                    for (j, w) in zip(k..<m, widths) { from[j] = at; at += w; to[j] = at }
                }
                k = max(m, k + 1)
            }
        }
        return (from, to)
    }

    /// The processed ranges a cut line shows (``Truncation/visibleUTF16Ranges``),
    /// nil when the line is not the layout's cut line.
    private func visibleRanges(of line: DeviceLine) -> [Range<Int>]? {
        guard let t = truncation, t.lineIndex < deviceLines.count, deviceLines[t.lineIndex] == line else { return nil }
        return t.visibleUTF16Ranges.map { core.processedOffset(source: $0.lowerBound)..<core.processedOffset(source: $0.upperBound) }
    }

    /// Logical runs cut to the parts inside `ranges` (sorted, disjoint).
    private static func clip(_ runs: [LogicalRun], to ranges: [Range<Int>]) -> [LogicalRun] {
        var out: [LogicalRun] = []
        for r in runs {
            for v in ranges where v.lowerBound < r.end && v.upperBound > r.start {
                out.append((max(r.start, v.lowerBound), min(r.end, v.upperBound), r.item))
            }
        }
        return out
    }

    /// Logical runs with every attachment's unit made a run of its own.
    private func splitAtAttachments(_ runs: [LogicalRun]) -> [LogicalRun] {
        var out: [LogicalRun] = []
        var next = 0
        let attachments = core.attachments
        for r in runs {
            var start = r.start
            while next < attachments.count && Int(attachments[next].unit) < start { next += 1 }
            var k = next
            while k < attachments.count && Int(attachments[k].unit) < r.end {
                let u = Int(attachments[k].unit)
                if u > start { out.append((start, u, r.item)) }
                out.append((u, u + 1, r.item))
                start = u + 1
                k += 1
            }
            if start < r.end { out.append((start, r.end, r.item)) }
        }
        return out
    }

    /// For each logical run starting at `starts[k]`, the index of the inline
    /// item piece it belongs to (a new one at every run boundary).
    private func piecesOf(_ starts: [Int]) -> [Int] {
        var out: [Int] = []
        var piece = 0
        let bounds = core.runBoundaries
        // The first boundary at or after the line's first run (walking from the
        // text's start for every line was quadratic in the line count).
        var b = 0, hi = bounds.count
        let first = starts.first ?? 0
        while b < hi { let m = (b + hi) / 2; if Int(bounds[m]) < first { b = m + 1 } else { hi = m } }
        for (k, start) in starts.enumerated() {
            while b < bounds.count && Int(bounds[b]) < start { b += 1 }
            if k > 0 && b < bounds.count && Int(bounds[b]) == start { piece += 1 }
            out.append(piece)
        }
        return out
    }

    /// The rectangles covering a source UTF-16 range: one per line and visual
    /// run it touches (adjacent pieces merged), for hit-testing and tap
    /// targets: exactly the measured advances (``selectionRects(for:)``
    /// gives what a browser highlights).
    public func rects(forUTF16Range range: Range<Int>) -> [LayoutRect] {
        rects(forUTF16Range: range, asSelection: false)
    }

    /// The rectangles of a range; as a selection (`asSelection`), on the
    /// 1/64 px grid and with a pre-wrap line's trailing spaces.
    func rects(forUTF16Range range: Range<Int>, asSelection: Bool) -> [LayoutRect] {
        let p0 = core.processedOffset(source: range.lowerBound)
        let p1 = core.processedOffset(source: range.upperBound)
        guard p0 < p1 else { return [] }
        var rects: [LayoutRect] = []
        // Lines are sorted; find the first line that can intersect.
        let lines = deviceLines
        var lo = 0, hi = lines.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(lines[mid].contentEnd) <= p0 && lines[mid].utf16Range.upperBound <= range.lowerBound { lo = mid + 1 } else { hi = mid }
        }
        // A selection is in layout units, as Chromium reports a text
        // fragment's rectangle: the left edge floored, the width ceiled to 1/64 px.
        func add(x: Double, width: Double, on line: DeviceLine) {
            let rect = asSelection
                ? LayoutRect(x: LayoutUnit.floor(pixels: x), y: line.top, width: LayoutUnit.ceiling(pixels: width), height: line.height)
                : LayoutRect(x: x, y: line.top, width: width, height: line.height)
            if let last = rects.last, last.y == rect.y, abs(last.x + last.width - rect.x) <= 1.0 / 64 + 1e-9 {
                rects[rects.count - 1].width += rect.width
            } else if let last = rects.last, last.y == rect.y, abs(rect.x + rect.width - last.x) <= 1.0 / 64 + 1e-9 {
                rects[rects.count - 1].x = rect.x
                rects[rects.count - 1].width += rect.width
            } else {
                rects.append(rect)
            }
        }
        let rtl = core.paragraphLevel & 1 == 1
        for (index, line) in lines[lo...].enumerated() {
            if Int(line.contentStart) >= p1 { break }
            let advances = LineAdvances(core: core, line: line)
            let (runs, insideSpaces) = runsAndInsideSpaces(of: line)
            // (A selection steps through spaces inside the line where they lie.)
            for run in runs + (asSelection ? insideSpaces : []) where run.end > p0 && run.start < p1 {
                let q0 = max(p0, run.start), q1 = min(p1, run.end)
                // A tab run (a pre-wrap line with tabs) is as wide as it was placed.
                let isTab = run.isTab(in: core)
                // A range edge inside a ligature takes its even share (as a caret there).
                let before = isTab ? 0 : Fixed16.pixels(caretAdvance(advances, from: run.start, to: q0, end: run.end))
                let inside = isTab ? run.deviceWidth
                    : Fixed16.pixels(caretAdvance(advances, from: run.start, to: q1, end: run.end)) - before
                add(x: run.isRightToLeft ? run.deviceX + run.deviceWidth - before - inside : run.deviceX + before,
                    width: inside, on: line)
            }
            // In a selection, preserved trailing spaces (pre-wrap: they hang)
            // follow the line's content in the paragraph's direction, past
            // the box if need be; a space collapsed at a wrap has no rectangle.
            let end = lo + index + 1 < lines.count ? Int(lines[lo + index + 1].contentStart) : core.text.units.count
            let t0 = max(p0, Int(line.contentEnd)), t1 = min(p1, end)
            if asSelection, core.paragraph.whiteSpace.preservesSpaces, t0 < t1, insideSpaces.isEmpty {
                let left = runs.first?.deviceX ?? line.x.pixels
                let right = runs.last.map { $0.deviceX + $0.deviceWidth } ?? line.x.pixels
                let edge = rtl ? line.x.pixels + line.width.pixels : line.x.pixels
                let spaces = hangingSpaces(of: line, pen: Fixed16(roundingPixels: abs((rtl ? left : right) - edge)).raw)
                let offset = spaces.lazy.filter { $0.unit < t0 }.reduce(0) { $0 + $1.width }
                let width = spaces.lazy.filter { $0.unit >= t0 && $0.unit < t1 }.reduce(0) { $0 + $1.width }
                if width > 0 { add(x: rtl ? left - offset - width : right + offset, width: width, on: line) }
            }
        }
        for k in rects.indices { rects[k] = css(rects[k]) }
        return rects
    }

    /// A rectangle in device pixels as the public API answers it, in CSS px.
    func css(_ rect: LayoutRect) -> LayoutRect {
        LayoutRect(x: rect.x / scale, y: rect.y / scale, width: rect.width / scale, height: rect.height / scale)
    }
}

extension PreparedCore {
    /// The processed offset of a source UTF-16 offset (the first processed unit
    /// at or after it).
    func processedOffset(source: Int) -> Int {
        if text.isIdentity { return min(max(0, source), text.units.count) }
        let map = text.sourceOffsets
        var lo = 0, hi = map.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(map[mid]) < source { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
