import Foundation

/// Row heights by index that follow their rows through inserts, deletes and
/// moves (a ``RowIndexMap`` of `Double`), and answer the questions a list
/// asks on every scroll in O(log n): the top of a row, the total height and
/// the row at an offset, with an estimate standing in for rows not measured
/// yet.
///
/// Setting a height is O(log n); inserts, deletes, moves and batch updates
/// are O(n), as for the row array itself. Heights are taken as they are given
/// (negative or NaN heights make offsets meaningless, as they would in a list).
///
/// ```swift
/// var heights = IndexedHeights(count: 10_000)
/// heights[0] = 88
/// let top = heights.offset(ofRow: 5_000, estimate: 120)       // O(log n)
/// let row = heights.row(atOffset: 400_000, estimate: 120)      // O(log n)
/// ```
public struct IndexedHeights: Sendable {
    /// The heights by row, nil where unknown.
    private var rows: RowIndexMap<Double>
    /// Fenwick trees over the rows: sums of the known heights, and counts of
    /// the unknown rows (so that any estimate can stand in for them).
    private var knownSums: [Double]
    private var unknownCounts: [Int]

    /// `count` rows without heights.
    public init(count: Int) { self.init(RowIndexMap(count: count)) }

    /// Rows with these heights (nil: not known yet).
    public init(_ values: [Double?]) { self.init(RowIndexMap(values)) }

    private init(_ rows: RowIndexMap<Double>) {
        self.rows = rows
        knownSums = []
        unknownCounts = []
        rebuild()
    }

    /// The heights, one per row (nil: not known yet).
    public var values: [Double?] { rows.values }

    /// The number of rows.
    public var count: Int { rows.count }

    /// The height of a row, nil when unknown or out of range; setting out of range is ignored.
    public subscript(row: Int) -> Double? {
        get { rows[row] }
        set {
            guard (0..<rows.count).contains(row) else { return }
            let old = rows[row]
            rows[row] = newValue
            add(row, height: (newValue ?? 0) - (old ?? 0), unknown: (newValue == nil ? 1 : 0) - (old == nil ? 1 : 0))
        }
    }

    /// Inserts `count` rows without heights at `row` (0...count).
    /// - Throws: ``RowIndexMapError`` for a row out of range.
    public mutating func insert(at row: Int, count: Int = 1) throws {
        try rows.insert(at: row, count: count)
        rebuild()
    }

    /// Deletes rows given by their indices before the deletion (any order, no duplicates).
    /// - Throws: ``RowIndexMapError`` for a row out of range or given twice.
    public mutating func delete(at indices: [Int]) throws {
        try rows.delete(at: indices)
        rebuild()
    }

    /// Moves a row: it ends up at index `to` (after removal from `from`), keeping its height.
    /// - Throws: ``RowIndexMapError`` for a row out of range.
    public mutating func move(from: Int, to: Int) throws {
        try rows.move(from: from, to: to)
        rebuild()
    }

    /// Applies a batch update with UIKit's rules (see ``RowIndexMap/apply(deletions:insertions:moves:)``).
    /// - Throws: ``RowIndexMapError`` when the indices do not describe an update of this many rows.
    public mutating func apply(deletions: [Int] = [], insertions: [Int] = [], moves: [(from: Int, to: Int)] = []) throws {
        try rows.apply(deletions: deletions, insertions: insertions, moves: moves)
        rebuild()
    }

    /// The sum of the heights, `estimate` standing in for unknown ones.
    public func totalHeight(estimate: Double) -> Double { offset(ofRow: rows.count, estimate: estimate) }

    /// The top of a row (the sum of the heights above it), `estimate` for
    /// unknown ones; rows past the end give the total height. O(log n).
    public func offset(ofRow row: Int, estimate: Double) -> Double {
        var i = max(0, min(row, rows.count))
        var known = 0.0, unknown = 0
        while i > 0 {
            known += knownSums[i - 1]
            unknown += unknownCounts[i - 1]
            i &= i - 1
        }
        return known + Double(unknown) * estimate
    }

    /// The row that covers `offset` (its top at or above it, its bottom
    /// below), `estimate` for unknown heights: 0 for offsets above the first
    /// row, `count - 1` for offsets past the end, nil when there are no rows.
    /// O(log n); heights must not be negative.
    public func row(atOffset offset: Double, estimate: Double) -> Int? {
        guard rows.count > 0 else { return nil }
        // Descend the trees: the last position whose prefix height is <= offset.
        var position = 0, known = 0.0, unknown = 0
        var step = 1
        while step * 2 <= rows.count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next <= rows.count {
                let k = known + knownSums[next - 1], u = unknown + unknownCounts[next - 1]
                if k + Double(u) * estimate <= offset {
                    position = next
                    known = k
                    unknown = u
                }
            }
            step /= 2
        }
        return min(position, rows.count - 1)
    }

    private mutating func add(_ row: Int, height: Double, unknown: Int) {
        var i = row + 1
        while i <= knownSums.count {
            knownSums[i - 1] += height
            unknownCounts[i - 1] += unknown
            i += i & -i
        }
    }

    /// Builds both trees from the rows in O(n).
    private mutating func rebuild() {
        let n = rows.count
        knownSums = rows.values.map { $0 ?? 0 }
        unknownCounts = rows.values.map { $0 == nil ? 1 : 0 }
        guard n > 0 else { return }
        for i in 1...n {
            let parent = i + (i & -i)
            if parent <= n {
                knownSums[parent - 1] += knownSums[i - 1]
                unknownCounts[parent - 1] += unknownCounts[i - 1]
            }
        }
    }
}
