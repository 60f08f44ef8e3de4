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

    func testSystemFamiliesAndGenericsThroughFontconfig() throws {
        let fonts = try FontCollection(paths: [Fixtures.fontsDirectory], includeSystemFonts: true)
        guard let dejaVu = fonts.face(family: "DejaVu Sans") else {
            return XCTFail("DejaVu Sans is not installed: scripts/setup installs fonts-dejavu-core for this test")
        }
        XCTAssertEqual(dejaVu.familyName, "DejaVu Sans")
        XCTAssertFalse(dejaVu.path.hasPrefix(Fixtures.fontsDirectory))
        XCTAssertEqual(fonts.face(family: "dejavu sans", weight: 700)?.weight, 700)
        let mono = try XCTUnwrap(fonts.face(family: "monospace"))
        XCTAssertFalse(fonts.faces.contains { $0 === mono }, "monospace: no bundled font is monospaced")
        XCTAssertEqual(mono.familyName, "DejaVu Sans Mono", "fonts-dejavu-core's monospaced family")
        XCTAssertEqual(fonts.face(family: "serif")?.familyName, "DejaVu Serif")
        XCTAssertEqual(fonts.face(family: "sans-serif")?.familyName, "Noto Sans", "the collection's own faces first")
        // Bundled names come first, even when an installed font has the same family.
        XCTAssertTrue(fonts.faces.contains { $0 === fonts.face(family: "Noto Sans") })
        // A misspelt family is an error, not Fontconfig's nearest substitute.
        XCTAssertNil(fonts.face(family: "DejaVu Sanz"))
        XCTAssertThrowsError(try Typesetter(fonts: fonts).prepare("x", style: TextStyle(font: "DejaVu Sanz"))) { error in
            XCTAssertEqual(error as? TypesetError, .unknownFontFamily("DejaVu Sanz"))
            XCTAssertTrue(error.localizedDescription.contains("DejaVu Sanz"), error.localizedDescription)
        }
    }
}
