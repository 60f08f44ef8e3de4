// Pipeline stage: Layout.
// In: a layout's lines (or a measurement's first and last line metrics) and the text's trimming edges.
// Out: the lines moved up and the height less what `text-box-trim` trims (see `TextBoxEdge`).

extension PreparedCore {
    /// What `text-box-trim` takes off the top of the first line and the
    /// bottom of the last, given their extents about their baselines; nil
    /// when it trims nothing (or there are no lines).
    func textBoxTrims(firstAscent: Double?, lastDescent: Double) -> (top: Double, bottom: Double)? {
        guard let edges = trimEdges, let firstAscent else { return nil }
        return edges.trims(paragraph.textBoxTrim, firstAscent: firstAscent, lastDescent: lastDescent)
    }

    /// A measured height trimmed (see `textBoxTrims`).
    func trimmedHeight(_ height: Double, firstAscent: Double?, lastDescent: Double) -> Double {
        guard let t = textBoxTrims(firstAscent: firstAscent, lastDescent: lastDescent) else { return height }
        return height - t.top - t.bottom
    }

    /// Lines trimmed: each moved up by what the first line's top loses, the
    /// height less both trims.
    func trim(_ lines: inout [TextLayout.Line], height: inout Double) {
        guard let first = lines.first, let last = lines.last,
              let t = textBoxTrims(firstAscent: first.ascent, lastDescent: last.descent) else { return }
        for k in lines.indices {
            lines[k].top -= t.top
            lines[k].baseline -= t.top
        }
        height -= t.top + t.bottom
    }
}
