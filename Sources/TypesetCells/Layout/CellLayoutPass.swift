import Typeset
import TypesetEntities

/// One layout of a prepared cell: a measuring pass that gives every shown
/// element its size, then a placing pass that gives it its origin and writes
/// the compact ``CellLayout``. Both work in exact (fractional) device pixels,
/// as a browser lays out at a device pixel ratio: every length of the
/// template is multiplied by the scale and texts are laid out in device
/// pixels (at scale 1 these are CSS px); frames are snapped once, at the end,
/// each edge rounded to the device pixel grid (so adjacent frames still touch
/// and nothing drifts), and answered in CSS px.
///
/// Rules (the CSS each one matches is in the Cells article *Cells as CSS*):
/// - A column offers each child its content width and stacks the shown ones
///   with the spacing (or the child's `spacingBefore`) between them.
/// - A row offers its content width less the gaps between shown children:
///   non-fill children by descending priority, each getting what is left, then
///   fill children sharing the rest equally.
/// - Widths: `.fill` takes what is offered, `.hug` the content's max-content
///   width (a text's unwrapped width) but at most what is offered (CSS
///   fit-content), `.points` its value, `.fraction` that share of the offered
///   width (in 1/64 px, not floored to the grid); `maxWidth` caps the result.
/// - Right to left (``CellDirection``), the cell is laid out left to right
///   with each element's left and right paddings swapped, then every frame is
///   mirrored about the cell's width: paddings stay physical, rows run from
///   the right, start alignment is the right edge. Texts keep their own
///   direction: their lines are placed in their frames as laid out.
struct CellLayoutPass {
    let t: CompiledCellTemplate
    let prepared: PreparedCell
    let grid: PixelGrid
    /// Device pixels per CSS px: the template's lengths are multiplied by it.
    let s: Double

    private var present: [Bool]
    private var w: [Double]
    private var h: [Double]
    /// Offset along the parent's axis inside the parent's content box.
    private var main: [Double]
    /// Per node: its first baseline below its top edge (see `CellAlignment.baseline`).
    private var baselines: [Double]
    /// Per node in a row that aligns baselines: its offset below the row's content top.
    private var baselineOffsets: [Double]
    private var textLayouts: [TextLayout?]
    /// Per text: the width (device pixels) its layout was made at.
    private var textWidths: [Double]
    private var frames: [PixelFrame]
    /// Per frame slot: the exact origin before snapping (texts' lines are
    /// placed from it, so they sit where the browser draws them).
    private var exactOrigins: [(x: Double, y: Double)]
    /// The cell's width: right to left, frames mirror about it.
    private var cellWidth = 0.0

    init(template: CompiledCellTemplate, prepared: PreparedCell, grid: PixelGrid) {
        self.t = template
        self.prepared = prepared
        self.grid = grid
        s = grid.scale
        let n = template.nodes.count
        present = Array(repeating: false, count: n)
        w = Array(repeating: 0, count: n)
        h = Array(repeating: 0, count: n)
        main = Array(repeating: 0, count: n)
        baselines = Array(repeating: 0, count: n)
        baselineOffsets = Array(repeating: 0, count: n)
        textLayouts = Array(repeating: nil, count: template.texts.count)
        textWidths = Array(repeating: 0, count: template.texts.count)
        frames = Array(repeating: .hidden, count: template.schema.frameNames.count)
        exactOrigins = Array(repeating: (0, 0), count: template.schema.frameNames.count)
    }

    mutating func run(width: Double) throws -> CellLayout {
        cellWidth = width * s
        var rootHeight = 0.0
        if try measure(0, offered: cellWidth) {
            // The template's minimum height stretches the root's frame too.
            h[0] = max(h[0], t.minHeight * s)
            place(0, x: 0, y: 0)
            rootHeight = h[0]
        }
        // Saturated as Chromium's layout units are: never beyond 33,554,431 px, never infinite.
        let height = min(grid.ceil(max(rootHeight, t.minHeight * s) / s), CompiledCellTemplate.maximumLength)
        return makeLayout(width: width, height: height)
    }

    // MARK: Measuring

