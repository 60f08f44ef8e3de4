import Foundation
import Typeset
@testable import TypesetBatch
import TypesetCells
import TypesetTestSupport
import XCTest

/// The variable-font style fields (`font_stretch`, `font_variation_settings`,
/// `font_optical_sizing`) as requests, runs and cell templates read them.
final class VariableFontFieldsTests: XCTestCase {
    private func request(_ json: String) throws -> MeasureRequest {
        try JSONValueDecoder.decode(MeasureRequest.self, from: try JSONParser.parse(Array(json.utf8)[...]))
    }

    private func error(_ json: String) -> String {
        do { _ = try request(json); return "" } catch { return "\(error)" }
    }

    func testTheFieldsAreRead() throws {
        let r = try request(#"{"text": "x", "font_stretch": "75%", "font_variation_settings": "'wght' 650, \"GRAD\" 50", "font_optical_sizing": "none"}"#)
        XCTAssertEqual(r.stretch, 75)
        XCTAssertEqual(r.variations, [FontVariation("wght", 650), FontVariation("GRAD", 50)])
        XCTAssertEqual(r.opticalSizing, FontOpticalSizing.none)
        XCTAssertEqual(try request(#"{"text": "x", "font_stretch": 62.5}"#).stretch, 62.5)
        XCTAssertEqual(try request(#"{"text": "x", "font_stretch": "semi-expanded"}"#).stretch, 112.5)
        XCTAssertEqual(try request(#"{"text": "x", "font_variation_settings": {"wght": 300, "opsz": 12}}"#).variations,
                       [FontVariation("opsz", 12), FontVariation("wght", 300)])
        XCTAssertEqual(try request(#"{"text": "x", "font_variation_settings": "normal"}"#).variations, [])
        let run = try request(#"{"text": "xy", "runs": [{"start": 0, "end": 1, "font_stretch": 125}]}"#).runs[0]
        XCTAssertEqual(run.style.stretch, 125)
    }

    func testBadValuesNameTheField() {
        XCTAssertTrue(error(#"{"text": "x", "font_stretch": "wide"}"#).contains("font_stretch must be a percentage"))
        XCTAssertTrue(error(#"{"text": "x", "font_stretch": -5}"#).contains("font_stretch"))
        XCTAssertTrue(error(#"{"text": "x", "font_variation_settings": "wght 300"}"#).contains("quoted axis tag"))
        XCTAssertTrue(error(#"{"text": "x", "font_variation_settings": "'wg' 300"}"#).contains("four printable ASCII"))
        XCTAssertTrue(error(#"{"text": "x", "font_variation_settings": "'wght' heavy"}"#).contains("must be a number"))
        XCTAssertTrue(error(#"{"text": "x", "font_variation_settings": {"wght": "a"}}"#).contains("must be a number"))
        XCTAssertTrue(error(#"{"text": "x", "font_variation_settings": 3}"#).contains("CSS text"))
        XCTAssertTrue(error(#"{"text": "x", "font_optical_sizing": "yes"}"#).contains("\"auto\" or \"none\""))
    }

    func testTemplatesReadAndWriteThemOnlyWhenSet() throws {
        let json = #"{"font_family": "Inter", "font_stretch": 87.5, "font_variation_settings": "'wght' 650", "font_optical_sizing": "none"}"#
        let style = try JSONDecoder().decode(CellTextStyle.self, from: Data(json.utf8))
        XCTAssertEqual(style.textStyle.stretch, 87.5)
        XCTAssertEqual(style.textStyle.variations, [FontVariation("wght", 650)])
        XCTAssertEqual(style.textStyle.opticalSizing, FontOpticalSizing.none)
        let again = try JSONDecoder().decode(CellTextStyle.self, from: JSONEncoder().encode(style))
        XCTAssertEqual(again, style)
        let plain = String(decoding: try JSONEncoder().encode(CellTextStyle()), as: UTF8.self)
        XCTAssertFalse(plain.contains("font_stretch") || plain.contains("font_variation") || plain.contains("optical"), plain)
    }

    func testARequestIsSetAtTheInstance() throws {
        let dir = TestFonts.directory
        _ = try TestFonts.path("Inter-Variable.ttf")
        let t = Typesetter(fonts: try FontCollection(directory: dir))
        let files = FontFileCache(access: .off)
        let light = try request(#"{"text": "Lighter", "font_family": "Inter", "font_size": 20, "font_weight": 700, "font_variation_settings": {"wght": 300}}"#)
        // Chromium 156: 62.359375 px, as weight 300.
        XCTAssertEqual(try light.measure(with: t, files: files).exactWidth, 62.359375)
    }
}
