import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Typeset
import TypesetEntities
import TypesetTestSupport
import XCTest

/// `measure render`: the SVG must be well-formed and draw every glyph.
final class RenderCommandTests: XCTestCase {
    /// The elements of an SVG document, in order, with their attributes and text.
    final class SVGElements: NSObject, XMLParserDelegate {
        struct Element { var name: String; var attributes: [String: String]; var text = ""; var parent: Int? }
        var elements: [Element] = []
        var stack: [Int] = []
        var error: Error?

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            elements.append(Element(name: name, attributes: attributes, parent: stack.last))
            stack.append(elements.count - 1)
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let i = stack.last { elements[i].text += string }
        }
        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) { error = parseError }

        func named(_ name: String) -> [Element] { elements.filter { $0.name == name } }
        /// The text of the <title> children of elements named `name`.
        func titles(of name: String) -> [String] {
            elements.filter { $0.name == "title" && $0.parent.map { elements[$0].name == name } == true }.map(\.text)
        }
    }

    static func parse(_ data: Data, file: StaticString = #filePath, line: UInt = #line) -> SVGElements {
        let parser = XMLParser(data: data)
        let elements = SVGElements()
        parser.delegate = elements
        let ok = parser.parse()
        XCTAssertTrue(ok, "SVG is not well-formed XML: \(String(describing: elements.error ?? parser.parserError))\n"
                      + String(decoding: data.prefix(3000), as: UTF8.self), file: file, line: line)
        return elements
    }

    /// Glyphs with an outline, and colour bitmap glyphs, of the same layout in process.
    static func glyphCounts(_ text: String, families: [String] = ["Noto Sans"], size: Double = 15, width: Double?)
        throws -> (outlined: Int, bitmap: Int) {
        let style = TextStyle(font: FontStack(families: families), size: size)
        let layout = try Fixtures.typesetter.prepare(text, style: style).layout(width: width)
        var outlined = 0, bitmap = 0
        for line in layout.lines {
            for run in layout.visualRuns(of: line) {
                for g in layout.glyphs(of: run, on: line) {
                    if run.face.isColorBitmap { bitmap += 1 }
                    else if !run.face.svgPath(glyph: g.glyphID, size: run.fontSize).isEmpty { outlined += 1 }
                }
            }
        }
        return (outlined, bitmap)
    }

    func temporaryFile(_ ext: String) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("measure-cli-\(UUID().uuidString).\(ext)")
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// `--runs`: each span is drawn in its own face and size, and the SVG
    /// names them (a group per visual run with `data-font`, `data-size`).
    func testRunsAreDrawnInTheirFacesAndSizes() throws {
        let out = temporaryFile("svg")
        let r = try CLI.run(["render", "Today we open", "--size", "15", "--line-height", "21", "--out", out.path,
                             "--runs", #"[{"start": 0, "end": 5, "font_size": 24, "font_weight": 700}, {"start": 9, "end": 13, "font_style": "italic"}]"#])
        XCTAssertEqual(r.status, 0, r.summary)
        let groups = Self.parse(try Data(contentsOf: out)).named("g").filter { $0.attributes["data-font"] != nil }
        let named = groups.map { "\($0.attributes["data-font"]!) \($0.attributes["data-size"]!)" }
        XCTAssertEqual(named, ["Noto Sans Bold 24", "Noto Sans Regular 15", "Noto Sans Italic 15"])
        let bad = try CLI.run(["render", "Today", "--out", out.path, "--runs", #"[{"start": 3, "end": 9}]"#])
        XCTAssertEqual(bad.status, 2, "a run outside the text is a usage error")
        XCTAssertTrue(bad.stderr.contains("run 0"), bad.stderr)
    }

    func testSVGHasOnePathPerOutlinedGlyph() throws {
        let text = "Hello world, مرحبا 你好 ok"
        let out = temporaryFile("svg")
        let r = try CLI.run(["render", text, "--size", "15", "--width", "120", "--out", out.path])
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(r.stdout, "", "the SVG goes to the file")
        let data = try Data(contentsOf: out)
        let svg = Self.parse(data)

        let expected = try Self.glyphCounts(text, width: 120)
        XCTAssertEqual(svg.named("path").count, expected.outlined)
        // At least one per visible character of the Latin part ("Helloworld,ok").
        XCTAssertGreaterThanOrEqual(svg.named("path").count, 13 + 5 + 2)
        XCTAssertTrue(svg.named("path").allSatisfy {
            !($0.attributes["d"] ?? "").isEmpty && ($0.attributes["transform"] ?? "").hasPrefix("translate(")
        })

        // The root: size = zoom (2) × viewBox; a white background; the title holds the text.
        let root = try XCTUnwrap(svg.elements.first)
        XCTAssertEqual(root.name, "svg")
        XCTAssertEqual(root.attributes["xmlns"], "http://www.w3.org/2000/svg")
        let viewBox = (root.attributes["viewBox"] ?? "").split(separator: " ").compactMap { Double($0) }
        XCTAssertEqual(viewBox.count, 4)
        XCTAssertEqual(Double(root.attributes["width"] ?? ""), viewBox.count == 4 ? viewBox[2] * 2 : nil)
        XCTAssertEqual(Double(root.attributes["height"] ?? ""), viewBox.count == 4 ? viewBox[3] * 2 : nil)
        XCTAssertGreaterThan(viewBox.count == 4 ? viewBox[2] : 0, 120, "the width limit fits in the picture")
        XCTAssertEqual(svg.titles(of: "svg"), [text])
        XCTAssertEqual(svg.named("rect").first?.attributes["fill"], "#ffffff")

        // Per line a box and a baseline, and the dashed width limit.
        let layout = try Fixtures.typesetter.prepare(text, style: Fixtures.style()).layout(width: 120)
        XCTAssertEqual(svg.named("line").count, layout.lines.count + 1)
        XCTAssertEqual(svg.named("line").filter { $0.attributes["stroke-dasharray"] != nil }.map { $0.attributes["x1"] }, ["120"])
        XCTAssertEqual(Set(svg.named("line").filter { $0.attributes["stroke-dasharray"] == nil }.compactMap { $0.attributes["y1"] }),
                       Set(layout.lines.map { RenderCommandTests.format($0.baseline) }))
    }

    func testEmojiPlaceholdersEntitiesAndEscaping() throws {
        let text = "<b>&'\"\u{1} #swift @jack 👋🏽 example.com/a?b=1&c=2 $TSLA 😂"
        let r = try CLI.run(["render", text, "--width", "150", "--entities", "--out", "-"])
        XCTAssertEqual(r.status, 0, r.summary)
        let svg = Self.parse(r.stdoutData)
        XCTAssertEqual(svg.titles(of: "svg"), ["<b>&'\"\u{FFFD} #swift @jack 👋🏽 example.com/a?b=1&c=2 $TSLA 😂"],
                       "markup escaped, a control character replaced")

        let counts = try Self.glyphCounts(text, width: 150)
        XCTAssertEqual(svg.named("path").count, counts.outlined)
        // Colour emoji have no outline: one placeholder each, titled with the cluster.
        let placeholders = svg.named("rect").filter { $0.attributes["rx"] != nil }
        XCTAssertEqual(placeholders.count, counts.bitmap)
        XCTAssertEqual(svg.titles(of: "rect").filter { !$0.contains(":") }, ["👋🏽", "😂"])

        // Entities: one rectangle per piece the layout gives, titled "kind: text".
        let layout = try Fixtures.typesetter.prepare(text, style: Fixtures.style()).layout(width: 150)
        let entities = EntityDetector().entities(in: text)
        XCTAssertEqual(entities.map(\.kind), [.hashtag, .mention, .url, .cashtag])
        let expectedRects = entities.flatMap { e in layout.rects(forUTF16Range: e.utf16Range).map { _ in e } }
        let utf16 = Array(text.utf16)
        XCTAssertEqual(svg.titles(of: "rect").filter { $0.contains(":") },
                       expectedRects.map { e in "\(e.kind.rawValue): " + String(decoding: utf16[e.utf16Range], as: UTF16.self) })
        XCTAssertGreaterThan(expectedRects.count, entities.count, "the URL wraps onto two lines: two rectangles")
        XCTAssertTrue(svg.titles(of: "rect").contains("url: example.com/a?b=1&c=2"))
    }

    func testTruncatedLineDrawsTheEllipsis() throws {
        let text = "one two three four five six seven"
        let r = try CLI.run(["render", text, "--size", "15", "--width", "60", "--max-lines", "2", "--out", "-"])
        XCTAssertEqual(r.status, 0, r.summary)
        let svg = Self.parse(r.stdoutData)
        let paragraph = ParagraphStyle(maxLines: 2)
        let layout = try Fixtures.typesetter.prepare(text, style: Fixtures.style(), paragraph: paragraph).layout(width: 60)
        XCTAssertTrue(layout.isTruncated)
        let content = try Self.glyphCounts(layout.lines.map { layout.text(of: $0) }.joined(), width: nil).outlined
        // The visible content's glyphs and the ellipsis glyph.
        XCTAssertEqual(svg.named("path").count, content + 1)
        XCTAssertTrue(svg.named("desc").first?.text.contains("(truncated)") ?? false)
    }

    /// The ellipsis is drawn where `layout.truncation.ellipsisX` and
    /// `measure text --json` put it: on the left of a right-to-left cut
    /// line, its text on the right, nothing overlapping.
    func testRightToLeftCutLineDrawsTheEllipsisOnTheLeft() throws {
        let text = "שלום עולם זה טקסט ארוך מאוד שצריך לחתוך אותו"
        let args = [text, "--font", "Noto Sans Hebrew", "--size", "15", "--width", "100", "--max-lines", "1"]
        let json = try CLI.run(["text"] + args + ["--json"])
        let ellipsis = try XCTUnwrap(try JSON.object(json.lines.first ?? "")["ellipsis"] as? [String: Any])
        let x = try XCTUnwrap(JSON.double(ellipsis, "x")), width = try XCTUnwrap(JSON.double(ellipsis, "width"))
        XCTAssertLessThan(x, 1, "a right-to-left line's ellipsis is on the left")
        let r = try CLI.run(["render"] + args + ["--out", "-"])
        XCTAssertEqual(r.status, 0, r.summary)
        let svg = Self.parse(r.stdoutData)
        let group = try XCTUnwrap(svg.elements.firstIndex { $0.attributes["class"] == "ellipsis" })
        XCTAssertEqual(svg.elements[group].attributes["data-x"], Self.format(x))
        func isInEllipsis(_ i: Int) -> Bool {
            var p = svg.elements[i].parent
            while let k = p { if k == group { return true }; p = svg.elements[k].parent }
            return false
        }
        func originX(_ e: SVGElements.Element) -> Double {
            let t = e.attributes["transform"] ?? ""
            return Double(t.dropFirst("translate(".count).split(separator: " ").first ?? "") ?? .nan
        }
        let paths = svg.elements.indices.filter { svg.elements[$0].name == "path" }
        let dots = paths.filter(isInEllipsis).map { originX(svg.elements[$0]) }
        let letters = paths.filter { !isInEllipsis($0) }.map { originX(svg.elements[$0]) }
        XCTAssertFalse(dots.isEmpty)
        XCTAssertEqual(try XCTUnwrap(dots.min()), x, accuracy: 0.002)
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(letters.min()), x + width - 0.002, "no letter is drawn under the ellipsis")
    }

    /// `measure text` and `measure render` take `--attachments` as the batch
    /// protocol's array: the text makes room for each box, the SVG draws it.
    func testAttachmentsOnTheCommandLine() throws {
        let text = "Verified \u{FFFC} badge"
        let boxes = #"[{"offset": 9, "width": 16, "height": 16, "vertical_align": "middle"}]"#
        let json = try CLI.run(["text", text, "--attachments", boxes, "--json"])
        XCTAssertEqual(json.status, 0, json.summary)
        let frames = try XCTUnwrap(try JSON.object(json.lines.first ?? "")["attachments"] as? [[String: Any]])
        XCTAssertEqual(frames.count, 1)
        XCTAssertEqual(JSON.double(frames[0], "width"), 16)
        let r = try CLI.run(["render", text, "--attachments", boxes, "--out", "-"])
        XCTAssertEqual(r.status, 0, r.summary)
        let svg = Self.parse(r.stdoutData)
        let drawn = svg.elements.filter { $0.name == "rect" && $0.parent.map { svg.elements[$0].attributes["class"] == "attachments" } == true }
        XCTAssertEqual(drawn.map { $0.attributes["x"] }, [Self.format(try XCTUnwrap(JSON.double(frames[0], "x")))])
        let misplaced = try CLI.run(["text", "No box here", "--attachments", #"[{"offset": 3, "width": 16, "height": 16}]"#])
        XCTAssertEqual(misplaced.status, 2, misplaced.summary)
        XCTAssertTrue(misplaced.stderr.contains("U+FFFC"), misplaced.summary)
    }

    func testOptionsAndErrors() throws {
        let a = try CLI.run(["render", "Hi", "--out", "-", "--zoom", "1"])
        let b = try CLI.run(["render", "Hi", "--out", "-", "--zoom", "3"])
        XCTAssertEqual(a.status, 0, a.summary)
        let ra = try XCTUnwrap(Self.parse(a.stdoutData).elements.first), rb = try XCTUnwrap(Self.parse(b.stdoutData).elements.first)
        XCTAssertEqual(ra.attributes["viewBox"], rb.attributes["viewBox"], "zoom changes the displayed size only")
        XCTAssertEqual(Double(rb.attributes["width"] ?? "").map { $0 / 3 }, Double(ra.attributes["width"] ?? ""))

        let noWidth = Self.parse(a.stdoutData)
        XCTAssertTrue(noWidth.named("line").allSatisfy { $0.attributes["stroke-dasharray"] == nil }, "no limit, no dashed line")

        let unwritable = try CLI.run(["render", "Hi", "--out", "/nonexistent/dir/x.svg"])
        XCTAssertEqual(unwritable.status, 1, unwritable.summary)
        XCTAssertEqual(unwritable.stderr,
                       "measure: cannot write the picture /nonexistent/dir/x.svg: there is no directory /nonexistent/dir\n")
        let underAFile = try CLI.run(["render", "Hi", "--out", "/proc/self/status/x.svg"])
        XCTAssertEqual(underAFile.status, 1, underAFile.summary)
        XCTAssertTrue(underAFile.stderr.hasSuffix(": /proc/self/status is not a directory\n"), underAFile.summary)

        let unknownFont = try CLI.run(["render", "Hi", "--font", "No Such Family", "--out", "-"])
        XCTAssertEqual(unknownFont.status, 1, unknownFont.summary)
        XCTAssertEqual(unknownFont.stdout, "")
    }

    static func format(_ v: Double) -> String {
        let r = (v * 1000).rounded() / 1000
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}
