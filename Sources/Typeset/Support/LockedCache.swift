import Foundation

/// A small dictionary behind a lock, for caches that are read far more often
/// than written. The lock is held only for the lookup or store, never while a
/// value is computed.
final class LockedCache<Key: Hashable, Value>: @unchecked Sendable {
    private var storage: [Key: Value] = [:]
    private let lock = NSLock()

    subscript(key: Key) -> Value? {
        get { lock.lock(); defer { lock.unlock() }; return storage[key] }
        set { lock.lock(); storage[key] = newValue; lock.unlock() }
    }

    var count: Int { lock.lock(); defer { lock.unlock() }; return storage.count }

    func removeAll() { lock.lock(); storage.removeAll(); lock.unlock() }
}
