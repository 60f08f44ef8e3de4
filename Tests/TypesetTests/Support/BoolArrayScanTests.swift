import XCTest
@testable import Typeset

/// `Array<Bool>.containsTrue` (read eight flags at a time) against
/// `contains(true)` at every length and position around the 8-byte steps.
final class BoolArrayScanTests: XCTestCase {
    func testAgreesWithContainsAtEveryLengthAndPosition() {
        for n in 0...40 {
            let none = [Bool](repeating: false, count: n)
            XCTAssertFalse(none.containsTrue, "length \(n), no flag set")
            for i in 0..<n {
                var flags = none
                flags[i] = true
                XCTAssertTrue(flags.containsTrue, "length \(n), flag at \(i)")
            }
        }
    }
}
