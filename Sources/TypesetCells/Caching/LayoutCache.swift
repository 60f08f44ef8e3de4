import Foundation
import Typeset

/// Cell layouts and prepared cells kept by model: what a list asks for row
/// heights, safe to use from any number of threads.
///
/// Two stores, each bounded by an entry count and a cost in bytes, evicting
/// the least recently used entries:
/// - layouts, keyed by model ID, content version, template, width and scale
///   (portrait and landscape widths keep separate entries);
/// - prepared cells (shaped texts, entities), keyed by model ID, content
///   version and template, so re-layout at a new width never reshapes.
///
/// Storing a model's new version drops its other versions. `invalidate(id:)`
/// drops one model; `invalidateLayouts()` drops every layout (after a width
/// change) but keeps the prepared cells.
///
/// Both stores are the package's one bounded cache: lookups and stores hold
/// a lock for a dictionary operation, and layouts and preparations are
/// computed outside any lock (two threads missing the same key may both
/// compute it; the results are equal, and the first stored is kept).
public final class LayoutCache: @unchecked Sendable {
    /// Bounds of the two stores.
    public struct Limits: Sendable, Hashable {
        /// At most this many layouts.
        public var layoutCount: Int
        /// At most this many bytes of layouts (``CellLayout/byteCount`` plus the key).
        public var layoutBytes: Int
        /// At most this many prepared cells.
        public var preparedCount: Int
        /// At most this many bytes of prepared cells (``PreparedCell/byteCount`` plus the key).
        public var preparedBytes: Int

        /// Bounds; the defaults hold 20,000 layouts in 16 MiB and 5,000 prepared cells in 64 MiB.
        public init(layoutCount: Int = 20_000, layoutBytes: Int = 16 << 20, preparedCount: Int = 5_000,
                    preparedBytes: Int = 64 << 20) {
            self.layoutCount = layoutCount
            self.layoutBytes = layoutBytes
            self.preparedCount = preparedCount
            self.preparedBytes = preparedBytes
        }
    }

    /// Counters and sizes of the two stores.
    public struct Statistics: Sendable, Hashable {
        /// Layout lookups answered from the cache.
        public var layoutHits = 0
        /// Layout lookups that had to lay out.
        public var layoutMisses = 0
        /// Layouts evicted by the bounds.
        public var layoutEvictions = 0
        /// Layouts held.
        public var layoutCount = 0
        /// Bytes of layouts held.
        public var layoutBytes = 0
        /// Prepared-cell lookups answered from the cache.
        public var preparedHits = 0
        /// Prepared-cell lookups that had to prepare (shape).
        public var preparedMisses = 0
        /// Prepared cells evicted by the bounds.
        public var preparedEvictions = 0
        /// Prepared cells held.
        public var preparedCount = 0
        /// Bytes of prepared cells held.
        public var preparedBytes = 0
    }

    /// The engine that computes what is missing.
    public let engine: CellLayoutEngine
    /// The bounds.
    public let limits: Limits

    /// Layouts and prepared cells, grouped by model (a store drops the
    /// model's other versions; invalidation drops the model).
    private let layouts: BoundedCache<LayoutKey, CellLayout>
    private let prepared: BoundedCache<PreparedKey, PreparedCell>

    /// A cache over an engine.
    public init(engine: CellLayoutEngine, limits: Limits = Limits()) {
        self.engine = engine
        self.limits = limits
        layouts = BoundedCache(countLimit: limits.layoutCount, byteLimit: limits.layoutBytes, groupedBy: { $0.modelID })
        prepared = BoundedCache(countLimit: limits.preparedCount, byteLimit: limits.preparedBytes, groupedBy: { $0.modelID })
    }

