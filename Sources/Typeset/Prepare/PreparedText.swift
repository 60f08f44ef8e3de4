import Synchronization

/// Text analysed, itemized and shaped once, ready to be laid out at any width
/// without reshaping. Immutable and `Sendable`: share it between threads and
/// keep it in caches; layouts at new widths are arithmetic over its segments.
/// Positions inside words (rectangles, runs, glyphs, a word broken or cut by
/// an ellipsis) need per-character advances, which are shaped again the first
/// time they are needed and then kept (``byteCount`` grows accordingly).
public struct PreparedText: Sendable {
    nonisolated(unsafe) let core: PreparedCore

    /// The text as given.
    public var string: String { core.sourceUTF16.string }
    /// Whether the text is empty.
    public var isEmpty: Bool { core.sourceUTF16.isEmpty }
    /// The text's length in UTF-16 code units, the unit of every `utf16Range`.
    public var utf16Count: Int { core.sourceUTF16.count }
    /// The paragraph options it was prepared with.
    public var paragraph: ParagraphStyle { core.paragraph }
    /// The device pixel ratio the text was prepared at (see
    /// ``Typesetter/prepare(_:paragraph:scale:)``); every length it and its
    /// layouts report is CSS px.
    public var scale: Double { core.facts.scale }
    /// The resolved paragraph direction.
    public var isRightToLeft: Bool { core.paragraphLevel & 1 == 1 }
    /// The number of shaped runs (items) the text was split into.
    public var runCount: Int { core.items.count }
    /// Heap bytes held by the prepared text: its object, arrays (by capacity) and, once computed, its per-character advances.
    public var byteCount: Int { core.byteCount }

    /// The faces used, one per run, in logical order: fallback made visible.
    public var runFaces: [(utf16Range: Range<Int>, face: FontFace)] {
        core.items.map { (core.sourceOffset(Int($0.start))..<core.sourceOffset(Int($0.end)), core.faces[Int($0.faceIndex)]) }
    }

}

/// The storage behind a `PreparedText`: what every layout reads (`Header`),
/// followed by the segments in the same allocation, so that re-laying out a
/// text whose object is not in the CPU cache starts one cache miss in and
/// then reads memory in order (segments in an array of their own would be a
/// second miss, one that could only start once the object had arrived).
/// The rest of the prepared text, which only lines needing more than the
/// plain loop read, follows the segments (`details`), and after it the
/// arrays every text has (its units, items, faces, levels): one allocation
/// per prepared text (see `TailLayout`).
///
/// Build it with `make`; `segments`, `details` and the collections read
/// from it are valid while the object lives.
final class PreparedCore: ManagedBuffer<PreparedCore.Header, Segment> {
    // (`ManagedBuffer` cannot be `Sendable`; the structs holding a core mark
    // it `nonisolated(unsafe)`: the header and the segments are written once,
    // in `make`, before the object is shared, and never again.)

    /// The fields a layout reads (at most 112 bytes, `HotPathLayoutTests`: with the object's own 16, within
    /// the first two cache lines), just before the segments. Word-sized
    /// fields first, bytes after them, so that no Bool is padded to a word.
    struct Header {
        let segmentCount: Int
        /// The number of distinct (ascent, descent) pairs the segments refer
        /// to, which follow the segments (`segmentMetrics`); 0 when
        /// `strutMetricsOnly` (none is taller than the strut, so none matters).
        let segmentMetricsCount: Int
        /// The strut: the block style's inline box (see `InlineBox`).
        let strutAscent: Double
        let strutDescent: Double
        let naturalWidth: Int64
        /// The width of the hyphen shown at a soft-hyphen break, 1/65536 px.
        let hyphenWidth: Int64
        /// The device pixel ratio the text was prepared at: its lengths are
        /// device pixels, and layouts answer in CSS px (see `TextLayout.scale`).
        let scale: Double
        /// The source text's length in UTF-16 units.
        let sourceCount: Int
        /// The block's fixed line height in px when every line is exactly that
        /// tall (no box is taller than the strut); nil for `normal` or when taller
        /// boxes make lines taller.
        let fixedLineHeight: Double?
        /// No segment ends with a soft hyphen, tab or hanging space, none needs
        /// more than 32 bits and no bracket trims: the line breaker's fast
        /// path (`LineBreaker.nextPlainLine`), which leaves to the general
        /// path only lines whose first segment does not fit, lines starting
        /// or ending at a reshaped break and lines holding a run boundary.
        let hasOnlyPlainSegments: Bool
        /// No segment's fonts are taller than the strut.
        let strutMetricsOnly: Bool
        // The paragraph options and facts the line breaker reads for every
        // layout, copied here so that a plain text's layout reads nothing
        // but this object (see `LineBreaker.init`).
        let maxLines: Int?
        let whiteSpace: ParagraphStyle.WhiteSpace
        /// `textOverflow` is `.ellipsis`.
        let ellipsisOverflow: Bool
        let overflowWrap: ParagraphStyle.OverflowWrap
        /// `line-break: anywhere`.
        let breaksAnywhere: Bool
        /// `text-wrap-style` (see `LineBreaker.wrapPlan`).
        let textWrap: ParagraphStyle.TextWrap
        let hasTrimmableClose: Bool
        let hasReshapedEnds: Bool
        let hasRunBoundaries: Bool
        /// Some line may need more than x = 0 and its width rounded up (see `ParagraphStyle.needsLinePlacement(rightToLeft:)`).
        let needsPlacement: Bool
        /// Processed offsets are source offsets (see `WhiteSpaceProcessor.isIdentity`).
        let sourceIsIdentity: Bool
        /// The paragraph has a `text-indent` (see `LineBreaker+TextIndent.swift`).
        let hasTextIndent: Bool
    }

