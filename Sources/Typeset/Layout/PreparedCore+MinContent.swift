// Pipeline stage: Layout. CSS min-content, computed once per prepared text.

extension PreparedCore {
    /// CSS min-content in the text's own pixels (device pixels for a text
    /// prepared at a scale): the widest line when the text breaks at every
    /// opportunity it has (`overflow-wrap: anywhere`'s included,
    /// `break-word`'s not). Measured (no lines built) the first time it is asked
    /// and kept (in 1/64 px, as Chromium's layout units), so every layout
    /// (and batch answer) can report it.
    var minContentWidth: Double {
        // (`pre` never wraps and keeps its spaces: each line whole, the spaces at its end included.)
        if facts.whiteSpace == .pre { return maxContentWidth.pixels }
        if let stored = storedMinContent { return Double(stored) / 64 }
        let width = (plainMinContent ?? breakerMinContent).pixels
        storeMinContent(Int64((width * 64).rounded()))
        return width
    }

    /// Min-content as the breaker measures it: its allocation-free measure
    /// at width 0, every line through its general path (the widest line).
    var breakerMinContent: Fixed16 {
        LineBreaker.with(self, minContent: true) { $0.measure(width: 0) }.width
    }

    /// Min-content straight from the segments, for a text whose lines at
    /// width 0 the breaker makes from whole segments and nothing else: plain
    /// segments (no soft hyphen, tab, hanging space, trimmable bracket or
    /// 32-bit overflow), one style run, no indent, no break inside a word
    /// (`overflow-wrap: anywhere`, `line-break: anywhere`), wrapping
    /// white space other than `break-spaces` (whose end spaces count) and no
    /// justification (measured through placement). Nil for any other text.
    ///
    /// The breaker's rule at width 0, without its general path's per-line
    /// work: a line takes its first segment whatever its width, then the
    /// next ones while they fit the 1/64 px tolerance (zero-width
    /// segments), and ends at a forced break. Equal to ``breakerMinContent``
    /// wherever it answers (`MinContentShortcutTests`, every corpus).
    var plainMinContent: Fixed16? {
        let f = facts
        guard f.hasOnlyPlainSegments, !f.hasRunBoundaries, !f.hasTextIndent, f.overflowWrap != .anywhere,
              !f.breaksAnywhere, f.whiteSpace.wraps, f.whiteSpace != .breakSpaces,
              !(f.needsPlacement && (paragraph.alignment == .justify || paragraph.alignLast == .justify))
        else { return nil }
        let segs = segments
        let limit = LineBreaker.limit(for: 0)
        var widest: Int64 = 0
        var s = 0
        while s < segs.count {
            // One line: its first segment placed whatever its width.
            var seg = segs[s]
            var content = Int64(seg.width)
            var pen = content &+ Int64(seg.trailing)
            s &+= 1
            while !seg.mandatoryBreak && content <= limit && s < segs.count {
                seg = segs[s]
                guard pen &+ Int64(seg.width) <= limit else { break }
                content = pen &+ Int64(seg.width)
                pen = content &+ Int64(seg.trailing)
                s &+= 1
            }
            widest = max(widest, content)
        }
        return Fixed16(raw: LayoutUnit.ceilingFixed(widest))
    }
}