    /// Sizes node `n` within `offered` px; false when it is omitted.
    /// `longest`: a `.longestLine` element above holds it, so a hugging text
    /// hugs its longest line.
    private mutating func measure(_ n: Int, offered: Double, longest: Bool = false) throws -> Bool {
        let node = t.nodes[n]
        present[n] = false
        if let c = node.condition, !holds(c) { return false }
        var avail: Double
        switch node.width {
        case .points(let p): avail = p * s
        case .fraction(let f): avail = Self.layoutUnitsFloor(offered * f)
        case .hug, .fill, .longestLine: avail = offered
        }
        if let m = node.maxWidth {
            switch m {
            case .points(let p): avail = min(avail, p * s)
            case .fraction(let f): avail = min(avail, Self.layoutUnitsFloor(offered * f))
            case .hug, .fill, .longestLine: break
            }
        }
        let pad = padding(node)
        let inner = max(0, avail - pad.horizontal)
        let hug = node.width == .hug || node.width == .longestLine
        // Hugging the longest line of its texts, not their unwrapped width.
        let hugsLongest = node.width == .longestLine || (longest && node.width == .hug)
        let content: Content
        switch node.kind {
        case .text(let slot):
            guard let c = try measureText(slot, node: node, inner: inner, hug: hug, hugsLongest: hugsLongest) else { return false }
            content = c
        case .box(let height):
            let contentW = hug ? 0 : inner
            switch height {
            case .points(let p): content = Content(width: contentW, height: p * s)
            case .ratio(let r): content = Content(width: contentW, height: Self.ratioHeight(contentW, r))
            case .ratioKey(let k):
                guard let r = prepared.numbers[k], r.isFinite, r > 0 else { return false }
                content = Content(width: contentW, height: Self.ratioHeight(contentW, r))
            }
        case .stack(.vertical, let spacing, _):
            guard let c = try measureColumn(node, spacing: spacing, inner: inner, hug: hug, hugsLongest: hugsLongest)
            else { return false }
            content = c
        case .stack(.horizontal, let spacing, _):
            guard let c = try measureRow(node, spacing: spacing, inner: inner, hug: hug, hugsLongest: hugsLongest)
            else { return false }
            content = c
        }
        let (contentW, contentH, contentBaseline) = (content.width, content.height, content.baseline)

        w[n] = hug ? contentW + pad.horizontal : avail
        h[n] = max(contentH + pad.vertical, node.minHeight * s)
        baselines[n] = contentBaseline.map { $0 + pad.top } ?? h[n]
        present[n] = true
        return true
    }

    /// A node's content box as measuring found it: its width and height,
    /// and its first baseline below its top (nil: the border box's bottom edge).
    private struct Content {
        var width: Double
        var height = 0.0
        var baseline: Double? = nil
    }

    /// A text laid out in `inner` device pixels (nil: no text in the model).
    private mutating func measureText(_ slot: Int, node: CellNode, inner: Double, hug: Bool,
                                      hugsLongest: Bool) throws -> Content? {
        guard let text = prepared.texts[slot] else { return nil }
        let layout = try text.layout(deviceWidth: inner)
        textLayouts[slot] = layout
        textWidths[slot] = inner
        // CSS fit-content: the unwrapped width, at most what is offered;
        // or the longest line once wrapped. (All read in device pixels.)
        var content = Content(width: inner, height: layout.exactHeightInDevicePixels,
                              baseline: layout.firstBaselineInDevicePixels ?? 0)
        if hug {
            content.width = min(hugsLongest ? layout.contentWidthInDevicePixels : layout.naturalWidthInDevicePixels, inner)
        }
        // A text that is itself `.longestLine` is laid out again in its
        // width, where its lines are aligned (the same lines).
        if node.width == .longestLine && content.width < inner {
            textLayouts[slot] = try text.layout(deviceWidth: content.width)
            textWidths[slot] = content.width
        }
        return content
    }

    /// A column: its shown children stacked with the spacing between them
    /// (nil: none is shown).
    private mutating func measureColumn(_ node: CellNode, spacing: Double, inner: Double, hug: Bool,
                                        hugsLongest: Bool) throws -> Content? {
        var y = 0.0, widest = 0.0, any = false
        for child in node.children {
            guard try measure(child, offered: inner, longest: hugsLongest) else { continue }
            if any { y += gap(child, spacing) }
            main[child] = y
            y += h[child]
            widest = max(widest, w[child])
            any = true
        }
        guard any else { return nil }
        var content = Content(width: hug ? widest : inner)
        // Given its longest line as its width, the element lays its
        // children out again in it, as CSS does once it has that width
        // (a wrapped text is then as wide as the element, a long
        // single-line one is cut at its edge).
        if node.width == .longestLine {
            y = 0
            any = false
            for child in node.children where present[child] {
                guard try measure(child, offered: widest) else { continue }
                if any { y += gap(child, spacing) }
                main[child] = y
                y += h[child]
                any = true
            }
        }
        content.height = y
        if let first = node.children.first(where: { present[$0] }) { content.baseline = main[first] + baselines[first] }
        return content
    }