    /// A prepared text's storage, from what `PrepareSession` computed.
    static func make(_ parts: borrowing PreparedCore.Parts) -> PreparedCore {
        let header = Header(parts)
        let segmentCount = header.segmentCount, segmentMetricsCount = header.segmentMetricsCount
        let strutOnly = header.strutMetricsOnly
        var tail = TailLayout()
        let segmentMetricsAt = tail.place(ItemLineMetrics.Pair.self, count: segmentMetricsCount)
        let detailsAt = tail.place(PreparedCore.Details.self, count: 1)
        assert(segmentMetricsAt == 0 && detailsAt == MemoryLayout<ItemLineMetrics.Pair>.stride * segmentMetricsCount,
               "the segment metrics start the tail, the details follow them (see `details`)")
        let lazyAt = tail.place(PreparedCore.LazyValues.self, count: 1)
        assert(lazyAt == detailsAt + MemoryLayout<PreparedCore.Details>.stride, "the lazy values follow the details (see `lazyValues`)")
        let hasRare = PreparedCore.RareDetails.isNeeded(parts)
        let rareAt = tail.place(PreparedCore.RareDetails.self, count: hasRare ? 1 : 0)
        let facesAt = tail.place(FontFace.self, count: parts.itemized.faces.count)
        let itemsAt = tail.place(Item.self, count: parts.itemized.items.count)
        let itemMetricsCount = strutOnly || parts.itemized.itemMetrics.isEmpty ? 0 : ItemLineMetrics.tableCount(parts.itemized.itemMetrics)
        let itemMetricsAt = tail.place(ItemLineMetrics.Pair.self, count: itemMetricsCount)
        let sourceLayout = CompactUTF16.layout(of: parts.analysed.source)
        // (Latin-1 text has no surrogates.)
        let pairCount = sourceLayout.latin1 ? 0 : PreparedCore.Details.surrogatePairCount(parts.analysed.source)
        let pairsAt = tail.place(Int32.self, count: pairCount)
        let ligatureCount = parts.adjustments.ligatures.count
        let ligaturesAt = tail.place(LigatureSplits.Split.self, count: ligatureCount)
        let levelsAt = tail.place(UInt8.self, count: parts.analysed.levels.count)
        _ = tail.place(UInt16.self, count: 0)  // (2-byte aligned, for UTF-16 units)
        let sourceAt = tail.place(UInt8.self, count: sourceLayout.bytes)
        let processedLayout = parts.analysed.processed.isIdentity ? (latin1: false, bytes: 0)
            : CompactUTF16.layout(of: parts.analysed.processed.units)
        _ = tail.place(UInt16.self, count: 0)
        let processedAt = tail.place(UInt8.self, count: processedLayout.bytes)
        func span(_ at: Int, _ count: Int) -> TailSpan { TailSpan(at: at, detailsAt: detailsAt, count: count) }
        // Segments, then the tail from the next 16-byte boundary (the elements start 4-byte aligned).
        let capacity = segmentCount + (tail.size + 15) / 16 + 1
        let core = unsafeDowncast(create(minimumCapacity: capacity) { _ in header }, to: PreparedCore.self)
        // (Written inside the closure: stores through a pointer that has left it are not ordered with the object's life.)
        core.withUnsafeMutablePointerToElements { to in
            parts.segmented.segments.withUnsafeBufferPointer { from in
                if let base = from.baseAddress { to.initialize(from: base, count: from.count) }
            }
            let base = Self.tailStart(to, segmentCount: segmentCount)  // (the tail's offsets are from here)
            _ = tail.copy(parts.itemized.faces, to: base + facesAt)
            let keptItems = tail.copy(parts.itemized.items, to: base + itemsAt)
            if segmentMetricsCount > 0 { _ = tail.copy(parts.segmented.metrics, to: base + segmentMetricsAt) }
            if itemMetricsCount > 0 {
                _ = ItemLineMetrics(
                    perItem: parts.itemized.itemMetrics, items: keptItems,
                    table: UnsafeMutableBufferPointer(start: (base + itemMetricsAt).bindMemory(to: ItemLineMetrics.Pair.self, capacity: itemMetricsCount),
                                                      count: itemMetricsCount))
            }
            let pairs = UnsafeMutableBufferPointer(start: (base + pairsAt).bindMemory(to: Int32.self, capacity: pairCount), count: pairCount)
            if pairCount > 0 { PreparedCore.Details.findSurrogatePairs(parts.analysed.source, into: pairs) }
            _ = parts.analysed.source.withUnsafeBufferPointer {
                CompactUTF16(copying: $0, latin1: sourceLayout.latin1, to: base + sourceAt)
            }
            if !parts.analysed.processed.isIdentity {
                _ = parts.analysed.processed.units.withUnsafeBufferPointer {
                    CompactUTF16(copying: $0, latin1: processedLayout.latin1, to: base + processedAt)
                }
            }
            _ = tail.copy(parts.analysed.levels, to: base + levelsAt)
            _ = parts.adjustments.ligatures.kept(at: base + ligaturesAt)
            let details = PreparedCore.Details(
                parts, source: span(sourceAt, parts.analysed.source.count), sourceIsLatin1: sourceLayout.latin1,
                levels: span(levelsAt, parts.analysed.levels.count), items: span(itemsAt, parts.itemized.items.count),
                itemMetrics: span(itemMetricsAt, itemMetricsCount), faces: span(facesAt, parts.itemized.faces.count),
                surrogatePairs: span(pairsAt, pairCount), ligatures: span(ligaturesAt, ligatureCount),
                rare: span(rareAt, hasRare ? 1 : 0))
            // (Moved in: see the Architecture article's hot paths.)
            (base + detailsAt).bindMemory(to: PreparedCore.Details.self, capacity: 1).initialize(to: consume details)
            (base + lazyAt).bindMemory(to: PreparedCore.LazyValues.self, capacity: 1).initialize(to: PreparedCore.LazyValues())
            if hasRare {
                (base + rareAt).bindMemory(to: PreparedCore.RareDetails.self, capacity: 1).initialize(to: PreparedCore.RareDetails(
                    parts, processedUnits: span(processedAt, parts.analysed.processed.units.count),
                    processedIsLatin1: processedLayout.latin1))
            }
        }
        #if DEBUG
        core.checkInvariants()
        #endif
        return core
    }

