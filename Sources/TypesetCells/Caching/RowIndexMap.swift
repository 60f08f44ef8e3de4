import Foundation
import Typeset

/// Values stored by row index (heights, most often) that follow their rows
/// through inserts, deletes and moves, for callers that address rows by index
/// (UITableView-style data sources). Inserted rows start without a value.
///
/// ```swift
/// var heights = IndexedHeights(count: 3)
/// heights[0] = 88; heights[1] = 120; heights[2] = 64
/// try heights.insert(at: 1)            // [88, nil, 120, 64]
/// try heights.delete(at: [0])          // [nil, 120, 64]
/// try heights.move(from: 2, to: 0)     // [64, nil, 120]
/// ```
///
/// Prefer keying by model ID (``LayoutCache``): IDs do not shift. For row
/// heights use ``IndexedHeights``, which also answers row offsets in O(log n).
public struct RowIndexMap<Value: Sendable>: Sendable {
    /// The values, one per row (nil: not known yet).
    public private(set) var values: [Value?]

    /// `count` rows without values.
    public init(count: Int) { values = Array(repeating: nil, count: max(0, count)) }

    /// Rows with these values.
    public init(_ values: [Value?]) { self.values = values }

    /// The number of rows.
    public var count: Int { values.count }

    /// The value of a row, nil when unknown or out of range; setting out of range is ignored.
    public subscript(row: Int) -> Value? {
        get { values.indices.contains(row) ? values[row] : nil }
        set { if values.indices.contains(row) { values[row] = newValue } }
    }

    /// Inserts `count` rows without values at `row` (0...count).
    /// - Throws: ``RowIndexMapError`` for a row out of range.
    public mutating func insert(at row: Int, count: Int = 1) throws {
        guard (0...values.count).contains(row) else { throw RowIndexMapError.rowOutOfRange(row: row, count: values.count) }
        values.insert(contentsOf: Array(repeating: nil, count: max(0, count)), at: row)
    }

    /// Deletes rows given by their indices before the deletion (any order, no duplicates).
    /// - Throws: ``RowIndexMapError`` for a row out of range or given twice.
    public mutating func delete(at rows: [Int]) throws {
        let sorted = rows.sorted()
        for (i, r) in sorted.enumerated() {
            guard values.indices.contains(r) else { throw RowIndexMapError.rowOutOfRange(row: r, count: values.count) }
            if i > 0 && sorted[i - 1] == r { throw RowIndexMapError.duplicateRow(r) }
        }
        for r in sorted.reversed() { values.remove(at: r) }
    }

    /// Moves a row: it ends up at index `to` (after removal from `from`), keeping its value.
    /// - Throws: ``RowIndexMapError`` for a row out of range.
    public mutating func move(from: Int, to: Int) throws {
        guard values.indices.contains(from) else { throw RowIndexMapError.rowOutOfRange(row: from, count: values.count) }
        guard values.indices.contains(to) else { throw RowIndexMapError.rowOutOfRange(row: to, count: values.count) }
        let v = values.remove(at: from)
        values.insert(v, at: to)
    }

    /// Applies a batch update with UIKit's rules: `deletions` and move sources
    /// are indices before the update, `insertions` and move destinations
    /// indices after it. Moved rows keep their values; inserted rows have none.
    /// - Throws: ``RowIndexMapError`` when the indices do not describe an update
    ///   of this many rows.
    public mutating func apply(deletions: [Int] = [], insertions: [Int] = [], moves: [(from: Int, to: Int)] = []) throws {
        let oldCount = values.count
        var removed = Set<Int>()
        for r in deletions + moves.map(\.from) {
            guard (0..<oldCount).contains(r) else { throw RowIndexMapError.rowOutOfRange(row: r, count: oldCount) }
            guard removed.insert(r).inserted else { throw RowIndexMapError.duplicateRow(r) }
        }
        let newCount = oldCount - deletions.count + insertions.count
        var result = [Value??](repeating: .none, count: newCount)
        var placed = Set<Int>()
        for r in insertions {
            guard (0..<newCount).contains(r) else { throw RowIndexMapError.rowOutOfRange(row: r, count: newCount) }
            guard placed.insert(r).inserted else { throw RowIndexMapError.duplicateRow(r) }
            result[r] = .some(nil)
        }
        for m in moves {
            guard (0..<newCount).contains(m.to) else { throw RowIndexMapError.rowOutOfRange(row: m.to, count: newCount) }
            guard placed.insert(m.to).inserted else { throw RowIndexMapError.duplicateRow(m.to) }
            result[m.to] = .some(values[m.from])
        }
        var next = 0
        for (i, v) in values.enumerated() where !removed.contains(i) {
            while next < newCount, placed.contains(next) { next += 1 }
            guard next < newCount else { throw RowIndexMapError.inconsistentUpdate }
            result[next] = .some(v)
            next += 1
        }
        var out: [Value?] = []
        out.reserveCapacity(newCount)
        for slot in result {
            guard let value = slot else { throw RowIndexMapError.inconsistentUpdate }
            out.append(value)
        }
        values = out
    }
}

/// A row update that does not fit the rows.
public enum RowIndexMapError: LocalizedError, Equatable, Sendable, CustomStringConvertible {
    /// An index outside the rows.
    case rowOutOfRange(row: Int, count: Int)
    /// An index given twice.
    case duplicateRow(Int)
    /// Insertions, deletions and moves that do not add up to the new row count.
    case inconsistentUpdate

    /// A one-line explanation naming what is at fault.
    public var description: String {
        switch self {
        case .rowOutOfRange(let r, let n): return "row \(r) is out of range for \(n) rows"
        case .duplicateRow(let r): return "row \(r) appears twice in the update"
        case .inconsistentUpdate: return "the insertions, deletions and moves do not add up to the new row count"
        }
    }
}

extension RowIndexMapError {
    /// The same one-line explanation as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
