import Foundation
import XCTest
import Typeset
import TypesetEntities
import TypesetCells
import TypesetTestSupport

/// Cell descriptions: the JSON files equal the Swift templates, JSON round
/// trips, and every kind of mistake is an error that names it.
final class CellTemplateTests: XCTestCase {
    func file(_ name: String) -> URL {
        Fixtures.repositoryRoot.appendingPathComponent("examples/templates").appendingPathComponent(name)
    }

    func testJSONFilesEqualTheSwiftTemplates() throws {
        XCTAssertEqual(try CellTemplate(contentsOf: file("feed-post.json")), CellTests.feedPost)
        XCTAssertEqual(try CellTemplate(contentsOf: file("chat-bubble.json")), CellTests.chatBubble)
        XCTAssertEqual(try CellTemplate(contentsOf: file("notification.json")), CellTests.notification)
    }

    func testJSONAndSwiftTemplatesLayOutTheSameAndSampleModelsLoad() throws {
        for (name, swift) in [("feed-post", CellTests.feedPost), ("chat-bubble", CellTests.chatBubble),
                              ("notification", CellTests.notification)] {
            let json = try CellTemplate(contentsOf: file("\(name).json"))
            let lines = try String(contentsOf: file("\(name).jsonl"), encoding: .utf8).split(separator: "\n")
            var laidOut = 0
            for (i, line) in lines.enumerated() {
                guard let model = try? CellData(json: Data(line.utf8), defaultID: .int(i)) else { continue }
                let a = try CellTests.engine.layout(json, for: model, width: 390, scale: 3)
                let b = try CellTests.engine.layout(swift, for: model, width: 390, scale: 3)
                XCTAssertEqual(a.height, b.height)
                XCTAssertEqual(a.frames.map(\.name), b.frames.map(\.name))
                XCTAssertEqual(a.frames.map(\.rect), b.frames.map(\.rect))
                laidOut += 1
            }
            XCTAssertGreaterThanOrEqual(laidOut, 3, name)
        }
    }

    func testEncodingRoundTrips() throws {
        for t in [CellTests.feedPost, CellTests.chatBubble, CellTests.notification] {
            let again = try CellTemplate(json: try t.jsonData())
            XCTAssertEqual(again, t)
            XCTAssertEqual(again.frameNames, t.frameNames)
        }
        XCTAssertEqual(CellTests.feedPost.frameNames,
                       ["cell", "content", "avatar", "main", "header", "name", "handle", "time", "body", "more", "link",
                        "link_title", "actions"])
        XCTAssertEqual(CellTests.notification.textNames, ["message", "button_title"])
    }

