import Typeset
import TypesetTestSupport
import XCTest

/// Variable fonts set at the instance a style asks for, checked against
/// Chromium 156 (each face given by `@font-face` with its `fvar` weight and
/// stretch ranges as descriptors). The fonts are Google Fonts' variable
/// files (see ``TestFonts``); the tests skip when they are absent.
final class VariableFontTests: XCTestCase {
    private static let flexFile = "RobotoFlex-Variable.ttf"

    private func typesetter(_ files: [String]) throws -> Typesetter {
        Typesetter(fonts: try FontCollection(paths: files.map(TestFonts.path)))
    }

    /// Natural width and `line-height: normal` height of one line.
    private func measure(_ t: Typesetter, _ text: String, _ style: TextStyle, scale: Double = 1) throws -> (Double, Double) {
        let prepared = try t.prepare(text, style: style, scale: scale)
        let layout = try prepared.layout(width: 10_000)
        return (prepared.naturalWidth, layout.exactHeight)
    }

    func testWeightSetsTheWghtAxis() throws {
        let t = try typesetter(["Inter-Variable.ttf"])
        let inter = TextStyle(font: "Inter", size: 16)
        XCTAssertEqual(try measure(t, "Save changes", inter).0, 105.203125)
        var semibold = inter
        semibold.weight = 600
        XCTAssertEqual(try measure(t, "Save changes", semibold).0, 107.53125)
        XCTAssertEqual(try measure(t, "Save changes", semibold, scale: 3).0, 107.52083587646484, accuracy: 1e-4)
    }

    func testADefaultInstanceOfBlackIsSetAtTheRequestedWeight() throws {
        // Fraunces's default instance is wght 900.
        let t = try typesetter(["Fraunces-Variable.ttf"])
        let (width, height) = try measure(t, "Quietly, the harbour", TextStyle(font: "Fraunces", size: 18))
        XCTAssertEqual(width, 169.421875)
        XCTAssertEqual(height, 23)
    }

    func testOpticalSizeFollowsTheCSSPixelSize() throws {
        let t = try typesetter([Self.flexFile])
        var style = TextStyle(font: "Roboto Flex", size: 40)
        XCTAssertEqual(try measure(t, "Headline text", style).0, 205.375)
        // At a device pixel ratio of 3 the optical size is still 40, not 120.
        XCTAssertEqual(try measure(t, "Headline text", style, scale: 3).0, 205.375)
        style.opticalSizing = .none
        XCTAssertEqual(try measure(t, "Headline text", style).0, 232.65625)
        var bold = TextStyle(font: "Roboto Flex", size: 16, weight: 700)
        XCTAssertEqual(try measure(t, "Notifications", bold).0, 95.6875)
        bold.variations = [FontVariation("wght", 400)]
        XCTAssertNotEqual(try measure(t, "Notifications", bold).0, 95.6875)
    }

    func testStretchSetsTheWdthAxis() throws {
        let t = try typesetter([Self.flexFile])
        let style = TextStyle(font: "Roboto Flex", size: 20, stretch: 75)
        XCTAssertEqual(try measure(t, "Condensed", style).0, 92.390625)
        XCTAssertEqual(try measure(t, "Condensed", style, scale: 3).0, 92.38021087646484, accuracy: 1e-4)
    }

    func testAttributedStringRunsCarryTheVariableFontProperties() throws {
        let t = try typesetter([Self.flexFile])
        var string = AttributedString("Condensed")
        string.typeset.fontStretch = 75
        let base = TextStyle(font: "Roboto Flex", size: 20)
        XCTAssertEqual(try t.prepare(string, baseStyle: base).naturalWidth, 92.390625)
        string.typeset.fontStretch = nil
        string.typeset.fontVariations = [FontVariation("wdth", 75)]
        XCTAssertEqual(try t.prepare(string, baseStyle: base).naturalWidth, 92.390625)
    }

    func testVariationSettingsComeLastAndUnknownAxesAreIgnored() throws {
        let t = try typesetter(["Inter-Variable.ttf"])
        let style = TextStyle(font: "Inter", size: 20, weight: 700, variations: [FontVariation("wght", 300)])
        XCTAssertEqual(try measure(t, "Lighter", style).0, 62.359375)
        var light = TextStyle(font: "Inter", size: 20, weight: 300)
        let plain = try measure(t, "Lighter", light).0
        XCTAssertEqual(plain, 62.359375)
        light.variations = [FontVariation("GRAD", 50), FontVariation("wdth", 75)]
        XCTAssertEqual(try measure(t, "Lighter", light).0, plain)
    }

    func testVariedAdvancesAreWholeUnitsRoundedAsChromiumRoundsThem() throws {
        // Inter at wght 450: HarfBuzz's own varied advances make "Sillily"
        // 105.921875 px at 48 px; Chromium's whole units, 106.03125.
        let t = try typesetter(["Inter-Variable.ttf"])
        let style = TextStyle(font: "Inter", size: 48, weight: 450)
        XCTAssertEqual(try measure(t, "Sillily", style).0, 106.03125)
    }

    func testInstancesAreSharedAndKeyTheWordCaches() throws {
        let inter = try FontFace(path: TestFonts.path("Inter-Variable.ttf"))
        let request = VariationRequest(weight: 600, opticalSize: 16)
        let a = inter.instance(request), b = inter.instance(request)
        XCTAssert(a === b)
        XCTAssertFalse(a === inter)
        XCTAssertEqual(a.variationCoordinates, [16, 600])
        // Requests the axes clamp alike share the instance.
        XCTAssert(inter.instance(VariationRequest(weight: 600, opticalSize: 40)) === inter.instance(VariationRequest(weight: 600, opticalSize: 32)))
        // The default instance is the face itself.
        XCTAssert(inter.instance(VariationRequest(weight: 400, opticalSize: 14)) === inter)
        // Values no style check passed (NaN, infinities) leave or clamp the axes, never trap.
        XCTAssertEqual(inter.variationCoordinates(for: VariationRequest(weight: .nan, opticalSize: .infinity,
                                                                        variations: [FontVariation("wght", -.infinity)])),
                       [32, 100])
        XCTAssertEqual(inter.variationCoordinates(for: VariationRequest(weight: .nan, opticalSize: .nan)), [14, 400])
        // A static face has no instances.
        let noto = Fixtures.face(file: "NotoSans-Regular.ttf")
        XCTAssert(noto.instance(VariationRequest(weight: 700, opticalSize: 16)) === noto)
        // One typesetter, two weights of one word: two answers (the word
        // cache keys by the instance, not by the face).
        let t = try typesetter(["Inter-Variable.ttf"])
        let w4 = try measure(t, "Save", TextStyle(font: "Inter", size: 16)).0
        let w6 = try measure(t, "Save", TextStyle(font: "Inter", size: 16, weight: 600)).0
        let w4again = try measure(t, "Save", TextStyle(font: "Inter", size: 16)).0
        XCTAssertNotEqual(w4, w6)
        XCTAssertEqual(w4, w4again)
    }
}
