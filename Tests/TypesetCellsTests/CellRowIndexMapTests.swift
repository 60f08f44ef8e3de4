import XCTest
import Typeset
import TypesetEntities
import TypesetCells
import TypesetTestSupport

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

/// `IndexedHeights` answers offsets from Fenwick trees: every answer must
/// equal the naive sum over the rows, through random edits of every kind.
final class IndexedHeightsTests: XCTestCase {
    func testOffsetsMatchTheNaiveSumThroughRandomEdits() throws {
        var rng = SplitMix64(seed: 0x5EED)
        var heights = IndexedHeights(count: 50)
        var naive = [Double?](repeating: nil, count: 50)
        func check(_ step: Int) {
            XCTAssertEqual(heights.values, naive, "step \(step)")
            for estimate in [0.0, 44.5] {
                var top = 0.0
                for row in 0...naive.count {
                    XCTAssertEqual(heights.offset(ofRow: row, estimate: estimate), top, accuracy: 1e-6, "step \(step) row \(row)")
                    if row < naive.count {
                        let h = naive[row] ?? estimate
                        if h > 0 {
                            // An offset inside the row finds it.
                            XCTAssertEqual(heights.row(atOffset: top + h / 2, estimate: estimate), row, "step \(step) row \(row)")
                        }
                        top += h
                    }
                }
                XCTAssertEqual(heights.totalHeight(estimate: estimate), top, accuracy: 1e-6)
                if !naive.isEmpty {
                    XCTAssertEqual(heights.row(atOffset: -5, estimate: estimate), 0)
                    XCTAssertEqual(heights.row(atOffset: top + 100, estimate: estimate), naive.count - 1)
                }
            }
        }
        for step in 0..<400 {
            let n = naive.count
            switch rng.next() % 6 {
            case 0, 1:  // measure a row (or forget it)
                guard n > 0 else { continue }
                let r = Int(rng.next() % UInt64(n))
                let h: Double? = rng.next() % 5 == 0 ? nil : Double(rng.next() % 400) / 3
                heights[r] = h
                naive[r] = h
            case 2:
                let r = Int(rng.next() % UInt64(n + 1)), k = Int(rng.next() % 3) + 1
                try heights.insert(at: r, count: k)
                naive.insert(contentsOf: [Double?](repeating: nil, count: k), at: r)
            case 3:
                guard n > 0 else { continue }
                let rows = Array(Set((0..<Int(rng.next() % 3) + 1).map { _ in Int(rng.next() % UInt64(n)) }))
                try heights.delete(at: rows)
                for r in rows.sorted(by: >) { naive.remove(at: r) }
            case 4:
                guard n > 1 else { continue }
                let from = Int(rng.next() % UInt64(n)), to = Int(rng.next() % UInt64(n))
                try heights.move(from: from, to: to)
                naive.insert(naive.remove(at: from), at: to)
            default:
                guard n > 0 else { continue }
                // Delete the first row and insert one at the end (UIKit batch).
                try heights.apply(deletions: [0], insertions: [n - 1])
                naive.removeFirst()
                naive.append(nil)
            }
            if step % 10 == 0 || step == 399 { check(step) }
        }
        XCTAssertNil(IndexedHeights(count: 0).row(atOffset: 10, estimate: 1))
    }
}
