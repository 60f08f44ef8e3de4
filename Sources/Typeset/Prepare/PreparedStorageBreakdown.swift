/// Where a prepared text's bytes go, for the benchmark's memory figure
/// (`typeset-bench` with `TYPESET_PROFILE_MEMORY`): the object's fixed parts,
/// its per-text buffers, and the arrays of its own it holds beside the object.
package struct PreparedStorageBreakdown {
    /// Named parts and their bytes, in the order they are laid out.
    package var parts: [(name: String, bytes: Int)]
    /// Which of the rarer parts the text holds (a name each).
    package var present: [String]
}

extension PreparedText {
    /// Where this text's `byteCount` goes (see `PreparedStorageBreakdown`).
    package var storageBreakdown: PreparedStorageBreakdown { core.storageBreakdown }
}

extension PreparedCore {
    var storageBreakdown: PreparedStorageBreakdown {
        let f = facts
        var parts: [(String, Int)] = [
            ("object header + Header", 16 + MemoryLayout<Header>.stride),
            ("segments", f.segmentCount * MemoryLayout<Segment>.stride),
            ("segment metrics", f.segmentMetricsCount * MemoryLayout<ItemLineMetrics.Pair>.stride),
            ("Details", MemoryLayout<Details>.stride),
            ("LazyValues", MemoryLayout<LazyValues>.stride),
            ("RareDetails", hasRareDetails ? MemoryLayout<RareDetails>.stride : 0),
            ("faces", faces.count * MemoryLayout<FontFace>.stride),
            ("items", items.count * MemoryLayout<Item>.stride),
            ("source units", sourceUTF16.count * (sourceUTF16.isLatin1 ? 1 : 2)),
            ("levels", levels.count),
            ("surrogate pairs", surrogatePairs.count * 4),
            ("ligature splits", ligatures.count * MemoryLayout<LigatureSplits.Split>.stride),
            ("processed units (own)", text.isIdentity ? 0 : text.units.count * (text.units.isLatin1 ? 1 : 2)),
            ("malloc rounding", 0),
            ("arrays beside", arrayBytes(text.sourceOffsets) + arrayBytes(trimmableClose) + arrayBytes(runBoundaries)
                + arrayBytes(wordBreaks) + arrayBytes(reshapedEnds) + ligatures.byteCount + itemMetrics.byteCount),
            ("unit metrics", storedUnitMetrics?.byteCount ?? 0),
        ]
        let counted = parts.reduce(0) { $0 + $1.1 } - (storedUnitMetrics?.byteCount ?? 0) - parts[14].1
        parts[13].1 = heapSize(of: self) - counted
        var present: [String] = []
        if hasRareDetails { present.append("rare details") }
        if !text.isIdentity { present.append("processed text") }
        if !levels.isEmpty { present.append("levels") }
        if !surrogatePairs.isEmpty { present.append("surrogate pairs") }
        if !ligatures.isEmpty { present.append("ligature splits") }
        if !itemMetrics.isEmpty { present.append("item metrics") }
        if !trimmableClose.isEmpty { present.append("trimmable close") }
        if !runBoundaries.isEmpty { present.append("run boundaries") }
        if !wordBreaks.isEmpty { present.append("word breaks") }
        if !reshapedEnds.isEmpty { present.append("reshaped ends") }
        if trimEdges != nil { present.append("trim edges") }
        if !attachments.isEmpty || !boxEdges.isEmpty { present.append("attachments or box edges") }
        if f.segmentMetricsCount > 0 { present.append("segment metrics") }
        return PreparedStorageBreakdown(parts: parts.map { (name: $0.0, bytes: $0.1) }, present: present)
    }
}
