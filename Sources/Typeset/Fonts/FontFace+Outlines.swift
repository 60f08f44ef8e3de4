import CHarfBuzz

extension FontFace {
    /// The outline of a glyph as an SVG path (`d` attribute) at a font size, in
    /// px with y pointing down and the origin at the glyph's pen position.
    /// Empty for glyphs without outlines (spaces, colour bitmaps).
    public func svgPath(glyph: UInt32, size: Double) -> String {
        let scale = size * sizeAdjust / Double(unitsPerEm) / unitScale
        var sink = PathSink(scale: scale)
        let funcs = hb_draw_funcs_create()
        defer { hb_draw_funcs_destroy(funcs) }
        hb_draw_funcs_set_move_to_func(funcs, { _, data, _, x, y, _ in
            data!.assumingMemoryBound(to: PathSink.self).pointee.add("M", [x, y])
        }, nil, nil)
        hb_draw_funcs_set_line_to_func(funcs, { _, data, _, x, y, _ in
            data!.assumingMemoryBound(to: PathSink.self).pointee.add("L", [x, y])
        }, nil, nil)
        hb_draw_funcs_set_quadratic_to_func(funcs, { _, data, _, cx, cy, x, y, _ in
            data!.assumingMemoryBound(to: PathSink.self).pointee.add("Q", [cx, cy, x, y])
        }, nil, nil)
        hb_draw_funcs_set_cubic_to_func(funcs, { _, data, _, c1x, c1y, c2x, c2y, x, y, _ in
            data!.assumingMemoryBound(to: PathSink.self).pointee.add("C", [c1x, c1y, c2x, c2y, x, y])
        }, nil, nil)
        hb_draw_funcs_set_close_path_func(funcs, { _, data, _, _ in
            data!.assumingMemoryBound(to: PathSink.self).pointee.path += "Z"
        }, nil, nil)
        withUnsafeMutablePointer(to: &sink) { p in
            hb_font_get_glyph_shape(hbFont, glyph, funcs, p)
        }
        return sink.path
    }
}

/// Collects HarfBuzz draw calls (font units, y up) into SVG path text (px, y down).
private struct PathSink {
    var scale: Double
    var path = ""

    mutating func add(_ op: String, _ coords: [Float]) {
        path += op
        for k in stride(from: 0, to: coords.count, by: 2) {
            if k > 0 { path += " " }
            path += Self.format(Double(coords[k]) * scale) + " " + Self.format(-Double(coords[k + 1]) * scale)
        }
    }

    private static func format(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
    }
}
