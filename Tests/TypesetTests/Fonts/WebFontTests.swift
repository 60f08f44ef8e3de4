import CHarfBuzz
import XCTest
@testable import Typeset
import TypesetTestSupport

/// WOFF and WOFF2 files, read through FreeType's decoder, set text exactly as
/// the TrueType font they wrap.
final class WebFontTests: XCTestCase {
    static let directory = Fixtures.repositoryRoot.appendingPathComponent("Tests/TypesetTests/Fonts/WebFonts")
    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    private func width(_ text: String, _ face: FontFace, size: Double = 16) throws -> Double {
        let typesetter = Typesetter(fonts: Fixtures.fonts)
        return try typesetter.prepare(text, style: TextStyle(font: FontStack(faces: [face]), size: size)).maxContentWidth
    }

    /// The same subset of Noto Sans as TTF, WOFF and WOFF2: the same glyphs,
    /// advances, kerning and metrics, and the same as the bundled font's.
    func testWOFFAndWOFF2SetTextAsTheirTTF() throws {
        let ttf = try FontFace(path: Self.path("NotoSans-latin1.ttf"))
        let woff = try FontFace(path: Self.path("NotoSans-latin1.woff"))
        let woff2 = try FontFace(path: Self.path("NotoSans-latin1.woff2"))
        let bundled = try XCTUnwrap(Fixtures.fonts.face(family: "Noto Sans"))
        let text = "AVATAR To Wa, fjord: “Déjà vu” — 0123456789 ÆØÅ æøå ß"
        let expected = try width(text, bundled)
        for face in [ttf, woff, woff2] {
            XCTAssertEqual(face.familyName, "Noto Sans")
            XCTAssertEqual(face.glyphCount, ttf.glyphCount, face.path)
            XCTAssertEqual(face.metrics, bundled.metrics, face.path)
            XCTAssertEqual(face.unitsPerEm, bundled.unitsPerEm)
            for size in [9.0, 13, 16, 37.5] {
                XCTAssertEqual(try width(text, face, size: size), try width(text, bundled, size: size), "\(face.path) at \(size)")
            }
            XCTAssertEqual(try width(text, face), expected)
            // Every glyph's advance and outline extents, the last one too
            // (FreeType's WOFF2 loca is repaired for it).
            for glyph in 0..<UInt32(face.glyphCount) {
                XCTAssertEqual(hb_font_get_glyph_h_advance(face.hbFont, glyph), hb_font_get_glyph_h_advance(ttf.hbFont, glyph))
                var a = hb_glyph_extents_t(), b = hb_glyph_extents_t()
                let hasA = hb_font_get_glyph_extents(face.hbFont, glyph, &a), hasB = hb_font_get_glyph_extents(ttf.hbFont, glyph, &b)
                XCTAssertEqual(hasA, hasB, "glyph \(glyph) of \(face.path)")
                XCTAssertEqual([a.x_bearing, a.y_bearing, a.width, a.height], [b.x_bearing, b.y_bearing, b.width, b.height],
                               "glyph \(glyph) of \(face.path)")
            }
        }
    }

    /// A directory's WOFF and WOFF2 files are loaded with its TTF and OTF files.
    func testDirectoriesLoadWebFonts() throws {
        let collection = try FontCollection(directory: Self.directory.path)
        let names = Set(collection.faces.map { ($0.path as NSString).lastPathComponent })
        XCTAssertEqual(names, ["Cabin-latin-ext.woff2", "Cabin-latin.woff2", "NotoSans-latin1.ttf",
                               "NotoSans-latin1.woff", "NotoSans-latin1.woff2"])
        let cabin = try XCTUnwrap(collection.face(family: "Cabin"))
        XCTAssertTrue(cabin.isVariable, "the subsets keep Cabin's wdth and wght axes")
        XCTAssertEqual(cabin.descriptors.weight, 400...700)
    }

    /// A truncated or corrupt web font is an error naming the file, never a crash.
    func testTruncatedAndCorruptWebFontsAreErrorsNamingTheFile() throws {
        for name in ["NotoSans-latin1.woff2", "NotoSans-latin1.woff", "Cabin-latin.woff2"] {
            let bytes = [UInt8](try Data(contentsOf: Self.directory.appendingPathComponent(name)))
            var random = SplitMix64(seed: 0x0F2)
            var cuts = [4, 12, 19, 20, 47, 48, 100, bytes.count / 3, bytes.count / 2, bytes.count - 1]
            for _ in 0..<20 { cuts.append(random.int(1...(bytes.count - 1))) }
            for cut in cuts {
                let label = "\(name) cut at \(cut)"
                XCTAssertThrowsError(try FontFace(bytes: Array(bytes.prefix(cut)), path: label), label) { error in
                    XCTAssertTrue("\(error)".contains(label), "\(error)")
                }
            }
            // Bytes changed inside the compressed data: an error or a font, never a crash.
            for _ in 0..<40 {
                var corrupt = bytes
                for _ in 0..<random.int(1...8) { corrupt[random.int(48...(bytes.count - 1))] = UInt8(random.int(0...255)) }
                do {
                    let face = try FontFace(bytes: corrupt, path: "corrupt \(name)")
                    _ = try? width("Hello", face)
                } catch {
                    XCTAssertTrue("\(error)".contains("corrupt \(name)"), "\(error)")
                }
            }
        }
        // A WOFF2 header declaring a huge font is refused before decoding.
        var header = [UInt8](try Data(contentsOf: Self.directory.appendingPathComponent("NotoSans-latin1.woff2")))
        header[16] = 0x7F
        XCTAssertThrowsError(try FontFace(bytes: header, path: "huge.woff2")) { error in
            XCTAssertTrue("\(error)".contains("huge.woff2") && "\(error)".contains("declares"), "\(error)")
        }
    }
}
