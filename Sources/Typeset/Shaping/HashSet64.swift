// Pipeline stage: Shaping.
// A set of word-cache key hashes for one text, kept between texts.

/// A set of 64-bit hashes that are already well mixed (word-cache keys,
/// `ShapeKey.hash`): open addressing over a power-of-two table, probed from
/// the hash's own bits. `Set<UInt64>` hashes each value again with SipHash
/// (about ninety instructions a lookup), which a cold text paid for every
/// word once it had met a new one. Emptied between texts with its table kept.
struct HashSet64 {
    /// Slots, each a value with its lowest bit set (`slotValue`), 0 when empty.
    private var slots: [UInt64] = []
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// What a slot holds for `value`: never 0, the empty mark (the lowest
    /// bit is left out of the comparison, so two values that differ only
    /// there are one member: harmless for hashes that only pick which
    /// words wait for a word being shaped, as their keys are compared again).
    @inline(__always)
    private static func slotValue(_ value: UInt64) -> UInt64 { value | 1 }

    /// The slot holding `v` (a slot value), or the empty slot where it
    /// would go. (The table is never full: at most half its slots are used.)
    @inline(__always)
    private func probe(_ v: UInt64) -> Int {
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: v >> 20) & mask
        while slots[i] != 0 && slots[i] != v { i = (i + 1) & mask }
        return i
    }

    func contains(_ value: UInt64) -> Bool {
        guard count > 0 else { return false }
        let v = Self.slotValue(value)
        return slots[probe(v)] == v
    }

    mutating func insert(_ value: UInt64) {
        if 2 * (count + 1) > slots.count { grow() }
        let v = Self.slotValue(value), i = probe(v)
        guard slots[i] == 0 else { return }
        slots[i] = v
        count += 1
    }

    /// Empties the set, keeping its table.
    mutating func removeAll() {
        guard count > 0 else { return }
        slots.refill(0, count: slots.count)
        count = 0
    }

    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: max(16, 2 * old.count))
        count = 0
        for v in old where v != 0 { insert(v) }
    }
}
