extension PreparedCore {
    /// What a line ending at `cut`, inside a word (an overflow-wrap split, or
    /// a break HarfBuzz marks unsafe), gains when its last grapheme is shaped
    /// without the next one, as
    /// Chromium reshapes the end of such a line: the kern between the two
    /// (HarfBuzz puts a pair's kern in the first glyph's advance) is lost, so
    /// "Center|ed" is 0.34 px wider at 17 px. 1/65536 px; 0 when the two
    /// graphemes are in different items (shaped apart anyway), inside a
    /// ligature. Negative when the kern widened the pair: Roboto Medium's
    /// "αποστα|λεί" line is 0.22 px narrower at 32 px.
    func splitCorrection(at cut: Int) -> Int64 {
        let n = text.units.count
        // (A split inside a ligature is measured as shaped apart already, see `LigatureSplits`.)
        guard cut > 0, cut < n, ligatures.split(at: Int32(cut)) == nil,
              let g0 = previousGraphemeStart(before: cut, after: -1) else { return 0 }
        let m = unitMetrics
        var g1 = cut + 1
        while g1 < n && !m.isGraphemeStart(g1) { g1 += 1 }
        var lo = 0, hi = items.count
        while lo < hi { let mid = (lo + hi) / 2; if Int(items[mid].end) <= g0 { lo = mid + 1 } else { hi = mid } }
        guard lo < items.count, Int(items[lo].start) <= g0, Int(items[lo].end) >= g1 else { return 0 }
        let item = items[lo]
        return text.units.withUTF16(around: g0..<g1) { buf, o in
            Reshaping.lostKern(buf, g0: g0 - o, cut: cut - o, g1: g1 - o, item: item, face: faces[Int(item.faceIndex)],
                               style: styles[Int(item.styleIndex)]).end
        }
    }

    /// What a line starting at `cut` inside a right-to-left word (an
    /// overflow-wrap split) gains when its first grapheme is shaped without
    /// the one before, as Chromium reshapes a line's start: right-to-left
    /// text keeps a pair's kern in the later glyph ("ح" after "ر" is 0.8 px
    /// wider at 20 px on its own). 0 in left-to-right text, between items,
    /// inside a ligature.
    func splitStartCorrection(at cut: Int) -> Int64 {
        let n = text.units.count
        guard cut > 0, cut < n else { return 0 }
        if let ligature = ligatures.split(at: Int32(cut)) { return ligatureRestCorrection(at: cut, ligature.clusterStart) ?? 0 }
        var lo = 0, hi = items.count
        while lo < hi { let mid = (lo + hi) / 2; if Int(items[mid].end) <= cut { lo = mid + 1 } else { hi = mid } }
        guard lo < items.count, items[lo].level & 1 == 1, let g0 = previousGraphemeStart(before: cut, after: -1) else { return 0 }
        let m = unitMetrics
        var g1 = cut + 1
        while g1 < n && !m.isGraphemeStart(g1) { g1 += 1 }
        let item = items[lo]
        guard Int(item.start) <= g0, Int(item.end) >= g1 else { return 0 }
        return text.units.withUTF16(around: g0..<g1) { buf, o in
            Reshaping.lostKern(buf, g0: g0 - o, cut: cut - o, g1: g1 - o, item: item, face: faces[Int(item.faceIndex)],
                               style: styles[Int(item.styleIndex)]).start
        }
    }

    /// The kern a line ending at `p` loses, reshaped there (see
    /// `reshapedEnds`), 1/65536 px; 0 at any other break.
    func reshapedEndKern(at p: Int32) -> Int64 {
        reshapedEnd(at: p).map { Int64($0.endKern) } ?? 0
    }

    /// The kern a line starting at `p` loses, reshaped there (right-to-left
    /// text keeps a kern in the later glyph, see `lostKern`), 1/65536 px.
    func reshapedStartKern(at p: Int32) -> Int64 {
        reshapedEnd(at: p).map { Int64($0.startKern) } ?? 0
    }

    /// The reshaped break at processed unit `p`, if there is one.
    func reshapedEnd(at p: Int32) -> ReshapedEnd? {
        // (The table read once: each read of the computed property retains and releases it.)
        let ends = reshapedEnds
        var lo = 0, hi = ends.count
        while lo < hi { let m = (lo + hi) / 2; if ends[m].unit < p { lo = m + 1 } else { hi = m } }
        return lo < ends.count && ends[lo].unit == p ? ends[lo] : nil
    }

    /// The grapheme boundary before `i` and after `floor` (exclusive), or nil.
    func previousGraphemeStart(before i: Int, after floor: Int) -> Int? {
        let m = unitMetrics
        var j = i - 1
        while j > floor && !m.isGraphemeStart(j) { j -= 1 }
        return j > floor ? j : nil
    }
}
