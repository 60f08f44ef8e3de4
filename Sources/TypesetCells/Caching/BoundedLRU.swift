import Typeset

/// A key of a cache entry that belongs to one version of one model.
protocol ModelVersionedKey: Hashable {
    var modelID: CellModelID { get }
    var version: Int { get }
}

/// A dictionary bounded by entry count and total cost, evicting the least
/// recently used entries, with an index by model for invalidation. Not
/// thread-safe: ``LayoutCache`` guards it with a lock held only for these
/// operations (never while a value is computed).
struct BoundedLRU<Key: ModelVersionedKey, Value> {
    private struct Entry {
        var key: Key
        var value: Value
        var cost: Int
        var newer: Int
        var older: Int
    }

    /// Entries in slots; freed slots are reused.
    private var entries: [Entry?] = []
    private var free: [Int] = []
    private var slots: [Key: Int] = [:]
    private var byModel: [CellModelID: [Key]] = [:]
    /// Most and least recently used slots, -1 when empty.
    private var newest = -1
    private var oldest = -1

    /// The bounds.
    var countLimit: Int
    var costLimit: Int
    /// The sum of the entries' costs.
    private(set) var totalCost = 0
    /// Entries evicted by the bounds (not by invalidation).
    private(set) var evictions = 0

    init(countLimit: Int, costLimit: Int) {
        self.countLimit = max(0, countLimit)
        self.costLimit = max(0, costLimit)
    }

    var count: Int { slots.count }

    /// The value for a key, marking it most recently used.
    mutating func value(for key: Key) -> Value? {
        guard let slot = slots[key], let entry = entries[slot] else { return nil }
        moveToFront(slot)
        return entry.value
    }

    /// The value for a key without touching its recency.
    func peek(_ key: Key) -> Value? {
        guard let slot = slots[key] else { return nil }
        return entries[slot]?.value
    }

    /// Stores a value (most recently used), drops the model's other versions,
    /// then evicts least recently used entries until both bounds hold. A value
    /// costlier than the whole bound is not kept.
    mutating func insert(_ value: Value, for key: Key, cost: Int) {
        if let slot = slots[key], var entry = entries[slot] {
            totalCost += cost - entry.cost
            entry.value = value
            entry.cost = cost
            entries[slot] = entry
            moveToFront(slot)
        } else {
            if let others = byModel[key.modelID] {
                for other in others where other.version != key.version { remove(other) }
            }
            let entry = Entry(key: key, value: value, cost: cost, newer: -1, older: newest)
            let slot: Int
            if let reused = free.popLast() { slot = reused; entries[slot] = entry } else {
                slot = entries.count
                entries.append(entry)
            }
            if newest >= 0 { entries[newest]?.newer = slot }
            newest = slot
            if oldest < 0 { oldest = slot }
            slots[key] = slot
            byModel[key.modelID, default: []].append(key)
            totalCost += cost
        }
        while (slots.count > countLimit || totalCost > costLimit), oldest >= 0, let victim = entries[oldest]?.key {
            remove(victim)
            evictions += 1
        }
    }

    /// Removes one entry.
    @discardableResult
    mutating func remove(_ key: Key) -> Value? {
        guard let slot = slots.removeValue(forKey: key), let entry = entries[slot] else { return nil }
        unlink(slot, entry)
        entries[slot] = nil
        free.append(slot)
        totalCost -= entry.cost
        if var keys = byModel[key.modelID] {
            keys.removeAll { $0 == key }
            byModel[key.modelID] = keys.isEmpty ? nil : keys
        }
        return entry.value
    }

    /// Removes every entry of a model; returns how many.
    @discardableResult
    mutating func removeModel(_ id: CellModelID) -> Int {
        guard let keys = byModel[id] else { return 0 }
        for key in keys { remove(key) }
        return keys.count
    }

    /// Removes the entries whose key matches.
    mutating func removeAll(where matches: (Key) -> Bool) {
        for key in Array(slots.keys) where matches(key) { remove(key) }
    }

    /// Removes everything (the counters stay).
    mutating func removeAll() {
        entries.removeAll()
        free.removeAll()
        slots.removeAll()
        byModel.removeAll()
        newest = -1
        oldest = -1
        totalCost = 0
    }

    /// Keys from the most to the least recently used.
    var keysByRecency: [Key] {
        var out: [Key] = []
        var slot = newest
        while slot >= 0, let entry = entries[slot] {
            out.append(entry.key)
            slot = entry.older
        }
        return out
    }

    private mutating func unlink(_ slot: Int, _ entry: Entry) {
        if entry.newer >= 0 { entries[entry.newer]?.older = entry.older } else { newest = entry.older }
        if entry.older >= 0 { entries[entry.older]?.newer = entry.newer } else { oldest = entry.newer }
    }

    private mutating func moveToFront(_ slot: Int) {
        guard slot != newest, let entry = entries[slot] else { return }
        unlink(slot, entry)
        entries[slot]?.older = newest
        entries[slot]?.newer = -1
        if newest >= 0 { entries[newest]?.newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }
}
