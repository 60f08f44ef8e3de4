/// The tallest rounded ascent and descent of each item's fonts, as a
/// prepared text keeps them: the distinct pairs once, each item pointing at
/// its pair with a byte of its own (`Item.metricsIndex`, which fills the
/// item's 16th byte), instead of a 16-byte pair per item. A text with more
/// than 256 distinct pairs (hundreds of font sizes) keeps one pair per item,
/// so every lookup gives the item's own pair either way.
struct ItemLineMetrics: Sendable {
    /// The distinct pairs, or (with more than `indexLimit` of them) one per item.
    private let table: [(ascent: Double, descent: Double)]

    /// The most distinct pairs the items' byte can point at.
    static let indexLimit = Int(UInt8.max) + 1

    /// No metrics: every lookup is out of bounds; check `isEmpty` first.
    init() { table = [] }

    /// The table for `perItem` (one pair per item, in item order), setting
    /// each item's `metricsIndex`.
    init(perItem: [(ascent: Double, descent: Double)], items: inout [Item]) {
        precondition(perItem.count == items.count)
        var distinct: [(ascent: Double, descent: Double)] = []
        var indices: [UInt8] = []
        indices.reserveCapacity(perItem.count)
        for m in perItem {
            // Items mostly repeat the last pair, or one of a handful.
            var k = distinct.lastIndex { $0.ascent == m.ascent && $0.descent == m.descent } ?? -1
            if k < 0 {
                guard distinct.count < Self.indexLimit else {
                    table = perItem.compacted()
                    return
                }
                distinct.append(m)
                k = distinct.count - 1
            }
            indices.append(UInt8(k))
        }
        for i in items.indices { items[i].metricsIndex = indices[i] }
        table = distinct.compacted()
    }

    var isEmpty: Bool { table.isEmpty }

    /// Whether the table is one pair per item (more distinct pairs than an item's byte points at).
    var isPerItem: Bool { table.count > Self.indexLimit }

    /// The pair of item `index` (`item` is that item).
    @inline(__always)
    func metrics(of index: Int, _ item: Item) -> (ascent: Double, descent: Double) {
        table[table.count > Self.indexLimit ? index : Int(item.metricsIndex)]
    }

    /// Heap bytes of the table.
    var byteCount: Int { arrayBytes(table) }
}
