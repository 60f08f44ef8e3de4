import XCTest
import Typeset
import TypesetEntities
import TypesetCells

/// Index-addressed heights that follow their rows through updates.
final class CellRowIndexMapTests: XCTestCase {
    func testInsertDeleteMove() throws {
        var h = IndexedHeights([88, 120, 64])
        try h.insert(at: 1)
        XCTAssertEqual(h.values, [88, nil, 120, 64])
        try h.insert(at: 4, count: 2)
        XCTAssertEqual(h.values, [88, nil, 120, 64, nil, nil])
        try h.delete(at: [5, 0, 4])
        XCTAssertEqual(h.values, [nil, 120, 64])
        try h.move(from: 2, to: 0)
        XCTAssertEqual(h.values, [64, nil, 120])
        h[1] = 40
        XCTAssertEqual(h[1], 40)
        XCTAssertNil(h[7])
        XCTAssertEqual(h.totalHeight(estimate: 50), 224)
        XCTAssertEqual(h.offset(ofRow: 2, estimate: 50), 104)
    }

    func testBatchUpdateFollowsUIKitRules() throws {
        // Old rows A B C D E; delete B, D; insert at new 0; move E (old 4) to new 1.
        var m = RowIndexMap<String>(["A", "B", "C", "D", "E"])
        try m.apply(deletions: [1, 3], insertions: [0], moves: [(from: 4, to: 1)])
        XCTAssertEqual(m.values, [nil, "E", "A", "C"])
        var n = RowIndexMap<String>(["A", "B", "C"])
        try n.apply(moves: [(from: 0, to: 2), (from: 2, to: 0)])
        XCTAssertEqual(n.values, ["C", "B", "A"])
    }

    func testInvalidUpdatesThrow() {
        var m = IndexedHeights([1, 2, 3])
        XCTAssertThrowsError(try m.insert(at: 5)) { XCTAssertEqual($0 as? RowIndexMapError, .rowOutOfRange(row: 5, count: 3)) }
        XCTAssertThrowsError(try m.delete(at: [1, 1])) { XCTAssertEqual($0 as? RowIndexMapError, .duplicateRow(1)) }
        XCTAssertThrowsError(try m.move(from: 0, to: 3))
        XCTAssertThrowsError(try m.apply(insertions: [9]))
        XCTAssertThrowsError(try m.apply(deletions: [0], insertions: [0, 0]))
        XCTAssertEqual(m.values, [1, 2, 3], "a failed update changes nothing")
    }
}
