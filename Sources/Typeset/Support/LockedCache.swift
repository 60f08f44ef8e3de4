import Foundation

/// A small dictionary behind a lock, for caches that are read far more often
/// than written. The lock is held only for the lookup or store, never while a
/// value is computed.
package final class LockedCache<Key: Hashable, Value>: @unchecked Sendable {
    private var storage: [Key: Value] = [:]
    private let lock = NSLock()
    private let limit: Int

    /// A cache of at most `limit` entries: storing a new key into a full cache
    /// empties it first (a bound for caches that hostile input could grow).
    package init(limit: Int = .max) { self.limit = limit }

    package subscript(key: Key) -> Value? {
        get { lock.lock(); defer { lock.unlock() }; return storage[key] }
        set {
            lock.lock()
            if storage.count >= limit && newValue != nil && storage[key] == nil { storage.removeAll(keepingCapacity: true) }
            storage[key] = newValue
            lock.unlock()
        }
    }

    package var count: Int { lock.lock(); defer { lock.unlock() }; return storage.count }

    package func removeAll() { lock.lock(); storage.removeAll(); lock.unlock() }
}
