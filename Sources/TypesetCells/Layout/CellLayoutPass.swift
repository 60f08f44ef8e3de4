import Typeset
import TypesetEntities

/// One layout of a prepared cell: a measuring pass that gives every shown
/// element its size (sizes on the pixel grid), then a placing pass that gives
/// it its origin and writes the compact ``CellLayout``.
///
/// Rules:
/// - A column offers each child its content width and stacks the shown ones
///   with the spacing (or the child's `spacingBefore`) between them.
/// - A row offers its content width less the gaps between shown children:
///   non-fill children by descending priority, each getting what is left, then
///   fill children sharing the rest.
/// - Widths: `.fill` takes what is offered, `.hug` the content (at most what is
///   offered), `.points` its value, `.fraction` a floor'd share; `maxWidth`
///   caps the result. Paddings and gaps are rounded to the grid, text and box
///   sizes ceil'd, so sums stay on the grid; centred origins are rounded.
struct CellLayoutPass {
    let t: CompiledCellTemplate
    let prepared: PreparedCell
    let grid: PixelGrid

    private var present: [Bool]
    private var w: [Double]
    private var h: [Double]
    /// Offset along the parent's axis inside the parent's content box.
    private var main: [Double]
    private var textLayouts: [TextLayout?]
    private var frames: [PixelFrame]

    init(template: CompiledCellTemplate, prepared: PreparedCell, grid: PixelGrid) {
        self.t = template
        self.prepared = prepared
        self.grid = grid
        let n = template.nodes.count
        present = Array(repeating: false, count: n)
        w = Array(repeating: 0, count: n)
        h = Array(repeating: 0, count: n)
        main = Array(repeating: 0, count: n)
        textLayouts = Array(repeating: nil, count: template.texts.count)
        frames = Array(repeating: .hidden, count: template.schema.frameNames.count)
    }

    mutating func run(width: Double) throws -> CellLayout {
        let offered = floorToGrid(width)
        var rootHeight = 0.0
        if try measure(0, offered: offered) {
            // The template's minimum height stretches the root's frame too.
            h[0] = max(h[0], grid.ceil(t.minHeight))
            place(0, x: 0, y: 0)
            rootHeight = h[0]
        }
        let height = grid.ceil(max(rootHeight, t.minHeight))
        return makeLayout(width: width, height: height)
    }

    // MARK: Measuring

    /// Sizes node `n` within `offered` px; false when it is omitted.
    private mutating func measure(_ n: Int, offered: Double) throws -> Bool {
        let node = t.nodes[n]
        present[n] = false
        if let c = node.condition, !holds(c) { return false }
        var avail: Double
        switch node.width {
        case .points(let p): avail = grid.ceil(p)
        case .fraction(let f): avail = floorToGrid(offered * f)
        case .hug, .fill: avail = offered
        }
        if let m = node.maxWidth {
            switch m {
            case .points(let p): avail = min(avail, grid.round(p))
            case .fraction(let f): avail = min(avail, floorToGrid(offered * f))
            case .hug, .fill: break
            }
        }
        let pad = padding(node)
        let inner = max(0, avail - pad.horizontal)
        let hug = node.width == .hug
        var contentW = inner, contentH = 0.0

        switch node.kind {
        case .text(let slot):
            guard let text = prepared.texts[slot] else { return false }
            let layout = try text.layout(width: inner)
            textLayouts[slot] = layout
            if hug { contentW = min(grid.ceil(layout.contentWidth), inner) }
            contentH = grid.ceil(layout.exactHeight)

        case .box(let height):
            if hug { contentW = 0 }
            switch height {
            case .points(let p): contentH = grid.ceil(p)
            case .ratio(let r): contentH = grid.ceil(contentW / r)
            case .ratioKey(let k):
                guard let r = prepared.numbers[k], r.isFinite, r > 0 else { return false }
                contentH = grid.ceil(contentW / r)
            }

        case .stack(.vertical, let spacing, _):
            var y = 0.0, widest = 0.0, any = false
            for child in node.children {
                guard try measure(child, offered: inner) else { continue }
                if any { y += gap(child, spacing) }
                main[child] = y
                y += h[child]
                widest = max(widest, w[child])
                any = true
            }
            guard any else { return false }
            if hug { contentW = widest }
            contentH = y

        case .stack(.horizontal, let spacing, _):
            var shown: [Int] = []
            for child in node.children where isPresent(child) { shown.append(child) }
            guard !shown.isEmpty else { return false }
            var remaining = inner
            for child in shown.dropFirst() { remaining -= gap(child, spacing) }
            // Fixed and hugging children by priority (stable), then fill children.
            let fixed = shown.filter { t.nodes[$0].width != .fill }
                .enumerated().sorted { a, b in
                    let pa = t.nodes[a.element].priority, pb = t.nodes[b.element].priority
                    return pa != pb ? pa > pb : a.offset < b.offset
                }.map(\.element)
            for child in fixed where try measure(child, offered: max(0, remaining)) {
                remaining -= w[child]
            }
            let fills = shown.filter { t.nodes[$0].width == .fill }
            for (i, child) in fills.enumerated() {
                let left = fills.count - i
                let share = left == 1 ? max(0, remaining) : floorToGrid(max(0, remaining) / Double(left))
                if try measure(child, offered: share) { remaining -= w[child] }
            }
            var x = 0.0, tallest = 0.0, any = false
            for child in shown where present[child] {
                if any { x += gap(child, spacing) }
                main[child] = x
                x += w[child]
                tallest = max(tallest, h[child])
                any = true
            }
            guard any else { return false }
            if hug { contentW = x }
            contentH = tallest
        }

        w[n] = hug ? contentW + pad.horizontal : avail
        h[n] = max(contentH + pad.vertical, grid.ceil(node.minHeight))
        present[n] = true
        return true
    }

