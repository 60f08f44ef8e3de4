import Foundation

/// The package's one bounded cache: a dictionary behind a lock, bounded by an
/// entry count and by a number of bytes, evicting the least recently used
/// entries first. Font stacks, fallback decisions and system faces
/// (``FontCollection``), the cell engine's fixed labels, the cell layout
/// cache's layouts and prepared cells, and the `measure` tool's font files
/// all live in one.
///
/// **The lock is never held while a value is computed.**
/// ``value(for:bytes:superseding:compute:)`` looks up under the lock, computes
/// a missing value with the lock released, and stores it under the lock
/// again: a slow computation of one key never blocks lookups of another. Two
/// threads that miss the same key at once may both compute it; the first
/// value stored wins and both get it (so equal keys share one instance). A
/// computation that throws stores nothing: the next lookup computes again.
///
/// **Bounds.** Storing evicts least recently used entries until there are at
/// most `countLimit` entries of at most `byteLimit` bytes in all (each
/// entry's bytes are what its caller says it costs). A value costlier than
/// the whole byte bound is handed back but not kept, and evicts nothing.
/// Eviction is one entry at a time, so a stream of new keys never empties
/// the cache of what is in use all at once, nor grows it past the bounds.
///
/// **Groups.** A cache made with `groupedBy` indexes its keys by a group (the
/// cell cache groups by model), so that ``removeGroup(_:)`` and the
/// `superseding` argument of a store (drop the model's other versions) cost
/// the group's entries, not the whole cache's.
///
/// Lookups that reorder (``value(for:)``) and stores take the lock for a
/// dictionary operation and a few index writes; ``peek(_:)`` leaves the
/// recency order and the counters alone.
package final class BoundedCache<Key: Hashable, Value>: @unchecked Sendable {
    /// Counters and sizes at one moment (read under the lock, so they agree).
    package struct Statistics: Sendable, Hashable {
        /// Lookups answered from the cache.
        package var hits = 0
        /// Lookups that found nothing.
        package var misses = 0
        /// Entries evicted by the bounds (not removed by the caller).
        package var evictions = 0
        /// Entries held.
        package var count = 0
        /// Bytes held (the sum of the entries' stated costs).
        package var bytes = 0
    }

    private struct Entry {
        var key: Key
        var value: Value
        var bytes: Int
        /// Neighbouring slots in recency order, -1 at either end.
        var newer: Int
        var older: Int
    }

    /// The most entries kept.
    package let countLimit: Int
    /// The most bytes kept.
    package let byteLimit: Int

    private let lock = NSLock()
    /// Entries in slots; freed slots are reused.
    private var entries: [Entry?] = []
    private var free: [Int] = []
    private var slots: [Key: Int] = [:]
    /// Most and least recently used slots, -1 when empty.
    private var newest = -1
    private var oldest = -1
    private var totalBytes = 0
    private var hits = 0, misses = 0, evictions = 0
    private let group: (@Sendable (Key) -> AnyHashable)?
    private var byGroup: [AnyHashable: [Key]] = [:]

    /// A cache of at most `countLimit` entries and `byteLimit` bytes (negative
    /// bounds are 0: nothing is kept).
    /// - Parameter groupedBy: the group of a key, for ``removeGroup(_:)`` and
    ///   superseding stores; nil when the cache has no groups.
    package init(countLimit: Int, byteLimit: Int = .max, groupedBy: (@Sendable (Key) -> AnyHashable)? = nil) {
        self.countLimit = max(0, countLimit)
        self.byteLimit = max(0, byteLimit)
        self.group = groupedBy
    }

    // MARK: Lookups

    /// The value for a key, marking it most recently used; counts a hit or a miss.
    package func value(for key: Key) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return lookUp(key)
    }

    /// The keys held, in no order (for tests of what entries keep).
    package var keys: [Key] {
        lock.lock()
        defer { lock.unlock() }
        return Array(slots.keys)
    }

    /// The value for a key without touching its recency or the counters.
    package func peek(_ key: Key) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        guard let slot = slots[key] else { return nil }
        return entries[slot]?.value
    }

    /// The value for a key: cached (most recently used now), or computed by
    /// `compute` outside the lock and stored. When another thread stored the
    /// key meanwhile, its value wins and is returned.
    /// - Parameters:
    ///   - bytes: the cost of a computed value, measured outside the lock.
    ///   - superseding: entries of the key's group that storing it removes
    ///     (a model's other versions); needs `groupedBy`.
    /// - Throws: what `compute` throws; nothing is stored then.
    package func value(for key: Key, bytes: (Value) -> Int = { _ in 0 }, superseding: ((Key) -> Bool)? = nil,
                       compute: () throws -> Value) rethrows -> Value {
        lock.lock()
        let hit = lookUp(key)
        lock.unlock()
        if let hit { return hit }
        let value = try compute()
        let cost = bytes(value)
        lock.lock()
        defer { lock.unlock() }
        if let slot = slots[key], let raced = entries[slot] {
            moveToFront(slot)
            return raced.value
        }
        store(value, for: key, bytes: cost, superseding: superseding)
        return value
    }

    // MARK: Stores and removals

    /// Stores a value as the most recently used, replacing the key's value if
    /// it has one, then evicts until both bounds hold.
    /// - Parameters:
    ///   - bytes: what the entry costs against `byteLimit`.
    ///   - superseding: entries of the key's group to remove (see
    ///     ``value(for:bytes:superseding:compute:)``).
    package func insert(_ value: Value, for key: Key, bytes: Int = 0, superseding: ((Key) -> Bool)? = nil) {
        lock.lock()
        defer { lock.unlock() }
        store(value, for: key, bytes: bytes, superseding: superseding)
    }

    /// Removes one entry; returns its value.
    @discardableResult
    package func removeValue(for key: Key) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return remove(key)
    }

    /// Removes every entry of a group; returns how many.
    @discardableResult
    package func removeGroup(_ id: AnyHashable) -> Int {
        lock.lock()
        defer { lock.unlock() }
        guard let keys = byGroup[id] else { return 0 }
        for key in keys { remove(key) }
        return keys.count
    }

    /// Removes the entries whose key matches (a scan of every key).
    package func removeAll(where matches: (Key) -> Bool) {
        lock.lock()
        defer { lock.unlock() }
        for key in Array(slots.keys) where matches(key) { remove(key) }
    }

    /// Removes everything; the counters stay.
    package func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        entries.removeAll()
        free.removeAll()
        slots.removeAll()
        byGroup.removeAll()
        newest = -1
        oldest = -1
        totalBytes = 0
    }

    // MARK: State

    /// The number of entries.
    package var count: Int { lock.lock(); defer { lock.unlock() }; return slots.count }

    /// The counters and sizes now.
    package var statistics: Statistics {
        lock.lock()
        defer { lock.unlock() }
        return Statistics(hits: hits, misses: misses, evictions: evictions, count: slots.count, bytes: totalBytes)
    }

    /// Keys from the most to the least recently used (for tests and diagnostics).
    package var keysByRecency: [Key] {
        lock.lock()
        defer { lock.unlock() }
        var out: [Key] = []
        out.reserveCapacity(slots.count)
        var slot = newest
        while slot >= 0, let entry = entries[slot] {
            out.append(entry.key)
            slot = entry.older
        }
        return out
    }

    // MARK: Under the lock

    private func lookUp(_ key: Key) -> Value? {
        guard let slot = slots[key], let entry = entries[slot] else {
            misses += 1
            return nil
        }
        hits += 1
        moveToFront(slot)
        return entry.value
    }

    private func store(_ value: Value, for key: Key, bytes: Int, superseding: ((Key) -> Bool)?) {
        let bytes = max(0, bytes)
        if let superseding, let group, let others = byGroup[group(key)] {
            for other in others where other != key && superseding(other) { remove(other) }
        }
        guard countLimit > 0, bytes <= byteLimit else {
            remove(key)
            return
        }
        if let slot = slots[key], var entry = entries[slot] {
            totalBytes += bytes - entry.bytes
            entry.value = value
            entry.bytes = bytes
            entries[slot] = entry
            moveToFront(slot)
        } else {
            let entry = Entry(key: key, value: value, bytes: bytes, newer: -1, older: newest)
            let slot: Int
            if let reused = free.popLast() {
                slot = reused
                entries[slot] = entry
            } else {
                slot = entries.count
                entries.append(entry)
            }
            if newest >= 0 { entries[newest]?.newer = slot }
            newest = slot
            if oldest < 0 { oldest = slot }
            slots[key] = slot
            if let group { byGroup[group(key), default: []].append(key) }
            totalBytes += bytes
        }
        while slots.count > countLimit || totalBytes > byteLimit, oldest >= 0, let victim = entries[oldest]?.key {
            remove(victim)
            evictions += 1
        }
    }

    @discardableResult
    private func remove(_ key: Key) -> Value? {
        guard let slot = slots.removeValue(forKey: key), let entry = entries[slot] else { return nil }
        unlink(entry)
        entries[slot] = nil
        free.append(slot)
        totalBytes -= entry.bytes
        if let group {
            let id = group(key)
            if var keys = byGroup[id] {
                keys.removeAll { $0 == key }
                byGroup[id] = keys.isEmpty ? nil : keys
            }
        }
        return entry.value
    }

    private func unlink(_ entry: Entry) {
        if entry.newer >= 0 { entries[entry.newer]?.older = entry.older } else { newest = entry.older }
        if entry.older >= 0 { entries[entry.older]?.newer = entry.newer } else { oldest = entry.newer }
    }

    private func moveToFront(_ slot: Int) {
        guard slot != newest, let entry = entries[slot] else { return }
        unlink(entry)
        entries[slot]?.older = newest
        entries[slot]?.newer = -1
        if newest >= 0 { entries[newest]?.newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }
}
