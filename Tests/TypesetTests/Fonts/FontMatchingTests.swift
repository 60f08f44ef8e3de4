import Foundation
import XCTest
@testable import Typeset
import TypesetTestSupport

/// CSS font matching: the weight search of CSS Fonts 4 §5.2, generic family
/// names and installed families through Fontconfig.
final class FontMatchingTests: XCTestCase {
    private func pick(_ desired: Int, from weights: [Int]) -> Int? {
        FontWeightMatching.bestIndex(of: weights, for: desired).map { weights[$0] }
    }

    func testWeightSearchIsCSSFonts4() {
        // The cases the nearest-weight rule got wrong.
        XCTAssertEqual(pick(500, from: [400, 600]), 400)
        XCTAssertEqual(pick(300, from: [100, 400]), 100)
        XCTAssertEqual(pick(700, from: [500, 1000]), 1000)
        // 400…500: up to 500 first, then down, then above 500.
        XCTAssertEqual(pick(400, from: [300, 500, 600]), 500)
        XCTAssertEqual(pick(450, from: [300, 600]), 300)
        XCTAssertEqual(pick(400, from: [600, 900]), 600)
        // Below 400: down first, then up (nearest first each way).
        XCTAssertEqual(pick(350, from: [200, 300, 400]), 300)
        XCTAssertEqual(pick(200, from: [300, 500]), 300)
        // Above 500: up first, then down.
        XCTAssertEqual(pick(600, from: [500, 800, 900]), 800)
        XCTAssertEqual(pick(900, from: [100, 700]), 700)
        // An exact weight always wins; no weights, no face.
        for desired in stride(from: 100, through: 900, by: 100) {
            XCTAssertEqual(pick(desired, from: [100, 200, 300, 400, 500, 600, 700, 800, 900]), desired)
        }
        XCTAssertNil(pick(400, from: []))
    }

    func testBundledNotoSansWeights() {
        let fonts = Fixtures.fonts
        XCTAssertEqual(fonts.face(family: "Noto Sans", weight: 500)?.styleName, "Regular")
        XCTAssertEqual(fonts.face(family: "Noto Sans", weight: 450)?.styleName, "Regular")
        XCTAssertEqual(fonts.face(family: "Noto Sans", weight: 600)?.styleName, "Bold")
        XCTAssertEqual(fonts.face(family: "Noto Sans", weight: 100)?.styleName, "Regular")
        XCTAssertEqual(fonts.face(family: "Noto Sans", weight: 600, italic: true)?.styleName, "Bold Italic")
    }

    /// Without system fonts a generic family takes a bundled face of its
    /// kind, and there is none for serif, monospace, cursive, fantasy or
    /// math (before, Fontconfig's nearest font answered: monospace text was
    /// measured in proportional Noto Sans, without a word).
    func testGenericFamiliesTakeOnlyAFontOfTheirKind() throws {
        let fonts = Fixtures.fonts
        for generic in ["sans-serif", "system-ui", "ui-sans-serif", "SANS-SERIF"] {
            let face = try XCTUnwrap(fonts.face(family: generic), generic)
            XCTAssertEqual(face.familyName, "Noto Sans", generic)
        }
        XCTAssertEqual(fonts.face(family: "sans-serif", weight: 700)?.styleName, "Bold")
        XCTAssertEqual(fonts.face(family: "emoji")?.familyName, "Noto Color Emoji")
        for generic in ["serif", "monospace", "ui-monospace", "cursive", "fantasy", "math"] {
            XCTAssertNil(fonts.face(family: generic), "\(generic): no bundled font is of its kind")
            XCTAssertThrowsError(try Fixtures.typesetter.prepare("x", style: TextStyle(font: FontStack(families: [generic])))) { error in
                XCTAssertEqual(error as? TypesetError, .unknownFontFamily(generic))
                XCTAssertTrue("\(error)".contains("generic family"), "\(error)")
            }
        }
        XCTAssertNil(fonts.face(family: "DejaVu Sans"), "installed families need includeSystemFonts")
        let prepared = try Fixtures.typesetter.prepare("Hello", style: TextStyle(font: "sans-serif", size: 15))
        XCTAssertGreaterThan(try prepared.layout(width: nil).contentWidth, 0)
    }

    /// A stack resolves as CSS `font-family`: families without a font are
    /// skipped (and named), a stack with none is an error naming them all.
    func testStacksSkipFamiliesWithoutAFont() throws {
        let fonts = Fixtures.fonts
        let web: FontStack = ["Helvetica Neue", "Arial", "sans-serif"]
        XCTAssertEqual(fonts.skippedFamilies(in: web), ["Helvetica Neue", "Arial"])
        XCTAssertEqual(try fonts.resolve(web, weight: 400, italic: false).map(\.familyName), ["Noto Sans"])
        let layout = try Fixtures.typesetter.layout("Hello world", style: TextStyle(font: web, size: 15), width: nil)
        XCTAssertEqual(layout.lines[0].width, 80.453125, "as in Noto Sans")
        XCTAssertEqual(fonts.skippedFamilies(in: ["Noto Sans", "Noto Color Emoji"]), [])
        XCTAssertEqual(fonts.skippedFamilies(in: ["monospace", "Noto Sans"]), ["monospace"])
        XCTAssertEqual(fonts.skippedFamilies(in: ["Nope", "Neither"]), ["Nope", "Neither"])
        XCTAssertThrowsError(try fonts.resolve(["Nope", "serif"], weight: 400, italic: false)) { error in
            XCTAssertEqual(error as? TypesetError, .unknownFontFamilies(["Nope", "serif"]))
            XCTAssertTrue("\(error)".contains("\"Nope\", \"serif\""), "\(error)")
        }
        XCTAssertThrowsError(try fonts.resolve(FontStack([]), weight: 400, italic: false)) { error in
            XCTAssertEqual(error as? TypesetError, .emptyFontStack)
        }
    }

