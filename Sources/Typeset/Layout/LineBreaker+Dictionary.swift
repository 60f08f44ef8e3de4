/// Lines that start inside a word, as Chromium's break iterator sees them.
///
/// Chromium's line break iterator finds a line's break opportunities from
/// the line's start: ICU segments Thai by its dictionary from there, not from
/// the paragraph's start. Where a line starts at a word boundary the words
/// are the same; where it starts inside a word (the rest of a word that
/// overflow-wrap split), the rest and the words after it are segmented
/// afresh, so "วรร" | "ค" + "ระหว่าง" becomes "วรร" | "คระ" | "หว่า" | "งคำ" at
/// 20 px in 40 px ("คระหว่างคำ" alone breaks so), and "สนุ" | "ก" | "สนา" | "น".
extension LineBreaker {
    /// A line from `from` (inside segment `s`) over the Thai text that runs
    /// on from there, broken at the opportunities the text from `from` has.
    struct RestartedLine {
        /// Where the line ends (trailing spaces included) and its content ends.
        var end: Int32, contentEnd: Int32
        /// The content's width, the kern lost at a split included, 1/65536 px.
        var content: Int64
        /// What a split inside a word added (the lost kern).
        var adjust: Int64
        /// The pen after the trailing spaces (`whole` only).
        var pen: Int64
        /// The last segment the line reaches into.
        var lastSegment: Int
        /// The line reached the end of the Thai text's segments: more may follow on it.
        var whole: Bool
    }

    /// The line from `from`, or nil when nothing is segmented afresh there
    /// (not Thai, break-all or `line-break: anywhere`, several styles).
    func restartedLine(from: Int32, segment s: Int, limit: Int64) -> RestartedLine? {
        let units = core.text.units
        let p = core.paragraph
        guard breakWords, p.wordBreak != .breakAll, p.lineBreak != .anywhere, !hasRunBoundaries,
              Int(from) < units.count, UnicodeProps.isThai(units[Int(from)]) else { return nil }
        // The segments the Thai text runs through: up to the first that ends
        // with spaces or a forced break, or before other text.
        var k = s
        while k + 1 < segments.count, segments[k].contentEnd == segments[k].end, !segments[k].mandatoryBreak,
              UnicodeProps.isThai(units[Int(segments[k].end)]) { k += 1 }
        let rangeEnd = Int(segments[k].end)
        let piece = Array(units[Int(from)..<rangeEnd])
        guard let breaks = try? BreakOpportunities.compute(piece, wordBreak: p.wordBreak,
                                                            preserveNewlines: p.whiteSpace.preservesNewlines,
                                                            language: p.locale ?? core.styles[0].language,
                                                            lineBreak: p.lineBreak) else { return nil }
        // The last opportunity the line fits to.
        var best: (end: Int, contentEnd: Int, width: Int64)?
        var pieceStart = Int(from)
        var firstContentEnd = rangeEnd
        for b in breaks.positions {
            let end = Int(from) + Int(b)
            let contentEnd = BreakOpportunities.contentEnd(units, start: pieceStart, end: end)
            if best == nil && pieceStart == Int(from) { firstContentEnd = contentEnd }
            let w = core.width(Int(from), contentEnd)
            if w > limit { break }
            best = (end, contentEnd, w)
            pieceStart = end
        }
        func segment(containing offset: Int) -> Int {
            var j = s
            while j < k && Int(segments[j].end) <= offset { j += 1 }
            return j
        }
        guard let best else {
            // Not even the first word fits: overflow-wrap splits it, its end
            // reshaped (the kern with the next letter lost).
            var cut = fittingClusterEnd(from: Int(from), to: firstContentEnd, limit: limit) { _ in 0 }
            var correction = core.splitCorrection(at: cut)
            while correction > 0, core.width(Int(from), cut) + correction > limit,
                  let earlier = core.previousGraphemeStart(before: cut, after: Int(from)) {
                cut = earlier
                correction = core.splitCorrection(at: cut)
            }
            let w = core.width(Int(from), cut) + correction
            return RestartedLine(end: Int32(cut), contentEnd: Int32(cut), content: w, adjust: correction, pen: w,
                                 lastSegment: segment(containing: cut), whole: false)
        }
        if best.end == rangeEnd {
            let pen = best.width + (segments[k].hasTab ? trailingWidth(k, penAt: best.width) : core.segmentTrailing(k))
            return RestartedLine(end: Int32(best.end), contentEnd: Int32(best.contentEnd), content: best.width, adjust: 0,
                                 pen: pen, lastSegment: k, whole: true)
        }
        return RestartedLine(end: Int32(best.end), contentEnd: Int32(best.contentEnd), content: best.width, adjust: 0,
                             pen: best.width, lastSegment: segment(containing: best.end - 1), whole: false)
    }
}

extension PreparedCore {
    /// Whether the break at `p` is one for a line starting at `lineStart`
    /// inside a word: Chromium's break iterator starts at the line, so it
    /// does not see what comes before it. Its break after "-" before a digit
    /// needs a letter or digit before the "-": a line that starts with the
    /// "-" does not break there ("ry/item" | "-12345" | "?ref" at 17 px in
    /// 60 px, where "abcdefghi-12345" breaks after the "-").
    func isBreakSeen(fromLineStart lineStart: Int32, at p: Int32) -> Bool {
        let units = text.units
        guard p == lineStart + 1, Int(p) < units.count, units[Int(lineStart)] == 0x2D else { return true }
        return !(units[Int(p)] >= 0x30 && units[Int(p)] <= 0x39)
    }
}
