import Foundation
import XCTest
@testable import Typeset
import TypesetTestSupport

/// Font files cost what they hold, bounded: a path is examined before it is
/// read, and a face read from bytes counts at its size in the caches that
/// keep it.
final class FontFileBoundsTests: XCTestCase {
    /// A kernel file that reports no size but reads without end
    /// (`/proc/self/pagemap`) is refused before any read (it took 0.55 s and
    /// 558 MB); so are a device and a directory.
    func testAPathIsExaminedBeforeItIsRead() throws {
        for (path, reason) in [("/proc/self/pagemap", "file is empty"), ("/dev/zero", "not a regular file"),
                               ("/tmp", "is a directory")] {
            guard FileManager.default.fileExists(atPath: path) else { continue }
            let started = Date()
            XCTAssertThrowsError(try FontFace(path: path)) {
                XCTAssertEqual($0 as? TypesetError, .fontFileUnreadable(path: path, reason: reason))
            }
            XCTAssertLessThan(Date().timeIntervalSince(started), 0.5, path)
        }
        XCTAssertThrowsError(try FontFace(path: "/nonexistent/font.ttf")) {
            XCTAssertEqual($0 as? TypesetError, .fontFileNotFound(path: "/nonexistent/font.ttf"))
        }
        let face = try FontFace(path: Fixtures.fontsDirectory + "/NotoSans-Regular.ttf")
        XCTAssertEqual(face.familyName, "Noto Sans")
        XCTAssertEqual(face.heapBytes, 0, "a file's face maps it")
    }

    /// Stacks of faces read from bytes count those bytes: the resolved-stack
    /// cache stays within its 32 MB however many large fonts come through it
    /// (it kept every face at 16 bytes: 4.96 GB for 100 fonts of 16 MB).
    func testTheStackCacheCountsFacesReadFromBytes() throws {
        let regular = try Array(Data(contentsOf: URL(fileURLWithPath: Fixtures.fontsDirectory + "/NotoSans-Regular.ttf")))
        let fonts = try FontCollection(directory: Fixtures.fontsDirectory)
        let typesetter = Typesetter(fonts: fonts)
        for k in 0..<6 {
            // A distinct 8 MB font: the regular face with padding after its tables.
            let bytes = regular + [UInt8](repeating: UInt8(k), count: (8 << 20) - regular.count)
            let face = try FontFace(bytes: bytes, path: "padded-\(k).ttf")
            XCTAssertEqual(face.heapBytes, 8 << 20)
            // A face an @font-face rule declares keeps the same bytes alive.
            XCTAssertEqual(face.declared(family: "Padded \(k)", weight: 100...900, stretch: nil, style: nil).heapBytes, 8 << 20)
            _ = try typesetter.prepare("hello", style: TextStyle(font: FontStack(faces: [face]), size: 15)).layout(width: 100)
            XCTAssertLessThanOrEqual(fonts.stackCacheByteCount, FontCollection.stackCacheBytes)
        }
        XCTAssertLessThanOrEqual(fonts.stackCacheCount, 4, "at most 32 MB of 8 MB faces")
    }
}

extension FontFileBoundsTests {
    /// A face read from bytes gives their pages back to the system when it
    /// goes, and so does a read that fails: a server rotating through many
    /// large font files holds what its caches hold, not the files it read
    /// before (the heap kept freed 16 MB buffers: 100 MB over the bounds).
    func testFacesReadFromBytesUnmapThemWhenTheyGo() throws {
        let regular = try Array(Data(contentsOf: URL(fileURLWithPath: Fixtures.fontsDirectory + "/NotoSans-Regular.ttf")))
        let padded = regular + [UInt8](repeating: 7, count: (16 << 20) - regular.count)
        var base: UnsafeMutableRawPointer?
        do {
            let bytes = try FontFileBytes(copying: padded, path: "padded.ttf")
            base = bytes.buffer.baseAddress
            let face = try FontFace(adopting: bytes, path: "padded.ttf")
            XCTAssertEqual(face.heapBytes, 16 << 20)
            XCTAssertTrue(Self.isMapped(base!), "the face keeps its bytes while it lives")
        }
        XCTAssertFalse(Self.isMapped(base!), "the bytes went with the face")

        let notAFont = try FontFileBytes(copying: [UInt8](repeating: 1, count: 4 << 20), path: "junk.ttf")
        XCTAssertThrowsError(try FontFace(adopting: notAFont, path: "junk.ttf"))
        XCTAssertFalse(Self.isMapped(notAFont.buffer.baseAddress!), "a refused file's bytes are unmapped too")
    }

    /// Whether the page at `address` is mapped in this process.
    private static func isMapped(_ address: UnsafeMutableRawPointer) -> Bool {
        var resident: UInt8 = 0
        return mincore(address, 1, &resident) == 0 || errno != ENOMEM
    }
}
