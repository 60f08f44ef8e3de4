import Foundation
import Typeset
@testable import TypesetBatch
import TypesetTestSupport
import XCTest

/// The batch protocol's font files (`font_file`): off unless a directory is
/// allowed, read only inside it, one message for every refused path, keyed
/// by the file (not its spelling), bounded, a slow file never holding up
/// another.
final class FontFileCacheTests: XCTestCase {
    private var root = ""
    private var regular: String { root + "/NotoSans-Regular.ttf" }
    private var bold: String { root + "/NotoSans-Bold.ttf" }
    private var italic: String { root + "/NotoSans-Italic.ttf" }

    override func setUpWithError() throws {
        let fm = FileManager.default
        root = fm.temporaryDirectory.appendingPathComponent("typeset-font-files-\(UUID().uuidString)").path
        try fm.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        for name in ["NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSans-Italic.ttf"] {
            try fm.copyItem(atPath: Fixtures.fontsDirectory + "/" + name, toPath: root + "/" + name)
        }
        root = FontFileCache.realPath(root)!
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Counts loads from several threads.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [String: Int] = [:]
        func add(_ path: String) { lock.lock(); counts[path, default: 0] += 1; lock.unlock() }
        subscript(_ path: String) -> Int { lock.lock(); defer { lock.unlock() }; return counts[path] ?? 0 }
    }

    private func message(_ body: () throws -> Any) -> String? {
        do { _ = try body(); return nil } catch { return "\(error)" }
    }

    func testOffUnlessADirectoryIsAllowed() throws {
        let off = FontFileCache(access: .off)
        XCTAssertEqual(message { try off.face(self.regular) }?.contains("font_file is not allowed"), true)
        // BatchLines: off by default, an error line naming the switch.
        let request = "{\"text\": \"Hi\", \"font_file\": \"\(regular)\"}"
        var out: [UInt8] = []
        XCTAssertFalse(BatchLines(typesetter: Fixtures.typesetter).answer(Array(request.utf8)[...], number: 1, to: &out))
        XCTAssertTrue(String(decoding: out, as: UTF8.self).contains("--font-files"))
        out = []
        let allowed = BatchLines(typesetter: Fixtures.typesetter, fontFilesDirectory: root)
        XCTAssertTrue(allowed.answer(Array("{\"text\": \"Hi\", \"font_file\": \"NotoSans-Bold.ttf\"}".utf8)[...], number: 1, to: &out),
                      String(decoding: out, as: UTF8.self))
    }

    /// Every path outside the directory, or unusable inside it, gets the same
    /// message: a request learns nothing of a path's existence or type.
    func testEveryRefusedPathGetsOneMessage() throws {
        let fm = FileManager.default
        try Data("not a font at all".utf8).write(to: URL(fileURLWithPath: root + "/notes.ttf"))
        fm.createFile(atPath: root + "/empty.ttf", contents: Data())
        XCTAssertEqual(mkfifo(root + "/pipe.ttf", 0o600), 0)
        try fm.createSymbolicLink(atPath: root + "/outside.ttf", withDestinationPath: Fixtures.fontsDirectory + "/NotoSans-Regular.ttf")
        try fm.createSymbolicLink(atPath: root + "/loop.ttf", withDestinationPath: root + "/loop.ttf")
        try fm.createSymbolicLink(atPath: root + "/to-pipe.ttf", withDestinationPath: root + "/pipe.ttf")
        let files = FontFileCache(access: .within(root))
        let paths = ["/etc/passwd", "/etc/shadow", "/root", "/proc/kmsg", "/proc/self/pagemap", "/dev/zero",
                     "/no/such/file", "../../../../etc/passwd", "sub", "notes.ttf", "empty.ttf", "pipe.ttf", "to-pipe.ttf",
                     "outside.ttf", "loop.ttf", "missing.ttf", "", Fixtures.fontsDirectory + "/NotoSans-Regular.ttf"]
        let started = Date()
        for path in paths {
            XCTAssertEqual(message { try files.face(path) },
                           "font_file \"\(path)\" is not a usable font file in the server's font directory", path)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "a refused path blocked")
        // And inside the directory, every spelling works.
        XCTAssertEqual(try files.face("NotoSans-Regular.ttf").familyName, "Noto Sans")
        XCTAssertEqual(try files.face("sub/../NotoSans-Regular.ttf").familyName, "Noto Sans")
    }

