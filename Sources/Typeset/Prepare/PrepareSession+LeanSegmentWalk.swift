// Pipeline stage: Prepare, the segmentation step's common case.
// In: a text with no attachments (most texts), its units, running sums, breaks, items and ligature splits.
// Out: the same segments and metrics as `walkSegments`, cut in a loop that keeps its state in registers.

extension PrepareSession {
    /// Whether `walkLeanSegments` cuts the text: it has units, items and no
    /// attachments (whose boxes the general walk's `SegmentBoxes` adds).
    static func canWalkLean(_ input: SegmentInput) -> Bool {
        input.attachments.isEmpty && !input.items.isEmpty && !input.units.isEmpty
    }

    /// `walkSegments` for a text that `canWalkLean`: the same segments,
    /// metrics and natural width. The arrays are read through pointers
    /// (no counts held, no bounds checks) in two passes, widths and flags
    /// first, then boxes, so that each loop's state fits the registers; a
    /// segment inside the current item takes that item's metrics index,
    /// found once per item.
    static func walkLeanSegments(_ input: SegmentInput, sums sumsArray: [Int64], into segments: inout [Segment],
                                 metrics: inout [(ascent: Double, descent: Double)]) -> Int64 {
        let count = input.breaks.positions.count
        guard count > 0 else { return 0 }
        precondition(input.breaks.mandatory.count == count && segments.count == count
                     && sumsArray.count == input.units.count + 1 && input.items.count == input.itemMetrics.count)
        return input.units.withUnsafeBufferPointer { u in
            sumsArray.withUnsafeBufferPointer { sums in
            input.breaks.positions.withUnsafeBufferPointer { positions in
            input.breaks.mandatory.withUnsafeBufferPointer { mandatory in
            input.items.withUnsafeBufferPointer { items in
            input.itemMetrics.withUnsafeBufferPointer { itemMetrics in
            segments.withUnsafeMutableBufferPointer { out in
                let walk = LeanSegmentWalk(units: u.baseAddress!, sums: sums.baseAddress!,
                                           items: items.baseAddress!, itemCount: items.count,
                                           itemMetrics: itemMetrics.baseAddress!, spacesHang: input.spacesHang,
                                           ligatures: input.ligatures, advances: input.advances)
                return walk.cut(positions: positions.baseAddress!, mandatory: mandatory.baseAddress!, count: count,
                                into: out.baseAddress!, metrics: &metrics)
            } } } } } }
        }
    }
}

/// The lean walk's state: pointers into the text's arrays and the cursor
/// over its items (see `PrepareSession.walkLeanSegments`).
private struct LeanSegmentWalk {
    let units: UnsafePointer<UInt16>
    let sums: UnsafePointer<Int64>
    let items: UnsafePointer<Item>
    let itemCount: Int
    let itemMetrics: UnsafePointer<(ascent: Double, descent: Double)>
    let spacesHang: Bool
    /// The breaks inside ligatures, and the advances their corrections read.
    let ligatures: LigatureSplits
    let advances: [Int32]

    /// The segments `0..<count`, written to `out`; returns the natural width.
    /// (Each step is the general walk's: the same widths, flags, boxes and
    /// metrics table, in two passes of fewer values each, so that each
    /// loop's state fits the registers.)
    func cut(positions: UnsafePointer<Int32>, mandatory: UnsafePointer<Bool>, count: Int,
             into out: UnsafeMutablePointer<Segment>, metrics: inout [(ascent: Double, descent: Double)]) -> Int64 {
        let natural = cutWidths(positions: positions, mandatory: mandatory, count: count, into: out)
        assignMetrics(positions: positions, mandatory: mandatory, count: count, into: out, metrics: &metrics)
        return natural
    }