    func testTextWrapIsATextField() throws {
        func headline(_ wrap: String) throws -> CellTemplate {
            try CellTemplate(json: Data("""
            {"root": {"kind": "column", "name": "cell", "alignment": "start", "children": [
              {"kind": "text", "name": "title", "key": "title", "text_wrap": "\(wrap)", "width": "longest_line",
               "style": {"font_size": 17, "font_family": "Noto Sans"}}]}}
            """.utf8))
        }
        let balanced = try headline("balance")
        XCTAssertEqual(try CellTemplate(json: try balanced.jsonData()), balanced)
        guard case .stack(let column) = balanced.root.content, case .text(let text) = column.children[0].content else {
            return XCTFail("not a column holding a text")
        }
        XCTAssertEqual(text.textWrap, .balance)
        let model = try CellData(json: Data(#"{"title": "Council approves the new riverside park after a two-year public consultation"}"#.utf8),
                                 defaultID: .int(0))
        let greedy = try CellTests.engine.layout(try headline("wrap"), for: model, width: 420, scale: 2)
        let even = try CellTests.engine.layout(balanced, for: model, width: 420, scale: 2)
        XCTAssertEqual(try CellTests.frame(even, "title").height, try CellTests.frame(greedy, "title").height)
        XCTAssertLessThan(try CellTests.frame(even, "title").width, try CellTests.frame(greedy, "title").width)
        XCTAssertThrowsError(try headline("stable"))
    }

    func testPartStylesOverrideTheTextStyle() throws {
        let t = try CellTemplate(json: Data("""
        {"root": {"kind": "text", "name": "t", "style": {"size": 17, "font": "Noto Sans"},
                  "parts": [{"key": "a", "style": {"weight": 700}}, {"text": " "}, {"key": "b"}]}}
        """.utf8))
        guard case .text(let text) = t.root.content else { return XCTFail("not a text") }
        XCTAssertEqual(text.parts[0].style, CellTextStyle(font: ["Noto Sans"], size: 17, weight: 700))
        XCTAssertNil(text.parts[1].style)
        XCTAssertEqual(text.style.size, 17)
        XCTAssertEqual(t.name, "template")
    }

    /// A style in the canonical spelling (the batch protocol's) and in the
    /// templates' former one decodes to one style.
    func testStyleFieldsReadInBothSpellings() throws {
        func style(_ json: String) throws -> CellTextStyle {
            try JSONDecoder().decode(CellTextStyle.self, from: Data(json.utf8))
        }
        let canonical = try style("""
        {"font_family": ["Noto Sans", "Noto Sans Arabic"], "font_size": 17, "font_weight": 700, "font_style": "italic",
         "letter_spacing": 0.5, "line_height": {"multiple": 1.5}, "color": "#536471"}
        """)
        let former = try style("""
        {"font": ["Noto Sans", "Noto Sans Arabic"], "size": 17, "weight": 700, "italic": true,
         "letter_spacing": 0.5, "line_height": {"multiple": 1.5}, "color": "#536471"}
        """)
        XCTAssertEqual(canonical, former)
        XCTAssertEqual(canonical, CellTextStyle(font: ["Noto Sans", "Noto Sans Arabic"], size: 17, weight: 700, italic: true,
                                                letterSpacing: 0.5, lineHeight: .multiple(1.5), color: "#536471"))
        XCTAssertEqual(try style(#"{"font_family": "Noto Sans", "font_style": "oblique", "line_height": 20}"#),
                       CellTextStyle(italic: true, lineHeight: .points(20)))
        XCTAssertEqual(try style(#"{"font_style": "normal", "line_height": null}"#), CellTextStyle())
        XCTAssertEqual(try style(#"{"italic": false, "line_height": "normal"}"#), CellTextStyle())
        // Both spellings in one template: a text style in one, a part's in the other.
        let t = try CellTemplate(json: Data("""
        {"root": {"kind": "text", "name": "t", "style": {"font_size": 17, "font_family": "Noto Sans"},
                  "parts": [{"key": "a", "style": {"weight": 700}}, {"key": "b", "style": {"font_style": "italic"}}]}}
        """.utf8))
        guard case .text(let text) = t.root.content else { return XCTFail("not a text") }
        XCTAssertEqual(text.parts[0].style, CellTextStyle(size: 17, weight: 700))
        XCTAssertEqual(text.parts[1].style, CellTextStyle(size: 17, italic: true))
    }

    /// Styles are written in the canonical spelling only.
    func testStylesEncodeTheCanonicalSpelling() throws {
        let style = CellTextStyle(font: ["Noto Sans"], size: 17, weight: 700, italic: true, lineHeight: .multiple(1.25))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: try JSONEncoder().encode(style)) as? [String: Any])
        XCTAssertEqual(Set(object.keys), ["font_family", "font_size", "font_weight", "font_style", "letter_spacing", "line_height"])
        XCTAssertEqual(object["font_style"] as? String, "italic")
        XCTAssertEqual((object["line_height"] as? [String: Any])?["multiple"] as? Double, 1.25)
        XCTAssertEqual(try JSONDecoder().decode(CellTextStyle.self, from: try JSONEncoder().encode(style)), style)
        let json = String(decoding: try CellTests.feedPost.jsonData(), as: UTF8.self)
        XCTAssertTrue(json.contains(#""font_family""#))
        for former in ["font", "size", "weight", "italic"] { XCTAssertFalse(json.contains("\"\(former)\""), former) }
    }

    /// A template style's `text_transform` and `word_spacing` reach the engine's style and round-trip.
    func testTextPropertiesAreStyleFields() throws {
        let json = #"{"font_family": ["Noto Sans"], "font_size": 15, "text_transform": "uppercase", "word_spacing": 3}"#
        let style = try JSONDecoder().decode(CellTextStyle.self, from: Data(json.utf8))
        XCTAssertEqual(style.textStyle.textTransform, .uppercase)
        XCTAssertEqual(style.textStyle.wordSpacing, 3)
        XCTAssertEqual(try JSONDecoder().decode(CellTextStyle.self, from: try JSONEncoder().encode(style)), style)
        let plain = try JSONDecoder().decode(CellTextStyle.self, from: Data(#"{"font_size": 15}"#.utf8))
        XCTAssertEqual(Set((try JSONSerialization.jsonObject(with: try JSONEncoder().encode(plain)) as! [String: Any]).keys)
            .intersection(["text_transform", "word_spacing"]), [])
        XCTAssertThrowsError(try JSONDecoder().decode(CellTextStyle.self, from: Data(#"{"text_transform": "loud"}"#.utf8))) {
            XCTAssertTrue("\($0)".contains("text_transform must be one of"), "\($0)")
        }
    }

    func testStyleFieldProblemsAreNamed() {
        expectJSONError(#"{"root": {"kind": "text", "key": "a", "style": {"font_size": 15, "size": 16}}}"#,
                        path: "root.style.size", contains: ["font_size and size are one field"])
        expectJSONError(#"{"root": {"kind": "text", "key": "a", "style": {"font_sise": 15}}}"#,
                        path: "root.style.font_sise", contains: ["unknown field", "font_size", "color"])
        expectJSONError(#"{"root": {"kind": "text", "key": "a", "style": {"font_weight": 1200}}}"#,
                        path: "root.style.font_weight", contains: ["font_weight must be between 1 and 1000"])
        expectJSONError(#"{"root": {"kind": "text", "key": "a", "style": {"size": "15"}}}"#,
                        path: "root.style.size", contains: [#"field "size" must be a number"#])
        expectJSONError(#"{"root": {"kind": "text", "key": "a", "style": {"font_style": "bold"}}}"#,
                        path: "root.style.font_style", contains: [#"not "bold""#])
        expectJSONError(#"{"root": {"kind": "text", "key": "a", "style": {"italic": "yes"}}}"#,
                        path: "root.style.italic", contains: ["true or false"])
        expectJSONError(#"{"root": {"kind": "text", "key": "a", "style": {"font_family": []}}}"#,
                        path: "root.style.font_family", contains: ["non-empty array"])
        expectJSONError(#"{"root": {"kind": "text", "key": "a", "style": {"line_height": {"multiple": 1.2, "x": 1}}}}"#,
                        path: "root.style.line_height", contains: [#"{"multiple": m}"#])
    }

    func expectJSONError(_ json: String, path: String, contains words: [String],
                         file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try CellTemplate(json: Data(json.utf8)), file: file, line: line) { error in
            guard case .invalidJSON(let p, let message) = error as? CellTemplateError else {
                return XCTFail("unexpected \(error)", file: file, line: line)
            }
            XCTAssertEqual(p, path, file: file, line: line)
            for w in words { XCTAssertTrue(message.contains(w), "\(message) lacks \(w)", file: file, line: line) }
            XCTAssertTrue("\(error)".contains(path), file: file, line: line)
        }
    }

    func testUnknownKindsAndFieldsAreNamed() {
        expectJSONError(#"{"root": {"kind": "column", "children": [{"kind": "text", "name": "a", "key": "a"}, {"kind": "boxx"}]}}"#,
                        path: "root.children[1].kind", contains: ["unknown element kind", "\"boxx\"", "text, box, row, column"])
        expectJSONError(#"{"root": {"kind": "box", "height": 4, "colour": "red"}}"#,
                        path: "root.colour", contains: ["unknown field", "\"colour\"", "box"])
        expectJSONError(#"{"root": {"kind": "text", "name": "a", "key": "a", "children": []}}"#,
                        path: "root.children", contains: ["unknown field", "text element"])
        expectJSONError(#"{"root": {"kind": "text", "name": "a", "key": "a", "style": {"size": 15, "wieght": 700}}}"#,
                        path: "root.style.wieght", contains: ["unknown field"])
        expectJSONError(#"{"root": {"name": "x"}}"#, path: "root", contains: ["kind"])
        expectJSONError(#"{"root": {"kind": "text", "name": "a", "key": "a", "text": "b"}}"#, path: "root", contains: ["exactly one"])
        expectJSONError(#"{"root": {"kind": "box", "name": "b"}}"#, path: "root", contains: ["height", "aspect_ratio"])
        expectJSONError(#"{"root": {"kind": "box", "height": 4, "width": "wide"}}"#, path: "root.width", contains: ["\"wide\""])
        expectJSONError(#"{"root": {"kind": "text", "name": "a", "key": "a", "align": "middle"}}"#,
                        path: "root.align", contains: ["\"middle\"", "center"])
        expectJSONError(#"{"root": {"kind": "box", "height": 4, "visible_when": {"shown": "x"}}}"#,
                        path: "root.visible_when.shown", contains: ["unknown field"])
        expectJSONError(#"{"root": {"kind": "box", "height": "tall"}}"#, path: "root.height", contains: ["number"])
        expectJSONError(#"{"name": "t", "root": {"kind": "box", "height": 1}, "extra": 1}"#, path: "extra", contains: ["unknown field"])
        expectJSONError(#"not json"#, path: "(top level)", contains: [])
    }

    func testChecksNameTheElementAtFault() {
        func expect(_ root: CellElement, _ expected: CellTemplateError, line: UInt = #line) {
            XCTAssertThrowsError(try CellTemplate(name: "t", root: root), line: line) {
                XCTAssertEqual($0 as? CellTemplateError, expected, line: line)
            }
        }
        expect(.column([.text("a", key: "a"), .text("a", key: "b")]), .duplicateName("a"))
        expect(.column([CellElement(name: nil, content: .text(CellText(parts: [.key("a")])))]),
               .unnamedText(element: "the text at root.children[0]"))
        expect(.box("b", width: 10, height: 10).padding(-1),
               .invalidValue(element: "element \"b\"", field: "padding top", value: -1, requirement: "finite and not negative"))
        expect(.box("b", height: .points(4)).width(.fraction(1.5)),
               .invalidValue(element: "element \"b\"", field: "width fraction", value: 1.5, requirement: "in (0, 1]"))
        expect(.box("b", height: .points(4)).maxWidth(.fill), .invalidMaxWidth(element: "element \"b\""))
        expect(.text("t", key: "t", maxLines: 0),
               .invalidValue(element: "element \"t\"", field: "max_lines", value: 0, requirement: "at least 1"))
        expect(.box("b", height: .aspectRatio(0)),
               .invalidValue(element: "element \"b\"", field: "aspect_ratio", value: 0, requirement: "finite and greater than 0"))
        expect(.text("t", parts: []), .emptyParts(element: "element \"t\""))
        expect(.column([.text("m", literal: "more").visible(when: .truncated("body"))]),
               .unknownElement(element: "element \"m\"", target: "body"))
        expect(.column([.box("body", height: .points(1)), .text("m", literal: "more").visible(when: .truncated("body"))]),
               .notAText(element: "element \"m\"", target: "body"))
        expect(.column([.text("m", literal: "more").visible(when: .truncated("body")), .text("body", key: "body")]),
               .conditionOrder(element: "element \"m\"", target: "body"))
        expect(.row([.text("body", key: "body", maxLines: 2), .text("m", literal: "more").visible(when: .truncated("body"))]),
               .conditionOrder(element: "element \"m\"", target: "body"))
        XCTAssertThrowsError(try CellTemplate(name: "t", root: .text("t", key: "t", style: CellTextStyle(size: .nan)))) {
            guard case .invalidValue(_, "style size", let v, _) = $0 as? CellTemplateError, v.isNaN else { return XCTFail("\($0)") }
        }
        XCTAssertThrowsError(try CellTemplate(name: "t", root: .box("b", height: .points(1)), minHeight: -3))
        // A text nested in a column after the text it watches is fine.
        XCTAssertNoThrow(try CellTemplate(name: "t", root: .column([
            .text("body", key: "body", maxLines: 2),
            .row([.text("m", literal: "more").visible(when: .truncated("body"))]),
        ])))
    }

    func testErrorMessagesReadWell() {
        XCTAssertEqual("\(CellTemplateError.duplicateName("a"))", "two elements are named \"a\"; names must be unique")
        XCTAssertEqual("\(CellTemplateError.invalidJSON(path: "root.kind", message: "unknown element kind \"boxx\""))",
                       "invalid template at root.kind: unknown element kind \"boxx\"")
        XCTAssertTrue("\(CellModelError.invalidField(name: "body", expected: "a string"))".contains("\"body\""))
    }

    func testJSONModels() throws {
        let m = try CellData(json: Data(#"{"id": "p1", "version": 3, "body": "hi", "ratio": 1.5, "flag": true, "off": false, "none": null}"#.utf8),
                             defaultID: 0)
        XCTAssertEqual(m.id, "p1")
        XCTAssertEqual(m.version, 3)
        XCTAssertEqual(m.text(for: "body"), "hi")
        XCTAssertEqual(m.number(for: "ratio"), 1.5)
        XCTAssertEqual(m.text(for: "flag"), "true")
        XCTAssertNil(m.text(for: "off"))
        XCTAssertNil(m.text(for: "none"))
        XCTAssertEqual(try CellData(json: Data(#"{"body": "x"}"#.utf8), defaultID: 7).id, 7)
        XCTAssertThrowsError(try CellData(json: Data(#"{"body": ["x"]}"#.utf8), defaultID: 0)) {
            XCTAssertEqual($0 as? CellModelError, .invalidField(name: "body", expected: "a string, a number, a boolean or null"))
        }
        XCTAssertThrowsError(try CellData(json: Data("[1]".utf8), defaultID: 0)) { XCTAssertEqual($0 as? CellModelError, .notAnObject) }
        XCTAssertThrowsError(try CellData(json: Data("{".utf8), defaultID: 0)) { XCTAssertEqual($0 as? CellModelError, .invalidJSON) }
        XCTAssertThrowsError(try CellData(json: Data(#"{"id": 1.5}"#.utf8), defaultID: 0))
    }
}
