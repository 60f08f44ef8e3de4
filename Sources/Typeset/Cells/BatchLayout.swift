import Foundation

/// Lays out many models on every core: the background pre-layout a list runs
/// when data arrives, visible rows first.
///
/// ```swift
/// let layouts = try await BatchLayout.layouts(template, models: posts, width: 390, scale: 3,
///                                             cache: cache, visible: 40..<52) { p in
///     print("\(p.completed)/\(p.total)")
/// }
/// ```
///
/// Workers (child tasks of a task group, about one per active core) pull small
/// chunks of indices in priority order: the visible range, then rows at
/// growing distance from it (below before above). Cancelling the calling task
/// stops the workers and throws `CancellationError`; the first layout error
/// stops the batch and is rethrown.
public enum BatchLayout {
    /// How far a batch is.
    public struct Progress: Sendable, Hashable {
        /// Models laid out so far.
        public var completed: Int
        /// Models in the batch.
        public var total: Int
    }

    /// The order rows are laid out in: `visible` (clamped) first, then
    /// alternately the next row below and the next row above it.
    public static func priorityOrder(count: Int, visible: Range<Int>?) -> [Int] {
        guard count > 0 else { return [] }
        guard let visible else { return Array(0..<count) }
        let lo = min(max(0, visible.lowerBound), count), hi = min(max(lo, visible.upperBound), count)
        var order = Array(lo..<hi)
        order.reserveCapacity(count)
        var below = hi, above = lo - 1
        while below < count || above >= 0 {
            if below < count { order.append(below); below += 1 }
            if above >= 0 { order.append(above); above -= 1 }
        }
        return order
    }

    /// The layouts of `models`, in input order, through a shared cache.
    /// - Parameters:
    ///   - visible: rows to lay out first.
    ///   - workers: concurrent workers (default: active cores).
    ///   - progress: called after each chunk with the models done so far
    ///     (increasing, ending at the total); calls are serial but come from
    ///     worker threads, so keep it cheap.
    /// - Throws: `CancellationError`, or the first layout error.
    @concurrent
    public static func layouts<Model: CellModel>(
        _ template: CellTemplate, models: [Model], width: Double, scale: Double, cache: LayoutCache,
        visible: Range<Int>? = nil, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        progress: (@Sendable (Progress) -> Void)? = nil
    ) async throws -> [CellLayout] {
        try await run(count: models.count, visible: visible, workers: workers, progress: progress) { i in
            try cache.layout(template, for: models[i], width: width, scale: scale)
        }
    }

    /// The layouts of `models`, in input order, computed without a cache.
    /// - Throws: `CancellationError`, or the first layout error.
    @concurrent
    public static func layouts<Model: CellModel>(
        _ template: CellTemplate, models: [Model], width: Double, scale: Double, engine: CellLayoutEngine,
        visible: Range<Int>? = nil, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        progress: (@Sendable (Progress) -> Void)? = nil
    ) async throws -> [CellLayout] {
        try await run(count: models.count, visible: visible, workers: workers, progress: progress) { i in
            try engine.layout(template, for: models[i], width: width, scale: scale)
        }
    }

    private static func run(count: Int, visible: Range<Int>?, workers: Int, progress: (@Sendable (Progress) -> Void)?,
                            compute: @escaping @Sendable (Int) throws -> CellLayout) async throws -> [CellLayout] {
        try Task.checkCancellation()
        guard count > 0 else { return [] }
        let order = priorityOrder(count: count, visible: visible)
        let workerCount = max(1, min(workers, count))
        // Small chunks keep visible-first order, progress and cancellation responsive.
        let chunk = max(1, min(32, count / (workerCount * 8)))
        let dispenser = ChunkDispenser(total: count, chunk: chunk, progress: progress)
        var results = [CellLayout?](repeating: nil, count: count)
        try await withThrowingTaskGroup(of: [(Int, CellLayout)].self) { group in
            for _ in 0..<workerCount {
                group.addTask {
                    var done: [(Int, CellLayout)] = []
                    while let range = dispenser.next() {
                        for k in range {
                            try Task.checkCancellation()
                            let index = order[k]
                            done.append((index, try compute(index)))
                        }
                        dispenser.finished(range.count)
                    }
                    return done
                }
            }
            for try await part in group {
                for (index, layout) in part { results[index] = layout }
            }
        }
        try Task.checkCancellation()
        let layouts = results.compactMap { $0 }
        guard layouts.count == count else { throw CancellationError() }
        return layouts
    }
}

/// Hands out chunks of positions in the priority order and counts progress.
private final class ChunkDispenser: @unchecked Sendable {
    private let lock = NSLock()
    private let total: Int
    private let chunk: Int
    private var position = 0
    private var completed = 0
    private let progress: (@Sendable (BatchLayout.Progress) -> Void)?

    init(total: Int, chunk: Int, progress: (@Sendable (BatchLayout.Progress) -> Void)?) {
        self.total = total
        self.chunk = chunk
        self.progress = progress
    }

    /// The next chunk of positions, nil when all are handed out.
    func next() -> Range<Int>? {
        lock.lock()
        defer { lock.unlock() }
        guard position < total else { return nil }
        let range = position..<min(total, position + chunk)
        position = range.upperBound
        return range
    }

    /// Counts finished models and reports, serially.
    func finished(_ n: Int) {
        lock.lock()
        defer { lock.unlock() }
        completed += n
        progress?(BatchLayout.Progress(completed: completed, total: total))
    }
}