    /// Where the tail starts: the first 16-byte boundary after the segments.
    @inline(__always)
    private static func tailStart(_ elements: UnsafeMutablePointer<Segment>, segmentCount: Int) -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(elements + segmentCount).alignedUp(toMultipleOf: 16)
    }

    /// Where the details are: after the segments' metrics, which start the tail.
    @inline(__always)
    private func detailsStart(_ elements: UnsafeMutablePointer<Segment>) -> UnsafeMutablePointer<PreparedCore.Details> {
        (Self.tailStart(elements, segmentCount: fields.pointee.segmentCount)
            + MemoryLayout<ItemLineMetrics.Pair>.stride * fields.pointee.segmentMetricsCount)
            .assumingMemoryBound(to: PreparedCore.Details.self)
    }

    deinit {
        // The segments and the rest of the tail are trivial; the details, the
        // lazy values, the rare details and the faces are not.
        withUnsafeMutablePointerToElements { elements in
            let details = detailsStart(elements)
            let faces = details.pointee.faces.buffer(details, of: FontFace.self)
            UnsafeMutablePointer(mutating: faces.baseAddress)?.deinitialize(count: faces.count)
            if let rare = details.pointee.rare.start(details) {
                UnsafeMutableRawPointer(mutating: rare).assumingMemoryBound(to: PreparedCore.RareDetails.self).deinitialize(count: 1)
            }
            UnsafeMutableRawPointer(details + 1).assumingMemoryBound(to: PreparedCore.LazyValues.self).deinitialize(count: 1)
            details.deinitialize(count: 1)
        }
    }

    // `Segment` is trivial: the segments need no deinitialization.

    /// The segments, in the object's own memory: valid while it lives (hold the
    /// object, as `LineBreaker` does, while using them).
    @inline(__always)
    var segments: UnsafeBufferPointer<Segment> {
        withUnsafeMutablePointerToElements { UnsafeBufferPointer(start: $0, count: fields.pointee.segmentCount) }
    }

    /// The header, read through its address (`ManagedBuffer.header` is a
    /// class property, see the Architecture article's hot paths). Private:
    /// the other stages read `header`.
    @inline(__always)
    private var fields: UnsafePointer<Header> { UnsafePointer(withUnsafeMutablePointerToHeader { $0 }) }

    /// The header's facts, by value: what a layout reads first. (`Header`
    /// holds no reference, so the copy is a few loads, of the fields read.)
    @inline(__always)
    var facts: Header { fields.pointee }

    // The header's fields.
    /// The segments' distinct line metrics, in the object's own memory right after the segments.
    @inline(__always) var segmentMetrics: UnsafeBufferPointer<(ascent: Double, descent: Double)> {
        withUnsafeMutablePointerToElements { elements in
            UnsafeBufferPointer(start: Self.tailStart(elements, segmentCount: fields.pointee.segmentCount)
                                    .assumingMemoryBound(to: (ascent: Double, descent: Double).self),
                                count: fields.pointee.segmentMetricsCount)
        }
    }
    @inline(__always) var strutAscent: Double { fields.pointee.strutAscent }
    @inline(__always) var strutDescent: Double { fields.pointee.strutDescent }
    @inline(__always) var fixedLineHeight: Double? { fields.pointee.fixedLineHeight }
    @inline(__always) var naturalWidth: Int64 { fields.pointee.naturalWidth }
    @inline(__always) var hasOnlyPlainSegments: Bool { fields.pointee.hasOnlyPlainSegments }
    @inline(__always) var strutMetricsOnly: Bool { fields.pointee.strutMetricsOnly }
    @inline(__always) var hyphenWidth: Int64 { fields.pointee.hyphenWidth }

    /// The details, in the object's own memory after the segments (see
    /// `PreparedCore.Details`): valid while the object lives.
    @inline(__always)
    private var details: UnsafeMutablePointer<PreparedCore.Details> {
        withUnsafeMutablePointerToElements { detailsStart($0) }
    }

    /// The values computed on first use, after the details (see `PreparedCore.LazyValues`).
    @inline(__always)
    private var lazyValues: UnsafeMutablePointer<PreparedCore.LazyValues> {
        UnsafeMutableRawPointer(details + 1).assumingMemoryBound(to: PreparedCore.LazyValues.self)
    }

    /// The rarer details, when the text has any (see `PreparedCore.RareDetails`).
    @inline(__always)
    private var rare: UnsafePointer<PreparedCore.RareDetails>? {
        let d = details
        return d.pointee.rare.start(d)?.assumingMemoryBound(to: PreparedCore.RareDetails.self)
    }

    /// Whether the text keeps rare details (see `PreparedCore.RareDetails`).
    var hasRareDetails: Bool { rare != nil }

    // The details' fields (see `PreparedCore.Details`), as views of the object's memory.
    var itemMetrics: ItemLineMetrics {
        let d = details
        return ItemLineMetrics(kept: d.pointee.itemMetrics.buffer(d, of: ItemLineMetrics.Pair.self))
    }
    var sourceUTF16: CompactUTF16 {
        let d = details
        return CompactUTF16(view: d.pointee.source.start(d), count: Int(d.pointee.source.count),
                            latin1: d.pointee.sourceIsLatin1)
    }
    /// The processed text: the source's units when processing changed nothing.
    var text: ProcessedText {
        guard let rare, !fields.pointee.sourceIsIdentity else { return ProcessedText(identity: sourceUTF16) }
        let d = details
        return ProcessedText(units: CompactUTF16(view: rare.pointee.processedUnits.start(d),
                                                 count: Int(rare.pointee.processedUnits.count),
                                                 latin1: rare.pointee.processedIsLatin1),
                             sourceOffsets: rare.pointee.sourceOffsets)
    }
    var paragraph: ParagraphStyle { details.pointee.paragraph }
    var paragraphLevel: UInt8 { details.pointee.paragraphLevel }
    var levels: UnsafeBufferPointer<UInt8> { let d = details; return d.pointee.levels.buffer(d, of: UInt8.self) }
    var items: UnsafeBufferPointer<Item> { let d = details; return d.pointee.items.buffer(d, of: Item.self) }
    var faces: UnsafeBufferPointer<FontFace> { let d = details; return d.pointee.faces.buffer(d, of: FontFace.self) }
    var styles: [TextStyle] { details.pointee.styles }
    var tabInterval: Int64 { details.pointee.tabInterval }
    var minimumTabWidth: Int64 { details.pointee.minimumTabWidth }
    var ellipsisIsThreeDots: Bool { details.pointee.ellipsisIsThreeDots }
    var ellipsisText: String { ellipsisIsThreeDots ? "..." : paragraph.ellipsis }
    var ellipsisWidth: Int64 { details.pointee.ellipsisWidth }
    var ligatures: LigatureSplits {
        let d = details
        return LigatureSplits(kept: d.pointee.ligatures.buffer(d, of: LigatureSplits.Split.self))
    }
    /// The primary font's rounded ascent and descent (see `StrutMetrics`).
    var textBox: (ascent: Double, descent: Double) { details.pointee.textBox }
    var surrogatePairs: UnsafeBufferPointer<Int32> {
        let d = details
        return d.pointee.surrogatePairs.buffer(d, of: Int32.self)
    }
    // The rare details' fields (empty, or nil, when the text has none).
    var trimmableClose: [Int32] { rare?.pointee.trimmableClose ?? [] }
    var trimEdges: TextBoxTrimEdges? { rare?.pointee.trimEdges }
    var runBoundaries: [Int32] { rare?.pointee.runBoundaries ?? [] }
    var attachments: [PlacedAttachment] { rare?.pointee.attachments ?? [] }
    var boxEdges: [PlacedBoxEdge] { rare?.pointee.boxEdges ?? [] }
    var wordBreaks: [Int32] { rare?.pointee.wordBreaks ?? [] }
    var reshapedEnds: [ReshapedEnd] { rare?.pointee.reshapedEnds ?? [] }

    /// Advances and grapheme starts per unit, computed on first use and kept:
    /// the words are shaped again (from the word cache when they are still
    /// there) exactly as preparation shaped them, at the same break
    /// opportunities (the segments' ends, or `wordBreaks`).
    var unitMetrics: UnitMetrics {
        if let stored = lazyValues.pointee.unitMetrics.value { return stored }
        let units = text.units.utf16Array
        var advances = Reshaping.unitAdvances(units: units, items: Array(items), faces: Array(faces), styles: styles,
                                              breaks: wordBreaks.isEmpty ? segments.map(\.end) : wordBreaks,
                                              cache: details.pointee.shapeCache)
        InlineAttachments.apply(attachments, to: &advances)
        let graphemes = GraphemeBreaks.boundaries(units)
        return lazyValues.pointee.unitMetrics.storeIfAbsent(UnitMetrics(advances: advances, graphemeStarts: graphemes,
                                                           ligatures: ligatures))
    }

    /// The unit metrics if they were computed or kept already, else nil.
    var storedUnitMetrics: UnitMetrics? { lazyValues.pointee.unitMetrics.value }

    /// Keeps `metrics` as the unit metrics unless some are stored already.
    func keepUnitMetrics(_ metrics: UnitMetrics) {
        _ = lazyValues.pointee.unitMetrics.storeIfAbsent(metrics)
    }

    /// The max-content width a layout stored (layout units), nil before the first.
    var storedMaxContent: Int64? {
        let stored = lazyValues.pointee.maxContent.load(ordering: .relaxed)
        return stored >= 0 ? stored : nil
    }

    /// Keeps the max-content width in layout units (see `storedMaxContent`).
    func storeMaxContent(_ layoutUnits: Int64) {
        lazyValues.pointee.maxContent.store(layoutUnits, ordering: .relaxed)
    }

    /// The min-content width a first query stored (1/64 px), nil before it.
    var storedMinContent: Int64? {
        let stored = lazyValues.pointee.minContent.load(ordering: .relaxed)
        return stored >= 0 ? stored : nil
    }

    /// Keeps the min-content width in 1/64 px (see `storedMinContent`).
    func storeMinContent(_ units: Int64) {
        lazyValues.pointee.minContent.store(units, ordering: .relaxed)
    }

    /// Half the advance of a trimmable closing bracket at `unit`, or 0.
    func trim(at unit: Int32) -> Int64 {
        guard !trimmableClose.isEmpty else { return 0 }
        var lo = 0, hi = trimmableClose.count
        while lo < hi { let m = (lo + hi) / 2; if trimmableClose[m] < unit { lo = m + 1 } else { hi = m } }
        return lo < trimmableClose.count && trimmableClose[lo] == unit ? Int64(unitMetrics.advances[Int(unit)] / 2) : 0
    }

    @inline(__always)
    func sourceOffset(_ processed: Int) -> Int { fields.pointee.sourceIsIdentity ? processed : text.sourceOffset(processed) }

    /// Where segment `s` starts (the previous segment's end).
    @inline(__always)
    func segmentStart(_ s: Int) -> Int32 { s == 0 ? 0 : segments[s - 1].end }

    /// The tallest rounded ascent and descent of the items in `[a, b)`, the strut's
    /// when no item is taller (see `itemMetrics`).
    func pieceMetrics(_ a: Int32, _ b: Int32) -> (ascent: Double, descent: Double) {
        var out = (ascent: strutAscent, descent: strutDescent)
        guard !itemMetrics.isEmpty else { return out }
        var lo = 0, hi = items.count
        while lo < hi { let m = (lo + hi) / 2; if items[m].end <= a { lo = m + 1 } else { hi = m } }
        while lo < items.count && items[lo].start < max(b, a + 1) {
            let m = itemMetrics.metrics(of: lo, items[lo])
            out = (max(out.ascent, m.ascent), max(out.descent, m.descent))
            lo += 1
        }
        return out
    }

    /// Where segment `s`'s content ends (its trailing spaces start).
    func contentEnd(_ s: Int) -> Int32 {
        let seg = segments[s]
        guard seg.hasLongTrailing else { return seg.contentEnd }
        return Int32(BreakOpportunities.contentEnd(text.units, start: Int(segmentStart(s)), end: Int(seg.end)))
    }

    /// Segment `s`'s trailing-space width (tabs excluded), 1/65536 px.
    @inline(__always)
    func segmentTrailing(_ s: Int) -> Int64 {
        let t = segments[s].trailing
        return t != Int32.max ? Int64(t) : unitMetrics.width(Int(contentEnd(s)), Int(segments[s].end))
    }

    /// The width of the ideographic spaces ending segment `s`'s content.
    func hangingWidth(_ s: Int) -> Int64 {
        let advances = unitMetrics.advances
        var w: Int64 = 0
        var i = Int(contentEnd(s))
        let start = Int(segmentStart(s))
        while i > start && UnicodeProps.isOtherSpaceSeparator(text.units[i - 1]) { i -= 1; w += Int64(advances[i]) }
        return w
    }

    /// Width of processed `[a, b)` ignoring tabs, 1/65536 px (see `UnitMetrics.width`).
    func width(_ a: Int, _ b: Int) -> Int64 { unitMetrics.width(a, b) }

    /// Heap bytes: the object (its tail included), its arrays, and the unit metrics if computed.
    var byteCount: Int {
        heapSize(of: self) + arrayBytes(text.sourceOffsets)
            + arrayBytes(styles) + itemMetrics.byteCount + arrayBytes(trimmableClose)
            + arrayBytes(runBoundaries) + arrayBytes(wordBreaks) + arrayBytes(reshapedEnds) + ligatures.byteCount + (lazyValues.pointee.unitMetrics.value?.byteCount ?? 0)
    }
}

