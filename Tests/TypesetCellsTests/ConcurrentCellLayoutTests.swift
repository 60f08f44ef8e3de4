import Foundation
import XCTest
import Typeset
import TypesetEntities
import TypesetCells
import TypesetTestSupport

/// Concurrent pre-layout: order, visible-first priority, progress, cancellation,
/// errors, and many tasks sharing one cache.
final class ConcurrentCellLayoutTests: XCTestCase {
    let template = CellTests.feedPost

    func models(_ n: Int, offset: Int = 0) -> [CellData] {
        (0..<n).map { i in
            let k = i + offset
            return FeedPostTemplate.model(id: .int(k), name: "User \(k)", handle: "@user\(k)", time: "\(k % 24)h",
                                          body: String(repeating: "post \(k) says #hello to @friend\(k % 7) ", count: 1 + k % 9),
                                          linkTitle: k % 3 == 0 ? "Link \(k)" : "")
        }
    }

    func testResultsAreInInputOrderAndEqualSerialLayouts() async throws {
        let input = models(120)
        let layouts = try await ConcurrentCellLayout.layouts(template, models: input, width: 375, scale: 2, engine: CellTests.engine,
                                                    visible: 50..<60)
        XCTAssertEqual(layouts.count, input.count)
        for (model, layout) in zip(input, layouts) {
            XCTAssertEqual(layout, try CellTests.engine.layout(template, for: model, width: 375, scale: 2))
        }
    }

    func testPriorityOrderStartsWithTheVisibleRows() {
        XCTAssertEqual(ConcurrentCellLayout.priorityOrder(count: 10, visible: 4..<6), [4, 5, 6, 3, 7, 2, 8, 1, 9, 0])
        XCTAssertEqual(ConcurrentCellLayout.priorityOrder(count: 5, visible: nil), [0, 1, 2, 3, 4])
        XCTAssertEqual(ConcurrentCellLayout.priorityOrder(count: 4, visible: 2..<99), [2, 3, 1, 0])
        XCTAssertEqual(ConcurrentCellLayout.priorityOrder(count: 0, visible: 0..<1), [])
        XCTAssertEqual(Set(ConcurrentCellLayout.priorityOrder(count: 100, visible: 30..<40)), Set(0..<100))
    }

    func testVisibleRowsAreCachedFirst() async throws {
        let input = models(400)
        let cache = LayoutCache(engine: CellTests.engine)
        let firstReport = CellTestBox<(completed: Int, cached: [Int])?>(nil)
        let template = self.template
        let versions = input.map(\.version)
        // With one worker, when the first chunk is reported the visible rows are
        // cached and the far ends are not.
        _ = try await ConcurrentCellLayout.layouts(template, models: input, width: 375, scale: 1, cache: cache, visible: 200..<208,
                                          workers: 1) { p in
            let cached = [200, 207, 0, 399].filter {
                cache.cachedLayout(template, id: .int($0), version: versions[$0], width: 375, scale: 1) != nil
            }
            firstReport.mutate { if $0 == nil { $0 = (p.completed, cached) } }
        }
        let report = try XCTUnwrap(firstReport.value)
        XCTAssertLessThan(report.completed, 400)
        XCTAssertEqual(report.cached, [200, 207])
    }

    func testProgressIsSerialIncreasingAndComplete() async throws {
        let input = models(300)
        let reports = CellTestBox<[Int]>([])
        _ = try await ConcurrentCellLayout.layouts(template, models: input, width: 375, scale: 3, engine: CellTests.engine) { p in
            XCTAssertEqual(p.total, 300)
            reports.mutate { $0.append(p.completed) }
        }
        let r = reports.value
        XCTAssertFalse(r.isEmpty)
        XCTAssertEqual(r, r.sorted())
        XCTAssertEqual(Set(r).count, r.count)
        XCTAssertEqual(r.last, 300)
    }

    func testCancelledBeforeStartThrowsCancellationError() async {
        let input = models(50)
        let template = self.template
        let task = Task {
            try await ConcurrentCellLayout.layouts(template, models: input, width: 375, scale: 1, engine: CellTests.engine)
        }
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("expected CancellationError")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
    }

