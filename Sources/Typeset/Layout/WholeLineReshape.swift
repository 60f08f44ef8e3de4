// Pipeline stage: Layout. A line whose start Chromium reshapes (a split
// word's rest, a start after a break prepare found reshaped) and that holds
// no safe break before the spaces it ends with, measured as Chromium
// reshapes it: its content shaped alone; and the rest of a ligature a line
// starts inside.

extension PreparedCore {
    /// What a line starting at `start`, its content ending at `contentEnd`
    /// before the spaces it ends with, gains beyond `startGain` (what its
    /// start gained: `splitStartCorrection`, `reshapedStartKern`), 1/65536
    /// px: Chromium shapes the line's content again alone when its start is
    /// not safe to break and no break inside it is (see
    /// `Shaper.reshapedLineGain`), so it loses the kern its last glyph had
    /// with the space and what the text before it gave it. A line starting
    /// at a break prepare found reshaped is measured when it ends inside the
    /// run of unsafe breaks prepare found (`ReshapedEnd.unsafeRunEnd`); one
    /// starting inside a word split by `overflow-wrap` (`split`: the caller
    /// passes only lines ending with that word) in left-to-right text.
    func reshapedLineCorrection(start: Int32, contentEnd: Int32, split: Bool, startGain: Int64) -> Int64 {
        let s = Int(start), e = Int(contentEnd)
        guard s > 0, e > s, e < text.units.count, ligatures.split(at: start) == nil, let item = item(holding: s),
              Int(item.end) > e else { return 0 }
        let context: Int
        if split {
            guard item.level & 1 == 0 else { return 0 }
            // The split word from its start (within the item, at most 64 units back): a contextual
            // lookup can reach across the split (Inter's "}" looks back for capitals).
            var wordStart = s - 1
            while wordStart > max(Int(item.start), s - 64) && text.units[wordStart - 1] != 0x20 { wordStart -= 1 }
            context = wordStart
        } else {
            guard let run = reshapedEnd(at: start)?.unsafeRunEnd, run >= contentEnd,
                  let g0 = previousGraphemeStart(before: s, after: -1) else { return 0 }
            context = g0
        }
        let itemEnd = Int(item.end)
        let gain = text.units.withUTF16(around: context..<min(e + 1, itemEnd)) { buf, o -> Int64? in
            guard buf[e - o] == 0x20 else { return nil }
            return Reshaping.reshapedLineGain(buf, contextStart: context - o, start: s - o, end: e - o,
                                              itemEnd: min(itemEnd - o, buf.count), item: item,
                                              face: faces[Int(item.faceIndex)], style: styles[Int(item.styleIndex)])
        }
        return gain.map { $0 - startGain } ?? 0
    }

    /// Whether a line starting at `p` (a segment's start) may be measured
    /// otherwise than its segments say: it loses a kern at its start, or
    /// starts a run of unsafe breaks (`reshapedLineCorrection`).
    func reshapesLineStart(at p: Int32) -> Bool {
        guard let r = reshapedEnd(at: p) else { return false }
        return r.startKern != 0 || r.unsafeRunEnd != 0
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

    /// The item holding processed unit `i`.
    private func item(holding i: Int) -> Item? {
        var lo = 0, hi = items.count
        while lo < hi { let mid = (lo + hi) / 2; if Int(items[mid].end) <= i { lo = mid + 1 } else { hi = mid } }
        return lo < items.count && Int(items[lo].start) <= i ? items[lo] : nil
    }
}
