// Pipeline stage: Prepare, the segmentation step.
// In: the processed units, their break opportunities, advances, items and attachments.
// Out: SegmentedText: the text cut at its break opportunities, each piece's widths, box and flags.

/// What segmentation reads: the text and everything measured of it.
struct SegmentInput {
    var units: [UInt16]
    var breaks: (positions: [Int32], mandatory: [Bool])
    /// Per processed unit: its cluster's advance, 1/65536 px.
    var advances: [Int32]
    var items: [Item]
    /// Per item: its inline box's ascent and descent.
    var itemMetrics: [(ascent: Double, descent: Double)]
    var attachments: [PlacedAttachment]
    var ligatures: LigatureSplits
    /// Whether trailing spaces hang (all but `break-spaces`, where spaces are content).
    var spacesHang: Bool
}

/// The segmentation stage's working arrays (see `StageScratch`).
struct SegmentationScratch: StageScratch {
    /// The advances summed from the text's start: entry i is the width of units 0..<i.
    var advanceSums: [Int64]
    var segments: [Segment]
    /// The distinct (ascent, descent) pairs the segments refer to.
    var metrics: [(ascent: Double, descent: Double)]

    mutating func reset() {
        self = SegmentationScratch(advanceSums: advanceSums.emptiedForReuse(), segments: segments.emptiedForReuse(),
                                   metrics: metrics.emptiedForReuse())
    }
}

extension SegmentationScratch {
    init() { self.init(advanceSums: [], segments: [], metrics: []) }
}

extension PrepareSession {
    /// The segmentation stage: one segment per break opportunity, cut in one
    /// walk (`walkLeanSegments` when the text `canWalkLean`, else
    /// `walkSegments`). The advances are summed first, so that a
    /// segment's width is a difference of two sums.
    /// - Parameter lean: false cuts every text with the general walk (the
    ///   reference the lean walk's tests compare against).
    static func segment(_ input: SegmentInput, into scratch: inout SegmentationScratch, lean: Bool = true) -> SegmentedText {
        scratch.reset()
        scratch.advanceSums.refill(0, count: input.units.count + 1)
        do {
            let advances = input.advances.span
            var sums = scratch.advanceSums.mutableSpan
            var sum: Int64 = 0
            for i in 0..<input.units.count {
                sum &+= Int64(advances[i])
                sums[i + 1] = sum
            }
        }
        // Filled to the count first, so that the walk writes each segment in place.
        scratch.segments.refill(Segment(contentEnd: 0, end: 0, width: 0, trailing: 0, metrics: 0, flags: []),
                                count: input.breaks.positions.count)
        let natural = lean && canWalkLean(input)
            ? walkLeanSegments(input, sums: scratch.advanceSums, into: &scratch.segments, metrics: &scratch.metrics)
            : walkSegments(input, sums: scratch.advanceSums, into: &scratch.segments, metrics: &scratch.metrics)
        return SegmentedText(segments: scratch.segments, metrics: scratch.metrics, naturalWidth: natural)
    }

    /// The walk over the breaks: segment `k` ends at `positions[k]` and is
    /// written to `segments[k]`; `sums[i]` is the width of units `0..<i`.
    /// The arrays are read through spans and the walk's state is in locals
    /// (see the Architecture article's hot paths). Returns the natural
    /// width: the widest forced-break paragraph with nothing wrapped
    /// (trailing spaces hang).
    private static func walkSegments(_ input: SegmentInput, sums sumsArray: [Int64], into segments: inout [Segment],
                                     metrics: inout [(ascent: Double, descent: Double)]) -> Int64 {
        let u = input.units.span, sums = sumsArray.span
        let positions = input.breaks.positions.span, mandatory = input.breaks.mandatory.span
        var out = segments.mutableSpan
        var boxes = SegmentBoxes(items: input.items, itemMetrics: input.itemMetrics, attachments: input.attachments)
        var table = SegmentMetricsTable()
        let ligatures = input.ligatures, hasLigatures = !ligatures.isEmpty
        var natural: Int64 = 0, pen: Int64 = 0
        var start = 0, ligatureCursor = 0
        for k in 0..<positions.count {
            let end = Int(positions[k])
            // The trailing breakable spaces (and a forced break) hang; a tab among them is flagged.
            // (`break-spaces`: spaces are content, tabs and the break still hang.)
            var contentEnd = end, hasTab = false
            while contentEnd > start {
                let c = u[contentEnd - 1]
                guard BreakOpportunities.isBreakableSpaceOrBreak(c), input.spacesHang || c != 0x20 else { break }
                hasTab = hasTab || c == 0x09
                contentEnd -= 1
            }
            var width = sums[contentEnd] &- sums[start]
            let trailing = sums[end] &- sums[contentEnd]
            let uncorrected = width
            natural = max(natural, pen &+ uncorrected)
            // A break inside a ligature (break-all): each side counts its own piece.
            if hasLigatures && start < contentEnd
                && ligatures.hasSplit(at: Int32(start), or: Int32(contentEnd), cursor: &ligatureCursor) {
                width += ligatures.startCorrection(start, advances: input.advances)
                    + ligatures.endCorrection(start, contentEnd, advances: input.advances)
            }
            let mandatoryBreak = mandatory[k]
            pen = mandatoryBreak ? 0 : pen &+ uncorrected &+ trailing
            var box = boxes.tallest(start, end)
            // A blank line (a forced break alone, in the block's style) has
            // only the strut, whatever font the break was itemized with.
            if contentEnd == start && mandatoryBreak && end > start && (u[start] == 0x0A || u[start] == 0x0D)
                && boxes.isInBlockStyle(start) {
                box = (0, 0)
            }
            let m = table.index(of: box, in: &metrics)
            let flags = Segment.Flags(mandatoryBreak: mandatoryBreak,
                                          lastContent: contentEnd > start ? u[contentEnd - 1] : nil, hasTab: hasTab)
            out[k] = Segment(contentEnd: Int32(contentEnd), end: Int32(end), width: width, trailing: trailing,
                             metrics: m, flags: flags)
            start = end
        }
        return natural
    }
}

