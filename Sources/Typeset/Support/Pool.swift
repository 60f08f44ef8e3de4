import Foundation
import Synchronization

/// Reuses objects one task works in at a time (a prepare's `PrepareContext`,
/// layout's shapers), so that their HarfBuzz buffers and scratch arrays are
/// not made again per call: a task takes one, uses it alone, and gives it
/// back. At most 64 are kept.
///
/// The element given back last waits in a slot of its own, swapped in and
/// out by one atomic exchange: a thread that takes and gives back one
/// element at a time, a typesetter's usual caller, takes no lock. The
/// others wait in an array behind a lock.
final class Pool<Element: AnyObject>: @unchecked Sendable {
    /// The element given back last: its address, holding a +1 reference; 0 when empty.
    private let last = Atomic<UInt>(0)
    private var free: [Element] = []
    private let lock = NSLock()
    private let make: () -> Element

    /// A pool that makes an element with `make` when none is free.
    init(_ make: @escaping () -> Element) {
        self.make = make
    }

    deinit {
        let address = last.exchange(0, ordering: .acquiring)
        if address != 0 { Self.unmanaged(address).release() }
    }

    /// Runs `body` with an element of the pool, given back after.
    func with<R>(_ body: (Element) throws -> R) rethrows -> R {
        let element = take()
        defer { give(element) }
        return try body(element)
    }

    func take() -> Element {
        // (Acquiring: what the giver wrote to the element is seen here.)
        let address = last.exchange(0, ordering: .acquiring)
        if address != 0 { return Self.unmanaged(address).takeRetainedValue() }
        lock.lock()
        let element = free.popLast()
        lock.unlock()
        return element ?? make()
    }

    func give(_ element: Element) {
        let address = UInt(bitPattern: Unmanaged.passRetained(element).toOpaque())
        if last.compareExchange(expected: 0, desired: address, ordering: .releasing).exchanged { return }
        Self.unmanaged(address).release()  // (the slot is taken: the element goes to the array)
        lock.lock()
        if free.count < 63 { free.append(element) }
        lock.unlock()
    }

    /// The element whose address is `address`.
    @inline(__always)
    private static func unmanaged(_ address: UInt) -> Unmanaged<Element> {
        Unmanaged<Element>.fromOpaque(UnsafeRawPointer(bitPattern: address)!)
    }
}
