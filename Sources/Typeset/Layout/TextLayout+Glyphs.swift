/// A glyph placed in layout coordinates, for drawing.
public struct PositionedGlyph: Sendable, Hashable {
    /// The glyph index in `face`.
    public var glyphID: UInt32
    /// The x of the glyph's origin (pen position on the baseline, x right), px.
    public var x: Double
    /// The y of the glyph's origin (the baseline, y down), px.
    public var y: Double
    /// The source UTF-16 offset of the glyph's cluster.
    public var utf16Offset: Int
    /// How far the pen moves to the next glyph of the run, left to right, px
    /// (the last glyph's reaches the run's right edge): a run's glyphs'
    /// advances add up to its measured width.
    public var advance: Double
}

extension TextLayout {
    /// The glyphs of a visual run, positioned on its line's baseline, where
    /// measurement counted them.
    ///
    /// Layout never keeps glyphs (a prepared text stores advances only, to stay
    /// small): this shapes the run again for its glyphs and their offsets
    /// within each cluster, and places every cluster at the pen position the
    /// measured advances give (letter spacing, CJK punctuation trimming, tab
    /// stops and per-word shaping included), so what is drawn is what was
    /// measured. A line that ends at a soft hyphen (`Line.showsHyphen`) leaves
    /// room for the hyphen after its last glyph. An inline attachment's place
    /// is left empty (draw it in its ``TextLayout/attachmentFrames()``).
    /// Use it to draw, not to measure.
    public func glyphs(of run: VisualRun, on line: Line) -> [PositionedGlyph] {
        let shaped = shapedGlyphs(of: run)
        guard !shaped.isEmpty else { return [] }
        var out = place(shaped, of: run, on: line.device)
        // An attachment's U+FFFC draws nothing: its frame is in attachmentFrames().
        if !core.attachments.isEmpty {
            let units = Set(core.attachments.map { core.sourceOffset(Int($0.unit)) })
            out.removeAll { units.contains($0.utf16Offset) }
        }
        // Placed in device pixels, answered in CSS px.
        for k in out.indices {
            out[k].x = css(out[k].x)
            out[k].y = css(out[k].y)
            out[k].advance = css(out[k].advance)
        }
        return out
    }

    /// The run shaped again, its glyphs' clusters processed offsets.
    private func shapedGlyphs(of run: VisualRun) -> [ShapedGlyph] {
        let style = core.styles[run.styleIndex]
        let script = core.items.first { Int($0.start) <= run.start && run.start < Int($0.end) }?.script ?? 25
        return core.text.units.withUTF16(around: run.start..<run.end) { buf, o in
            var glyphs = Reshaping.glyphs(buf, start: run.start - o, end: run.end - o, face: run.face, style: style,
                                          rtl: run.isRightToLeft, script: script)
            if o != 0 { for k in glyphs.indices { glyphs[k].cluster += Int32(o) } }
            return glyphs
        }
    }

    /// The shaped glyphs placed at the pen positions the line's measured
    /// advances give each cluster, device pixels.
    private func place(_ shaped: [ShapedGlyph], of run: VisualRun, on line: DeviceLine) -> [PositionedGlyph] {
        let advances = LineAdvances(core: core, line: line)
        // Cluster starts in logical order: a cluster ends where the next one starts.
        let starts = Array(Set(shaped.map { Int($0.cluster) })).sorted()
        func end(of cluster: Int) -> Int {
            var lo = 0, hi = starts.count
            while lo < hi { let m = (lo + hi) / 2; if starts[m] <= cluster { lo = m + 1 } else { hi = m } }
            return lo < starts.count ? starts[lo] : run.end
        }
        // A tab of a pre-wrap line is a run of its own, as wide as it was placed.
        let isTab = run.isTab(in: core)
        func offset(_ a: Int, _ b: Int) -> Double {
            isTab ? (b > a ? run.deviceWidth : 0) : Fixed16.pixels(advances.width(a, b))
        }
        var out: [PositionedGlyph] = []
        out.reserveCapacity(shaped.count)
        var i = 0
        while i < shaped.count {
            // A cluster's glyphs are contiguous in HarfBuzz's (visual) order.
            let cluster = Int(shaped[i].cluster)
            var j = i + 1
            while j < shaped.count && Int(shaped[j].cluster) == cluster { j += 1 }
            var left = run.isRightToLeft ? run.deviceX + run.deviceWidth - offset(run.start, end(of: cluster))
                                         : run.deviceX + offset(run.start, cluster)
            // An inline box's side counted in this cluster's advance lies on
            // the glyph's left (a box's start in left-to-right text, its end
            // in right-to-left text): the glyph is drawn after it.
            if !core.boxEdges.isEmpty {
                let paragraphRTL = core.paragraphLevel & 1 == 1
                if !run.isRightToLeft && !paragraphRTL {
                    left += Fixed16.pixels(Int64(InlineBoxRuns.startSide(at: cluster, in: core.boxEdges)))
                } else if run.isRightToLeft && paragraphRTL {
                    left += Fixed16.pixels(Int64(InlineBoxRuns.endSide(before: end(of: cluster), in: core.boxEdges)))
                }
            }
            var pen = left
            for g in shaped[i..<j] {
                out.append(PositionedGlyph(glyphID: g.glyphID, x: pen + Fixed16.pixels(Int64(g.xOffset)),
                                           y: line.baseline - Fixed16.pixels(Int64(g.yOffset)),
                                           utf16Offset: core.sourceOffset(cluster), advance: 0))
                pen += Fixed16.pixels(Int64(g.advance))
            }
            i = j
        }
        // Each glyph's advance reaches the next glyph's pen position (origin less offset).
        for k in out.indices {
            let pen = out[k].x - Fixed16.pixels(Int64(shaped[k].xOffset))
            let next = k + 1 < out.count ? out[k + 1].x - Fixed16.pixels(Int64(shaped[k + 1].xOffset))
                : run.deviceX + run.deviceWidth
            out[k].advance = next - pen
        }
        return out
    }
}
