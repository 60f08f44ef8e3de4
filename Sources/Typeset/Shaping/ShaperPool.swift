import Foundation

/// Reuses shapers (and so their HarfBuzz buffers) across prepare calls: a
/// task takes one, uses it alone, and gives it back.
final class ShaperPool: @unchecked Sendable {
    private var free: [Shaper] = []
    private let lock = NSLock()

    /// Runs `body` with a shaper of the pool, given back after.
    func withShaper<R>(_ body: (Shaper) throws -> R) rethrows -> R {
        let shaper = take()
        defer { give(shaper) }
        return try body(shaper)
    }

    func take() -> Shaper {
        lock.lock()
        let s = free.popLast()
        lock.unlock()
        return s ?? Shaper()
    }

    func give(_ shaper: Shaper) {
        lock.lock()
        if free.count < 64 { free.append(shaper) }
        lock.unlock()
    }
}
