import Foundation
@testable import Typeset
import TypesetTestSupport
import XCTest

/// Broken, truncated and disguised font files: each must give a typed
/// `TypesetError` that names the file (never a crash or a hang), and a
/// collection built beside them keeps working.
///
/// The files are written to a fresh temporary directory by each test; no
/// binary junk is committed.
final class HostileFontTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("typeset-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    // MARK: Making hostile files

    private static let notoSans = Fixtures.fontsDirectory + "/NotoSans-Regular.ttf"
    private static let colorEmoji = Fixtures.fontsDirectory + "/NotoColorEmoji.ttf"
    private static let cjk = Fixtures.fontsDirectory + "/NotoSansCJKjp-Regular.otf"

    @discardableResult
    private func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    private func bytes(of path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// Deterministic pseudo-random bytes.
    private func noise(_ count: Int, seed: UInt64) -> [UInt8] {
        var r = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: r.next()) }
    }

    /// An sfnt's table directory: (tag, entry offset in the file, table offset, table length).
    private func tables(_ font: [UInt8]) -> [(tag: String, entry: Int, offset: Int, length: Int)] {
        func u16(_ o: Int) -> Int { Int(font[o]) << 8 | Int(font[o + 1]) }
        func u32(_ o: Int) -> Int { u16(o) << 16 | u16(o + 2) }
        return (0..<u16(4)).map { i in
            let e = 12 + 16 * i
            return (String(decoding: font[e..<e + 4], as: UTF8.self), e, u32(e + 8), u32(e + 12))
        }
    }

    /// A copy of a font with one table's tag renamed in the table directory.
    private func renamingTable(_ font: [UInt8], _ tag: String, to newTag: String) -> [UInt8] {
        var copy = font
        let entry = tables(font).first { $0.tag == tag }!.entry
        for (k, b) in newTag.utf8.enumerated() { copy[entry + k] = b }
        return copy
    }

    /// A copy of a font with bytes written into one table at an offset.
    private func patching(_ font: [UInt8], table tag: String, at offset: Int, _ value: [UInt8]) -> [UInt8] {
        var copy = font
        let start = tables(font).first { $0.tag == tag }!.offset + offset
        for (k, b) in value.enumerated() { copy[start + k] = b }
        return copy
    }

    private static let pngHeader: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
                                             0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89]
    private static let zipHeader: [UInt8] = Array("PK\u{3}\u{4}".utf8) + [UInt8](repeating: 0, count: 60)

    // MARK: Each file on its own

    /// Loads a face and returns the error, failing if it loaded.
    private func loadError(_ path: String, index: Int = 0, file: StaticString = #filePath, line: UInt = #line) -> TypesetError? {
        do {
            let face = try FontFace(path: path, index: index)
            XCTFail("\(path) loaded as \(face)", file: file, line: line)
            return nil
        } catch let error as TypesetError {
            XCTAssertTrue(error.description.contains(path), "the error does not name the file: \(error)", file: file, line: line)
            return error
        } catch {
            XCTFail("untyped error \(error)", file: file, line: line)
            return nil
        }
    }

    func testEmptyFileIsUnreadable() throws {
        let path = try write("empty.ttf", [])
        guard case .fontFileUnreadable(path, _)? = loadError(path) else { return XCTFail("expected fontFileUnreadable") }
    }

    func testTruncatedFontsAreRejected() throws {
        let font = try bytes(of: Self.notoSans)
        for (name, count) in [("first-1k.ttf", 1024), ("first-half.ttf", font.count / 2), ("all-but-one-byte.ttf", font.count - 1),
                              ("header-only.ttf", 12), ("three-bytes.ttf", 3)] {
            let path = try write(name, Array(font.prefix(count)))
            switch loadError(path) {
            case .notAFont(path)?, .fontFileUnreadable(path, _)?: break
            case let other: XCTFail("\(name): \(String(describing: other))")
            }
        }
    }

    func testTruncatedColorAndCFFFontsAreRejected() throws {
        for source in [Self.colorEmoji, Self.cjk] {
            let font = try bytes(of: source)
            let path = try write("half-" + (source as NSString).lastPathComponent, Array(font.prefix(font.count / 2)))
            switch loadError(path) {
            case .notAFont(path)?, .fontFileUnreadable(path, _)?: break
            case let other: XCTFail("\(source): \(String(describing: other))")
            }
        }
    }

    func testRandomBytesAreNotAFont() throws {
        for (k, count) in [1, 12, 100, 4096, 100_000].enumerated() {
            let path = try write("noise-\(count).ttf", noise(count, seed: UInt64(k)))
            switch loadError(path) {
            case .notAFont(path)?, .fontFileUnreadable(path, _)?: break
            case let other: XCTFail("\(count) random bytes: \(String(describing: other))")
            }
        }
        // Random bytes behind a valid sfnt version tag, and behind a collection tag.
        for (name, magic) in [("noise-sfnt.ttf", [0, 1, 0, 0] as [UInt8]), ("noise-otto.otf", Array("OTTO".utf8)),
                              ("noise-ttcf.ttc", Array("ttcf".utf8))] {
            let path = try write(name, magic + noise(5000, seed: 99))
            switch loadError(path) {
            case .notAFont(path)?, .fontFileUnreadable(path, _)?: break
            case let other: XCTFail("\(name): \(String(describing: other))")
            }
        }
    }

    func testOtherFormatsRenamedAreNotAFont() throws {
        let files: [(String, [UInt8])] = [
            ("picture.ttf", Self.pngHeader), ("archive.otf", Self.zipHeader),
            ("readme.ttf", Array("This is not a font, it is a text file.\n".utf8)),
            ("licence.ttc", try bytes(of: Fixtures.fontsDirectory + "/OFL.txt")),
        ]
        for (name, content) in files {
            let path = try write(name, content)
            guard case .notAFont(path)? = loadError(path) else { return XCTFail("\(name): expected notAFont") }
        }
    }

    func testFontWithoutCharacterMap() throws {
        let font = try bytes(of: Self.notoSans)
        // Renamed in place, the table directory stays sorted ('cmaq' sorts where 'cmap' did).
        let path = try write("no-cmap.ttf", renamingTable(font, "cmap", to: "cmaq"))
        guard case .fontWithoutCharacterMap(path)? = loadError(path) else { return XCTFail("expected fontWithoutCharacterMap") }
        // Renamed out of order ('xmap'): HarfBuzz's table search may then miss
        // other tables too, but the result must still be a typed error.
        let unsorted = try write("xmap.ttf", renamingTable(font, "cmap", to: "xmap"))
        switch loadError(unsorted) {
        case .fontWithoutCharacterMap(unsorted)?, .notAFont(unsorted)?: break
        case let other: XCTFail("xmap: \(String(describing: other))")
        }
    }

    func testFaceIndexOutOfRange() throws {
        for index in [1, 5, -1, Int(Int32.max) + 1] {
            guard case .faceIndexOutOfRange(Self.notoSans, index, 1)? = loadError(Self.notoSans, index: index) else {
                return XCTFail("index \(index): expected faceIndexOutOfRange")
            }
        }
        guard case .faceIndexOutOfRange(Self.cjk, 5, 1)? = loadError(Self.cjk, index: 5) else {
            return XCTFail("expected faceIndexOutOfRange")
        }
    }

    func testDirectoryAndMissingPath() throws {
        let sub = directory.appendingPathComponent("fonts.ttf").path
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: false)
        guard case .fontFileUnreadable(sub, _)? = loadError(sub) else { return XCTFail("expected fontFileUnreadable for a directory") }
        let missing = directory.appendingPathComponent("missing.ttf").path
        guard case .fontFileNotFound(missing)? = loadError(missing) else { return XCTFail("expected fontFileNotFound") }
        XCTAssertThrowsError(try FontCollection(paths: [missing])) { error in
            XCTAssertEqual(error as? TypesetError, .fontFileNotFound(path: missing))
        }
        let dangling = directory.appendingPathComponent("dangling.ttf").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: missing)
        guard case .fontFileNotFound(dangling)? = loadError(dangling) else { return XCTFail("expected fontFileNotFound for a dangling link") }
    }

    /// A named pipe opened for reading blocks until a writer comes; a device
    /// such as /dev/zero never ends. Neither may hang the loader.
    func testSpecialFilesDoNotHang() throws {
        let fifo = directory.appendingPathComponent("pipe.ttf").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        for path in [fifo, "/dev/zero", "/dev/null"] where FileManager.default.fileExists(atPath: path) {
            let done = expectation(description: path)
            let result = LockedBox<TypesetError?>(nil)
            Thread.detachNewThread {
                result.set(Self.error { _ = try FontFace(path: path) })
                done.fulfill()
            }
            wait(for: [done], timeout: 10)
            switch result.get() {
            case .fontFileUnreadable(path, _)?, .notAFont(path)?: break
            case let other: XCTFail("\(path): \(String(describing: other))")
            }
        }
    }

    private static func error(_ body: () throws -> Void) -> TypesetError? {
        do { try body(); return nil } catch { return error as? TypesetError }
    }

    func testUnreadableFile() throws {
        guard getuid() != 0 else { throw XCTSkip("root reads any file") }
        let path = try write("locked.ttf", try bytes(of: Self.notoSans))
        XCTAssertEqual(chmod(path, 0), 0)
        guard case .fontFileUnreadable(path, _)? = loadError(path) else { return XCTFail("expected fontFileUnreadable") }
    }

    /// Valid structure, absurd values: the face loads (or is rejected with a
    /// typed error) and text set in it has finite, non-negative metrics.
    func testAbsurdValuesInValidFonts() throws {
        let font = try bytes(of: Self.notoSans)
        let variants: [(String, [UInt8])] = [
            ("zero-upem.ttf", patching(font, table: "head", at: 18, [0, 0])),
            ("huge-upem.ttf", patching(font, table: "head", at: 18, [0xFF, 0xFF])),
            ("huge-ascender.ttf", patching(font, table: "hhea", at: 4, [0x7F, 0xFF, 0x80, 0x00, 0x7F, 0xFF])),
            ("no-hmetrics.ttf", patching(font, table: "hhea", at: 34, [0, 0])),
            ("zero-glyphs.ttf", patching(font, table: "maxp", at: 4, [0, 0])),
        ]
        for (name, content) in variants {
            let path = try write(name, content)
            let face: FontFace
            do { face = try FontFace(path: path) } catch let error as TypesetError {
                XCTAssertTrue(error.description.contains(path), "\(name): \(error)")
                continue
            }
            // In a collection of its own: it loads, or a typed error names it.
            do { _ = try FontCollection(paths: [path]) } catch let error as TypesetError {
                XCTAssertTrue(error.description.contains(path), "\(name): \(error)")
            }
            // Set text in it (the face need not be in the collection).
            let typesetter = Fixtures.typesetter
            let style = TextStyle(font: FontStack(faces: [face]), size: 15)
            for width in [nil, 0, 50, 300] as [Double?] {
                let layout = try typesetter.prepare("Hello, hostile world! 123", style: style).layout(width: width)
                XCTAssertFalse(layout.lines.isEmpty, name)
                for line in layout.lines {
                    XCTAssertTrue(line.width.isFinite && line.width >= 0, "\(name): width \(line.width)")
                    XCTAssertTrue(line.height.isFinite && line.height >= 0, "\(name): height \(line.height)")
                    XCTAssertTrue(line.baseline.isFinite, "\(name): baseline \(line.baseline)")
                }
            }
        }
    }

    /// A file HarfBuzz loads and FreeType (which Fontconfig reads it with)
    /// refuses is left out of a collection, named, when the collection is
    /// made, although Fontconfig itself reads the files only at the first
    /// fallback; the other files still fall back through Fontconfig.
    func testAFileFreeTypeRefusesIsLeftOutWhenTheCollectionIsMade() throws {
        let path = try write("zero-upem-collection.ttf", patching(try bytes(of: Self.notoSans), table: "head", at: 18, [0, 0]))
        guard (try? FontFace(path: path)) != nil else { throw XCTSkip("HarfBuzz refuses the file itself") }
        XCTAssertThrowsError(try FontCollection(paths: [path])) { error in
            guard case .fontFileUnreadable(path, _)? = error as? TypesetError else { return XCTFail("\(error)") }
        }
        let arabic = Fixtures.fontsDirectory + "/NotoSansArabic-Regular.ttf"
        let collection = try FontCollection(paths: [Self.notoSans, path, arabic], skipUnreadable: true)
        XCTAssertEqual(collection.skippedFiles.map(\.path), [path])
        XCTAssertFalse(collection.faces.contains { $0.path == path })
        // A character no face of the stack has: Fontconfig finds the Arabic face.
        let face = collection.fallbackFace(for: [0x0628], weight: 400, italic: false)
        XCTAssertEqual(face?.path, arabic)
    }

    // MARK: A collection beside hostile files

    /// The hostile files of this test class, written into the directory.
    private func writeEveryHostileFile() throws -> [String] {
        let font = try bytes(of: Self.notoSans)
        var paths = [
            try write("a-empty.ttf", []),
            try write("b-first-1k.ttf", Array(font.prefix(1024))),
            try write("c-first-half.ttf", Array(font.prefix(font.count / 2))),
            try write("d-noise.ttf", noise(4096, seed: 7)),
            try write("e-picture.ttf", Self.pngHeader),
            try write("f-archive.otf", Self.zipHeader),
            try write("g-no-cmap.ttf", renamingTable(font, "cmap", to: "cmaq")),
        ]
        let sub = directory.appendingPathComponent("h-directory.ttf").path
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: false)
        paths.append(sub)
        return paths
    }

    func testCollectionThrowsOnTheFirstBadFileByDefault() throws {
        let bad = try writeEveryHostileFile()
        XCTAssertThrowsError(try FontCollection(paths: [Fixtures.fontsDirectory] + bad)) { error in
            guard let e = error as? TypesetError else { return XCTFail("untyped \(error)") }
            XCTAssertTrue(e.description.contains(bad[0]), "\(e)")
        }
        XCTAssertThrowsError(try FontCollection(directory: directory.path))
    }

    /// With `skipUnreadable`, bad files are reported and left out; the good
    /// fonts lay text out exactly as the bundled collection does.
    func testCollectionSkipsBadFilesAndKeepsWorking() throws {
        let bad = try writeEveryHostileFile()
        // Good fonts next to the bad ones, in the same directory.
        for name in try FileManager.default.contentsOfDirectory(atPath: Fixtures.fontsDirectory) where name.hasSuffix(".ttf") || name.hasSuffix(".otf") {
            try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("z-" + name).path,
                                                       withDestinationPath: Fixtures.fontsDirectory + "/" + name)
        }
        let missing = directory.appendingPathComponent("missing.ttf").path
        let fonts = try FontCollection(paths: [directory.path, missing], skipUnreadable: true)
        let skipped = Dictionary(uniqueKeysWithValues: fonts.skippedFiles.map { ($0.path, $0.error) })
        // The sub-directory named *.ttf is not a font file of the directory: it is skipped too.
        for path in bad + [missing] {
            guard let error = skipped[path] else { XCTFail("\(path) was not reported"); continue }
            XCTAssertTrue(error.description.contains(path), "\(error)")
        }
        XCTAssertEqual(fonts.skippedFiles.count, bad.count + 1, "\(fonts.skippedFiles.map(\.path))")
        XCTAssertEqual(Set(fonts.familyNames), Set(Fixtures.fonts.familyNames))

        let reference = Fixtures.typesetter
        let typesetter = Typesetter(fonts: fonts)
        let stack: FontStack = ["Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari", "Noto Sans Thai",
                                "Noto Sans CJK JP", "Noto Color Emoji"]
        for text in ["Hello world, hostile fonts are next door.", "مرحبا بالعالم", "שלום עולם", "नमस्ते दुनिया", "สวัสดีชาวโลก",
                     "こんにちは世界", "👩‍👩‍👧 🇯🇵 ❤️", "Mixed: abc مرحبا 你好 😀"] {
            for width in [nil, 40, 120, 300] as [Double?] {
                let expected = try reference.prepare(text, style: TextStyle(font: stack, size: 15)).layout(width: width)
                let actual = try typesetter.prepare(text, style: TextStyle(font: stack, size: 15)).layout(width: width)
                XCTAssertEqual(actual.lines.map(\.utf16Range), expected.lines.map(\.utf16Range), text)
                XCTAssertEqual(actual.lines.map(\.width), expected.lines.map(\.width), text)
                XCTAssertEqual(actual.exactHeight, expected.exactHeight, text)
            }
        }
    }
}
