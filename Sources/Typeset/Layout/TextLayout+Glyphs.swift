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
}

extension TextLayout {
    /// The glyphs of a visual run, positioned on its line's baseline.
    ///
    /// Layout never keeps glyphs (a prepared text stores advances only, to stay
    /// small); this shapes the run again, which gives the same glyphs and
    /// advances as preparation did. Use it to draw, not to measure.
    public func glyphs(of run: VisualRun, on line: Line) -> [PositionedGlyph] {
        let style = core.styles[run.styleIndex]
        var shaped: [ShapedGlyph] = []
        let shaper = Shaper()
        core.text.units.withUnsafeBufferPointer { buf in
            shaper.shape(buf, start: run.start, end: run.end, face: run.face, size: style.size,
                         rtl: run.isRightToLeft, script: core.items.first { Int($0.start) <= run.start && run.start < Int($0.end) }?.script ?? 25,
                         language: style.language, features: Shaper.features(for: style), into: &shaped)
        }
        var x = run.x
        var out: [PositionedGlyph] = []
        out.reserveCapacity(shaped.count)
        let ls = style.letterSpacing
        var previousCluster: Int32 = -1
        for g in shaped {
            out.append(PositionedGlyph(glyphID: g.glyphID, x: x + Double(g.xOffset) / 65536,
                                       y: line.baseline - Double(g.yOffset) / 65536,
                                       utf16Offset: core.sourceOffset(Int(g.cluster))))
            x += Double(g.advance) / 65536
            if ls != 0 && g.cluster != previousCluster { x += ls }
            previousCluster = g.cluster
        }
        return out
    }
}
