/// How a line's end is settled once its segments are placed: a line end
/// Chromium reshapes (the kern with the next letter lost), and a soft hyphen
/// whose hyphen does not fit.
extension LineBreaker {
    /// Where a line ends: the next segment (and offset inside it after an
    /// overflow-wrap split, else -1), the content's width and end, the pen
    /// after trailing spaces, the line's metrics, the hyphen it shows and what
    /// its last unit's width gains.
    struct LineEnd {
        var s: Int, splitAt: Int32
        var content: Int64, contentEnd: Int32, lineEnd: Int32, x: Int64
        var asc: Double, desc: Double
        var hyphen: Int64, adjust: Int64

        /// The end of a line holding nothing yet: at segment `s` (and
        /// `splitAt` inside it), its start, with the pen at `pen` and the
        /// strut's metrics.
        init(segment s: Int, splitAt: Int32, lineStart: Int32, pen: Int64, strut: (ascent: Double, descent: Double)) {
            (self.s, self.splitAt) = (s, splitAt)
            (content, contentEnd, lineEnd, x) = (0, lineStart, lineStart, pen)
            (asc, desc) = (strut.ascent, strut.descent)
            (hyphen, adjust) = (0, 0)
        }

        /// Takes in the metrics of what the line holds.
        @inline(__always)
        mutating func include(_ metrics: (ascent: Double, descent: Double)) {
            asc = max(asc, metrics.ascent)
            desc = max(desc, metrics.descent)
        }
    }

    /// A line `nextLine` is breaking: where it starts, where it ends so far,
    /// and the ends it may still fall back to.
    struct OpenLine {
        /// The processed offset the line starts at.
        let start: Int32
        /// What the line's start gained, reshaped (see `RawLine.startAdjust`).
        let startKern: Int64
        /// Where the line ends with what is placed so far.
        var end: LineEnd
        /// Nothing is placed on the line yet.
        var first = true
        /// Where the current style run's piece of the line starts (see `runRounding`).
        var pieceStart: Int64 = 0
        /// The last end where the line fits, hyphen and all: a soft hyphen's
        /// hyphen shows (and needs room) only if the line ends there.
        var fallback: LineEnd?
        /// The ends after the last segment placed and the one before (kept
        /// only when some line end may be reshaped, see `reshapeEnd`).
        var lastPlaced: LineEnd?, previousPlaced: LineEnd?

        init(start: Int32, startKern: Int64, end: LineEnd) {
            self.start = start
            self.startKern = startKern
            self.end = end
        }
    }

    /// Chromium reshapes the end of a line that is not safe to break there:
    /// the kern with the next letter is lost ("にして" before "も" is 0.9 px
    /// wider at 18 px). If the line then no longer fits, it ends at the break
    /// before (a kern is narrower than a letter, so that one fits), or, when
    /// there is none, it is broken anywhere (overflow-wrap) or overflows.
    func reshapeEnd(_ line: inout OpenLine, limit: Int64, cursor: inout Cursor) {
        guard let last = line.lastPlaced, last.contentEnd == last.lineEnd, !segments[last.s - 1].mandatoryBreak else { return }
        let kern = core.reshapedEndKern(at: last.contentEnd)
        guard kern != 0 else { return }
        if line.end.content + kern <= limit || (line.previousPlaced == nil && !breakWords) {
            line.end.content += kern
            line.end.x += kern
            line.end.adjust += kern
        } else if let p = line.previousPlaced {
            let pKern = p.contentEnd == p.lineEnd ? core.reshapedEndKern(at: p.contentEnd) : 0
            (line.end.s, line.end.content, line.end.contentEnd, line.end.lineEnd) =
                (p.s, p.content + pKern, p.contentEnd, p.lineEnd)
            (line.end.asc, line.end.desc, line.end.x, line.end.hyphen) = (p.asc, p.desc, p.x + pKern, p.hyphen)
            line.end.adjust = pKern  // an earlier segment: only the last one can end trimmed
        } else {
            let (cut, correction) = anywhereCut(lineStart: line.start, to: Int(last.contentEnd), room: limit - line.startKern)
            endLine(&line, at: cut, correction: correction, cursor: &cursor)
        }
    }

