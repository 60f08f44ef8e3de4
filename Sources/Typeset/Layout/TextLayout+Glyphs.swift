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
        if let device {
            return device.layout.glyphs(of: deviceRun(run, on: line), on: deviceLine(line)).map { $0.dividedBy(device.scale) }
        }
        let style = core.styles[run.styleIndex]
        let script = core.items.first { Int($0.start) <= run.start && run.start < Int($0.end) }?.script ?? 25
        let shaped = core.text.units.withUTF16(around: run.start..<run.end) { buf, o in
            var glyphs = Reshaping.glyphs(buf, start: run.start - o, end: run.end - o, face: run.face, style: style,
                                          rtl: run.isRightToLeft, script: script)
            if o != 0 { for k in glyphs.indices { glyphs[k].cluster += Int32(o) } }
            return glyphs
        }
        guard !shaped.isEmpty else { return [] }
        let advances = LineAdvances(core: core, line: line)
        // Cluster starts in logical order: a cluster ends where the next one starts.
        let starts = Array(Set(shaped.map { Int($0.cluster) })).sorted()
        func end(of cluster: Int) -> Int {
            var lo = 0, hi = starts.count
            while lo < hi { let m = (lo + hi) / 2; if starts[m] <= cluster { lo = m + 1 } else { hi = m } }
            return lo < starts.count ? starts[lo] : run.end
        }
        // A tab of a pre-wrap line is a run of its own, as wide as it was placed.
        let isTab = run.end == run.start + 1 && core.text.units[run.start] == 0x09
        func offset(_ a: Int, _ b: Int) -> Double { isTab ? (b > a ? run.width : 0) : Double(advances.width(a, b)) / 65536 }
        var out: [PositionedGlyph] = []
        out.reserveCapacity(shaped.count)
        var i = 0
        while i < shaped.count {
            // A cluster's glyphs are contiguous in HarfBuzz's (visual) order.
            let cluster = Int(shaped[i].cluster)
            var j = i + 1
            while j < shaped.count && Int(shaped[j].cluster) == cluster { j += 1 }
            var left = run.isRightToLeft ? run.x + run.width - offset(run.start, end(of: cluster))
                                         : run.x + offset(run.start, cluster)
            // An inline box's side counted in this cluster's advance lies on
            // the glyph's left (a box's start in left-to-right text, its end
            // in right-to-left text): the glyph is drawn after it.
            if !core.boxEdges.isEmpty {
                let paragraphRTL = core.paragraphLevel & 1 == 1
                if !run.isRightToLeft && !paragraphRTL {
                    left += Double(InlineBoxRuns.startSide(at: cluster, in: core.boxEdges)) / 65536
                } else if run.isRightToLeft && paragraphRTL {
                    left += Double(InlineBoxRuns.endSide(before: end(of: cluster), in: core.boxEdges)) / 65536
                }
            }
            var pen = left
            for g in shaped[i..<j] {
                out.append(PositionedGlyph(glyphID: g.glyphID, x: pen + Double(g.xOffset) / 65536,
                                           y: line.baseline - Double(g.yOffset) / 65536,
                                           utf16Offset: core.sourceOffset(cluster), advance: 0))
                pen += Double(g.advance) / 65536
            }
            i = j
        }
        // Each glyph's advance reaches the next glyph's pen position (origin less offset).
        for k in out.indices {
            let pen = out[k].x - Double(shaped[k].xOffset) / 65536
            let next = k + 1 < out.count ? out[k + 1].x - Double(shaped[k + 1].xOffset) / 65536 : run.x + run.width
            out[k].advance = next - pen
        }
        // An attachment's U+FFFC draws nothing: its frame is in attachmentFrames().
        if !core.attachments.isEmpty {
            let units = Set(core.attachments.map { core.sourceOffset(Int($0.unit)) })
            out.removeAll { units.contains($0.utf16Offset) }
        }
        return out
    }
}