    /// Installed families and generic families through Fontconfig, against
    /// a configuration the test writes (DejaVu's four files, and the
    /// generic preferences the system's `60-latin.conf` gives): the same
    /// answers whatever fonts the machine has.
    func testSystemFamiliesAndGenericsThroughFontconfig() throws {
        guard let dejaVu = FontconfigSandbox.dejaVuFonts else { throw XCTSkip(FontconfigSandbox.dejaVuMissing) }
        let sandbox = try FontconfigSandbox(fonts: dejaVu, preferences: [
            "serif": ["Noto Serif", "DejaVu Serif"], "sans-serif": ["Noto Sans", "DejaVu Sans"],
            "monospace": ["Noto Sans Mono", "DejaVu Sans Mono"],
        ])
        let fonts = try sandbox.withConfiguration {
            try FontCollection(paths: [Fixtures.fontsDirectory], includeSystemFonts: true)
        }
        let sans = try XCTUnwrap(fonts.face(family: "DejaVu Sans"))
        XCTAssertEqual(sans.familyName, "DejaVu Sans")
        XCTAssertFalse(sans.path.hasPrefix(Fixtures.fontsDirectory))
        XCTAssertEqual(fonts.face(family: "dejavu sans", weight: 700)?.weight, 700)
        let mono = try XCTUnwrap(fonts.face(family: "monospace"))
        XCTAssertFalse(fonts.faces.contains { $0 === mono }, "monospace: no bundled font is monospaced")
        XCTAssertEqual(mono.familyName, "DejaVu Sans Mono", "the configuration's monospaced family")
        XCTAssertEqual(fonts.face(family: "serif")?.familyName, "DejaVu Serif")
        // The configuration prefers Noto Sans, which the collection has: its own face answers.
        let generic = try XCTUnwrap(fonts.face(family: "sans-serif"))
        XCTAssertTrue(fonts.faces.contains { $0 === generic }, generic.path)
        XCTAssertEqual(generic.familyName, "Noto Sans")
        // Bundled names come first, even when an installed font has the same family.
        XCTAssertTrue(fonts.faces.contains { $0 === fonts.face(family: "Noto Sans") })
        // No font of these kinds in the configuration, nor among the bundled fonts.
        for kind in ["cursive", "fantasy"] { XCTAssertNil(fonts.face(family: kind), kind) }
        XCTAssertEqual(fonts.face(family: "math")?.familyName, "DejaVu Sans", "the one face with a MATH table")
        // Only the configuration's fonts: a family installed elsewhere on the machine is unknown here.
        XCTAssertNil(fonts.face(family: "Liberation Serif"))
        // A misspelt family is an error, not Fontconfig's nearest substitute.
        XCTAssertNil(fonts.face(family: "DejaVu Sanz"))
        XCTAssertThrowsError(try Typesetter(fonts: fonts).prepare("x", style: TextStyle(font: "DejaVu Sanz"))) { error in
            XCTAssertEqual(error as? TypesetError, .unknownFontFamily("DejaVu Sanz"))
            XCTAssertTrue(error.localizedDescription.contains("DejaVu Sanz"), error.localizedDescription)
        }
    }

    /// A configuration that prefers no family for a generic name: the face's
    /// own data says its kind (fixed pitch for `monospace`, its PANOSE class
    /// for `serif`), so `serif` is not a sans-serif font Fontconfig ranks first.
    func testGenericsWithoutPreferencesTakeAFaceOfTheirKind() throws {
        guard let dejaVu = FontconfigSandbox.dejaVuFonts else { throw XCTSkip(FontconfigSandbox.dejaVuMissing) }
        let sandbox = try FontconfigSandbox(fonts: dejaVu)
        let fonts = try sandbox.withConfiguration {
            try FontCollection(paths: [Fixtures.fontsDirectory], includeSystemFonts: true)
        }
        XCTAssertEqual(fonts.face(family: "monospace")?.familyName, "DejaVu Sans Mono")
        XCTAssertEqual(fonts.face(family: "serif")?.familyName, "DejaVu Serif")
        XCTAssertNil(fonts.face(family: "cursive"))
    }

    /// The machine's own configuration: an installed family is found through
    /// it (DejaVu Sans, which scripts/setup installs), and `monospace` is a
    /// monospaced face, whichever one the machine's configuration ranks first.
    func testTheMachinesFontconfigConfiguration() throws {
        guard FontconfigSandbox.dejaVuFonts != nil else { throw XCTSkip(FontconfigSandbox.dejaVuMissing) }
        let fonts = try FontCollection(paths: [Fixtures.fontsDirectory], includeSystemFonts: true)
        XCTAssertEqual(fonts.face(family: "DejaVu Sans")?.familyName, "DejaVu Sans")
        let mono = try XCTUnwrap(fonts.face(family: "monospace"), "DejaVu Sans Mono at least is monospaced")
        let typesetter = Typesetter(fonts: fonts)
        let style = TextStyle(font: FontStack(families: [mono.familyName]), size: 15)
        let narrow = try typesetter.layout("iiii", style: style, width: nil).lines[0].width
        let wide = try typesetter.layout("MMMM", style: style, width: nil).lines[0].width
        XCTAssertEqual(narrow, wide, "\(mono.familyName) (\(mono.path)) measures every letter alike")
        XCTAssertNil(fonts.face(family: "DejaVu Sanz"))
    }
}
