import XCTest
import Typeset
import TypesetEntities
import TypesetCells
import TypesetTestSupport

/// The layout cache: hits and misses, invalidation, versions, bounds by count
/// and bytes with LRU order, and re-layout after a width change without reshaping.
final class CellLayoutCacheTests: XCTestCase {
    let template = CellTests.feedPost

    func post(_ id: Int, version: Int? = nil, body: String = "Hello #world from @typeset") -> CellData {
        FeedPostTemplate.model(id: .int(id), version: version, name: "User \(id)", handle: "@u\(id)", time: "1h", body: body)
    }

    func testHitsMissesAndEqualResults() throws {
        let cache = LayoutCache(engine: CellTests.engine)
        let first = try cache.layout(template, for: post(1), width: 375, scale: 2)
        let second = try cache.layout(template, for: post(1), width: 375, scale: 2)
        XCTAssertEqual(first, second)
        XCTAssertEqual(first, try CellTests.engine.layout(template, for: post(1), width: 375, scale: 2))
        var stats = cache.statistics
        XCTAssertEqual(stats.layoutHits, 1)
        XCTAssertEqual(stats.layoutMisses, 1)
        XCTAssertEqual(stats.preparedMisses, 1)
        XCTAssertEqual(stats.layoutCount, 1)
        XCTAssertGreaterThan(stats.layoutBytes, first.byteCount)
        // Another scale or width is another entry; the prepared cell is
        // shared between widths, not scales (texts are shaped per scale).
        _ = try cache.layout(template, for: post(1), width: 375, scale: 3)
        _ = try cache.layout(template, for: post(1), width: 414, scale: 2)
        stats = cache.statistics
        XCTAssertEqual(stats.layoutCount, 3)
        XCTAssertEqual(stats.layoutMisses, 3)
        XCTAssertEqual(stats.preparedMisses, 2)
        XCTAssertEqual(stats.preparedHits, 1)
        XCTAssertEqual(try cache.height(template, for: post(1), width: 414, scale: 2), first.height)
    }

    func testCachedLayoutPeeksWithoutCounting() throws {
        let cache = LayoutCache(engine: CellTests.engine)
        let model = post(2)
        XCTAssertNil(cache.cachedLayout(template, id: 2, version: model.version, width: 375, scale: 2))
        let layout = try cache.layout(template, for: model, width: 375, scale: 2)
        XCTAssertEqual(cache.cachedLayout(template, id: 2, version: model.version, width: 375, scale: 2), layout)
        XCTAssertNil(cache.cachedLayout(template, id: 2, version: model.version &+ 1, width: 375, scale: 2))
        XCTAssertEqual(cache.statistics.layoutHits, 0)
        XCTAssertEqual(cache.statistics.layoutMisses, 1)
    }

    func testInvalidateOneModel() throws {
        let cache = LayoutCache(engine: CellTests.engine)
        for id in 1...3 {
            _ = try cache.layout(template, for: post(id), width: 375, scale: 2)
            _ = try cache.layout(template, for: post(id), width: 600, scale: 2)
        }
        cache.invalidate(id: 2)
        let stats = cache.statistics
        XCTAssertEqual(stats.layoutCount, 4)
        XCTAssertEqual(stats.preparedCount, 2)
        XCTAssertNil(cache.cachedLayout(template, id: 2, version: post(2).version, width: 375, scale: 2))
        XCTAssertNotNil(cache.cachedLayout(template, id: 1, version: post(1).version, width: 375, scale: 2))
        _ = try cache.layout(template, for: post(2), width: 375, scale: 2)
        XCTAssertEqual(cache.statistics.preparedMisses, 4, "the invalidated model is prepared again")
        XCTAssertEqual(stats.layoutEvictions, 0, "invalidation is not eviction")
    }

    func testANewVersionReplacesTheOldOne() throws {
        let cache = LayoutCache(engine: CellTests.engine)
        let old = try cache.layout(template, for: post(7, version: 1, body: "short"), width: 375, scale: 2)
        let new = try cache.layout(template, for: post(7, version: 2, body: CellTests.longBody), width: 375, scale: 2)
        XCTAssertNotEqual(old.height, new.height)
        let stats = cache.statistics
        XCTAssertEqual(stats.layoutMisses, 2)
        XCTAssertEqual(stats.layoutCount, 1, "the old version's layout is dropped")
        XCTAssertEqual(stats.preparedCount, 1, "and its prepared cell")
        XCTAssertNil(cache.cachedLayout(template, id: 7, version: 1, width: 375, scale: 2))
    }

    func testContentHashVersionsChangeWithContent() {
        XCTAssertEqual(post(1).version, post(1).version)
        XCTAssertNotEqual(post(1).version, post(1, body: "edited").version)
        XCTAssertEqual(CellData(id: 1, texts: ["a": "x", "b": "y"]).version, CellData(id: 1, texts: ["b": "y", "a": "x"]).version)
    }

