import Foundation
import Typeset
@testable import TypesetBatch
import TypesetCells
import TypesetTestSupport
import XCTest

/// Batch requests and cell templates read one set of text-style fields: the
/// canonical spelling (`font_family`, `font_size`, `font_weight`,
/// `font_style`, `letter_spacing`, `line_height`) and the templates' former
/// one (`font`, `size`, `weight`, `italic`).
final class StyleFieldsTests: XCTestCase {
    private func answer(_ request: String) -> String {
        var out: [UInt8] = []
        _ = BatchLines(typesetter: Fixtures.typesetter).answer(Array(request.utf8)[...], number: 1, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private func request(_ json: String) throws -> MeasureRequest {
        try JSONValueDecoder.decode(MeasureRequest.self, from: try JSONParser.parse(Array(json.utf8)[...]))
    }

    func testARequestReadsTheFormerSpellingToo() throws {
        let canonical = #"{"id": 1, "text": "Hello wide world", "width": 90, "font_family": ["Noto Sans"], "font_size": 20, "font_weight": 700, "font_style": "italic", "runs": [{"start": 0, "end": 5, "font_size": 12, "font_weight": 400, "font_style": "normal", "font_family": "Noto Sans"}]}"#
        let former = #"{"id": 1, "text": "Hello wide world", "width": 90, "font": ["Noto Sans"], "size": 20, "weight": 700, "italic": true, "runs": [{"start": 0, "end": 5, "size": 12, "weight": 400, "italic": false, "font": "Noto Sans"}]}"#
        let plain = #"{"id": 1, "text": "Hello wide world", "width": 90}"#
        XCTAssertTrue(answer(canonical).contains(#""height""#), answer(canonical))
        XCTAssertEqual(answer(former), answer(canonical))
        XCTAssertNotEqual(answer(plain), answer(canonical), "the fields were read")
        let r = try request(former)
        XCTAssertEqual([r.size, Double(r.weight)], [20, 700])
        XCTAssertTrue(r.italic)
        XCTAssertEqual(r.runs[0].style, TextStyleFields(families: ["Noto Sans"], size: 12, weight: 400, italic: false))
    }

    /// The same style object means the same style in a request and in a template.
    func testAStyleReadsAlikeInRequestsAndTemplates() throws {
        let fields = #""font_family": ["Noto Sans", "Noto Sans Arabic"], "font_size": 17, "font_weight": 600, "font_style": "oblique", "letter_spacing": 1.5, "line_height": {"multiple": 1.4}"#
        let r = try request(#"{"text": "x", \#(fields)}"#)
        let cell = try JSONDecoder().decode(CellTextStyle.self, from: Data("{\(fields)}".utf8)).textStyle
        XCTAssertEqual(TextStyle(font: FontStack(families: r.families), size: r.size, weight: r.weight, italic: r.italic,
                                 letterSpacing: r.letterSpacing, lineHeight: r.lineHeight), cell)
        XCTAssertEqual(r.lineHeight, .multiple(1.4), "requests read a multiple line height too")
        XCTAssertEqual(try request(#"{"text": "x", "line_height": null}"#).lineHeight, .normal)
        XCTAssertEqual(try request(#"{"text": "x", "line_height": 20}"#).lineHeight, .points(20))
    }

    func testStyleFieldProblemsAreNamed() {
        let cases: [(String, String)] = [
            (#"{"text": "x", "font_size": 15, "size": 16}"#, "font_size and size are one field"),
            (#"{"text": "x", "runs": [{"start": 0, "end": 1, "font": "Noto Sans", "font_family": "Noto Sans"}]}"#,
             "run 0: font_family and font are one field"),
            (#"{"text": "x", "weight": 0}"#, "weight must be between 1 and 1000"),
            (#"{"text": "x", "italic": "yes"}"#, #"field "italic" must be true or false"#),
            (#"{"text": "x", "font_style": "bold"}"#, #"font_style must be normal or italic, not "bold""#),
            (#"{"text": "x", "line_height": {"multiple": "big"}}"#, #"line_height must be a number of px, "normal", {"multiple": m} or null"#),
        ]
        for (line, message) in cases {
            let object = try? JSONSerialization.jsonObject(with: Data(answer(line).utf8)) as? [String: Any]
            let got = (object?["error"] as? [String: Any])?["message"] as? String ?? ""
            XCTAssertTrue(got.contains(message), "\(line) -> \(answer(line))")
        }
    }
}
