import Foundation
import Typeset

/// Lays out many models on every core: the background pre-layout a list runs
/// when data arrives, visible rows first.
///
/// ```swift
/// let layouts = try await ConcurrentCellLayout.layouts(template, models: posts, width: 390, scale: 3,
///                                                      cache: cache, visible: 40..<52) { p in
///     print("\(p.completed)/\(p.total)")
/// }
/// ```
///
/// Workers (child tasks of a task group, about one per active core) take small
/// chunks of indices in priority order: the visible range, then rows at
/// growing distance from it (below before above). Cancelling the calling task
/// stops the workers and throws `CancellationError`; the first layout error
/// stops the run and is rethrown.
public enum ConcurrentCellLayout {
    /// How far a run is.
    public struct Progress: Sendable, Hashable {
        /// Models laid out so far.
        public var completed: Int
        /// Models in the run.
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
    ///   - template: the cell template every model is laid out in.
    ///   - models: the models, one per row.
    ///   - width: the cell width, px.
    ///   - scale: the display scale frames are snapped to.
    ///   - cache: the cache layouts are taken from and stored in.
    ///   - visible: rows to lay out first.
    ///   - workers: concurrent workers (default: active cores).
    ///   - progress: called after each chunk with the models done so far
    ///     (increasing, ending at the total); calls are serial, made by the
    ///     calling task outside any lock.
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
        var report: (@Sendable (Int) -> Void)? = nil
        if let progress { report = { progress(Progress(completed: $0, total: count)) } }
        return try await ConcurrentMap.map(
            count: count, order: priorityOrder(count: count, visible: visible), workers: workers, maxChunk: 32,
            progress: report, transform: compute)
    }
}

/// The former name of ``ConcurrentCellLayout`` ("batch" now means only the
/// `measure` tool's JSON Lines protocol, `TypesetBatch`).
@available(*, deprecated, renamed: "ConcurrentCellLayout")
public typealias BatchLayout = ConcurrentCellLayout
