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
/// Locks guard the maps only: lookups and stores hold a lock for a dictionary
/// operation, and layouts and preparations are computed outside any lock (two
/// threads missing the same key may both compute it; the results are equal).
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

    private let layoutLock = NSLock()
    private var layouts: BoundedLRU<LayoutKey, CellLayout>
    private var layoutHits = 0, layoutMisses = 0
    private let preparedLock = NSLock()
    private var prepared: BoundedLRU<PreparedKey, PreparedCell>
    private var preparedHits = 0, preparedMisses = 0

    /// A cache over an engine.
    public init(engine: CellLayoutEngine, limits: Limits = Limits()) {
        self.engine = engine
        self.limits = limits
        layouts = BoundedLRU(countLimit: limits.layoutCount, costLimit: limits.layoutBytes)
        prepared = BoundedLRU(countLimit: limits.preparedCount, costLimit: limits.preparedBytes)
    }

    /// The layout of a model at a width and scale: cached, or laid out from
    /// its cached prepared cell, or prepared and laid out (then cached).
    /// - Throws: as ``CellLayoutEngine/layout(_:for:width:scale:)``.
    public func layout(_ template: CellTemplate, for model: some CellModel, width: Double, scale: Double) throws -> CellLayout {
        guard width.isFinite, width >= 0 else { throw TypesetError.invalidWidth(width) }
        _ = try PixelGrid(scale: scale)
        let key = LayoutKey(modelID: model.id, version: model.version, template: template.compiled.uid,
                            width: (width + 0).bitPattern, scale: scale.bitPattern)
        layoutLock.lock()
        let hit = layouts.value(for: key)
        if hit != nil { layoutHits += 1 } else { layoutMisses += 1 }
        layoutLock.unlock()
        if let hit { return hit }
        let cell = try preparedCell(template, for: model, scale: scale)
        let layout = try engine.layout(template, prepared: cell, width: width, scale: scale)
        layoutLock.lock()
        layouts.insert(layout, for: key, cost: layout.byteCount + MemoryLayout<LayoutKey>.stride)
        layoutLock.unlock()
        return layout
    }

    /// The height of a model's cell (see ``layout(_:for:width:scale:)``).
    public func height(_ template: CellTemplate, for model: some CellModel, width: Double, scale: Double) throws -> Double {
        try layout(template, for: model, width: width, scale: scale).height
    }

    /// A cached layout, or nil; never computes, counts nothing and leaves the
    /// entry's recency alone.
    public func cachedLayout(_ template: CellTemplate, id: CellModelID, version: Int, width: Double,
                             scale: Double) -> CellLayout? {
        let key = LayoutKey(modelID: id, version: version, template: template.compiled.uid,
                            width: (width + 0).bitPattern, scale: scale.bitPattern)
        layoutLock.lock()
        defer { layoutLock.unlock() }
        return layouts.peek(key)
    }

    /// The prepared cell of a model at a device pixel ratio: cached, or
    /// prepared now (then cached).
    /// - Throws: as ``CellLayoutEngine/prepare(_:for:scale:)``.
    public func preparedCell(_ template: CellTemplate, for model: some CellModel, scale: Double = 1) throws -> PreparedCell {
        let key = PreparedKey(modelID: model.id, version: model.version, template: template.compiled.uid,
                              scale: scale.bitPattern)
        preparedLock.lock()
        let hit = prepared.value(for: key)
        if hit != nil { preparedHits += 1 } else { preparedMisses += 1 }
        preparedLock.unlock()
        if let hit { return hit }
        let cell = try engine.prepare(template, for: model, scale: scale)
        preparedLock.lock()
        prepared.insert(cell, for: key, cost: cell.byteCount + MemoryLayout<PreparedKey>.stride)
        preparedLock.unlock()
        return cell
    }

    /// Forgets a model: its layouts at every width and its prepared cells.
    public func invalidate(id: CellModelID) {
        layoutLock.lock()
        layouts.removeModel(id)
        layoutLock.unlock()
        preparedLock.lock()
        prepared.removeModel(id)
        preparedLock.unlock()
    }

    /// Forgets every layout (for example after the list's width changed),
    /// keeping the prepared cells so that laying out again does not reshape.
    /// - Parameter width: keep the layouts at this width (nil: drop all).
    public func invalidateLayouts(keepingWidth width: Double? = nil) {
        layoutLock.lock()
        if let width {
            let bits = (width + 0).bitPattern
            layouts.removeAll { $0.width != bits }
        } else {
            layouts.removeAll()
        }
        layoutLock.unlock()
    }

    /// Forgets everything (counters stay).
    public func removeAll() {
        layoutLock.lock()
        layouts.removeAll()
        layoutLock.unlock()
        preparedLock.lock()
        prepared.removeAll()
        preparedLock.unlock()
    }

    /// The counters and sizes now.
    public var statistics: Statistics {
        var s = Statistics()
        layoutLock.lock()
        s.layoutHits = layoutHits
        s.layoutMisses = layoutMisses
        s.layoutEvictions = layouts.evictions
        s.layoutCount = layouts.count
        s.layoutBytes = layouts.totalCost
        layoutLock.unlock()
        preparedLock.lock()
        s.preparedHits = preparedHits
        s.preparedMisses = preparedMisses
        s.preparedEvictions = prepared.evictions
        s.preparedCount = prepared.count
        s.preparedBytes = prepared.totalCost
        preparedLock.unlock()
        return s
    }

    /// The cached layouts' model IDs and widths, most recently used first (for
    /// tests and diagnostics).
    public var layoutEntriesByRecency: [(id: CellModelID, width: Double)] {
        layoutLock.lock()
        defer { layoutLock.unlock() }
        return layouts.keysByRecency.map { ($0.modelID, Double(bitPattern: $0.width)) }
    }
}

/// A layout's cache key.
struct LayoutKey: ModelVersionedKey {
    let modelID: CellModelID
    let version: Int
    let template: Int
    let width: UInt64
    let scale: UInt64
}

/// A prepared cell's cache key.
struct PreparedKey: ModelVersionedKey {
    let modelID: CellModelID
    let version: Int
    let template: Int
    let scale: UInt64
}
