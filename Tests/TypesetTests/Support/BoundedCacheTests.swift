import Foundation
@testable import Typeset
import XCTest

/// The package's one bounded cache: eviction by count and by bytes, least
/// recently used first; groups; values computed outside the lock; and use
/// from many threads at once (run under ThreadSanitizer too:
/// `swift test --sanitize=thread --filter BoundedCacheTests`).
final class BoundedCacheTests: XCTestCase {
    /// A value with an identity, to tell which of two racing computations won.
    final class Box: Sendable {
        let n: Int
        init(_ n: Int) { self.n = n }
    }

    func testCountBoundEvictsTheLeastRecentlyUsed() {
        let cache = BoundedCache<Int, String>(countLimit: 3)
        for k in 1...3 { cache.insert("\(k)", for: k) }
        XCTAssertEqual(cache.keysByRecency, [3, 2, 1])
        XCTAssertEqual(cache.value(for: 1), "1")  // 1 is now the most recently used
        XCTAssertEqual(cache.keysByRecency, [1, 3, 2])
        cache.insert("4", for: 4)  // evicts 2
        XCTAssertEqual(cache.keysByRecency, [4, 1, 3])
        XCTAssertNil(cache.peek(2))
        cache.insert("5", for: 5)  // evicts 3
        XCTAssertEqual(cache.keysByRecency, [5, 4, 1])
        let stats = cache.statistics
        XCTAssertEqual(stats.count, 3)
        XCTAssertEqual(stats.evictions, 2)
    }

    func testByteBoundEvictsTheLeastRecentlyUsed() {
        let cache = BoundedCache<Int, String>(countLimit: 100, byteLimit: 250)
        for k in 1...4 { cache.insert("\(k)", for: k, bytes: 100) }
        var stats = cache.statistics
        XCTAssertEqual(stats.count, 2, "two entries of 100 bytes fit in 250")
        XCTAssertEqual(stats.bytes, 200)
        XCTAssertEqual(stats.evictions, 2)
        XCTAssertEqual(cache.keysByRecency, [4, 3])
        // Replacing a value re-counts its bytes.
        cache.insert("3", for: 3, bytes: 10)
        XCTAssertEqual(cache.statistics.bytes, 110)
        cache.insert("5", for: 5, bytes: 140)
        XCTAssertEqual(cache.keysByRecency, [5, 3, 4])
        cache.insert("6", for: 6, bytes: 110)  // 250 + 110: evicts 4, then 3, which is enough
        XCTAssertEqual(cache.keysByRecency, [6, 5])
        stats = cache.statistics
        XCTAssertEqual(stats.bytes, 250)
        XCTAssertEqual(stats.evictions, 4)
    }

    func testAValueOverTheWholeByteBoundIsReturnedButNotKept() {
        let cache = BoundedCache<Int, String>(countLimit: 10, byteLimit: 100)
        cache.insert("a", for: 1, bytes: 60)
        XCTAssertEqual(cache.value(for: 2, bytes: { _ in 101 }) { "huge" }, "huge")
        XCTAssertNil(cache.peek(2))
        XCTAssertEqual(cache.keysByRecency, [1], "and evicts nothing to make room")
        XCTAssertEqual(cache.statistics.evictions, 0)
        let none = BoundedCache<Int, String>(countLimit: 0)
        none.insert("a", for: 1)
        XCTAssertEqual(none.count, 0, "a zero bound keeps nothing")
    }

    func testLookupsReorderAndCountButPeekDoesNot() {
        let cache = BoundedCache<String, Int>(countLimit: 10)
        cache.insert(1, for: "a")
        cache.insert(2, for: "b")
        XCTAssertEqual(cache.peek("a"), 1)
        XCTAssertEqual(cache.keysByRecency, ["b", "a"])
        XCTAssertEqual(cache.statistics.hits + cache.statistics.misses, 0)
        XCTAssertEqual(cache.value(for: "a"), 1)
        XCTAssertNil(cache.value(for: "c"))
        XCTAssertEqual(cache.keysByRecency, ["a", "b"])
        XCTAssertEqual(cache.statistics.hits, 1)
        XCTAssertEqual(cache.statistics.misses, 1)
        XCTAssertEqual(cache.value(for: "d") { 4 }, 4)
        XCTAssertEqual(cache.value(for: "d") { XCTFail("computed twice"); return 0 }, 4)
        XCTAssertEqual(cache.statistics.misses, 2)
        XCTAssertEqual(cache.statistics.hits, 2)
        cache.removeAll()
        XCTAssertEqual(cache.count, 0)
        XCTAssertEqual(cache.statistics.hits, 2, "removing everything keeps the counters")
    }

