import Foundation
import Typeset
@testable import TypesetBatch
import TypesetTestSupport
import XCTest

/// The batch protocol's font files (`font_file`): loaded once, bounded, a
/// slow file never holding up another, a failure reported and not remembered.
final class FontFileCacheTests: XCTestCase {
    let regular = Fixtures.fontsDirectory + "/NotoSans-Regular.ttf"
    let bold = Fixtures.fontsDirectory + "/NotoSans-Bold.ttf"

    /// Counts loads from several threads.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [String: Int] = [:]
        func add(_ path: String) { lock.lock(); counts[path, default: 0] += 1; lock.unlock() }
        subscript(_ path: String) -> Int { lock.lock(); defer { lock.unlock() }; return counts[path] ?? 0 }
    }

    func testAFileIsLoadedOnce() throws {
        let loads = Counter()
        let files = FontFileCache { path in loads.add(path); return try FontFace(path: path) }
        let first = try files.face(regular)
        XCTAssertTrue(try files.face(regular) === first)
        XCTAssertEqual(loads[regular], 1)
        XCTAssertEqual(first.familyName, "Noto Sans")
    }

    func testASlowFileDoesNotHoldUpAnother() throws {
        let gate = DispatchSemaphore(value: 0)
        let slowPath = bold
        let files = FontFileCache { path in
            if path == slowPath { gate.wait() }
            return try FontFace(path: path)
        }
        let slowDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let loaded = (try? files.face(slowPath)) != nil
            XCTAssertTrue(loaded)
            slowDone.signal()
        }
        // The slow load is under way (or about to be): another file loads at once.
        Thread.sleep(forTimeInterval: 0.05)
        let started = Date()
        XCTAssertEqual(try files.face(regular).familyName, "Noto Sans")
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "the other file waited for the slow one")
        XCTAssertEqual(files.count, 1, "the slow file is not in yet")
        gate.signal()
        XCTAssertEqual(slowDone.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(files.count, 2)
    }

    func testAFailureIsReportedAndNotRemembered() throws {
        let missing = Fixtures.fontsDirectory + "/NoSuchFont.ttf"
        XCTAssertThrowsError(try FontFileCache().face(missing)) {
            XCTAssertEqual($0 as? TypesetError, .fontFileNotFound(path: missing))
        }
        // A loader that fails once, then succeeds (a file that appears).
        let loads = Counter()
        let files = FontFileCache { path in
            loads.add(path)
            if loads[path] == 1 { throw TypesetError.fontFileNotFound(path: path) }
            return try FontFace(path: path)
        }
        XCTAssertThrowsError(try files.face(regular))
        XCTAssertEqual(files.count, 0)
        XCTAssertEqual(try files.face(regular).familyName, "Noto Sans", "the next request tries again")
        XCTAssertEqual(loads[regular], 2)
    }

    func testTheCacheIsBounded() throws {
        let loads = Counter()
        let files = FontFileCache(countLimit: 2) { path in loads.add(path); return try FontFace(path: path) }
        let italic = Fixtures.fontsDirectory + "/NotoSans-Italic.ttf"
        for path in [regular, bold, italic] { _ = try files.face(path) }
        XCTAssertEqual(files.count, 2)
        _ = try files.face(regular)  // dropped as the least recently used: loaded again
        XCTAssertEqual(loads[regular], 2)
        _ = try files.face(italic)
        XCTAssertEqual(loads[italic], 1)
        // The byte bound counts each file's size.
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: regular)[.size] as? Int)
        let small = FontFileCache(byteLimit: size - 1)
        _ = try small.face(regular)
        XCTAssertEqual(small.count, 0, "a file over the whole byte bound is used but not kept")
    }

    func testConcurrentRequestsShareTheFaces() throws {
        let files = FontFileCache()
        let paths = [regular, bold, Fixtures.fontsDirectory + "/NotoSans-Italic.ttf"]
        let seen = Seen()
        DispatchQueue.concurrentPerform(iterations: 64) { k in
            seen.set(k, (try? files.face(paths[k % paths.count])).map(ObjectIdentifier.init))
        }
        for k in 0..<64 {
            XCTAssertEqual(seen[k], ObjectIdentifier(try files.face(paths[k % paths.count])), "request \(k)")
        }
    }

    /// Faces seen by request number, from several threads.
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var ids: [Int: ObjectIdentifier] = [:]
        func set(_ k: Int, _ id: ObjectIdentifier?) { lock.lock(); ids[k] = id; lock.unlock() }
        subscript(_ k: Int) -> ObjectIdentifier? { lock.lock(); defer { lock.unlock() }; return ids[k] }
    }
}
