import XCTest
@testable import Typeset
import TypesetTestSupport

/// The font collection, matching, metrics and colour-bitmap advances.
final class FontTests: XCTestCase {
    /// A face's BMP coverage is set range by range: every bit of a range
    /// and none outside it, whatever word boundaries the range crosses.
    func testCoverageRangesSetExactlyTheirBits() {
        var random = SplitMix64(seed: 0xC0DE)
        for _ in 0..<500 {
            var bits = [UInt64](repeating: 0, count: 1024), expected = bits
            for _ in 0..<random.int(1...5) {
                let low = random.int(0...65535), high = min(65535, low + random.pick([0, 1, 62, 63, 64, 65, random.int(0...3000)]))
                FontFace.setBits(&bits, low...high)
                for c in low...high { expected[c >> 6] |= 1 << UInt64(c & 63) }
            }
            XCTAssertEqual(bits, expected)
        }
        // The bundled faces cover what they map: ASCII letters, and none maps U+FFFF.
        for face in Fixtures.fonts.faces where !face.isColorBitmap {
            XCTAssertTrue((0x41...0x5A).allSatisfy { face.covers(UInt32($0)) } || face.familyName.contains("Arabic")
                          || face.familyName.contains("Hebrew") || face.familyName.contains("Thai")
                          || face.familyName.contains("Devanagari"), face.description)
            XCTAssertFalse(face.covers(0xFFFF), face.description)
        }
    }

    func testBundledCollectionHasEveryFamily() {
        let families = Set(Fixtures.fonts.familyNames)
        for f in ["Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari", "Noto Sans Thai",
                  "Noto Sans CJK JP", "Noto Color Emoji"] {
            XCTAssertTrue(families.contains(f), "missing \(f)")
        }
    }

    func testWeightAndStyleMatching() throws {
        let fonts = Fixtures.fonts
        XCTAssertEqual(fonts.face(family: "noto sans", weight: 700)?.styleName, "Bold")
        XCTAssertEqual(fonts.face(family: "Noto Sans", weight: 400, italic: true)?.styleName, "Italic")
        XCTAssertEqual(fonts.face(family: "Noto Sans", weight: 800, italic: true)?.styleName, "Bold Italic")
        XCTAssertEqual(fonts.face(family: "Noto Sans", weight: 300)?.styleName, "Regular")
        XCTAssertNil(fonts.face(family: "Comic Sans"))
        XCTAssertThrowsError(try Fixtures.typesetter.prepare("x", style: TextStyle(font: "Comic Sans"))) { error in
            XCTAssertEqual(error as? TypesetError, .unknownFontFamily("Comic Sans"))
        }
    }

    func testNormalLineHeightsRoundEachMetric() {
        let sans = Fixtures.face(file: "NotoSans-Regular.ttf").metrics
        XCTAssertEqual(sans.rounded(atSize: 13).lineSpacing, 18)
        XCTAssertEqual(sans.rounded(atSize: 15).lineSpacing, 20)
        XCTAssertEqual(sans.rounded(atSize: 17).lineSpacing, 23)
        XCTAssertEqual(Fixtures.face(file: "NotoSansArabic-Regular.ttf").metrics.rounded(atSize: 15).lineSpacing, 32)
    }

    func testColorEmojiAdvanceComesFromTheBitmapStrike() throws {
        let emoji = Fixtures.face(file: "NotoColorEmoji.ttf")
        XCTAssertTrue(emoji.isColorBitmap)
        let layout = try Fixtures.typesetter.layout("😀", style: TextStyle(font: "Noto Color Emoji", size: 109), width: nil)
        XCTAssertEqual(layout.lines[0].width, 136, accuracy: 1.0 / 64)  // 136/109 em, not 2550/2048
    }

    func testHelloWorldMatchesChromium() throws {
        let layout = try Fixtures.typesetter.layout("Hello world", style: TextStyle(font: "Noto Sans", size: 15), width: 320)
        XCTAssertEqual(layout.lines.count, 1)
        XCTAssertEqual(layout.lines[0].width, 80.453125)
        XCTAssertEqual(layout.exactHeight, 20)
        let thin = try Fixtures.typesetter.layout("iiiiiiiiii", style: TextStyle(font: "Noto Sans", size: 13), width: nil)
        XCTAssertEqual(thin.lines[0].width, 33.546875)
    }

    func testFallbackGoesThroughBundledFontsInOrder() {
        let fonts = Fixtures.fonts
        XCTAssertEqual(fonts.fallbackFace(for: [0x0645], weight: 400, italic: false)?.familyName, "Noto Sans Arabic")
        XCTAssertEqual(fonts.fallbackFace(for: [0x6F22], weight: 400, italic: false)?.familyName, "Noto Sans CJK JP")
        XCTAssertEqual(fonts.fallbackFace(for: [0x1F600], weight: 400, italic: false)?.familyName, "Noto Color Emoji")
        // Digits never fall back to the emoji font, which also has them.
        XCTAssertEqual(fonts.fallbackFace(for: [0x31], weight: 400, italic: false)?.familyName, "Noto Sans")
        XCTAssertEqual(fonts.fallbackFace(for: [0x31], weight: 700, italic: false)?.styleName, "Bold")
        XCTAssertNil(fonts.fallbackFace(for: [0x10900], weight: 400, italic: false))  // Phoenician: nobody has it
    }
}
