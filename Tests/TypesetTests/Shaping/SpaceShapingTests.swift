import XCTest
@testable import Typeset
import TypesetTestSupport

/// Faces whose space glyph takes part in their lookups are shaped whole
/// between breaks, as Chromium shapes an item; the others word by word.
/// Widths are Chromium 156's, measured with the same files by `@font-face`.
final class SpaceShapingTests: XCTestCase {
    /// The lines of `text` set in the font file `name` (skipped when absent): UTF-16 ranges and widths.
    private func lines(_ name: String, _ text: String, size: Double, width: Double? = nil,
                       letterSpacing: Double = 0) throws -> [(Range<Int>, Double)] {
        let path = try TestFonts.path(name)
        let fonts = try FontCollection(paths: [path])
        let face = try XCTUnwrap(fonts.faces.first)
        let style = TextStyle(font: FontStack(families: [face.familyName]), size: size, weight: face.weight,
                              italic: face.isItalic, letterSpacing: letterSpacing)
        return try Typesetter(fonts: fonts).layout(text, style: style, width: width).lines.map { ($0.utf16Range, $0.width) }
    }

    private func assertWidths(_ name: String, _ text: String, size: Double, width: Double? = nil, letterSpacing: Double = 0,
                              _ expected: [(Range<Int>, Double)], file: StaticString = #filePath, line: UInt = #line) throws {
        let got = try lines(name, text, size: size, width: width, letterSpacing: letterSpacing)
        XCTAssertEqual(got.map(\.0), expected.map(\.0), "\(name) \"\(text)\": line ranges", file: file, line: line)
        for (g, e) in zip(got, expected) {
            XCTAssertEqual(g.1, e.1, accuracy: 1.0 / 64, "\(name) \"\(text)\" line \(g.0)", file: file, line: line)
        }
    }

    /// Most bundled faces' spaces take part in none of their default
    /// lookups (their text keeps being shaped word by word); Noto Sans CJK
    /// JP's does (its `calt` swaps a space between Hangul) and Noto Sans
    /// Devanagari's (a `dist` positioning looks back at it); Roboto's,
    /// Lato's and Liberation's kern with the letter after them. A feature
    /// the style turns on counts too: Noto Sans's `frac`… have no space.
    func testWhichFacesShapeTheirSpacesInContext() throws {
        for file in ["NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSans-Italic.ttf", "NotoSansArabic-Regular.ttf",
                     "NotoSansHebrew-Regular.ttf", "NotoSansThai-Regular.ttf", "NotoColorEmoji.ttf"] {
            XCTAssertFalse(Fixtures.face(file: file).spaceTakesPart(in: []), file)
        }
        XCTAssertFalse(Fixtures.face(file: "NotoSans-Regular.ttf").spaceTakesPart(
            in: Shaper.features(for: TextStyle(font: FontStack(families: ["Noto Sans"]),
                                               features: [FontFeature("frac"), FontFeature("smcp")]))))
        XCTAssertTrue(Fixtures.face(file: "NotoSansCJKjp-Regular.otf").spaceTakesPart(in: []))
        XCTAssertTrue(Fixtures.face(file: "NotoSansDevanagari-Regular.ttf").spaceTakesPart(in: []))
        for name in ["Roboto-Regular.ttf", "Lato-Regular.ttf", "LiberationSerif-Regular.ttf"] {
            let path = try TestFonts.path(name)
            XCTAssertTrue(try FontFace(path: path).spaceTakesPart(in: []), name)
        }
    }

    /// A pair kerned across the space ("a T": space + T) changes the space's
    /// advance in Chromium, which shapes the whole item; "T a" has no such pair.
    func testKernsWithTheSpaceCountAsChromiumCountsThem() throws {
        try assertWidths("Lato-Regular.ttf", "a T", size: 100, [(0..<3, 131.359375)])
        try assertWidths("Roboto-Bold.ttf", "a T", size: 100, [(0..<3, 137.453125)])
        try assertWidths("LiberationSerif-Regular.ttf", "a A", size: 100, [(0..<3, 136.09375)])
        try assertWidths("Roboto-Regular.ttf", "a T", size: 100, [(0..<3, 136.921875)])
    }

