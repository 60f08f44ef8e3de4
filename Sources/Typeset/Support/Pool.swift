import Foundation

/// Reuses objects one task works in at a time (a prepare's `PrepareContext`,
/// layout's shapers), so that their HarfBuzz buffers and scratch arrays are
/// not made again per call: a task takes one, uses it alone, and gives it
/// back. At most 64 are kept.
final class Pool<Element: AnyObject>: @unchecked Sendable {
    private var free: [Element] = []
    private let lock = NSLock()
    private let make: () -> Element

    /// A pool that makes an element with `make` when none is free.
    init(_ make: @escaping () -> Element) {
        self.make = make
    }

    /// Runs `body` with an element of the pool, given back after.
    func with<R>(_ body: (Element) throws -> R) rethrows -> R {
        let element = take()
        defer { give(element) }
        return try body(element)
    }

    func take() -> Element {
        lock.lock()
        let element = free.popLast()
        lock.unlock()
        return element ?? make()
    }

    func give(_ element: Element) {
        lock.lock()
        if free.count < 64 { free.append(element) }
        lock.unlock()
    }
}