    /// A row: fixed and hugging children by priority, then fill children
    /// sharing what is left; baseline-aligned children hang from their
    /// shared baseline (nil: none is shown).
    private mutating func measureRow(_ node: CellNode, spacing: Double, inner: Double, hug: Bool,
                                     hugsLongest: Bool) throws -> Content? {
        var shown: [Int] = []
        for child in node.children where isPresent(child) { shown.append(child) }
        guard !shown.isEmpty else { return nil }
        var remaining = inner
        for child in shown.dropFirst() { remaining -= gap(child, spacing) }
        // Fixed and hugging children by priority (stable), then fill children.
        let fixed = shown.filter { t.nodes[$0].width != .fill }
            .enumerated().sorted { a, b in
                let pa = t.nodes[a.element].priority, pb = t.nodes[b.element].priority
                return pa != pb ? pa > pb : a.offset < b.offset
            }.map(\.element)
        for child in fixed where try measure(child, offered: max(0, remaining), longest: hugsLongest) {
            remaining -= w[child]
        }
        let fills = shown.filter { t.nodes[$0].width == .fill }
        for (i, child) in fills.enumerated() {
            let left = fills.count - i
            let share = left == 1 ? max(0, remaining) : Self.layoutUnitsFloor(max(0, remaining) / Double(left))
            if try measure(child, offered: share, longest: hugsLongest) { remaining -= w[child] }
        }
        var x = 0.0, tallest = 0.0, any = false
        for child in shown where present[child] {
            if any { x += gap(child, spacing) }
            main[child] = x
            x += w[child]
            tallest = max(tallest, h[child])
            any = true
        }
        guard any else { return nil }
        var content = Content(width: hug ? x : inner, height: tallest)
        // Baseline-aligned children hang from their shared baseline, which
        // may make the row taller than its tallest child.
        let aligned = shown.filter { present[$0] && alignment(of: $0, in: node) == .baseline }
        if let shared = aligned.map({ baselines[$0] }).max() {
            for child in aligned {
                baselineOffsets[child] = shared - baselines[child]
                content.height = max(content.height, baselineOffsets[child] + h[child])
            }
            content.baseline = shared
        } else if let first = shown.first(where: { present[$0] }) {
            content.baseline = baselines[first]
        }
        return content
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

    /// The gap before a child, in device pixels.
    private func gap(_ child: Int, _ spacing: Double) -> Double {
        (t.nodes[child].spacingBefore ?? spacing) * s
    }

    /// A node's padding as the left-to-right pass uses it, in device pixels:
    /// right to left, the left and right sides are swapped (the frames are
    /// mirrored afterwards).
    private func padding(_ node: CellNode) -> CellInsets {
        var p = node.padding
        if s != 1 { p = CellInsets(top: p.top * s, left: p.left * s, bottom: p.bottom * s, right: p.right * s) }
        if prepared.isRightToLeft { swap(&p.left, &p.right) }
        return p
    }

    /// `v` floored to Chromium's layout unit (1/64 of a device pixel), as
    /// percentages and shares resolve there (75% of 359 is 269.25 exactly).
    /// The height a width gives at an aspect ratio, saturating as Chromium's
    /// layout units do (at 33,554,431 px): a tiny ratio (1e-308) gives the
    /// largest height, never infinity.
    static func ratioHeight(_ width: Double, _ ratio: Double) -> Double {
        layoutUnitsFloor(min(width / ratio, TextStyle.maximumLineHeight))
    }

    static func layoutUnitsFloor(_ v: Double) -> Double {
        LayoutUnit.floor(pixels: v, tolerance: 1e-7)
    }

    // MARK: Placing

    /// Gives node `n` (shown) its origin and its children theirs.
    private mutating func place(_ n: Int, x: Double, y: Double) {
        let node = t.nodes[n]
        if node.frameSlot >= 0 {
            // Right to left, the frame mirrors about the cell's width.
            let frameX = prepared.isRightToLeft ? cellWidth - x - w[n] : x
            // Snapped once: each edge to the nearest device pixel.
            let left = pixels(frameX), top = pixels(y)
            frames[Int(node.frameSlot)] = PixelFrame(x: left, y: top, width: pixels(frameX + w[n]) - left,
                                                     height: pixels(y + h[n]) - top)
            exactOrigins[Int(node.frameSlot)] = (frameX, y)
        }
        guard case .stack(let axis, _, _) = node.kind else { return }
        let pad = padding(node)
        let innerW = w[n] - pad.horizontal, innerH = h[n] - pad.vertical
        for child in node.children where present[child] {
            let align = self.alignment(of: child, in: node)
            if axis == .vertical {
                place(child, x: x + pad.left + cross(align, free: innerW - w[child]), y: y + pad.top + main[child])
            } else {
                place(child, x: x + pad.left + main[child], y: y + pad.top + cross(align, free: innerH - h[child], child: child))
            }
        }
    }

    /// A child's alignment across its stack: its own, or the stack's.
    private func alignment(of child: Int, in stack: CellNode) -> CellAlignment {
        let c = t.nodes[child]
        if let alt = c.alignSelfWhen, holds(alt.0) { return alt.1 }
        if let own = c.alignSelf { return own }
        if case .stack(_, _, let alignment) = stack.kind { return alignment }
        return .start
    }

    /// The offset across the stack: `free` is the space the child leaves;
    /// baseline alignment applies in rows (`child` hangs from the shared
    /// baseline) and is `start` in columns.
    private func cross(_ a: CellAlignment, free: Double, child: Int = -1) -> Double {
        switch a {
        case .start: return 0
        case .center: return free / 2
        case .end: return free
        case .baseline: return child >= 0 ? baselineOffsets[child] : 0
        }
    }

    /// A length in device pixels rounded to a whole one, saturated at
    /// ±33,554,431 px as the cell's height is (at most 2·10⁹ device pixels).
    private func pixels(_ v: Double) -> Int32 {
        let limit = min((CompiledCellTemplate.maximumLength * s).rounded(.down), 2e9)  // and within an Int32
        return v.isNaN ? 0 : Int32(max(-limit, min(limit, v.rounded())))
    }

    // MARK: Output

    private func makeLayout(width: Double, height: Double) -> CellLayout {
        var frames = self.frames
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
            // The text's own padding, on its physical sides (its lines are not mirrored).
            let pad = t.nodes[text.node].padding
            // A hugging text narrower than the width it was laid out at holds
            // unwrapped lines, all moved by the same free space: move them
            // back to the frame (a wrapped text's frame is the whole width).
            // (Decided in device pixels; the lines are CSS px.)
            var deviceShift = 0.0
            if w[text.node] - pad.horizontal * s < textWidths[slot], let left = layout.leftmostLineXInDevicePixels {
                deviceShift = left
            }
            let shift = deviceShift / s
            // Lines are placed from the exact origin, relative to the snapped frame.
            let slotOfFrame = t.schema.textFrameSlots[slot]
            let offsetX = (exactOrigins[slotOfFrame].x - Double(frames[slotOfFrame].x)) / s
            let offsetY = (exactOrigins[slotOfFrame].y - Double(frames[slotOfFrame].y)) / s
            let dx = pad.left - shift + offsetX
            // Stored in device pixels, where line metrics are whole 1/64ths (exact in a Float).
            func inDevice(_ v: Double) -> Float { Float(v * s) }
            for line in layout.lines {
                lines.append(LineRecord(end: line.utf16Range.upperBound, hasEllipsis: line.hasEllipsis,
                                        x: inDevice(line.x + dx), width: inDevice(line.width), height: inDevice(line.height),
                                        baseline: inDevice(line.baseline - line.top)))
            }
            let before = rects.count
            for entity in prepared.entities[slot] {
                var lineIndex = 0
                for r in layout.rects(forUTF16Range: entity.utf16Range) {
                    while lineIndex + 1 < layout.lines.count && layout.lines[lineIndex].top + layout.lines[lineIndex].height <= r.y {
                        lineIndex += 1
                    }
                    rects.append(EntityRectRecord(start: UInt32(clamping: entity.utf16Range.lowerBound),
                                                  end: UInt32(clamping: entity.utf16Range.upperBound), x: inDevice(r.x + dx),
                                                  width: inDevice(r.width), line: UInt16(clamping: lineIndex),
                                                  kind: entity.kind))
                }
            }
            // Named inline attachments: their frames, from the text's exact
            // origin, snapped like every other frame.
            if !prepared.attachmentSlots.isEmpty {
                let origin = exactOrigins[slotOfFrame]
                for (frame, frameSlot) in zip(layout.attachmentFramesInDevicePixels(), prepared.attachmentSlots[slot]) where frameSlot >= 0 {
                    let x = origin.x + pad.left * s - deviceShift + frame.rect.x, y = origin.y + pad.top * s + frame.rect.y
                    let left = pixels(x), top = pixels(y)
                    frames[Int(frameSlot)] = PixelFrame(x: left, y: top, width: pixels(x + frame.rect.width) - left,
                                                         height: pixels(y + frame.rect.height) - top)
                }
            }
            records.append(TextRecord(lineCount: UInt32(layout.lines.count), rectCount: UInt32(rects.count - before),
                                      // (The first line's top: above 0 when text-box-trim trims it.)
                                      top: inDevice(pad.top + offsetY + (layout.lines.first?.top ?? 0)),
                                      flags: 1 | (layout.isTruncated ? 2 : 0)))
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