    /// Whether a node will be shown, decided before measuring it (rows need
    /// to know which gaps to keep).
    private func isPresent(_ n: Int) -> Bool {
        let node = t.nodes[n]
        if let c = node.condition, !holds(c) { return false }
        switch node.kind {
        case .text(let slot): return prepared.texts[slot] != nil
        case .box(.ratioKey(let k)):
            guard let r = prepared.numbers[k] else { return false }
            return r.isFinite && r > 0
        case .box: return true
        case .stack: return node.children.contains { isPresent($0) }
        }
    }

    private func holds(_ c: CompiledCondition) -> Bool {
        switch c {
        case .present(let k): return prepared.flags[k]
        case .absent(let k): return !prepared.flags[k]
        case .truncated(let slot): return textLayouts[slot]?.isTruncated ?? false
        }
    }

    private func gap(_ child: Int, _ spacing: Double) -> Double {
        grid.round(t.nodes[child].spacingBefore ?? spacing)
    }

    private func padding(_ node: CellNode) -> CellInsets {
        let p = node.padding
        if p == .zero { return p }
        return CellInsets(top: grid.round(p.top), left: grid.round(p.left), bottom: grid.round(p.bottom),
                          right: grid.round(p.right))
    }

    private func floorToGrid(_ v: Double) -> Double {
        (v * grid.scale + 1e-7).rounded(.down) / grid.scale
    }

    // MARK: Placing

    /// Gives node `n` (shown) its origin and its children theirs.
    private mutating func place(_ n: Int, x: Double, y: Double) {
        let node = t.nodes[n]
        if node.frameSlot >= 0 {
            frames[Int(node.frameSlot)] = PixelFrame(x: pixels(x), y: pixels(y), width: pixels(w[n]), height: pixels(h[n]))
        }
        guard case .stack(let axis, _, let alignment) = node.kind else { return }
        let pad = padding(node)
        let innerW = w[n] - pad.horizontal, innerH = h[n] - pad.vertical
        for child in node.children where present[child] {
            let c = t.nodes[child]
            var align = c.alignSelf ?? alignment
            if let alt = c.alignSelfWhen, holds(alt.0) { align = alt.1 }
            if axis == .vertical {
                place(child, x: x + pad.left + cross(align, free: innerW - w[child]), y: y + pad.top + main[child])
            } else {
                place(child, x: x + pad.left + main[child], y: y + pad.top + cross(align, free: innerH - h[child]))
            }
        }
    }

    private func cross(_ a: CellAlignment, free: Double) -> Double {
        switch a {
        case .start: return 0
        case .center: return grid.round(free / 2)
        case .end: return free
        }
    }

    private func pixels(_ v: Double) -> Int32 {
        Int32(max(-2e9, min(2e9, (v * grid.scale).rounded())))
    }

    // MARK: Output

    private func makeLayout(width: Double, height: Double) -> CellLayout {
        var lineCount = 0
        for (slot, text) in t.texts.enumerated() where present[text.node] {
            lineCount += textLayouts[slot]?.lines.count ?? 0
        }
        var records: [TextRecord] = []
        records.reserveCapacity(t.texts.count)
        var lines: [LineRecord] = []
        lines.reserveCapacity(lineCount)
        var rects: [EntityRectRecord] = []
        for (slot, text) in t.texts.enumerated() {
            guard present[text.node], let layout = textLayouts[slot] else {
                records.append(.absent)
                continue
            }
            let pad = padding(t.nodes[text.node])
            // A hugging text's frame is as wide as its widest line: move lines
            // aligned inside the wider constraint box back to the frame.
            var shift = 0.0
            if t.nodes[text.node].width == .hug, let first = layout.lines.first {
                shift = layout.lines.reduce(first.x) { min($0, $1.x) }
            }
            let dx = pad.left - shift
            for line in layout.lines {
                lines.append(LineRecord(end: line.utf16Range.upperBound, hasEllipsis: line.hasEllipsis,
                                        x: Float(line.x + dx), width: Float(line.width), height: Float(line.height),
                                        baseline: Float(line.baseline - line.top)))
            }
            let before = rects.count
            for entity in prepared.entities[slot] {
                var lineIndex = 0
                for r in layout.rects(forUTF16Range: entity.utf16Range) {
                    while lineIndex + 1 < layout.lines.count && layout.lines[lineIndex].top + layout.lines[lineIndex].height <= r.y {
                        lineIndex += 1
                    }
                    rects.append(EntityRectRecord(start: UInt32(clamping: entity.utf16Range.lowerBound),
                                                  end: UInt32(clamping: entity.utf16Range.upperBound), x: Float(r.x + dx),
                                                  width: Float(r.width), line: UInt16(clamping: lineIndex),
                                                  kind: entity.kind))
                }
            }
            records.append(TextRecord(lineCount: UInt32(layout.lines.count), rectCount: UInt32(rects.count - before),
                                      top: Float(pad.top), flags: 1 | (layout.isTruncated ? 2 : 0)))
        }
        var exactRects: [EntityRectRecord] = []
        if !rects.isEmpty {
            exactRects.reserveCapacity(rects.count)
            exactRects.append(contentsOf: rects)
        }
        return CellLayout(width: width, scale: grid.scale, height: height, schema: t.schema, pixelFrames: frames,
                          textRecords: records, lineRecords: lines, rectRecords: exactRects)
    }
}