    /// The line would end at a soft hyphen whose hyphen does not fit.
    func endBeforeSoftHyphen(_ line: inout OpenLine, limit: Int64, cursor: inout Cursor) {
        if let f = line.fallback {
            // End it at the last break where it fits, hyphen and all (the pen stays where it was).
            (line.end.s, line.end.content, line.end.contentEnd, line.end.lineEnd) = (f.s, f.content, f.contentEnd, f.lineEnd)
            (line.end.asc, line.end.desc, line.end.hyphen) = (f.asc, f.desc, f.hyphen)
            line.end.adjust = 0  // an earlier segment: only the last one can end trimmed
        } else if breakWords {
            // Nothing before the soft hyphen can end the line. Chromium tries
            // the line again with the hyphen's width taken off the box, finds
            // no break that fits, and so breaks it anywhere (overflow-wrap) at
            // the full width: past the soft hyphen if a letter after it fits
            // ("Soft\u{AD}i" | "lk", no hyphen shown), else, the hyphen still
            // not fitting, within the width less the hyphen ("Sof" | "t\u{AD}ilk").
            let shyEnd = Int(line.end.contentEnd)
            var (cut, correction) = anywhereCut(lineStart: line.start, to: Int(core.contentEnd(line.end.s)),
                                                room: limit - line.startKern)
            if cut <= shyEnd {
                (cut, correction) = anywhereCut(lineStart: line.start, to: shyEnd, room: limit - line.end.hyphen - line.startKern)
            }
            endLine(&line, at: cut, correction: correction, cursor: &cursor)
        }
    }

    /// What run rounding adds to a line from `lineStart` to `end`.
    private func lineRounding(lineStart: Int32, to end: Int) -> Int64 {
        guard hasRunBoundaries else { return 0 }
        var pieceStart: Int64 = 0
        return runRounding(from: lineStart, to: Int32(end), lineStart: lineStart, pen: 0, pieceStart: &pieceStart)
    }

    /// The furthest grapheme boundary in `(lineStart, to]` where the line fits
    /// `room` with its end reshaped (losing its kern with the next letter, as
    /// at any overflow-wrap split), and that kern.
    func anywhereCut(lineStart: Int32, to end: Int, room: Int64) -> (cut: Int, correction: Int64) {
        var cut = fittingClusterEnd(from: Int(lineStart), to: end, limit: room) { lineRounding(lineStart: lineStart, to: $0) }
        var correction = core.splitCorrection(at: cut)
        while correction > 0, core.width(Int(lineStart), cut) + lineRounding(lineStart: lineStart, to: cut) + correction > room,
              let earlier = core.previousGraphemeStart(before: cut, after: Int(lineStart)) {
            cut = earlier
            correction = core.splitCorrection(at: cut)
        }
        return (cut, correction)
    }

    /// Ends the line at `cut`, found by breaking anywhere (its end reshaped: `correction`).
    func endLine(_ line: inout OpenLine, at cut: Int, correction: Int64, cursor: inout Cursor) {
        // The segment the line now ends in, or before (a cut at a segment's end ends the line there).
        var k = 0, hi = segments.count
        while k < hi { let m = (k + hi) / 2; if Int(segments[m].end) <= cut { k = m + 1 } else { hi = m } }
        let lineStart = line.start
        line.end.s = k
        line.end.splitAt = Int(start(k)) == cut ? -1 : Int32(cut)
        if line.end.splitAt >= 0 {
            cursor.splitRemainder = core.width(cut, Int(core.contentEnd(k)))
            line.end.include(strutMetricsOnly ? strut : core.pieceMetrics(start(k), Int32(cut)))
        }
        line.end.content = line.startKern + core.width(Int(lineStart), cut) + lineRounding(lineStart: lineStart, to: cut)
            + correction
        line.end.x = line.end.content
        line.end.contentEnd = Int32(cut)
        line.end.lineEnd = Int32(cut)
        line.end.adjust = correction
        line.end.hyphen = cut > Int(lineStart) && core.text.units[cut - 1] == 0xAD ? hyphenWidth : 0
    }
}
