/// The tallest rounded ascent and descent of each item's fonts, as a
/// prepared text keeps them: the distinct pairs once, each item pointing at
/// its pair with a byte of its own (`Item.metricsIndex`, which fills the
/// item's 16th byte), instead of a 16-byte pair per item. A text with more
/// than 256 distinct pairs (hundreds of font sizes) keeps one pair per item,
/// so every lookup gives the item's own pair either way.
///
/// A prepared text keeps the table in its own object (see `TailLayout`):
/// the value is then a view of that memory, valid while the object lives.
struct ItemLineMetrics: @unchecked Sendable {
    // (`@unchecked`: the table is written once, before it is shared.)
    typealias Pair = (ascent: Double, descent: Double)

    /// The distinct pairs, or (with more than `indexLimit` of them) one per item.
    private let table: UnsafeBufferPointer<Pair>
    /// The table's memory, for a table made on its own (empty for a view of a prepared text's).
    private let owned: [Pair]

    /// The most distinct pairs the items' byte can point at.
    static let indexLimit = Int(UInt8.max) + 1

    /// No metrics: every lookup is out of bounds; check `isEmpty` first.
    init() {
        table = UnsafeBufferPointer(start: nil, count: 0)
        owned = []
    }

    /// The number of pairs the table for `perItem` holds: the distinct
    /// pairs, or one per item when there are more than `indexLimit` of them.
    static func tableCount(_ perItem: [Pair]) -> Int {
        // Texts mostly have a handful: counted in 1 KB of stack (a larger
        // temporary is a heap allocation), in room for them all otherwise.
        let few = withUnsafeTemporaryAllocation(of: Pair.self, capacity: min(perItem.count, fewPairs)) { pairs in
            distinct(perItem, into: pairs, items: nil, limit: fewPairs)
        }
        if let few { return few }
        return withUnsafeTemporaryAllocation(of: Pair.self, capacity: min(perItem.count, indexLimit)) { pairs in
            distinct(perItem, into: pairs, items: nil) ?? perItem.count
        }
    }

    /// The most distinct pairs `tableCount` counts on the stack.
    private static let fewPairs = 1024 / MemoryLayout<Pair>.stride

    /// Gathers the distinct pairs of `perItem` into `pairs` (room for
    /// `limit` of them, or for every item), setting each item's
    /// `metricsIndex` when given; nil when there are more than `limit`.
    private static func distinct(_ perItem: [Pair], into pairs: UnsafeMutableBufferPointer<Pair>,
                                 items: UnsafeMutableBufferPointer<Item>?, limit: Int = indexLimit) -> Int? {
        var count = 0
        for (i, m) in perItem.enumerated() {
            // Items mostly repeat the last pair, or one of a handful.
            var k = count - 1
            while k >= 0 && !(pairs[k].ascent == m.ascent && pairs[k].descent == m.descent) { k -= 1 }
            if k < 0 {
                guard count < limit else { return nil }
                pairs.initializeElement(at: count, to: m)
                count += 1
                k = count - 1
            }
            // (Beyond `indexLimit` pairs every item has its own; the indices are then unused.)
            items?[i].metricsIndex = UInt8(k)
        }
        return count
    }

    /// The table for `perItem` (one pair per item, in item order) written
    /// to `table` (room for `tableCount(perItem)` pairs), setting each
    /// item's `metricsIndex`; a view of `table`.
    init(perItem: [Pair], items: UnsafeMutableBufferPointer<Item>, table: UnsafeMutableBufferPointer<Pair>) {
        precondition(perItem.count == items.count)
        assert(table.count == Self.tableCount(perItem))
        if Self.distinct(perItem, into: table, items: items) == nil {
            _ = table.initialize(from: perItem)
        }
        self.table = UnsafeBufferPointer(table)
        owned = []
    }

    /// A view of a table a prepared text keeps (made by `init(perItem:items:table:)`).
    init(kept table: UnsafeBufferPointer<Pair>) {
        self.table = table
        owned = []
    }

    /// The table for `perItem`, in an array of its own, setting the
    /// `metricsIndex` of `items` (see `init(perItem:items:table:)`).
    init(perItem: [Pair], items: inout [Item]) {
        var owned = [Pair](repeating: (0, 0), count: Self.tableCount(perItem))
        owned.withUnsafeMutableBufferPointer { table in
            items.withUnsafeMutableBufferPointer { _ = Self(perItem: perItem, items: $0, table: table) }
        }
        self.owned = owned
        table = owned.withUnsafeBufferPointer { $0 }
    }

    var isEmpty: Bool { table.isEmpty }

    /// Whether the table is one pair per item (more distinct pairs than an item's byte points at).
    var isPerItem: Bool { table.count > Self.indexLimit }

    /// The pair of item `index` (`item` is that item).
    @inline(__always)
    func metrics(of index: Int, _ item: Item) -> Pair {
        table[table.count > Self.indexLimit ? index : Int(item.metricsIndex)]
    }

    /// Heap bytes of a table of its own (a prepared text's is in its object).
    var byteCount: Int { arrayBytes(owned) }
}

extension ItemLineMetrics: CustomReflectable {
    /// The pairs themselves, wherever they are kept.
    var customMirror: Mirror { Mirror(self, children: ["table": Array(table)]) }
}