    func testCancellationMidwayStopsTheBatch() async {
        let input = models(3000)
        let template = self.template
        let box = CancelBox()
        let last = CellTestBox(0)
        let task = Task {
            try await ConcurrentCellLayout.layouts(template, models: input, width: 375, scale: 1, engine: CellTests.engine) { p in
                last.mutate { $0 = p.completed }
                if p.completed >= 64 { box.cancel() }
            }
        }
        box.set(task)
        do {
            _ = try await task.value
            XCTFail("expected CancellationError")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        XCTAssertLessThan(last.value, 3000, "the run stopped early")
    }

    func testTheFirstErrorStopsTheBatch() async throws {
        let broken = try CellTemplate(name: "broken", root: .text("t", key: "t", style: CellTextStyle(font: ["No Such Family"])))
        let input = (0..<20).map { CellData(id: .int($0), texts: ["t": "text \($0)"]) }
        do {
            _ = try await ConcurrentCellLayout.layouts(broken, models: input, width: 300, scale: 1, engine: CellTests.engine)
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? TypesetError, .unknownFontFamily("No Such Family"))
        }
    }

    func testManyTasksShareOneCache() async throws {
        // Small bounds force evictions while other tasks read and write.
        let cache = LayoutCache(engine: CellTests.engine,
                                limits: .init(layoutCount: 150, layoutBytes: 1 << 20, preparedCount: 100))
        let input = models(240)
        let template = self.template
        let expected = try input.map { try CellTests.engine.layout(template, for: $0, width: 375, scale: 2) }
        try await withThrowingTaskGroup(of: [CellLayout].self) { group in
            for t in 0..<6 {
                let slice = Array(input[(t * 30)..<(t * 30 + 60)])
                group.addTask {
                    try await ConcurrentCellLayout.layouts(template, models: slice, width: 375, scale: 2, cache: cache, workers: 3)
                }
                group.addTask {
                    // Interleave single lookups, invalidations and width changes.
                    var out: [CellLayout] = []
                    for m in slice {
                        out.append(try cache.layout(template, for: m, width: 375, scale: 2))
                        if case .int(let k) = m.id, k % 17 == 0 { cache.invalidate(id: m.id) }
                        if case .int(let k) = m.id, k % 41 == 0 { _ = try cache.layout(template, for: m, width: 500, scale: 2) }
                    }
                    return out
                }
            }
            for try await layouts in group {
                for layout in layouts {
                    let match = expected.contains { $0 == layout }
                    XCTAssertTrue(match, "a concurrent layout differs from the serial one")
                }
            }
        }
        let stats = cache.statistics
        XCTAssertLessThanOrEqual(stats.layoutCount, 150)
        XCTAssertLessThanOrEqual(stats.preparedCount, 100)
        XCTAssertGreaterThan(stats.layoutHits + stats.layoutMisses, 0)
        let all = try await ConcurrentCellLayout.layouts(template, models: input, width: 375, scale: 2, cache: cache)
        XCTAssertEqual(all, expected)
    }
}

/// A value behind a lock, for test bookkeeping across tasks.
final class CellTestBox<T>: @unchecked Sendable {
    private var storage: T
    private let lock = NSLock()
    init(_ value: T) { storage = value }
    var value: T { lock.lock(); defer { lock.unlock() }; return storage }
    func mutate(_ change: (inout T) -> Void) { lock.lock(); change(&storage); lock.unlock() }
}

/// Cancels a task that may not be known yet when cancellation is asked for.
final class CancelBox: @unchecked Sendable {
    private let lock = NSLock()
    private var canceller: (@Sendable () -> Void)?
    private var requested = false

    func set<T: Sendable>(_ task: Task<T, any Error>) {
        lock.lock()
        canceller = { task.cancel() }
        let now = requested
        lock.unlock()
        if now { task.cancel() }
    }

    func cancel() {
        lock.lock()
        requested = true
        let c = canceller
        lock.unlock()
        c?()
    }
}
