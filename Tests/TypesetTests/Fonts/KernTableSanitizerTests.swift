import XCTest
@testable import Typeset
import TypesetTestSupport

/// The font sanitizer's rules for the legacy `kern` table (OTS's
/// `kern.cc`, which Chromium runs on every web font), on tables built here,
/// and their effect on a font that has such a table.
final class KernTableSanitizerTests: XCTestCase {
    /// A `kern` table: version, then subtables of (coverage, pairs), each
    /// pair (left, right, value), with the binary-search fields OTS checks.
    private func table(version: UInt16 = 0, subtables: [(coverage: UInt16, pairs: [(UInt16, UInt16, Int16)])]) -> [UInt8] {
        var out: [UInt8] = []
        func u16(_ v: UInt16) { out += [UInt8(v >> 8), UInt8(v & 0xFF)] }
        u16(version)
        u16(UInt16(subtables.count))
        for sub in subtables {
            let n = sub.pairs.count
            var pow2 = 0
            while 1 << (pow2 + 1) <= n { pow2 += 1 }
            u16(0)
            u16(UInt16(truncatingIfNeeded: 14 + 6 * n))
            u16(sub.coverage)
            u16(UInt16(n))
            u16(UInt16(truncatingIfNeeded: (1 << pow2) * 6))
            u16(UInt16(pow2))
            u16(UInt16(truncatingIfNeeded: 6 * n - (1 << pow2) * 6))
            for (l, r, v) in sub.pairs { u16(l); u16(r); u16(UInt16(bitPattern: v)) }
        }
        return out
    }

    private func reason(_ bytes: [UInt8], hasGlyf: Bool = true) -> String? {
        bytes.withUnsafeBytes { KernTableSanitizer.dropReason($0, hasGlyf: hasGlyf) }
    }

    func testKeptTables() {
        let sorted: [(UInt16, UInt16, Int16)] = [(3, 36, -80), (36, 55, -120), (36, 57, -100), (55, 36, -110)]
        XCTAssertNil(reason(table(subtables: [(1, sorted)])))
        XCTAssertNil(reason(table(subtables: [(1, Array(repeating: (0, 0, 0), count: 0) + (0..<10922).map { (UInt16($0 / 200), UInt16($0 % 200), -1) })])),
                     "10,922 pairs fit in a subtable's 16-bit length")
        XCTAssertNil(reason([]), "no table, nothing dropped")
        // A vertical subtable is skipped, not dropped, when another is kept.
        XCTAssertNil(reason(table(subtables: [(1, sorted), (0, sorted)])))
    }

    func testDroppedTables() {
        let sorted: [(UInt16, UInt16, Int16)] = [(3, 36, -80), (36, 55, -120)]
        XCTAssertNotNil(reason(table(subtables: [(1, (0..<10923).map { (UInt16($0 / 200), UInt16($0 % 200), -1) })])),
                        "more than 10,922 pairs")
        XCTAssertNotNil(reason(table(subtables: [(1, [(36, 55, -120), (3, 36, -80)])])), "pairs not sorted")
        XCTAssertNotNil(reason(table(subtables: [(1, [(3, 36, -80), (3, 36, -80)])])), "a pair twice")
        XCTAssertNotNil(reason(table(version: 1, subtables: [(1, sorted)])), "an Apple table")
        XCTAssertNotNil(reason(table(subtables: [])), "no subtables")
        XCTAssertNotNil(reason(table(subtables: [(1, [])])), "a subtable without pairs")
        XCTAssertNotNil(reason(table(subtables: [(0x11, sorted)])), "reserved coverage bits")
        XCTAssertNotNil(reason(table(subtables: [(0, sorted)])), "only a vertical subtable")
        XCTAssertNotNil(reason(table(subtables: [(1, sorted)]), hasGlyf: false), "a CFF font")
    }

    /// The bundled fonts keep what they have (none has a `kern` table OTS drops).
    func testBundledFontsLoseNothing() {
        for face in Fixtures.fonts.faces {
            XCTAssertNil(face.sanitizerDroppedKern, face.description)
        }
    }

    /// Open Sans 1.10 (Debian's) has one `kern` subtable of 18,694 pairs and
    /// no GPOS kerning: Chromium sets it unkerned ("AV" at 100 px: 122.8125).
    func testOpenSansSetsUnkernedAsChromiumSetsIt() throws {
        let name = "OpenSans-Regular.ttf"
        let path = try TestFonts.path(name)
        let face = try FontFace(path: path)
        guard let why = face.sanitizerDroppedKern else {
            throw XCTSkip("\(path) is not Open Sans 1.10 with its 18,694-pair kern table")
        }
        XCTAssertTrue(why.contains("18694"), why)
        let fonts = try FontCollection(paths: [path])
        let width = try Typesetter(fonts: fonts).layout("AV", style: TextStyle(font: FontStack(families: [face.familyName]), size: 100),
                                                        width: nil).lines[0].width
        XCTAssertEqual(width, 122.8125, accuracy: 1.0 / 64)
    }
}
