import Dispatch
import Synchronization
import XCTest
@testable import Typeset

/// The pool of objects one task works in at a time (`Pool`): a thread that
/// takes and gives back reuses one element, and concurrent tasks never hold
/// the same element at once.
final class PoolTests: XCTestCase {
    private final class Element: @unchecked Sendable {
        /// How many tasks hold this element now (must never pass 1).
        let holders = Atomic<Int>(0)
    }

    func testOneThreadReusesTheElementItGaveBack() {
        let made = Atomic<Int>(0)
        let pool = Pool { () -> Element in made.wrappingAdd(1, ordering: .relaxed); return Element() }
        let first = pool.take()
        pool.give(first)
        for _ in 0..<100 {
            let again = pool.take()
            XCTAssertTrue(again === first)
            pool.give(again)
        }
        // A second element while the first is held, then both given back and both reused.
        let a = pool.take(), b = pool.take()
        XCTAssertFalse(a === b)
        pool.give(a)
        pool.give(b)
        let c = pool.take(), d = pool.take()
        XCTAssertEqual(Set([ObjectIdentifier(a), ObjectIdentifier(b)]), Set([ObjectIdentifier(c), ObjectIdentifier(d)]))
        XCTAssertEqual(made.load(ordering: .relaxed), 2)
    }

    func testConcurrentTasksNeverShareAnElement() {
        let pool = Pool(Element.init)
        let overlaps = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 20_000) { _ in
            pool.with { element in
                if element.holders.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue != 1 {
                    overlaps.wrappingAdd(1, ordering: .relaxed)
                }
                element.holders.wrappingSubtract(1, ordering: .sequentiallyConsistent)
            }
        }
        XCTAssertEqual(overlaps.load(ordering: .relaxed), 0)
    }
}
