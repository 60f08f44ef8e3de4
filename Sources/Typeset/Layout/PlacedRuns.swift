import CUnicode

/// One piece of a line as Chromium's LineTruncator sees it: a run of one bidi
/// level and style (an attachment is a piece of its own), whose width is rounded up to a layout unit (1/64 px) before the
/// next run is placed beside it (as the line breaker sums the pieces of a
/// line, see `PreparedCore.runBoundaries`).
struct PlacedRun {
    /// Processed range.
    var start: Int
    var end: Int
    /// UAX #9 embedding level (odd is right-to-left).
    var level: UInt8
    /// The exact width, 1/65536 px.
    var exact: Int64
    /// The width rounded up to a layout unit, 1/65536 px.
    var width: Int64

    var isRightToLeft: Bool { level & 1 == 1 }
}

extension PreparedCore {
    /// The placed runs of processed `[a, b)` in visual order (left to right).
    func placedRuns(_ a: Int, _ b: Int) -> [PlacedRun] {
        guard a < b else { return [] }
        var first = 0, last = items.count
        while first < last {
            let mid = (first + last) / 2
            if Int(items[mid].end) <= a { first = mid + 1 } else { last = mid }
        }
        var runs: [PlacedRun] = []
        // Pieces split where the level changes and at the run boundaries
        // (a style change, an attachment: Chromium's inline items, each
        // rounded on its own as the line breaker rounded them).
        let bounds = runBoundaries
        var next = 0
        while next < bounds.count && Int(bounds[next]) <= a { next += 1 }
        for item in items[first...] {
            if Int(item.start) >= b { break }
            var start = max(a, Int(item.start))
            let end = min(b, Int(item.end))
            while start < end {
                while next < bounds.count && Int(bounds[next]) <= start { next += 1 }
                let pieceEnd = next < bounds.count ? min(end, Int(bounds[next])) : end
                let boundary = Int32(start) == (next > 0 ? bounds[next - 1] : -1)
                if let last = runs.last, last.level == item.level, last.end == start, !boundary {
                    runs[runs.count - 1].end = pieceEnd
                } else {
                    runs.append(PlacedRun(start: start, end: pieceEnd, level: item.level, exact: 0, width: 0))
                }
                start = pieceEnd
            }
        }
        let m = unitMetrics
        for i in runs.indices {
            let w = m.width(runs[i].start, runs[i].end)
            runs[i].exact = w
            runs[i].width = Self.ceilToLayoutUnit(w)
        }
        guard runs.contains(where: { $0.level != 0 }) else { return runs }
        var levels = runs.map(\.level)
        var order = (0..<Int32(runs.count)).map { $0 }
        levels.withUnsafeMutableBufferPointer { lv in
            order.withUnsafeMutableBufferPointer { o in tsu_reorder_visual(lv.baseAddress, Int32(lv.count), o.baseAddress) }
        }
        return order.map { runs[Int($0)] }
    }

    /// Rounds 1/65536 px up to a whole layout unit (1/64 px), in 1/65536 px.
    static func ceilToLayoutUnit(_ w: Int64) -> Int64 { LayoutUnit.ceilingFixed(w) }
}
