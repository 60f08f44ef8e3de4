// Pipeline stage: Prepare.
// In: the runs of an AttributedText (their styles' `inlineBox`), the processed text, the paragraph's direction.
// Out: the room each run's inline box takes at its start and end, added to the advances of its first and last unit.

/// One side of a run's inline box as a prepared text counts it: the room
/// its margin, border and padding take, carried by a unit's advance.
struct PlacedBoxEdge: Sendable, Hashable {
    /// The processed unit whose advance carries the side: the run's first
    /// unit for its start side, its last for its end side.
    var unit: Int32
    /// The room, 1/65536 px (device px for a text prepared at a scale).
    var width: Int64
    /// The side is the box's start (before `unit`), not its end (after it).
    var opensBox: Bool
    /// The part of `width` that is the margin (outside the border box).
    var margin: Int64 = 0
}

/// The inline boxes of runs (``InlineBoxEdges``) as advances.
///
/// Chromium places a box's start side (margin, border, padding) before its
/// first character and its end side after its last, and breaks lines by the
/// text alone (a box's edges are no break opportunities). Counting each side
/// in the advance of the unit beside it gives exactly that: the start side
/// goes to the next line with the run's first character, the end side stays
/// with its last, and a space at the run's end hangs with the end side after
/// it, as Chromium lets a line's trailing spaces and the closing boxes after
/// them overflow.
enum InlineBoxRuns {
    /// The sides of every run with an inline box, in processed order.
    /// - Parameters:
    ///   - runs: the text's runs (source UTF-16 ranges); a run in the block's
    ///     own style (`blockStyle`) is no box of its own.
    ///   - rightToLeft: the paragraph's direction, which every run has: its
    ///     start side is the left one, or the right one in a right-to-left paragraph.
    ///   - scale: the device pixel ratio (the sides are rounded in device px).
    static func edges(runs: UnsafeBufferPointer<AttributedText.Run>, blockStyle: TextStyle,
                      processed: WhiteSpaceProcessor, rightToLeft: Bool, scale: Double) -> [PlacedBoxEdge] {
        guard runs.contains(where: { !$0.style.inlineBox.isEmpty && $0.style != blockStyle }) else { return [] }
        // Each run's first and last processed unit (a run can lose all of its units: collapsed spaces).
        var first = [Int](repeating: -1, count: runs.count), last = first
        var r = 0
        for i in 0..<processed.units.count {
            let s = processed.sourceOffset(i)
            while r + 1 < runs.count && s >= runs[r].range.upperBound { r += 1 }
            guard runs[r].range.contains(s) else { continue }
            if first[r] < 0 { first[r] = i }
            last[r] = i
        }
        var out: [PlacedBoxEdge] = []
        for (k, run) in runs.enumerated() where first[k] >= 0 && !run.style.inlineBox.isEmpty && run.style != blockStyle {
            let box = run.style.inlineBox
            let left = box.leftWidth(scale: scale), right = box.rightWidth(scale: scale)
            let leftMargin = box.leftMargin(scale: scale), rightMargin = box.rightMargin(scale: scale)
            let (start, end) = rightToLeft ? (right, left) : (left, right)
            let (startMargin, endMargin) = rightToLeft ? (rightMargin, leftMargin) : (leftMargin, rightMargin)
            func units(_ v: Double) -> Int64 { Int64((v * 65536).rounded()) }
            if start != 0 {
                out.append(PlacedBoxEdge(unit: Int32(first[k]), width: units(start), opensBox: true, margin: units(startMargin)))
            }
            if end != 0 {
                out.append(PlacedBoxEdge(unit: Int32(last[k]), width: units(end), opensBox: false, margin: units(endMargin)))
            }
        }
        return out
    }

    /// The run boundaries with the boxes' edges added (`count`: the
    /// processed text's length): Chromium's inline items end at every box's
    /// edge, so each piece of a line between them is rounded up to 1/64 px on
    /// its own, as between runs of different styles (two chips side by side
    /// in one style are two pieces).
    static func boundaries(_ runBoundaries: [Int32], edges: [PlacedBoxEdge], count: Int) -> [Int32] {
        guard !edges.isEmpty else { return runBoundaries }
        var out = Set(runBoundaries)
        for e in edges {
            let at = e.opensBox ? e.unit : e.unit + 1
            if at > 0 && Int(at) < count { out.insert(at) }
        }
        return out.sorted()
    }

    /// Adds each side to its unit's advance.
    static func apply(_ edges: [PlacedBoxEdge], to advances: inout [Int32]) {
        for e in edges { advances[Int(e.unit)] = Int32(clamping: Int64(advances[Int(e.unit)]) + e.width) }
    }

    /// The end side a box closes with after unit `unit - 1`, 1/65536 px (0 if none).
    static func endSide(before unit: Int, in edges: [PlacedBoxEdge]) -> Int64 {
        guard !edges.isEmpty else { return 0 }
        var lo = 0, hi = edges.count
        while lo < hi { let m = (lo + hi) / 2; if Int(edges[m].unit) < unit - 1 { lo = m + 1 } else { hi = m } }
        var side: Int64 = 0
        while lo < edges.count && Int(edges[lo].unit) == unit - 1 {
            if !edges[lo].opensBox { side += edges[lo].width }
            lo += 1
        }
        return side
    }

    /// The whole start side a box opens with before unit `unit` (margin included), 1/65536 px (0 if none).
    static func startSide(at unit: Int, in edges: [PlacedBoxEdge]) -> Int64 {
        guard !edges.isEmpty else { return 0 }
        var lo = 0, hi = edges.count
        while lo < hi { let m = (lo + hi) / 2; if Int(edges[m].unit) < unit { lo = m + 1 } else { hi = m } }
        var side: Int64 = 0
        while lo < edges.count && Int(edges[lo].unit) == unit {
            if edges[lo].opensBox { side += edges[lo].width }
            lo += 1
        }
        return side
    }
}