    /// The kern with the space moves breaks: Chromium fits "AV WA Yo To Tr LT "
    /// on the first line of a 190 px box (its trailing space hangs, its
    /// kerned advance with it) and each line keeps the kerns inside it.
    func testKernsWithTheSpaceAcrossLines() throws {
        let text = "AV WA Yo To Tr LT P. F. Ty Te"
        try assertWidths("Lato-Regular.ttf", text, size: 22, width: 190, [(0..<18, 176.046875), (18..<29, 91.125)])
        try assertWidths("Roboto-Regular.ttf", text, size: 22, width: 190, [(0..<18, 178.3125), (18..<29, 93.65625)])
        try assertWidths("LiberationSerif-Regular.ttf", text, size: 22, width: 190,
                         [(0..<18, 179.078125), (18..<29, 91.546875)])
        try assertWidths("Roboto-Regular.ttf", "The Way To Avoid Yesterday: A Tale of Two Villages, Years After", size: 22,
                         width: 190, [(0..<17, 173.46875), (17..<35, 167.34375), (35..<52, 154), (52..<63, 108.734375)])
    }

    /// In `pre-wrap`, spaces that start the paragraph or follow a forced
    /// break are shaped apart from the word after them (Lato's " Y" is
    /// unkerned, 88.016 px at 100 px), other spaces with it ("x  Y" kerned).
    func testSpacesStartingALineAreShapedApart() throws {
        func preWrap(_ text: String) throws -> [(Range<Int>, Double)] {
            let name = "Lato-Regular.ttf"
            let path = try TestFonts.path(name)
            let fonts = try FontCollection(paths: [path])
            let style = TextStyle(font: FontStack(families: [fonts.faces[0].familyName]), size: 100)
            return try Typesetter(fonts: fonts).layout(text, style: style, paragraph: ParagraphStyle(whiteSpace: .preWrap),
                                                       width: nil).lines.map { ($0.utf16Range, $0.width) }
        }
        for (text, expected) in [(" Y", [(0..<2, 88.015625)]), ("  Y", [(0..<3, 113.609375)]),
                                 ("x  Y", [(0..<4, 159.5)]), ("xx\n Y", [(0..<3, 99.609375), (3..<5, 88.015625)]),
                                 ("x\r\n Y", [(0..<3, 49.8125), (3..<5, 88.015625)]), ("\t Y", [(0..<3, 288.921875)]),
                                 ("x\n Y\n  T", [(0..<2, 49.8125), (2..<5, 88.015625), (5..<8, 110.265625)])] {
            let got = try preWrap(text)
            XCTAssertEqual(got.map(\.0), expected.map(\.0), text.debugDescription)
            for (g, e) in zip(got, expected) { XCTAssertEqual(g.1, e.1, accuracy: 1.0 / 64, "\(text.debugDescription) \(g.0)") }
        }
    }

    /// A word shaped whole with its neighbours is the same word however
    /// often it is prepared: the second time comes from the word cache.
    func testWholeRunsAreCachedAlike() throws {
        let name = "Lato-Regular.ttf"
        let first = try lines(name, "Yo To Tr, AV WA", size: 17)
        XCTAssertEqual(first.map(\.1), try lines(name, "Yo To Tr, AV WA", size: 17).map(\.1))
    }

