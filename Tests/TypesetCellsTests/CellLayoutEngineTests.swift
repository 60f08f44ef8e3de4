import XCTest
import Typeset
import TypesetEntities
import TypesetCells
import TypesetTestSupport

/// The layout rules on small hand-made templates: rows and fill sharing,
/// priorities, fractions, aspect ratios, alignment on the grid, minimum
/// heights, prepared cells and errors.
final class CellLayoutEngineTests: XCTestCase {
    let engine = CellTests.engine
    let style = CellTextStyle(font: ["Noto Sans"], size: 15)

    func testFillChildrenShareWhatFixedChildrenLeave() throws {
        let t = try CellTemplate(name: "t", root: .row("row", spacing: 10, [
            .box("a", width: 50, height: 10),
            .box("b", height: .points(10)),
            .box("c", height: .points(20)),
        ]).padding(5))
        let l = try engine.layout(t, for: CellData(id: 1), width: 200, scale: 1)
        XCTAssertEqual(try CellTests.frame(l, "a"), LayoutRect(x: 5, y: 5, width: 50, height: 10))
        // 190 inner − 50 − two gaps of 10 = 120, shared 60 / 60.
        XCTAssertEqual(try CellTests.frame(l, "b"), LayoutRect(x: 65, y: 5, width: 60, height: 10))
        XCTAssertEqual(try CellTests.frame(l, "c"), LayoutRect(x: 135, y: 5, width: 60, height: 20))
        XCTAssertEqual(l.height, 30)
    }