extension PreparedCore.Header {
    /// The header of the text `parts` describes.
    init(_ parts: borrowing PreparedCore.Parts) {
        let strut = parts.strut, paragraph = parts.analysed.paragraph
        let plain = parts.adjustments.trimmableClose.isEmpty && parts.segmented.segments.allSatisfy { s in
            !s.endsWithSoftHyphen && !s.hasTab && !s.hangs && !s.hasLongTrailing && s.width != Int32.max && s.trailing != Int32.max
        }
        let strutOnly = parts.segmented.metrics.allSatisfy { $0.ascent <= strut.ascent && $0.descent <= strut.descent }
        self.init(
            segmentCount: parts.segmented.segments.count, segmentMetricsCount: strutOnly ? 0 : parts.segmented.metrics.count,
            strutAscent: strut.ascent, strutDescent: strut.descent, naturalWidth: parts.segmented.naturalWidth,
            hyphenWidth: parts.marks.hyphenWidth, scale: parts.scale,
            sourceCount: parts.analysed.source.count, fixedLineHeight: strutOnly ? strut.fixedLineHeight : nil,
            hasOnlyPlainSegments: plain, strutMetricsOnly: strutOnly,
            maxLines: paragraph.maxLines, whiteSpace: paragraph.whiteSpace,
            ellipsisOverflow: paragraph.textOverflow == .ellipsis,
            overflowWrap: paragraph.overflowWrap, breaksAnywhere: paragraph.lineBreak == .anywhere,
            textWrap: paragraph.textWrap, hasTrimmableClose: !parts.adjustments.trimmableClose.isEmpty,
            hasReshapedEnds: !parts.adjustments.reshapedEnds.isEmpty, hasRunBoundaries: !parts.adjustments.runBoundaries.isEmpty,
            needsPlacement: paragraph.needsLinePlacement(rightToLeft: parts.analysed.paragraphLevel & 1 == 1),
            sourceIsIdentity: parts.analysed.processed.isIdentity,
            hasTextIndent: !parts.analysed.paragraph.textIndent.isNone)
    }
}

