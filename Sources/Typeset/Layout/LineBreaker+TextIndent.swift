// Pipeline stage: Layout. CSS `text-indent`, measured in Chromium 156:
// the first line (and with `each-line` each line after a forced break;
// `hanging` the others instead) is narrower by the indent and starts that
// far from its start edge; a percentage is of the box's width and counts as
// 0 in intrinsic sizes; min-content counts the indent only on lines that
// start a paragraph (with `hanging` alone, also on every line after the
// first forced break).

extension LineBreaker {
    /// The indent of the line `cursor` starts, 1/65536 px on the 1/64 px
    /// grid (0 when the line is not indented).
    func indent(at cursor: Cursor, width: Double?) -> Int64 {
        guard let textIndent else { return 0 }
        let first = cursor.lineCount == 0
        let startsParagraph = first
            || (cursor.splitAt < 0 && cursor.segment > 0 && cursor.segment <= segments.count
                && segments[cursor.segment - 1].mandatoryBreak)
        guard textIndent.indents(startsParagraph: startsParagraph, first: first) else { return 0 }
        // Chromium's min-content counts the indent only where a paragraph
        // starts, and for `hanging` alone (no `each-line`) on every line after
        // the first forced break too.
        if forMinContent && !startsParagraph
            && !(textIndent.hanging && !textIndent.eachLine && cursor.segment > firstForcedBreak) { return 0 }
        let px = textIndent.resolved(width: forMinContent ? nil : width, fontSize: core.styles[0].size,
                                     scale: core.facts.scale)
        guard px.isFinite else { return 0 }
        return Int64(max(-1e12, min(1e12, (px * 64).rounded()))) * 1024
    }
}
