// Pipeline stage: Prepare.
// The invariants of a prepared text's storage, checked in debug builds as each one is made.

extension PreparedCore {
    /// Checks what every layout assumes of the storage without checking it
    /// (the line breaker reads segments, items and metrics by index, through
    /// buffers): the header agrees with the tail, segments and items tile
    /// the processed text in order, and every index points inside its table.
    /// A violation stops a debug build with the rule broken; release builds
    /// do not call it. Linear in the segments and items: cheap next to the
    /// shaping that made them.
    func checkInvariants() {
        let facts = self.facts, n = text.units.count
        func check(_ holds: Bool, _ rule: @autoclosure () -> String) {
            precondition(holds, "prepared text storage: \(rule())")
        }
        check(facts.sourceCount == sourceUTF16.count, "the header's source count is the source's length")
        check(text.isIdentity ? n == facts.sourceCount : text.sourceOffsets.count == n + 1,
              "the processed text maps each unit and its end to the source")
        check(facts.sourceIsIdentity == text.isIdentity, "the header's identity flag is the processed text's")
        // Segments: ends ascending up to the text's end, content inside each.
        var start: Int32 = 0
        for (k, segment) in segments.enumerated() {
            check(segment.end >= start && Int(segment.end) <= n, "segment \(k) ends after its start, inside the text")
            check(segment.hasLongTrailing || (segment.contentEnd >= start && segment.contentEnd <= segment.end),
                  "segment \(k)'s content ends inside it")
            check(facts.strutMetricsOnly || segment.metrics < segmentMetrics.count,
                  "segment \(k)'s metrics index is inside the segment metrics")
            start = segment.end
        }
        check(segments.isEmpty || Int(start) == n, "the last segment ends at the text's end")
        check(!facts.strutMetricsOnly || segmentMetrics.isEmpty,
              "the segment metrics are kept only when some are taller than the strut")
        // Items: contiguous from 0 to the text's end, indexes inside the faces and styles.
        var itemStart: Int32 = 0
        for (k, item) in items.enumerated() {
            check(item.start == itemStart && item.end > item.start, "item \(k) starts where the previous ended")
            check(Int(item.faceIndex) < faces.count && Int(item.styleIndex) < styles.count,
                  "item \(k)'s face and style are in the text's tables")
            itemStart = item.end
        }
        check(items.isEmpty ? n == 0 : Int(itemStart) == n, "the items cover the text")
        check(levels.isEmpty || levels.count == n, "levels are per processed unit, or none")
        check(isAscending(surrogatePairs) && (surrogatePairs.last.map { Int($0) + 1 < facts.sourceCount } ?? true),
              "surrogate pairs ascend inside the source")
        check(isAscending(runBoundaries) && runBoundaries.allSatisfy { $0 > 0 && Int($0) < n },
              "run boundaries ascend inside the text")
        check(facts.hasRunBoundaries == !runBoundaries.isEmpty && facts.hasReshapedEnds == !reshapedEnds.isEmpty
                && facts.hasTrimmableClose == !trimmableClose.isEmpty,
              "the header's flags say which tables are not empty")
        check(isAscending(reshapedEnds.map(\.unit)) && isAscending(trimmableClose) && isAscending(wordBreaks),
              "reshaped ends, trimmable brackets and word breaks ascend")
        check(attachments.allSatisfy { Int($0.unit) < n }, "attachments are inside the text")
    }

    private func isAscending<C: Collection>(_ values: C) -> Bool where C.Element == Int32 {
        zip(values, values.dropFirst()).allSatisfy { $0 < $1 }
    }
}