extension PreparedCore {
    /// What a prepared text holds beyond what the plain line loop reads (see
    /// `PreparedCore`): the text, its runs, and everything lines that need more
    /// than the plain loop consult. It lives in its core's memory, after the
    /// segments, as do the buffers it points at (units, items, faces, levels,
    /// surrogate pairs, ligature splits): one allocation for the whole text. What is computed on
    /// first use is beside it, in `PreparedCore.LazyValues`.
    struct Details {
        /// The source text's units (Latin-1 bytes when `sourceIsLatin1`).
        let source: TailSpan
        let paragraph: ParagraphStyle
        /// Levels per processed unit; empty when every level is 0.
        let levels: TailSpan
        let items: TailSpan
        /// The tallest rounded ascent and descent per item (see
        /// `ItemLineMetrics`; empty when the segments' fonts are no taller
        /// than the strut): a line holding a piece of a segment counts the
        /// items in the piece only.
        let itemMetrics: TailSpan
        /// The faces items refer to (retained there; the core releases them).
        let faces: TailSpan
        /// Source UTF-16 offsets where surrogate pairs start (scalar offsets in O(log n)).
        let surrogatePairs: TailSpan
        /// Grapheme boundaries inside ligatures, with the width before them (`LigatureSplits.Split`).
        let ligatures: TailSpan
        /// The rarer details (`PreparedCore.RareDetails`), when the text has any.
        let rare: TailSpan
        let styles: [TextStyle]
        /// Tab stop interval, 1/65536 px.
        let tabInterval: Int64
        /// A tab narrower than this (half a space) advances to the following stop.
        let minimumTabWidth: Int64
        /// The truncation marker's width, 1/65536 px.
        let ellipsisWidth: Int64
        /// The primary font's rounded ascent and descent.
        let textBox: (ascent: Double, descent: Double)
        /// The word cache to shape from again when `unitMetrics` is first needed.
        let shapeCache: ShapeCache?
        let paragraphLevel: UInt8
        /// The truncation marker drawn is "...", not `paragraph.ellipsis` (see
        /// `ParagraphStyle.ellipsisText(primaryCovers:)`); a flag fits beside
        /// `paragraphLevel`, where a string would take 16 bytes.
        let ellipsisIsThreeDots: Bool
        let sourceIsLatin1: Bool