    /// The whole machine allowed (`--font-files /`): devices, FIFOs and
    /// kernel files are still refused at once, never read for ever.
    func testKernelFilesAndDevicesAreRefusedAtOnce() throws {
        XCTAssertEqual(mkfifo(root + "/pipe", 0o600), 0)
        let files = FontFileCache(access: .within("/"))
        let started = Date()
        for path in ["/proc/kmsg", "/proc/self/pagemap", "/dev/zero", "/dev/null", root + "/pipe", "/proc/self/mem"] {
            XCTAssertNotNil(message { try files.face(path) }, path)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
    }

    /// Many spellings of one file (`./`, `//`, `sub/..`) share one face.
    func testSpellingsOfOneFileShareOneFace() throws {
        let loads = Counter()
        let files = FontFileCache(access: .within(root)) { bytes, path in loads.add(path); return try FontFace(adopting: bytes, path: path) }
        let first = try files.face("NotoSans-Regular.ttf")
        for k in 0..<2000 {
            let spelling = String(repeating: "./", count: k % 50) + "sub" + String(repeating: "/", count: k / 50 + 1) + "../NotoSans-Regular.ttf"
            XCTAssertTrue(try files.face(k % 2 == 0 ? spelling : root + "/" + spelling) === first)
        }
        XCTAssertTrue(try files.face("sub/../NotoSans-Regular.ttf") === first)
        XCTAssertEqual(files.count, 1)
        XCTAssertEqual(loads[regular], 1)
    }

    func testASlowFileDoesNotHoldUpAnother() throws {
        let gate = DispatchSemaphore(value: 0)
        let slowPath = bold
        let files = FontFileCache(access: .within(root)) { bytes, path in
            if path == slowPath { gate.wait() }
            return try FontFace(adopting: bytes, path: path)
        }
        let slowDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let loaded = (try? files.face(slowPath)) != nil
            XCTAssertTrue(loaded)
            slowDone.signal()
        }
        Thread.sleep(forTimeInterval: 0.05)
        let started = Date()
        XCTAssertEqual(try files.face(regular).familyName, "Noto Sans")
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "the other file waited for the slow one")
        XCTAssertEqual(files.count, 1, "the slow file is not in yet")
        gate.signal()
        XCTAssertEqual(slowDone.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(files.count, 2)
    }

    /// A file that is read but is not a font is remembered briefly, not read per request.
    func testAFailureIsRememberedBriefly() throws {
        let loads = Counter()
        let files = FontFileCache(access: .within(root)) { bytes, path in
            bytes.release()
            loads.add(path)
            throw TypesetError.notAFont(path: path)
        }
        for _ in 0..<10 { XCTAssertThrowsError(try files.face(regular)) }
        XCTAssertEqual(loads[regular], 1)
    }

    func testCommandLinePathsKeepTheirDetailedMessages() throws {
        let files = FontFileCache(access: .anyPath)
        let missing = root + "/NoSuchFont.ttf"
        XCTAssertThrowsError(try files.face(missing)) { XCTAssertEqual($0 as? TypesetError, .fontFileNotFound(path: missing)) }
        XCTAssertThrowsError(try files.face(root)) {
            XCTAssertEqual($0 as? TypesetError, .fontFileUnreadable(path: self.root, reason: "is a directory"))
        }
        XCTAssertEqual(try files.face(Fixtures.fontsDirectory + "/NotoSans-Regular.ttf").familyName, "Noto Sans")
    }

    func testTheCacheIsBounded() throws {
        let loads = Counter()
        let files = FontFileCache(access: .within(root), countLimit: 2) { bytes, path in
            loads.add(path); return try FontFace(adopting: bytes, path: path)
        }
        for path in [regular, bold, italic] { _ = try files.face(path) }
        XCTAssertEqual(files.count, 2)
        _ = try files.face(regular)  // dropped as the least recently used: loaded again
        XCTAssertEqual(loads[regular], 2)
        _ = try files.face(italic)
        XCTAssertEqual(loads[italic], 1)
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: regular)[.size] as? Int)
        let small = FontFileCache(access: .within(root), byteLimit: size - 1)
        _ = try small.face(regular)
        XCTAssertEqual(small.count, 0, "a file over the whole byte bound is used but not kept")
        let tiny = FontFileCache(access: .within(root), maxFileBytes: size - 1)
        XCTAssertThrowsError(try tiny.face(regular), "a file over the per-file bound is not read")
    }

    func testConcurrentRequestsShareTheFaces() throws {
        let files = FontFileCache(access: .within(root))
        let paths = [regular, bold, italic]
        let seen = Seen()
        DispatchQueue.concurrentPerform(iterations: 64) { k in
            seen.set(k, (try? files.face(paths[k % paths.count])).map(ObjectIdentifier.init))
        }
        for k in 0..<64 {
            XCTAssertEqual(seen[k], ObjectIdentifier(try files.face(paths[k % paths.count])), "request \(k)")
        }
    }

    /// The tool: `font_file` is an error line without `--font-files`, read inside it with.
    func testTheToolAllowsFontFilesOnlyInsideItsDirectory() throws {
        let requests = "{\"id\": 1, \"text\": \"Hi\", \"font_file\": \"NotoSans-Bold.ttf\"}\n{\"id\": 2, \"text\": \"Hi\", \"font_file\": \"/etc/passwd\"}\n"
        let off = try CLI.run(["batch", "-", "--no-progress"], stdin: requests)
        XCTAssertEqual(off.status, 1, off.summary)
        XCTAssertTrue(off.lines.allSatisfy { $0.contains("font_file is not allowed") }, off.summary)
        let on = try CLI.run(["batch", "-", "--no-progress", "--font-files", root], stdin: requests)
        XCTAssertEqual(on.status, 1, on.summary)
        XCTAssertTrue(on.lines[0].contains("\"width\""), on.summary)
        XCTAssertTrue(on.lines[1].contains("is not a usable font file"), on.summary)
        let bad = try CLI.run(["batch", "-", "--no-progress", "--font-files", root + "/none"], stdin: requests)
        XCTAssertEqual(bad.status, 1, bad.summary)
        XCTAssertTrue(bad.stderr.contains("not a directory"), bad.summary)
    }

    /// Faces seen by request number, from several threads.
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var ids: [Int: ObjectIdentifier] = [:]
        func set(_ k: Int, _ id: ObjectIdentifier?) { lock.lock(); ids[k] = id; lock.unlock() }
        subscript(_ k: Int) -> ObjectIdentifier? { lock.lock(); defer { lock.unlock() }; return ids[k] }
    }
}
