// Pipeline stage: Layout. A line holding one word after a start Chromium
// reshapes (a split word's rest, a word after a break prepare found
// reshaped) and the spaces after it, measured as the word shaped alone; and
// the rest of a ligature a line starts inside.

extension PreparedCore {
    /// What a line starting at `start` and holding one word up to
    /// `contentEnd` (and the spaces it ends with) gains beyond what its
    /// start gains (`splitStartCorrection`, `reshapedStartKern`), 1/65536
    /// px: Chromium shapes the word again alone when its start is not safe
    /// to break and no break inside it is (see `Shaper.reshapedOneWordGain`),
    /// so it loses the kern its last glyph had with the space. A line starting at a break
    /// prepare found reshaped reads it from `reshapedEnds`; one starting
    /// inside a split word (`split`) is shaped again here.
    func oneWordLineCorrection(start: Int32, contentEnd: Int32, split: Bool) -> Int64 {
        let s = Int(start), e = Int(contentEnd)
        guard s > 0, e > s, e < text.units.count else { return 0 }
        guard split else { return Int64(reshapedOneWordLine(at: start)) }
        guard ligatures.split(at: start) == nil, let item = item(holding: s), item.level & 1 == 0,
              let gain = splitOneWordGain(at: s, wordEnd: e, item: item) else { return 0 }
        return gain
    }

    /// Whether a line starting at `p` (a segment's start) is measured
    /// otherwise than its segments say: it loses a kern at its start, or
    /// would as a one-word line.
    func reshapesLineStart(at p: Int32) -> Bool {
        reshapedStartKern(at: p) != 0 || reshapedOneWordLine(at: p) != 0
    }

    /// What a line starting inside a ligature at `cut` (a break between its
    /// characters) gains with the ligature's rest shaped alone, as Chromium
    /// reshapes the line's start: Inter's "->" split after "-" leaves a
    /// plain ">". Left-to-right text only (nil otherwise: right-to-left
    /// ligatures split by `overflow-wrap` keep their rest as laid out).
    func ligatureRestCorrection(at cut: Int, _ clusterStart: Int32) -> Int64? {
        let n = text.units.count
        let m = unitMetrics
        var q = cut + 1
        while q < n && (!m.isGraphemeStart(q) || ligatures.split(at: Int32(q))?.clusterStart == clusterStart) { q += 1 }
        guard let item = item(holding: cut), item.level & 1 == 0, Int(item.start) <= Int(clusterStart), Int(item.end) >= q
        else { return nil }
        let alone = text.units.withUTF16(around: cut..<q) { buf, o in
            Reshaping.glyphs(buf, start: cut - o, end: q - o, face: faces[Int(item.faceIndex)],
                             style: styles[Int(item.styleIndex)], rtl: item.level & 1 == 1, script: item.script)
                .reduce(Int64(0)) { $0 + Int64($1.advance) }
        }
        return alone - m.startCorrection(cut)
    }

    /// `Shaper.reshapedOneWordGain` for a line starting at `cut` inside a
    /// split word ending at `wordEnd`, with the word from its start (at most
    /// 64 units back, within the item) as context: a contextual lookup can
    /// reach across it (Inter's "}" looks back for capitals).
    private func splitOneWordGain(at cut: Int, wordEnd: Int, item: Item) -> Int64? {
        guard wordEnd > cut, Int(item.end) >= wordEnd else { return nil }
        var wordStart = cut - 1
        while wordStart > max(Int(item.start), cut - 64) && text.units[wordStart - 1] != 0x20 { wordStart -= 1 }
        let itemEnd = Int(item.end)
        return text.units.withUTF16(around: wordStart..<min(wordEnd + 1, itemEnd)) { buf, o in
            Reshaping.reshapedOneWordGain(buf, contextStart: wordStart - o, start: cut - o, end: wordEnd - o,
                                          itemEnd: min(itemEnd - o, buf.count), item: item,
                                          face: faces[Int(item.faceIndex)], style: styles[Int(item.styleIndex)])
        }
    }

    /// The item holding processed unit `i`.
    private func item(holding i: Int) -> Item? {
        var lo = 0, hi = items.count
        while lo < hi { let mid = (lo + hi) / 2; if Int(items[mid].end) <= i { lo = mid + 1 } else { hi = mid } }
        return lo < items.count && Int(items[lo].start) <= i ? items[lo] : nil
    }

    /// `ReshapedEnd.oneWordLineKern` at `p`, 0 where there is none.
    private func reshapedOneWordLine(at p: Int32) -> Int32 {
        var lo = 0, hi = reshapedEnds.count
        while lo < hi { let m = (lo + hi) / 2; if reshapedEnds[m].unit < p { lo = m + 1 } else { hi = m } }
        return lo < reshapedEnds.count && reshapedEnds[lo].unit == p ? reshapedEnds[lo].oneWordLineKern : 0
    }
}
