import Synchronization

/// A reference set at most once and read from any thread without a lock:
/// the first `storeIfAbsent` wins and later ones get the stored object.
/// (`Synchronization.Mutex` would do the same, but on Linux ThreadSanitizer
/// cannot see its futex and reports every such store as a race.)
struct LazyReference<Value: AnyObject & Sendable>: ~Copyable, Sendable {
    /// The stored object's address (holding a +1 reference), 0 until stored.
    private let address = Atomic<UInt>(0)

    init() {}

    /// The stored object, if any.
    var value: Value? {
        let stored = address.load(ordering: .acquiring)
        return stored == 0 ? nil : Self.object(at: stored)
    }

    /// Stores `candidate` unless an object is stored already; returns the stored one.
    func storeIfAbsent(_ candidate: Value) -> Value {
        let retained = UInt(bitPattern: Unmanaged.passRetained(candidate).toOpaque())
        let (stored, earlier) = address.compareExchange(expected: 0, desired: retained, ordering: .acquiringAndReleasing)
        if stored { return candidate }
        Unmanaged.passUnretained(candidate).release()
        return Self.object(at: earlier)
    }

    private static func object(at address: UInt) -> Value {
        Unmanaged<Value>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).takeUnretainedValue()
    }

    deinit {
        let stored = address.load(ordering: .acquiring)
        if stored != 0 { Unmanaged<Value>.fromOpaque(UnsafeRawPointer(bitPattern: stored)!).release() }
    }
}