    /// The layout of a model at a width and scale: cached, or laid out from
    /// its cached prepared cell, or prepared and laid out (then cached).
    /// - Throws: as ``CellLayoutEngine/layout(_:for:width:scale:)``.
    public func layout(_ template: CellTemplate, for model: some CellModel, width: Double, scale: Double) throws -> CellLayout {
        guard width.isFinite, width >= 0 else { throw TypesetError.invalidWidth(width) }
        _ = try PixelGrid(scale: scale)
        let key = LayoutKey(modelID: model.id, version: model.version, template: template.compiled.uid,
                            width: (width + 0).bitPattern, scale: scale.bitPattern)
        return try layouts.value(for: key, bytes: { $0.byteCount + MemoryLayout<LayoutKey>.stride },
                                 superseding: { $0.version != key.version }) {
            try engine.layout(template, prepared: try preparedCell(template, for: model, scale: scale),
                              width: width, scale: scale)
        }
    }

    /// The height of a model's cell (see ``layout(_:for:width:scale:)``).
    public func height(_ template: CellTemplate, for model: some CellModel, width: Double, scale: Double) throws -> Double {
        try layout(template, for: model, width: width, scale: scale).height
    }

    /// A cached layout, or nil; never computes, counts nothing and leaves the
    /// entry's recency alone.
    public func cachedLayout(_ template: CellTemplate, id: CellModelID, version: Int, width: Double,
                             scale: Double) -> CellLayout? {
        layouts.peek(LayoutKey(modelID: id, version: version, template: template.compiled.uid,
                               width: (width + 0).bitPattern, scale: scale.bitPattern))
    }

    /// The prepared cell of a model at a device pixel ratio: cached, or
    /// prepared now (then cached).
    /// - Throws: as ``CellLayoutEngine/prepare(_:for:scale:)``.
    public func preparedCell(_ template: CellTemplate, for model: some CellModel, scale: Double = 1) throws -> PreparedCell {
        let key = PreparedKey(modelID: model.id, version: model.version, template: template.compiled.uid,
                              scale: scale.bitPattern)
        return try prepared.value(for: key, bytes: { $0.byteCount + MemoryLayout<PreparedKey>.stride },
                                  superseding: { $0.version != key.version }) {
            try engine.prepare(template, for: model, scale: scale)
        }
    }

    /// Forgets a model: its layouts at every width and its prepared cells.
    public func invalidate(id: CellModelID) {
        layouts.removeGroup(id)
        prepared.removeGroup(id)
    }

    /// Forgets every layout (for example after the list's width changed),
    /// keeping the prepared cells so that laying out again does not reshape.
    /// - Parameter width: keep the layouts at this width (nil: drop all).
    public func invalidateLayouts(keepingWidth width: Double? = nil) {
        if let width {
            let bits = (width + 0).bitPattern
            layouts.removeAll { $0.width != bits }
        } else {
            layouts.removeAll()
        }
    }

    /// Forgets everything (counters stay).
    public func removeAll() {
        layouts.removeAll()
        prepared.removeAll()
    }

    /// The counters and sizes now.
    public var statistics: Statistics {
        let l = layouts.statistics, p = prepared.statistics
        return Statistics(layoutHits: l.hits, layoutMisses: l.misses, layoutEvictions: l.evictions,
                          layoutCount: l.count, layoutBytes: l.bytes,
                          preparedHits: p.hits, preparedMisses: p.misses, preparedEvictions: p.evictions,
                          preparedCount: p.count, preparedBytes: p.bytes)
    }

    /// The cached layouts' model IDs and widths, most recently used first (for
    /// tests and diagnostics).
    public var layoutEntriesByRecency: [(id: CellModelID, width: Double)] {
        layouts.keysByRecency.map { ($0.modelID, Double(bitPattern: $0.width)) }
    }
}

/// A layout's cache key.
struct LayoutKey: Hashable {
    let modelID: CellModelID
    let version: Int
    let template: Int
    let width: UInt64
    let scale: UInt64
}

/// A prepared cell's cache key.
struct PreparedKey: Hashable {
    let modelID: CellModelID
    let version: Int
    let template: Int
    let scale: UInt64
}
