import XCTest
@testable import Typeset

/// The word shaper's set of pending key hashes answers as `Set` does (up to
/// the lowest bit, which it leaves out), through growth and emptying.
final class HashSet64Tests: XCTestCase {
    func testAnswersAsSetThroughGrowthAndEmptying() {
        var rng = SystemRandomNumberGenerator()
        var set = HashSet64()
        for round in 0..<3 {
            var reference = Set<UInt64>()
            for _ in 0..<(500 * (round + 1)) {
                // Even values only: the set does not tell a value from its odd neighbour.
                let v = rng.next() & ~1
                set.insert(v)
                reference.insert(v)
                XCTAssertTrue(set.contains(v))
            }
            XCTAssertEqual(set.count, reference.count)
            for v in reference { XCTAssertTrue(set.contains(v)) }
            for _ in 0..<1000 {
                let v = rng.next() & ~1
                XCTAssertEqual(set.contains(v), reference.contains(v))
            }
            set.insert(reference.first!)
            XCTAssertEqual(set.count, reference.count, "a value inserted twice is one member")
            set.removeAll()
            XCTAssertTrue(set.isEmpty)
            XCTAssertFalse(set.contains(reference.first!))
        }
    }
}