    /// Right to left (CSS `direction: rtl` on the root): rows run from the
    /// right and a column's start is its right edge, paddings stay on their
    /// physical sides, texts keep their own direction inside their frames.
    func testRightToLeftCellsMirrorAboutTheWidth() throws {
        let root = CellElement.column("cell", [
            .row("row", spacing: 5, [.box("a", width: 20, height: 10), .box("b", width: 40, height: 10)]),
            .text("label", literal: "Hi", style: style),
        ]).padding(CellInsets(top: 0, left: 10, bottom: 0, right: 30))
        let ltr = try CellTemplate(name: "ltr", root: root)
        let rtl = try CellTemplate(name: "rtl", root: root, direction: .rightToLeft)
        let perModel = try CellTemplate(name: "model", root: root, direction: .modelKey("dir"))
        let l = try engine.layout(ltr, for: CellData(id: 1), width: 200, scale: 1)
        XCTAssertEqual(try CellTests.frame(l, "a").x, 10)
        XCTAssertEqual(try CellTests.frame(l, "b").x, 35)
        XCTAssertEqual(try CellTests.frame(l, "label").x, 10)
        for (template, model) in [(rtl, CellData(id: 1)), (perModel, CellData(id: 2, texts: ["dir": "rtl"]))] {
            let r = try engine.layout(template, for: model, width: 200, scale: 1)
            // The content box is still [10, 170]: the row starts at its right edge.
            XCTAssertEqual(try CellTests.frame(r, "a"), LayoutRect(x: 150, y: 0, width: 20, height: 10))
            XCTAssertEqual(try CellTests.frame(r, "b"), LayoutRect(x: 105, y: 0, width: 40, height: 10))
            // A hugging text sits at the column's start, now its right edge; its line starts its frame.
            let label = try CellTests.frame(r, "label")
            XCTAssertEqual(label.x + label.width, 170, accuracy: 1)
            XCTAssertEqual(r.frame(named: "row")?.x, 10)
        }
        let notRTL = try engine.layout(perModel, for: CellData(id: 3, texts: ["dir": "ltr"]), width: 200, scale: 1)
        XCTAssertEqual(try CellTests.frame(notRTL, "a").x, 10)
        // JSON: "rtl", "ltr" or {"key": k}; anything else names the problem.
        let json = #"{"name": "t", "direction": {"key": "dir"}, "root": {"kind": "box", "name": "b", "height": 4}}"#
        XCTAssertEqual(try CellTemplate(json: Data(json.utf8)).direction, .modelKey("dir"))
        XCTAssertEqual(try CellTemplate(json: try rtl.jsonData()).direction, .rightToLeft)
        XCTAssertThrowsError(try CellTemplate(json: Data(#"{"direction": "up", "root": {"kind": "box", "height": 4}}"#.utf8)))
    }

    func testUnevenFillSharesStayOnTheGrid() throws {
        let t = try CellTemplate(name: "t", root: .row([
            .box("a", height: .points(1)), .box("b", height: .points(1)), .box("c", height: .points(1)),
        ]))
        for scale in CellTests.scales {
            let l = try engine.layout(t, for: CellData(id: 1), width: 100, scale: scale)
            CellTests.assertOnGrid(l)
            let widths = try ["a", "b", "c"].map { try CellTests.frame(l, $0).width }
            XCTAssertEqual(widths.reduce(0, +), 100, accuracy: 1e-9)
            XCTAssertEqual(try CellTests.frame(l, "c").maxX, 100, accuracy: 1e-9)
        }
    }

    func testPriorityDecidesWhoIsMeasuredFirst() throws {
        let long = String(repeating: "wide ", count: 40)
        func template(_ first: Int, _ second: Int) throws -> CellTemplate {
            try CellTemplate(name: "t", root: .row([
                .text("x", key: "x", style: style, singleLine: true).priority(first),
                .text("y", key: "y", style: style, singleLine: true).priority(second),
            ]))
        }
        let model = CellData(id: 1, texts: ["x": long, "y": long])
        let xFirst = try engine.layout(try template(1, 0), for: model, width: 300, scale: 1)
        let x1 = try CellTests.frame(xFirst, "x"), y1 = try CellTests.frame(xFirst, "y")
        XCTAssertGreaterThan(x1.width, 250, "measured first, x takes nearly everything")
        XCTAssertEqual(xFirst.text(named: "x")?.isTruncated, true)
        XCTAssertEqual(y1.width, 300 - x1.width, "y gets the rest")
        XCTAssertEqual(y1.x, x1.maxX)
        let yFirst = try engine.layout(try template(0, 1), for: model, width: 300, scale: 1)
        let x2 = try CellTests.frame(yFirst, "x"), y2 = try CellTests.frame(yFirst, "y")
        XCTAssertGreaterThan(y2.width, 250)
        XCTAssertEqual(x2.width, 300 - y2.width)
        XCTAssertEqual(x2.x, 0, "frames keep document order")
        XCTAssertEqual(y2.x, x2.maxX)
    }

    func testAspectRatioBoxes() throws {
        let t = try CellTemplate(name: "t", root: .column(spacing: 8, [
            .box("fixed", height: .aspectRatio(16.0 / 9)),
            .box("image", height: .aspectRatioKey("ratio")),
            .box("after", height: .points(10)),
        ]))
        for scale in CellTests.scales {
            let with = try engine.layout(t, for: CellData(id: 1, numbers: ["ratio": 1.5]), width: 301, scale: scale)
            CellTests.assertOnGrid(with)
            // Heights in 1/64 px (169.3125, 200.65625), each edge snapped.
            let fixed: Double = (301.0 * 9 / 16 * 64).rounded(.down) / 64
            let image: Double = (301.0 / 1.5 * 64).rounded(.down) / 64
            XCTAssertEqual(try CellTests.frame(with, "fixed").height, CellTests.snap(fixed, scale))
            XCTAssertEqual(try CellTests.frame(with, "image").maxY, CellTests.snap(fixed + 8 + image, scale), accuracy: 1e-9)
            let without = try engine.layout(t, for: CellData(id: 2), width: 301, scale: scale)
            XCTAssertNil(without.frame(named: "image"), "no ratio, no image")
            XCTAssertEqual(try CellTests.frame(without, "after").y, try CellTests.frame(without, "fixed").maxY + 8)
            let fromText = try engine.layout(t, for: CellData(id: 3, texts: ["ratio": "2"]), width: 301, scale: scale)
            XCTAssertEqual(try CellTests.frame(fromText, "image").maxY, CellTests.snap(fixed + 8 + 150.5, scale), accuracy: 1e-9)
        }
    }

    func testCentredChildrenAreRoundedToTheGrid() throws {
        let t = try CellTemplate(name: "t", root: .row("row", alignment: .center, [
            .box("tall", width: 10, height: 31),
            .box("short", width: 10, height: 10),
        ]))
        XCTAssertEqual(try CellTests.frame(try engine.layout(t, for: CellData(id: 1), width: 100, scale: 1), "short").y, 11)  // 10.5 → 11
        XCTAssertEqual(try CellTests.frame(try engine.layout(t, for: CellData(id: 1), width: 100, scale: 2), "short").y, 10.5)
        let c = try CellTemplate(name: "c", root: .column([.box("b", width: 33, height: 1).alignSelf(.center)]))
        XCTAssertEqual(try CellTests.frame(try engine.layout(c, for: CellData(id: 1), width: 100, scale: 3), "b").x, 101.0 / 3, accuracy: 1e-9)  // 100.5 → 101
        XCTAssertEqual(try CellTests.frame(try engine.layout(c, for: CellData(id: 1), width: 100, scale: 1), "b").x, 34)  // 33.5 → 34
    }

    func testConditionsAndMinimumHeights() throws {
        let t = try CellTemplate(name: "t", root: .column(spacing: 6, [
            .text("title", key: "title", style: style),
            .box("badge", width: 20, height: 20).visible(when: .present("verified")),
            .box("placeholder", width: 20, height: 20).visible(when: .absent("title")),
            .text("note", key: "note", style: style).minHeight(44).spacingBefore(2),
        ]), minHeight: 10)
        let a = try engine.layout(t, for: CellData(id: 1, texts: ["title": "Hi", "verified": "yes", "note": "n"]), width: 200, scale: 1)
        XCTAssertEqual(a.frames.map(\.name), ["title", "badge", "note"])
        XCTAssertEqual(try CellTests.frame(a, "badge").y, 26)
        XCTAssertEqual(try CellTests.frame(a, "note"), LayoutRect(x: 0, y: 48, width: try CellTests.frame(a, "note").width, height: 44))
        XCTAssertEqual(a.height, 92)
        let b = try engine.layout(t, for: CellData(id: 2), width: 200, scale: 1)
        XCTAssertEqual(b.frames.map(\.name), ["placeholder"])
        XCTAssertEqual(b.height, 20)
        let empty = try CellTemplate(name: "e", root: .column([.text("x", key: "x")]), minHeight: 10.2)
        XCTAssertEqual(try engine.layout(empty, for: CellData(id: 3), width: 100, scale: 2).height, 10.5)
        XCTAssertTrue(try engine.layout(empty, for: CellData(id: 3), width: 100, scale: 2).frames.isEmpty)
    }

    func testKeptEmptyTextAndLiteralTexts() throws {
        let t = try CellTemplate(name: "t", root: .column([
            .text("kept", key: "missing", style: style).textOptions { $0.omitWhenEmpty = false },
            .text("label", literal: "Label", style: style),
        ]))
        let l = try engine.layout(t, for: CellData(id: 1), width: 100, scale: 1)
        XCTAssertTrue(l.isPresent("kept"))
        XCTAssertEqual(try CellTests.frame(l, "label").height, 20)
        XCTAssertEqual(l.text(named: "label")?.lineCount, 1)
    }

    func testPreparedCellsLayOutAtAnyWidthWithoutShaping() throws {
        let typesetter = Typesetter(fonts: Fixtures.fonts)
        let engine = CellLayoutEngine(typesetter: typesetter)
        let model = FeedPostTemplate.model(id: 1, name: "Ada", handle: "@ada", time: "1h", body: CellTests.longBody)
        let prepared = try engine.prepare(CellTests.feedPost, for: model, scale: 2)
        XCTAssertEqual(prepared.modelID, 1)
        XCTAssertEqual(prepared.scale, 2)
        XCTAssertEqual(prepared.version, model.version)
        XCTAssertEqual(prepared.preparedTextCount, 5, "name, handle, time, body and the marker; no link title")
        XCTAssertGreaterThan(prepared.byteCount, 1000)
        let shaped = typesetter.preparedTexts.count
        for width in stride(from: 300.0, through: 900, by: 25) {
            let fromPrepared = try engine.layout(CellTests.feedPost, prepared: prepared, width: width, scale: 2)
            XCTAssertEqual(fromPrepared, try CellTests.engine.layout(CellTests.feedPost, for: model, width: width, scale: 2))
        }
        XCTAssertEqual(typesetter.preparedTexts.count, shaped)
        XCTAssertThrowsError(try engine.layout(CellTests.chatBubble, prepared: prepared, width: 300, scale: 2)) {
            XCTAssertEqual($0 as? CellLayoutError, .preparedForAnotherTemplate(expected: "chat-bubble", found: "feed-post"))
        }
        // Its texts are shaped at 2x: laying it out at another scale is an error, not a wrong answer.
        XCTAssertThrowsError(try engine.layout(CellTests.feedPost, prepared: prepared, width: 300, scale: 3)) {
            XCTAssertEqual($0 as? CellLayoutError, .preparedAtAnotherScale(prepared: 2, requested: 3))
        }
    }

    func testFixedLabelsArePreparedOnce() throws {
        let typesetter = Typesetter(fonts: Fixtures.fonts)
        let engine = CellLayoutEngine(typesetter: typesetter)
        let t = try CellTemplate(name: "t", root: .column([.text("label", literal: "Follow", style: style), .text("x", key: "x")]))
        _ = try engine.layout(t, for: CellData(id: 1, texts: ["x": "a"]), width: 100, scale: 1)
        let after = typesetter.preparedTexts.count
        _ = try engine.layout(t, for: CellData(id: 2, texts: ["x": "b"]), width: 100, scale: 1)
        XCTAssertEqual(typesetter.preparedTexts.count, after + 1, "only the model's text is shaped again")
    }

    func testBadInputsAreTypedErrors() throws {
        let model = CellData(id: 1)
        XCTAssertThrowsError(try engine.layout(CellTests.feedPost, for: model, width: .nan, scale: 1)) {
            guard case .invalidWidth = $0 as? TypesetError else { return XCTFail("\($0)") }
        }
        XCTAssertThrowsError(try engine.layout(CellTests.feedPost, for: model, width: 100, scale: -2)) {
            XCTAssertEqual($0 as? TypesetError, .invalidScale(-2))
        }
        let t = try CellTemplate(name: "t", root: .text("t", key: "t", style: CellTextStyle(font: ["Missing Family"])))
        XCTAssertThrowsError(try engine.layout(t, for: CellData(id: 1, texts: ["t": "x"]), width: 100, scale: 1)) {
            XCTAssertEqual($0 as? TypesetError, .unknownFontFamily("Missing Family"))
        }
        // An empty text is omitted before any font is looked up.
        XCTAssertEqual(try engine.layout(t, for: CellData(id: 1), width: 100, scale: 1).height, 0)
    }

    func testZeroWidthAndHugeWidths() throws {
        for width in [0.0, 1, 100_000] {
            let l = try engine.layout(CellTests.feedPost, for: FeedPostTemplate.model(id: 1, name: "Ada", handle: "@a", time: "1h", body: "Hello"),
                                      width: width, scale: 3)
            CellTests.assertOnGrid(l)
            XCTAssertGreaterThan(l.height, 0)
        }
    }
}