    /// The first pass: each segment's ends, widths and flags, with metrics
    /// index 0; returns the natural width.
    @inline(never)
    private func cutWidths(positions: UnsafePointer<Int32>, mandatory: UnsafePointer<Bool>, count: Int,
                           into out: UnsafeMutablePointer<Segment>) -> Int64 {
        let units = self.units, sums = self.sums, spacesHang = self.spacesHang
        let hasLigatures = !ligatures.isEmpty
        var natural: Int64 = 0, pen: Int64 = 0
        var start = 0, ligatureCursor = 0
        for k in 0..<count {
            let end = Int(positions[k])
            var contentEnd = end, hasTab = false
            while contentEnd > start {
                let c = units[contentEnd - 1]
                guard BreakOpportunities.isBreakableSpaceOrBreak(c), spacesHang || c != 0x20 else { break }
                hasTab = hasTab || c == 0x09
                contentEnd -= 1
            }
            let uncorrected = sums[contentEnd] &- sums[start]
            let trailing = sums[end] &- sums[contentEnd]
            natural = max(natural, pen &+ uncorrected)
            var width = uncorrected
            if hasLigatures && start < contentEnd {
                width += ligatureCorrection(start, contentEnd, cursor: &ligatureCursor)
            }
            let mandatoryBreak = mandatory[k]
            pen = mandatoryBreak ? 0 : pen &+ uncorrected &+ trailing
            let flags = Segment.Flags(mandatoryBreak: mandatoryBreak,
                                          lastContent: contentEnd > start ? units[contentEnd - 1] : nil, hasTab: hasTab)
            out[k] = Segment(contentEnd: Int32(truncatingIfNeeded: contentEnd), end: Int32(truncatingIfNeeded: end),
                             width: width, trailing: trailing, metrics: 0, flags: flags)
            start = end
        }
        return natural
    }

    /// The second pass: each segment's metrics index, in the general walk's
    /// order of first use (`SegmentBoxes.tallest` without attachments, the
    /// blank-line strut, `SegmentMetricsTable`).
    @inline(never)
    private func assignMetrics(positions: UnsafePointer<Int32>, mandatory: UnsafePointer<Bool>, count: Int,
                               into out: UnsafeMutablePointer<Segment>,
                               metrics: inout [(ascent: Double, descent: Double)]) {
        let units = self.units, items = self.items, itemCount = self.itemCount
        var table = SegmentMetricsTable()
        var start = 0
        // The first item whose end is past `start`, its range, and its
        // metrics index once a segment inside it has asked (-1 before).
        var item = 0
        var itemStart = Int(items[0].start), itemEnd = Int(items[0].end)
        var itemIndex = -1
        for k in 0..<count {
            let end = Int(positions[k])
            if itemEnd <= start {
                repeat { item += 1 } while item < itemCount && Int(items[item].end) <= start
                if item < itemCount {
                    itemStart = Int(items[item].start)
                    itemEnd = Int(items[item].end)
                } else {
                    itemStart = Int.max
                    itemEnd = Int.max
                }
                itemIndex = -1
            }
            let m: Int
            if mandatory[k] && end > start && (units[start] == 0x0A || units[start] == 0x0D) && isBlankLine(start, end)
                && item < itemCount && items[item].styleIndex == 0 {
                // A blank line: the strut alone (see `walkSegments`).
                m = table.index(of: (0, 0), in: &metrics)
            } else if itemStart <= start && itemEnd >= end && start < end {
                if itemIndex < 0 {
                    let own = itemMetrics[item]
                    itemIndex = table.index(of: (max(0.0, own.ascent), max(0.0, own.descent)), in: &metrics)
                }
                m = itemIndex
            } else {
                m = table.index(of: tallest(from: item, before: end), in: &metrics)
            }
            if m != 0 { out[k].setMetrics(m) }
            start = end
        }
    }

    /// Whether every unit of `[start, end)` hangs (the first pass's
    /// trailing loop takes the whole segment): with a forced break, a line
    /// holding nothing else.
    private func isBlankLine(_ start: Int, _ end: Int) -> Bool {
        for i in start..<end {
            let c = units[i]
            guard BreakOpportunities.isBreakableSpaceOrBreak(c), spacesHang || c != 0x20 else { return false }
        }
        return true
    }

    /// What a break inside a ligature (break-all) adds to the width of the
    /// content `[start, contentEnd)`: each side counts its own piece.
    @inline(never)
    private func ligatureCorrection(_ start: Int, _ contentEnd: Int, cursor: inout Int) -> Int64 {
        guard ligatures.hasSplit(at: Int32(start), or: Int32(contentEnd), cursor: &cursor) else { return 0 }
        return ligatures.startCorrection(start, advances: advances)
            + ligatures.endCorrection(start, contentEnd, advances: advances)
    }

    /// The tallest box of the items from `item` that start before `end`
    /// (a segment across items, or an empty one).
    @inline(never)
    private func tallest(from item: Int, before end: Int) -> (ascent: Double, descent: Double) {
        var asc = 0.0, desc = 0.0, j = item
        while j < itemCount && Int(items[j].start) < end {
            asc = max(asc, itemMetrics[j].ascent)
            desc = max(desc, itemMetrics[j].descent)
            j += 1
        }
        return (asc, desc)
    }
}
