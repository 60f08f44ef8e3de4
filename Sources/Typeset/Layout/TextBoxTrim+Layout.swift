// Pipeline stage: Layout.
// In: a layout's lines (or a measurement's first and last line metrics) and the text's trimming edges.
// Out: the lines moved up and the height less what `text-box-trim` trims (see `TextBoxEdge`).

extension PreparedCore {
    /// What `text-box-trim` takes off the top of the first line and the
    /// bottom of the last, given their extents about their baselines, the
    /// number of lines and whether a clamp cut the text; nil when it trims
    /// nothing (or there are no lines).
    ///
    /// Chromium 156 leaves the last line's bottom untrimmed when a line
    /// clamp (`maxLines`) holds exactly the text's lines without cutting it:
    /// three lines clamped at 3 are 54.703125 px trimmed to `cap alphabetic`
    /// (the top alone), clamped at 5 or not clamped 50.703125, clamped at 2
    /// (cut) 30.703125.
    func textBoxTrims(firstAscent: Double?, lastDescent: Double, lineCount: Int,
                      truncated: Bool) -> (top: Double, bottom: Double)? {
        guard let edges = trimEdges, let firstAscent else { return nil }
        var t = edges.trims(paragraph.textBoxTrim, firstAscent: firstAscent, lastDescent: lastDescent)
        if !truncated, let clamp = facts.maxLines, clamp == lineCount { t.bottom = 0 }
        return t
    }

    /// A measured height trimmed (see `textBoxTrims`).
    func trimmedHeight(_ height: Double, firstAscent: Double?, lastDescent: Double, lineCount: Int,
                       truncated: Bool) -> Double {
        guard let t = textBoxTrims(firstAscent: firstAscent, lastDescent: lastDescent, lineCount: lineCount,
                                   truncated: truncated) else { return height }
        return height - t.top - t.bottom
    }

    /// Lines trimmed: each moved up by what the first line's top loses, the
    /// height less both trims.
    func trim(_ lines: inout [DeviceLine], height: inout Double, truncated: Bool) {
        guard let first = lines.first, let last = lines.last,
              let t = textBoxTrims(firstAscent: first.ascent, lastDescent: last.descent, lineCount: lines.count,
                                   truncated: truncated) else { return }
        for k in lines.indices {
            lines[k].top -= t.top
            lines[k].baseline -= t.top
        }
        height -= t.top + t.bottom
    }
}
