/// How a line's end is settled once its segments are placed: a line end
/// Chromium reshapes (the kern with the next letter lost), and a soft hyphen
/// whose hyphen does not fit.
extension LineBreaker {
    /// The line as placed so far, at one of its possible ends.
    typealias Placed = (s: Int, content: Int64, contentEnd: Int32, lineEnd: Int32, asc: Double, desc: Double, x: Int64,
                        hyphen: Int64)

    /// Where a line ends: the next segment (and offset inside it), the
    /// content's width and end, the pen after trailing spaces, the line's
    /// metrics, the hyphen it shows and what its last unit's width gains.
    struct LineEnd {
        var s: Int, splitAt: Int32
        var content: Int64, contentEnd: Int32, lineEnd: Int32, x: Int64
        var asc: Double, desc: Double
        var hyphen: Int64, adjust: Int64
        /// What the line's start gained, reshaped (see `startAdjust`).
        var startKern: Int64 = 0
    }

    /// Chromium reshapes the end of a line that is not safe to break there:
    /// the kern with the next letter is lost ("にして" before "も" is 0.9 px
    /// wider at 18 px). If the line then no longer fits, it ends at the break
    /// before (a kern is narrower than a letter, so that one fits), or, when
    /// there is none, it is broken anywhere (overflow-wrap) or overflows.
    func reshapeEnd(_ end: inout LineEnd, last: Placed, previous: Placed?, lineStart: Int32, limit: Int64,
                    cursor: inout Cursor) {
        guard last.contentEnd == last.lineEnd, !segments[last.s - 1].mandatoryBreak else { return }
        let kern = core.reshapedEndKern(at: last.contentEnd)
        guard kern > 0 else { return }
        if end.content + kern <= limit || (previous == nil && !breakWords) {
            end.content += kern
            end.x += kern
            end.adjust += kern
        } else if let p = previous {
            let pKern = p.contentEnd == p.lineEnd ? core.reshapedEndKern(at: p.contentEnd) : 0
            (end.s, end.content, end.contentEnd, end.lineEnd, end.asc, end.desc, end.x, end.hyphen) =
                (p.s, p.content + pKern, p.contentEnd, p.lineEnd, p.asc, p.desc, p.x + pKern, p.hyphen)
            end.adjust = pKern  // an earlier segment: only the last one can end trimmed
        } else {
            let (cut, correction) = anywhereCut(lineStart: lineStart, to: Int(last.contentEnd), room: limit - end.startKern)
            endLine(&end, at: cut, correction: correction, lineStart: lineStart, cursor: &cursor)
        }
    }

    /// The line would end at a soft hyphen whose hyphen does not fit.
    func endBeforeSoftHyphen(_ end: inout LineEnd, fallback: Placed?, lineStart: Int32, limit: Int64,
                             cursor: inout Cursor) {
        if let f = fallback {
            // End it at the last break where it fits, hyphen and all.
            (end.s, end.content, end.contentEnd, end.lineEnd, end.asc, end.desc, end.hyphen) =
                (f.s, f.content, f.contentEnd, f.lineEnd, f.asc, f.desc, f.hyphen)
            end.adjust = 0  // an earlier segment: only the last one can end trimmed
        } else if breakWords {
            // Nothing before the soft hyphen can end the line. Chromium tries
            // the line again with the hyphen's width taken off the box, finds
            // no break that fits, and so breaks it anywhere (overflow-wrap) at
            // the full width: past the soft hyphen if a letter after it fits
            // ("Soft\u{AD}i" | "lk", no hyphen shown), else, the hyphen still
            // not fitting, within the width less the hyphen ("Sof" | "t\u{AD}ilk").
            let shyEnd = Int(end.contentEnd)
            var (cut, correction) = anywhereCut(lineStart: lineStart, to: Int(core.contentEnd(end.s)),
                                                room: limit - end.startKern)
            if cut <= shyEnd {
                (cut, correction) = anywhereCut(lineStart: lineStart, to: shyEnd, room: limit - end.hyphen - end.startKern)
            }
            endLine(&end, at: cut, correction: correction, lineStart: lineStart, cursor: &cursor)
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
    func endLine(_ end: inout LineEnd, at cut: Int, correction: Int64, lineStart: Int32, cursor: inout Cursor) {
        // The segment the line now ends in, or before (a cut at a segment's end ends the line there).
        var k = 0, hi = segments.count
        while k < hi { let m = (k + hi) / 2; if Int(segments[m].end) <= cut { k = m + 1 } else { hi = m } }
        end.s = k
        end.splitAt = Int(start(k)) == cut ? -1 : Int32(cut)
        if end.splitAt >= 0 {
            cursor.splitRemainder = core.width(cut, Int(core.contentEnd(k)))
            let m = strutMetricsOnly ? strut : core.pieceMetrics(start(k), Int32(cut))
            end.asc = max(end.asc, m.ascent); end.desc = max(end.desc, m.descent)
        }
        end.content = end.startKern + core.width(Int(lineStart), cut) + lineRounding(lineStart: lineStart, to: cut) + correction
        end.x = end.content
        end.contentEnd = Int32(cut)
        end.lineEnd = Int32(cut)
        end.adjust = correction
        end.hyphen = cut > Int(lineStart) && core.text.units[cut - 1] == 0xAD ? hyphenWidth : 0
    }
}