        /// The number of surrogate pairs in `source` (Latin-1 text has none).
        /// (A trail surrogate never leads a pair, so every lead followed by a
        /// trail is counted without skipping the trail; four units at a time
        /// are passed over when none of them is a surrogate.)
        static func surrogatePairCount(_ source: [UInt16]) -> Int {
            source.withUnsafeBufferPointer { u in
                guard u.count > 1, let p = u.baseAddress else { return 0 }
                let n = u.count
                var count = 0, i = 0
                @inline(__always) func pairStarts(_ j: Int) -> Int {
                    (p[j] & 0xFC00 == 0xD800 && p[j &+ 1] & 0xFC00 == 0xDC00) ? 1 : 0
                }
                while i &+ 4 <= n {
                    // A lane is a surrogate when its top five bits are 11011: that lane of x is zero.
                    let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
                    let x = (w & 0xF800_F800_F800_F800) ^ 0xD800_D800_D800_D800
                    if (x &- 0x0001_0001_0001_0001) & ~x & 0x8000_8000_8000_8000 != 0 {
                        // The pairs that start in the block (the last may end past it).
                        for j in i..<min(i &+ 4, n &- 1) { count &+= pairStarts(j) }
                    }
                    i &+= 4
                }
                while i &+ 1 < n {
                    count &+= pairStarts(i)
                    i &+= 1
                }
                return count
            }
        }