    func testWidthChangeRelayoutsWithoutReshaping() throws {
        let typesetter = Typesetter(fonts: Fixtures.fonts)
        let cache = LayoutCache(engine: CellLayoutEngine(typesetter: typesetter))
        let models = (1...20).map { post($0, body: String(repeating: "word \($0) ", count: $0 * 3)) }
        var portrait: [Double] = []
        for m in models { portrait.append(try cache.layout(template, for: m, width: 375, scale: 3).height) }
        let shaped = typesetter.preparedTexts.count
        XCTAssertGreaterThan(shaped, 0)
        cache.invalidateLayouts()
        XCTAssertEqual(cache.statistics.layoutCount, 0)
        XCTAssertEqual(cache.statistics.preparedCount, 20)
        var landscape: [Double] = []
        for m in models { landscape.append(try cache.layout(template, for: m, width: 812, scale: 3).height) }
        XCTAssertEqual(typesetter.preparedTexts.count, shaped, "re-layout at a new width never reshapes")
        XCTAssertNotEqual(portrait, landscape)
        XCTAssertEqual(cache.statistics.preparedHits, 20)
        // Results equal a cold layout at the new width.
        for (m, h) in zip(models, landscape) {
            XCTAssertEqual(try CellTests.engine.layout(template, for: m, width: 812, scale: 3).height, h)
        }
        // Keeping one width drops only the others.
        _ = try cache.layout(template, for: models[0], width: 375, scale: 3)
        cache.invalidateLayouts(keepingWidth: 812)
        XCTAssertEqual(cache.statistics.layoutCount, 20)
    }

    func testCountBoundEvictsLeastRecentlyUsed() throws {
        let cache = LayoutCache(engine: CellTests.engine, limits: .init(layoutCount: 3, preparedCount: 100))
        for id in 1...3 { _ = try cache.layout(template, for: post(id), width: 375, scale: 1) }
        XCTAssertEqual(cache.layoutEntriesByRecency.map(\.id), [3, 2, 1])
        _ = try cache.layout(template, for: post(1), width: 375, scale: 1)  // touch 1
        XCTAssertEqual(cache.layoutEntriesByRecency.map(\.id), [1, 3, 2])
        _ = try cache.layout(template, for: post(4), width: 375, scale: 1)  // evicts 2
        XCTAssertEqual(cache.layoutEntriesByRecency.map(\.id), [4, 1, 3])
        XCTAssertNil(cache.cachedLayout(template, id: 2, version: post(2).version, width: 375, scale: 1))
        _ = try cache.layout(template, for: post(5), width: 375, scale: 1)  // evicts 3
        XCTAssertEqual(cache.layoutEntriesByRecency.map(\.id), [5, 4, 1])
        let stats = cache.statistics
        XCTAssertEqual(stats.layoutCount, 3)
        XCTAssertEqual(stats.layoutEvictions, 2)
        XCTAssertEqual(stats.preparedCount, 5)
    }

    func testByteBoundEvictsLeastRecentlyUsed() throws {
        let one = try CellTests.engine.layout(template, for: post(1), width: 375, scale: 1)
        let cost = one.byteCount + 64
        let cache = LayoutCache(engine: CellTests.engine, limits: .init(layoutBytes: cost * 5 / 2))
        for id in 1...4 { _ = try cache.layout(template, for: post(id), width: 375, scale: 1) }
        let stats = cache.statistics
        XCTAssertEqual(stats.layoutCount, 2, "two layouts fit in 2.5 layouts' bytes")
        XCTAssertLessThanOrEqual(stats.layoutBytes, cost * 5 / 2)
        XCTAssertEqual(stats.layoutEvictions, 2)
        XCTAssertEqual(cache.layoutEntriesByRecency.map(\.id), [4, 3])
    }

    func testPreparedStoreIsBoundedToo() throws {
        let cache = LayoutCache(engine: CellTests.engine, limits: .init(preparedCount: 2))
        for id in 1...5 { _ = try cache.layout(template, for: post(id), width: 375, scale: 1) }
        var stats = cache.statistics
        XCTAssertEqual(stats.preparedCount, 2)
        XCTAssertEqual(stats.preparedEvictions, 3)
        XCTAssertGreaterThan(stats.preparedBytes, 0)
        let bytesCache = LayoutCache(engine: CellTests.engine, limits: .init(preparedBytes: 1))
        _ = try bytesCache.layout(template, for: post(1), width: 375, scale: 1)
        stats = bytesCache.statistics
        XCTAssertEqual(stats.preparedCount, 0, "an entry over the whole bound is not kept")
        XCTAssertEqual(stats.layoutCount, 1)
    }

    func testRemoveAllKeepsCounters() throws {
        let cache = LayoutCache(engine: CellTests.engine)
        _ = try cache.layout(template, for: post(1), width: 375, scale: 1)
        cache.removeAll()
        let stats = cache.statistics
        XCTAssertEqual(stats.layoutCount, 0)
        XCTAssertEqual(stats.preparedCount, 0)
        XCTAssertEqual(stats.layoutBytes, 0)
        XCTAssertEqual(stats.layoutMisses, 1)
    }

    func testBadWidthOrScaleIsAnErrorNotACacheEntry() {
        let cache = LayoutCache(engine: CellTests.engine)
        XCTAssertThrowsError(try cache.layout(template, for: post(1), width: -1, scale: 1)) {
            XCTAssertEqual($0 as? TypesetError, .invalidWidth(-1))
        }
        XCTAssertThrowsError(try cache.layout(template, for: post(1), width: 375, scale: 0)) {
            XCTAssertEqual($0 as? TypesetError, .invalidScale(0))
        }
        XCTAssertEqual(cache.statistics.layoutCount, 0)
    }
}
