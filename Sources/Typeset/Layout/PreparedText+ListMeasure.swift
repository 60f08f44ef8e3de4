import CPrefetch

/// Many prepared texts measured at one width: a list's row heights after a
/// rotation or a column resize.
///
/// Re-laying out a text is arithmetic over a few hundred bytes, so when the
/// texts are not in the CPU cache (a feed of thousands of rows is not) a text
/// costs about one wait for memory more than its arithmetic. Measured one call
/// at a time, those waits come one after another; here the texts ahead are
/// prefetched while the current one is laid out (its object's first cache
/// lines well ahead, then its segments once the object has arrived), so the
/// waits overlap. Results are the same as calling `measure(width:)` on each
/// text. (Layouts have no such call: building a layout's lines costs more
/// than the wait, and a list of layouts held at once costs more again.)
extension PreparedText {
    /// How many texts ahead the objects are prefetched.
    private static let objectDistance = 12
    /// How many texts ahead the segments are prefetched (their object, fetched
    /// earlier, says where they are and how many).
    private static let segmentDistance = 4

    /// Measures every text at `width` (nil: unbounded), in order: the same
    /// results as `measure(width:)` on each, with memory fetched ahead.
    /// - Throws: `TypesetError.invalidWidth` for a negative, NaN or infinite width.
    public static func measure(_ texts: some RandomAccessCollection<PreparedText>, width: Double?) throws -> [TextMeasurement] {
        if let width {
            guard width.isFinite, width >= 0 else { throw TypesetError.invalidWidth(width) }
        }
        var out: [TextMeasurement] = []
        out.reserveCapacity(texts.count)
        // (A text is its object's reference and nothing else; were it more,
        // the texts would simply be measured without prefetching.)
        let done: Void? = MemoryLayout<PreparedText>.size != MemoryLayout<UnsafeRawPointer>.size ? nil
            : texts.withContiguousStorageIfAvailable { buffer in
                measure(buffer, width: width, into: &out)
            }
        if done == nil {
            for text in texts { out.append(text.core.measure(width: width)) }
        }
        return out
    }

    private static func measure(_ buffer: UnsafeBufferPointer<PreparedText>, width: Double?, into out: inout [TextMeasurement]) {
        // The objects are reached through the buffer's raw references: a text
        // read from the buffer is a copy, and copying retains its object, a
        // write that waits for the very memory being prefetched.
        let n = buffer.count
        func core(_ k: Int) -> Unmanaged<PreparedCore> {
            Unmanaged.fromOpaque(UnsafeRawPointer(buffer.baseAddress! + k).load(as: UnsafeRawPointer.self))
        }
        for k in 0..<min(n, objectDistance) { core(k)._withUnsafeGuaranteedRef { $0.prefetchObject() } }
        for k in 0..<min(n, segmentDistance) { core(k)._withUnsafeGuaranteedRef { $0.prefetchSegments() } }
        for k in 0..<n {
            if k + objectDistance < n { core(k + objectDistance)._withUnsafeGuaranteedRef { $0.prefetchObject() } }
            if k + segmentDistance < n { core(k + segmentDistance)._withUnsafeGuaranteedRef { $0.prefetchSegments() } }
            out.append(core(k)._withUnsafeGuaranteedRef { $0.measure(width: width) })
        }
    }
}

extension PreparedCore {
    /// Starts loading the object's first cache lines (its header, which says
    /// where everything else is). A hint: nothing is read.
    @inline(__always)
    func prefetchObject() {
        let base = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
        tsp_prefetch(base)
        tsp_prefetch(base + 64)
        tsp_prefetch(base + 128)
    }

    /// Starts loading the segments and the segment metrics a layout reads
    /// (reads the header: best once `prefetchObject` has brought it).
    @inline(__always)
    func prefetchSegments() {
        Self.prefetch(segments)
        // The metrics follow the segments in the same memory.
        if let metrics = segmentMetrics.baseAddress { tsp_prefetch(UnsafeRawPointer(metrics)) }
    }

    /// Starts loading every cache line of `segments` (a hint: nothing is read).
    @inline(__always)
    static func prefetch(_ segments: UnsafeBufferPointer<Segment>) {
        guard let base = segments.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        let bytes = segments.count &* MemoryLayout<Segment>.stride
        var offset = 0
        while offset < bytes { tsp_prefetch(raw + offset); offset &+= 64 }
    }
}

extension PreparedCore {
    /// The measurement at a CSS width: in device pixels for a text prepared
    /// at a scale other than 1, answered in CSS px.
    @inline(__always)
    func measure(width: Double?) -> TextMeasurement {
        let s = facts.scale
        return TextMeasurement(LineBreaker.with(self) { $0.measure(width: width.map { $0 * s }) }, scale: s)
    }
}