/// The tallest inline box of the items and attachments a segment touches,
/// segment after segment (the cursors only move forward).
private struct SegmentBoxes {
    let items: [Item]
    let itemMetrics: [(ascent: Double, descent: Double)]
    let attachments: [PlacedAttachment]
    /// In a text of one item and no attachment, that item's range and box.
    let onlyItem: (start: Int, end: Int, box: (ascent: Double, descent: Double))?
    var item = 0, attachment = 0

    init(items: [Item], itemMetrics: [(ascent: Double, descent: Double)], attachments: [PlacedAttachment]) {
        self.items = items
        self.itemMetrics = itemMetrics
        self.attachments = attachments
        if items.count == 1 && attachments.isEmpty {
            let box = (ascent: max(0.0, itemMetrics[0].ascent), descent: max(0.0, itemMetrics[0].descent))
            onlyItem = (start: Int(items[0].start), end: Int(items[0].end), box: box)
        } else {
            onlyItem = nil
        }
    }

    /// The box of the segment `[start, end)`: the tallest of its items'
    /// boxes and its attachments' (an attachment's box is on the line with its segment).
    @inline(__always)
    mutating func tallest(_ start: Int, _ end: Int) -> (ascent: Double, descent: Double) {
        if let only = onlyItem, start < only.end && only.start < end { return only.box }
        var asc = 0.0, desc = 0.0
        while item < items.count && Int(items[item].end) <= start { item += 1 }
        if item < items.count && Int(items[item].start) <= start && Int(items[item].end) >= end && start < end {
            // Inside the current item (most segments of a many-item text): its box alone.
            asc = max(asc, itemMetrics[item].ascent)
            desc = max(desc, itemMetrics[item].descent)
        } else {
            var j = item
            while j < items.count && Int(items[j].start) < end {
                asc = max(asc, itemMetrics[j].ascent)
                desc = max(desc, itemMetrics[j].descent)
                j += 1
            }
        }
        while attachment < attachments.count && Int(attachments[attachment].unit) < end {
            if Int(attachments[attachment].unit) >= start {
                asc = max(asc, attachments[attachment].ascent)
                desc = max(desc, attachments[attachment].descent)
            }
            attachment += 1
        }
        return (asc, desc)
    }

    /// Whether the item holding unit `unit` is in the block's style (style 0).
    func isInBlockStyle(_ unit: Int) -> Bool {
        var j = item
        while j < items.count && Int(items[j].end) <= unit { j += 1 }
        return j < items.count && items[j].styleIndex == 0
    }
}

/// The distinct boxes segments refer to, found as segments are cut: most
/// segments have the previous one's box, and entries below
/// `Segment.metricsLimit` never change once made. (A box's index never
/// changes once found: the lean walk asks once per item.)
struct SegmentMetricsTable {
    var last = -1, lastBox = (ascent: 0.0, descent: 0.0)

    /// The index of `box` in `metrics`, appended when new.
    @inline(__always)
    mutating func index(of box: (ascent: Double, descent: Double), in metrics: inout [(ascent: Double, descent: Double)]) -> Int {
        if last >= 0 && last < Segment.metricsLimit && lastBox.ascent == box.ascent && lastBox.descent == box.descent {
            return last
        }
        var m = metrics.firstIndex { $0.ascent == box.ascent && $0.descent == box.descent } ?? -1
        if m < 0 && metrics.count > Segment.metricsLimit {
            // More distinct fonts and sizes than a segment can refer to: the
            // last entry grows to the tallest of the rest.
            m = Segment.metricsLimit
            metrics[m] = (max(metrics[m].ascent, box.ascent), max(metrics[m].descent, box.descent))
        } else if m < 0 {
            metrics.append(box)
            m = metrics.count - 1
        }
        last = m
        lastBox = metrics[m]
        return m
    }
}