    func testGroupsAndSupersedingStores() {
        struct Key: Hashable { var model: Int; var version: Int; var width: Int }
        let cache = BoundedCache<Key, String>(countLimit: 100, groupedBy: { $0.model })
        for model in 1...3 {
            for width in [375, 414] { cache.insert("\(model)@\(width)", for: Key(model: model, version: 1, width: width)) }
        }
        XCTAssertEqual(cache.removeGroup(2), 2)
        XCTAssertEqual(cache.count, 4)
        XCTAssertNil(cache.peek(Key(model: 2, version: 1, width: 375)))
        // A new version of model 1 drops its other versions, not its other widths of the same version.
        _ = cache.value(for: Key(model: 1, version: 2, width: 375), superseding: { $0.version != 2 }) { "new" }
        cache.insert("new", for: Key(model: 1, version: 2, width: 414), superseding: { $0.version != 2 })
        XCTAssertEqual(Set(cache.keysByRecency.filter { $0.model == 1 }.map(\.version)), [2])
        XCTAssertEqual(cache.keysByRecency.filter { $0.model == 1 }.count, 2)
        XCTAssertEqual(cache.count, 4)
        XCTAssertEqual(cache.statistics.evictions, 0, "removals are not evictions")
        cache.removeAll { $0.width == 414 }
        XCTAssertEqual(cache.keysByRecency.map(\.width), [375, 375])
    }

    func testAThrowingComputationStoresNothing() {
        struct Failure: Error {}
        let cache = BoundedCache<Int, Int>(countLimit: 10)
        XCTAssertThrowsError(try cache.value(for: 1) { throw Failure() })
        XCTAssertEqual(cache.count, 0)
        var calls = 0
        XCTAssertEqual(try cache.value(for: 1) { calls += 1; return 7 }, 7)
        XCTAssertEqual(calls, 1, "the next lookup computes again")
    }

    /// Another thread uses the cache while a value is being computed: it
    /// would wait for ever if the lock were held.
    func testTheLockIsNotHeldWhileComputing() {
        let cache = BoundedCache<Int, Int>(countLimit: 10)
        cache.insert(2, for: 2)
        let value = cache.value(for: 1) { () -> Int in
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                XCTAssertEqual(cache.value(for: 2), 2)
                cache.insert(3, for: 3)
                done.signal()
            }
            XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "another key waited for a computation")
            return 1
        }
        XCTAssertEqual(value, 1)
        XCTAssertEqual(cache.count, 3)
    }

    /// Threads racing to compute one key all get the value stored first.
    func testRacingComputationsShareTheFirstValueStored() {
        let cache = BoundedCache<Int, Box>(countLimit: 10)
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 8) { k in
            let box = cache.value(for: 1) {
                Thread.sleep(forTimeInterval: 0.01)
                return Box(k)
            }
            results.append(box)
        }
        let all = results.all
        XCTAssertEqual(all.count, 8)
        XCTAssertTrue(all.allSatisfy { $0 === all[0] }, "every thread got the one value kept")
        XCTAssertTrue(cache.peek(1) === all[0])
    }

    /// Many threads looking up, computing, storing and removing at once: the
    /// bounds hold and every value handed out is the one for its key.
    func testConcurrentUseKeepsTheBoundsAndTheValues() {
        let cache = BoundedCache<Int, Box>(countLimit: 64, byteLimit: 64 * 10, groupedBy: { $0 % 7 })
        let failures = Results()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            var rng = SystemRandomNumberGenerator()
            for i in 0..<4000 {
                let key = Int.random(in: 0..<200, using: &rng)
                switch (i + thread) % 10 {
                case 0: cache.insert(Box(key), for: key, bytes: key % 20)
                case 1: if let v = cache.peek(key), v.n != key { failures.append(v) }
                case 2: _ = cache.removeValue(for: key)
                case 3 where i % 50 == 0: cache.removeGroup(key % 7)
                case 4: if cache.count > 64 || cache.statistics.bytes > 640 { failures.append(Box(-1)) }
                case 5 where i % 500 == 0: _ = cache.keysByRecency
                default:
                    let v = cache.value(for: key, bytes: { $0.n % 20 }) { Box(key) }
                    if v.n != key { failures.append(v) }
                }
            }
        }
        XCTAssertEqual(failures.all.count, 0)
        let stats = cache.statistics
        XCTAssertLessThanOrEqual(stats.count, 64)
        XCTAssertLessThanOrEqual(stats.bytes, 640)
        XCTAssertEqual(stats.count, cache.keysByRecency.count)
        XCTAssertGreaterThan(stats.evictions, 0)
    }

    /// Values collected from several threads.
    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var boxes: [Box] = []
        func append(_ box: Box) { lock.lock(); boxes.append(box); lock.unlock() }
        var all: [Box] { lock.lock(); defer { lock.unlock() }; return boxes }
    }
}
