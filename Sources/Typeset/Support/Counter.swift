import Synchronization

/// A thread-safe event counter (for statistics that tests and benchmarks read).
public final class Counter: Sendable {
    private let value = Atomic<Int>(0)

    /// A counter at zero.
    public init() {}

    /// Adds `n`.
    public func add(_ n: Int = 1) { value.wrappingAdd(n, ordering: .relaxed) }

    /// The current count.
    public var count: Int { value.load(ordering: .relaxed) }
}
