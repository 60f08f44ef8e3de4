import Foundation
import Typeset
import TypesetEntities
import XCTest

/// A lock-protected value shared with `@Sendable` closures.
private final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

/// The synchronous detection; in async code the async overload of
/// `entities(in:)` wins inside autoclosures.
private func synchronousEntities(_ detector: EntityDetector, _ text: String) -> [Entity] {
    detector.entities(in: text)
}

final class EntityConcurrencyTests: XCTestCase {
    /// A varied feed: every kind of entity, several scripts, and texts with none.
    private static func feed(count: Int) -> [String] {
        let samples = [
            "Loving #SwiftLang with @jack — https://swift.org/blog $AAPL",
            "Привет @ivan, смотри #новости на example.ru/news",
            "今日は #東京 に行った 😀 @tabi_jp t.co/abc",
            "مرحبا #سويفت @dev_ar http://example.com/ar",
            "no entities here at all",
            "שלום #עברית @noa/team",
            "$TSLA $BRK.A up; see https://en.wikipedia.org/wiki/Swift_(programming_language).",
        ]
        return (0..<count).map { "\(samples[$0 % samples.count]) #n\($0)" }
    }

    @MainActor
    func testAsyncDetectionMatchesSynchronous() async {
        let detector = EntityDetector()
        for text in Self.feed(count: 7) {
            let asynchronous = await detector.entitiesInBackground(in: text)
            XCTAssertEqual(asynchronous, synchronousEntities(detector, text))
            XCTAssertFalse(asynchronous.isEmpty)
        }
    }

    func testBatchKeepsInputOrderAndReportsProgress() async throws {
        let detector = EntityDetector()
        let texts = Self.feed(count: 5_000)
        let reports = Locked<[Int]>([])
        let results = try await detector.entities(inEach: texts) { done in
            reports.withLock { $0.append(done) }
        }
        XCTAssertEqual(results.count, texts.count)
        for (index, text) in texts.enumerated() {
            XCTAssertEqual(results[index], synchronousEntities(detector, text), text)
        }
        // Each text's own hashtag proves the order.
        XCTAssertEqual(results[4_321].last?.text, "n4321")
        let progress = reports.withLock { $0 }
        XCTAssertEqual(progress.last, texts.count)
        XCTAssertEqual(progress, progress.sorted())
        XCTAssertEqual(Set(progress).count, progress.count)
    }

    func testEmptyBatch() async throws {
        let results = try await EntityDetector().entities(inEach: [])
        XCTAssertEqual(results, [])
    }

    func testBatchThrowsWhenAlreadyCancelled() async {
        let texts = Self.feed(count: 1_000)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await EntityDetector().entities(inEach: texts)
        }
        do {
            _ = try await task.value
            XCTFail("expected CancellationError")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
    }

    func testBatchStopsWhenCancelledMidway() async {
        let texts = Self.feed(count: 200_000)
        let handle = Locked<Task<[[Entity]], Error>?>(nil)
        let reports = Locked<[Int]>([])
        let (gate, opener) = AsyncStream<Void>.makeStream()
        let task = Task {
            // Wait until the handle is stored, so progress can cancel this very task.
            for await _ in gate { break }
            return try await EntityDetector().entities(inEach: texts) { done in
                reports.withLock { $0.append(done) }
                handle.withLock { $0?.cancel() }
            }
        }
        handle.withLock { $0 = task }
        opener.yield()
        do {
            _ = try await task.value
            XCTFail("expected CancellationError")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        let progress = reports.withLock { $0 }
        XCTAssertFalse(progress.isEmpty)
        XCTAssertLessThan(progress.last ?? 0, texts.count, "cancellation should stop the batch early")
    }

    func testOneDetectorSharedByManyTasks() async throws {
        let detector = EntityDetector(kinds: [.hashtag, .mention, .url])
        let texts = Self.feed(count: 700)
        let expected = texts.map { detector.entities(in: $0) }
        try await withThrowingTaskGroup(of: [[Entity]].self) { group in
            for _ in 0..<8 {
                group.addTask { try await detector.entities(inEach: texts) }
                group.addTask { texts.map { detector.entities(in: $0) } }
            }
            for try await results in group {
                XCTAssertEqual(results, expected)
            }
        }
    }
}