        /// Writes where `source`'s surrogate pairs start to `out` (room for
        /// `surrogatePairCount(source)`), passing over four units at a time
        /// as `surrogatePairCount` does, and stopping at the last pair.
        static func findSurrogatePairs(_ source: [UInt16], into out: UnsafeMutableBufferPointer<Int32>) {
            source.withUnsafeBufferPointer { u in
                guard u.count > 1, let p = u.baseAddress else { return }
                let n = u.count, pairs = out.count
                var k = 0, i = 0
                @inline(__always) func note(_ j: Int) {
                    if k < pairs && p[j] & 0xFC00 == 0xD800 && p[j &+ 1] & 0xFC00 == 0xDC00 {
                        out[k] = Int32(truncatingIfNeeded: j); k &+= 1
                    }
                }
                while i &+ 4 <= n && k < pairs {
                    let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
                    let x = (w & 0xF800_F800_F800_F800) ^ 0xD800_D800_D800_D800
                    if (x &- 0x0001_0001_0001_0001) & ~x & 0x8000_8000_8000_8000 != 0 {
                        for j in i..<min(i &+ 4, n &- 1) { note(j) }
                    }
                    i &+= 4
                }
                while i &+ 1 < n && k < pairs {
                    note(i)
                    i &+= 1
                }
            }
        }
    }
}