    /// Chromium turns `calt` off with letter spacing, with `liga` and `clig`:
    /// Inter's "->" arrow (a `calt` ligature) is two glyphs, 17.703 px at 14 px.
    func testLetterSpacingTurnsContextualAlternatesOff() throws {
        let tags = Shaper.features(for: TextStyle(font: FontStack(families: ["Noto Sans"]), letterSpacing: 1))
            .filter { $0.value == 0 }.map(\.tag)
        XCTAssertEqual(Set(tags), Set(["liga", "clig", "calt"].map(SpaceParticipation.tag)))
        XCTAssertTrue(Shaper.features(for: TextStyle(font: FontStack(families: ["Noto Sans"]))).isEmpty)
        _ = try TestFonts.path("Inter-Variable.ttf")
        try assertWidths("Inter-Variable.ttf", "->", size: 14, letterSpacing: 1, [(0..<2, 17.703125)])
        try assertWidths("Inter-Variable.ttf", "a -> b 1x2 @A", size: 14, letterSpacing: 1, [(0..<13, 105.46875)])
        try assertWidths("Inter-Variable.ttf", "->", size: 14, [(0..<2, 13.359375)])
    }

    /// A line that ends at a hyphen inside a word is reshaped there and loses
    /// the kern with the next letter whichever its sign: Comic Neue kerns
    /// "-A" apart, so "E-Mail-" alone is narrower than inside the word.
    func testAKernLostAtAHyphenBreakWhicheverItsSign() throws {
        try assertWidths("ComicNeue-Regular.otf", "E-Mail-Adresse", size: 17, width: 90, [(0..<7, 54.375), (7..<14, 56.453125)])
        try assertWidths("ComicNeue-Regular.otf", "Welcome to the E-Mail-Adresse of Vienna", size: 17, width: 230,
                         letterSpacing: 1, [(0..<22, 194.84375), (22..<39, 147.53125)])
    }

    /// A face kerning with the space only in its legacy `kern` table (here
    /// Liberation Sans with its GPOS table hidden): HarfBuzz splits a kern
    /// between the pair's glyphs, so "A" after a kerned space holds half of
    /// it, which Chromium's reshaped line start loses.
    func testALegacyKernAcrossABreakIsLostAtTheLineStart() throws {
        let name = "LiberationSans-Regular.ttf"
        let path = try TestFonts.path(name)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // The table directory's GPOS entry renamed, so that no shaper finds it.
        let tables = Int(bytes[4]) << 8 | Int(bytes[5])
        for k in 0..<tables where bytes[12 + 16 * k..<16 + 16 * k].elementsEqual("GPOS".utf8) {
            bytes.replaceSubrange(12 + 16 * k..<16 + 16 * k, with: "XPOS".utf8)
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("typeset-kern-only-\(getpid()).ttf")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let fonts = try FontCollection(paths: [file.path])
        let face = try XCTUnwrap(fonts.faces.first)
        XCTAssertNil(face.sanitizerDroppedKern)
        XCTAssertTrue(face.spaceTakesPart(in: []))
        let typesetter = Typesetter(fonts: fonts)
        func lines(_ text: String, _ size: Double, _ width: Double?) throws -> [(Range<Int>, Double)] {
            try typesetter.layout(text, style: TextStyle(font: FontStack(families: [face.familyName]), size: size),
                                  width: width).lines.map { ($0.utf16Range, $0.width) }
        }
        for (text, size, width, expected) in [
            ("xxxxx Aaaa", 17.0, 80.0, [(0..<6, 42.5), (6..<10, 39.703125)]),
            ("xxxxx Aaaa", 100, 480, [(0..<6, 250), (6..<10, 233.546875)]),
            ("xxxxx Yyyy Taaa", 17, 80, [(0..<6, 42.5), (6..<15, 78.125)]),
            ("a T", 100, nil, [(0..<3, 142.6875)]),
            ("A Y T A", 100, nil, [(0..<7, 326.28125)]),
        ] as [(String, Double, Double?, [(Range<Int>, Double)])] {
            let got = try lines(text, size, width)
            XCTAssertEqual(got.map(\.0), expected.map(\.0), text)
            for (g, e) in zip(got, expected) { XCTAssertEqual(g.1, e.1, accuracy: 1.0 / 64, "\(text) at \(size) px, line \(g.0)") }
        }
    }
}
