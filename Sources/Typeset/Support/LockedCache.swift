import Foundation

/// A small dictionary behind a lock, for caches that are read far more often
/// than written. The lock is held only for the lookup or store, never while a
/// value is computed.
///
/// Bounded by an entry count: storing a new key into a full cache evicts the
/// oldest stored entries first, one at a time (first in, first out), so a
/// stream of hostile keys never empties the cache of what is in use all at
/// once, and never grows it past the bound.
package final class LockedCache<Key: Hashable, Value>: @unchecked Sendable {
    private var storage: [Key: Value] = [:]
    /// Keys in the order they were first stored; `head` is the oldest still queued.
    private var order: [Key] = []
    private var head = 0
    private let lock = NSLock()
    /// The most entries kept.
    package let limit: Int
    /// Entries evicted to keep the bound.
    package private(set) var evictions = 0

    /// A cache of at most `limit` entries.
    package init(limit: Int) { self.limit = max(1, limit) }

    package subscript(key: Key) -> Value? {
        get { lock.lock(); defer { lock.unlock() }; return storage[key] }
        set {
            lock.lock()
            defer { lock.unlock() }
            guard let newValue else { storage[key] = nil; return }
            if storage.updateValue(newValue, forKey: key) == nil { order.append(key) }
            while storage.count > limit && head < order.count {
                if storage.removeValue(forKey: order[head]) != nil { evictions += 1 }
                head += 1
            }
            // Drop the evicted prefix of the queue once it is most of it.
            if head > 64 && head * 2 > order.count {
                order.removeFirst(head)
                head = 0
            }
        }
    }

    package var count: Int { lock.lock(); defer { lock.unlock() }; return storage.count }

    package func removeAll() { lock.lock(); storage.removeAll(); order.removeAll(); head = 0; lock.unlock() }
}
