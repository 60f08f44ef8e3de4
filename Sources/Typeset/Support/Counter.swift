import Foundation

/// A thread-safe event counter (for statistics that tests and benchmarks read).
public final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()

    /// A counter at zero.
    public init() {}

    /// Adds `n`.
    public func add(_ n: Int = 1) { lock.lock(); value &+= n; lock.unlock() }

    /// The current count.
    public var count: Int { lock.lock(); defer { lock.unlock() }; return value }
}
