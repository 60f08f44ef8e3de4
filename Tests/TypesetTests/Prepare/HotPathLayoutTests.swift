import XCTest
@testable import Typeset

/// The memory layouts the hot paths rely on (the Architecture article, "Hot
/// paths"): a change that breaks one slows re-layout or the list measure
/// without failing anything else, so each is checked here.
final class HotPathLayoutTests: XCTestCase {
    /// Re-layout of a text not in the CPU cache starts one miss in: the
    /// header a layout reads, after the object's own 16 bytes, stays within
    /// the first two cache lines, and the segments follow it.
    func testPreparedHeaderFitsTwoCacheLines() {
        XCTAssertLessThanOrEqual(16 + MemoryLayout<PreparedCore.Header>.size, 128,
                                 "PreparedCore.Header is \(MemoryLayout<PreparedCore.Header>.size) bytes")
        XCTAssertEqual(MemoryLayout<Segment>.stride, 16, "a segment is 16 bytes")
    }

    /// The list measure reads each text's object through the array's raw
    /// references: a prepared text must stay one reference wide.
    func testPreparedTextIsOneReference() {
        XCTAssertEqual(MemoryLayout<PreparedText>.size, MemoryLayout<UnsafeRawPointer>.size)
    }
}