extension PreparedCore.Details {
    /// The details of `parts`, with where the core copied its buffers
    /// (made by the memberwise initializer in one expression, so that the
    /// value is built in place: see the Architecture article's hot paths).
    init(_ parts: borrowing PreparedCore.Parts, source: TailSpan, sourceIsLatin1: Bool, levels: TailSpan, items: TailSpan,
         itemMetrics: TailSpan, faces: TailSpan, surrogatePairs: TailSpan, ligatures: TailSpan, rare: TailSpan) {
        // The marker is the paragraph's, or "..." in place of a "…" the font lacks.
        assert(parts.marks.ellipsisText == parts.analysed.paragraph.ellipsis || parts.marks.ellipsisText == "...")
        self.init(
            source: source, paragraph: parts.analysed.paragraph, levels: levels, items: items, itemMetrics: itemMetrics,
            faces: faces, surrogatePairs: surrogatePairs, ligatures: ligatures, rare: rare,
            styles: parts.itemized.styles.compacted(), tabInterval: parts.marks.tabInterval,
            minimumTabWidth: parts.marks.minimumTabWidth, ellipsisWidth: parts.marks.ellipsisWidth,
            textBox: (parts.strut.textAscent, parts.strut.textDescent), shapeCache: parts.shapeCache,
            paragraphLevel: parts.analysed.paragraphLevel,
            ellipsisIsThreeDots: parts.marks.ellipsisText != parts.analysed.paragraph.ellipsis,
            sourceIsLatin1: sourceIsLatin1)
    }
}

extension PreparedCore {
    /// What a prepared text computes the first time it is needed and then
    /// keeps, set in place from any thread, in its core's memory right after
    /// its `PreparedCore.Details`.
    struct LazyValues: ~Copyable {
        /// Advances and grapheme starts per unit (see `PreparedCore.unitMetrics`).
        let unitMetrics = LazyReference<UnitMetrics>()
        /// CSS max-content in layout units (see `PreparedCore.maxContentWidth`),
        /// -1 until first computed.
        let maxContent = Atomic<Int64>(-1)
        /// CSS min-content in 1/64 px of the text's own pixels (see
        /// `PreparedCore.minContentWidth`), -1 until first computed.
        let minContent = Atomic<Int64>(-1)

        init() {}
    }
}

/// A break inside a shaped word that Chromium reshapes (see
/// `PreparedCore.reshapedEnds`): the processed unit, and the kern (1/65536
/// px) a line ending there loses and a line starting there loses; and,
/// when every break from there to past the next word is unsafe, where the
/// first safe one is: a line starting there and ending before it at a
/// space is reshaped whole (see `Shaper.reshapedLineGain`); 0 otherwise.
struct ReshapedEnd: Sendable, Hashable {
    var unit: Int32
    var endKern: Int32
    var startKern: Int32
    var unsafeRunEnd: Int32 = 0
}
