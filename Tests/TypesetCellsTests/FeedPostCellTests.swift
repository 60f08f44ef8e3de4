import XCTest
import Typeset
import TypesetEntities
import TypesetCells
import TypesetTestSupport

/// The feed post template: frame arithmetic at several widths and scales,
/// omission, truncation with the "more" marker, entity rectangles, size.
final class FeedPostCellTests: XCTestCase {
    let template = CellTests.feedPost
    let engine = CellTests.engine

    /// Heights follow `24 + header L + 4 + L·lines [+ 4 + more L] [+ 8 + 16 + L·k] + 4 + actions 32`,
    /// L the 15 px line height at the scale (20, 20.5, 20.333 px at 1x, 2x, 3x).
    func testHeightArithmeticAtEveryWidthAndScale() throws {
        let body = "The Analytical Engine weaves #algebraic patterns just as the Jacquard loom weaves flowers and leaves. cc @babbage"
        let model = FeedPostTemplate.model(id: 1, name: "Ada Lovelace", handle: "@ada", time: "2h", body: body)
        for width in CellTests.widths {
            for scale in CellTests.scales {
                let layout = try engine.layout(template, for: model, width: width, scale: scale)
                CellTests.assertOnGrid(layout)
                let column = width - 24 - 48 - 12
                let lines = try CellTests.layout(body, FeedPostTemplate.regular, width: column, maxLines: 6, scale: scale).lines.count
                let lh = try CellTests.lineHeight(FeedPostTemplate.regular, scale: scale)
                XCTAssertEqual(layout.text(named: "body")?.lineCount, lines, "width \(width) scale \(scale)")
                XCTAssertEqual(layout.height, 24 + lh + 4 + lh * Double(lines) + 4 + 32, accuracy: 1e-9, "width \(width) scale \(scale)")
                let main = try CellTests.frame(layout, "main")
                XCTAssertEqual(main.x, 72)
                XCTAssertEqual(main.width, CellTests.snap(72 + column, scale) - 72, accuracy: 1e-9)
                XCTAssertEqual(try CellTests.frame(layout, "avatar"), LayoutRect(x: 12, y: 12, width: 48, height: 48))
                let body = try CellTests.frame(layout, "body")
                CellTests.assertEqual(body, CellTests.snapped(x: 72, y: 12 + lh + 4, width: column, height: lh * Double(lines), scale))
                let actions = try CellTests.frame(layout, "actions")
                CellTests.assertEqual(actions, CellTests.snapped(x: 72, y: body.maxY + 4, width: column, height: 32, scale))
                XCTAssertEqual(actions.maxY + 12, layout.height, accuracy: 1e-9)
                XCTAssertFalse(layout.isPresent("more"))
                XCTAssertFalse(layout.isPresent("link"))
            }
        }
    }

    func testShortPostHasExactHeights() throws {
        let model = FeedPostTemplate.model(id: 2, name: "Grace", handle: "@grace", time: "5h", body: "Short.")
        let layout = try engine.layout(template, for: model, width: 375, scale: 3)
        // 12 + 20⅓ + 4 + 20⅓ + 4 + 32 + 12: bold 15 px Noto Sans at 3x is
        // round(a·45) + round(d·45) = 61 device px, not 3 × 20.
        XCTAssertEqual(layout.height, 314.0 / 3, accuracy: 1e-9)
        XCTAssertEqual(try CellTests.frame(layout, "name").height, 61.0 / 3, accuracy: 1e-9)
        CellTests.assertEqual(try CellTests.frame(layout, "header"), LayoutRect(x: 72, y: 12, width: 291, height: 61.0 / 3))
        CellTests.assertEqual(try CellTests.frame(layout, "cell"), LayoutRect(x: 0, y: 0, width: 375, height: 314.0 / 3))
        let oneX = try engine.layout(template, for: model, width: 375, scale: 1)
        XCTAssertEqual(oneX.height, 104)  // 12 + 20 + 4 + 20 + 4 + 32 + 12
    }

    func testHeaderTruncatesTheNameFirstAndKeepsHandleAndTime() throws {
        let model = FeedPostTemplate.model(
            id: 3, name: "A very long display name that will certainly not fit in the header row",
            handle: "@long_handle_here", time: "1d", body: "Short.")
        for scale in CellTests.scales {
            let layout = try engine.layout(template, for: model, width: 375, scale: scale)
            CellTests.assertOnGrid(layout)
            let header = try CellTests.frame(layout, "header")
            let name = try CellTests.frame(layout, "name")
            let handle = try CellTests.frame(layout, "handle")
            let time = try CellTests.frame(layout, "time")
            let handleWidth = try CellTests.layout("@long_handle_here", FeedPostTemplate.secondary, width: nil, scale: scale).naturalWidth
            let timeWidth = try CellTests.layout("· 1d", FeedPostTemplate.secondary, width: nil, scale: scale).naturalWidth
            let lh = try CellTests.lineHeight(FeedPostTemplate.regular, scale: scale)
            // In exact units the name gets all that handle and time leave (CSS
            // flex-shrink), keeps that width when cut, and the time ends at
            // the header's end; each edge is then snapped.
            let nameWidth = 291 - 8 - handleWidth - timeWidth
            CellTests.assertEqual(name, CellTests.snapped(x: 72, y: 12, width: nameWidth, height: lh, scale))
            CellTests.assertEqual(handle, CellTests.snapped(x: 72 + nameWidth + 4, y: 12, width: handleWidth, height: lh, scale))
            CellTests.assertEqual(time, CellTests.snapped(x: 363 - timeWidth, y: 12, width: timeWidth, height: lh, scale))
            XCTAssertEqual(time.maxX, header.maxX, accuracy: 1e-9)
            let nameText = try XCTUnwrap(layout.text(named: "name"))
            XCTAssertTrue(nameText.isTruncated)
            XCTAssertEqual(nameText.lineCount, 1)
            XCTAssertTrue(nameText.lines[0].hasEllipsis)
            XCTAssertLessThanOrEqual(nameText.lines[0].width, name.width + 1.0 / 64)
        }
    }

    func testShortNameHugsAndHandleFollowsIt() throws {
        let model = FeedPostTemplate.model(id: 4, name: "Ada", handle: "@ada", time: "2h", body: "")
        let layout = try engine.layout(template, for: model, width: 390, scale: 2)
        let name = try CellTests.frame(layout, "name")
        let natural = try CellTests.layout("Ada", FeedPostTemplate.regular.bold, width: nil, scale: 2).contentWidth
        XCTAssertEqual(name.width, CellTests.ceil(natural, 2))
        XCTAssertEqual(try CellTests.frame(layout, "handle").x, name.maxX + 4)
        XCTAssertFalse(layout.text(named: "name")?.isTruncated ?? true)
    }

    func testEmptyBodyIsOmittedWithItsSpacing() throws {
        let model = FeedPostTemplate.model(id: 5, name: "Quiet", handle: "@quiet", time: "now", body: "")
        let layout = try engine.layout(template, for: model, width: 375, scale: 2)
        XCTAssertNil(layout.frame(named: "body"))
        XCTAssertNil(layout.text(named: "body"))
        // 15 px Noto Sans is 20.5 px tall at 2x.
        XCTAssertEqual(try CellTests.frame(layout, "actions").y, 12 + 20.5 + 4, "one gap between header and actions")
        XCTAssertEqual(layout.height, 80.5)  // 12 + 20.5 + 4 + 32 + 12
        XCTAssertFalse(layout.frames.contains { $0.name == "body" })
        // A model without the key at all is the same as an empty text.
        let missing = CellData(id: 5, texts: ["name": "Quiet", "handle": "@quiet", "time": "now"])
        XCTAssertEqual(try engine.layout(template, for: missing, width: 375, scale: 2).height, 80.5)
    }

    func testLinkPreviewAppearsOnlyWithATitle() throws {
        let title = "Nanoseconds, explained with a piece of wire: a lecture from 1982 that is still worth watching today"
        let with = FeedPostTemplate.model(id: 6, name: "Grace", handle: "@grace", time: "5h", body: "Short.", linkTitle: title)
        let without = FeedPostTemplate.model(id: 7, name: "Grace", handle: "@grace", time: "5h", body: "Short.")
        for scale in CellTests.scales {
            let a = try engine.layout(template, for: with, width: 375, scale: scale)
            let b = try engine.layout(template, for: without, width: 375, scale: scale)
            CellTests.assertOnGrid(a)
            let link = try CellTests.frame(a, "link")
            let body = try CellTests.frame(a, "body")
            let titleText = try XCTUnwrap(a.text(named: "link_title"))
            XCTAssertEqual(titleText.lineCount, 2)
            XCTAssertTrue(titleText.isTruncated, "the title is cut at 2 lines")
            // Two 15 px lines: 40 px at 1x, 41 at 2x, 40⅔ at 3x.
            let title2 = 2 * (try CellTests.lineHeight(FeedPostTemplate.regular, scale: scale))
            XCTAssertEqual(link.y, body.maxY + 8, accuracy: 1e-9, "spacing_before 8")
            XCTAssertEqual(link.height, 8 + title2 + 8, accuracy: 1e-9)
            CellTests.assertEqual(try CellTests.frame(a, "link_title"),
                                  LayoutRect(x: link.x + 8, y: link.y + 8, width: link.width - 16, height: title2))
            XCTAssertEqual(try CellTests.frame(a, "actions").y, link.maxY + 4, accuracy: 1e-9)
            XCTAssertEqual(a.height - b.height, 8 + 16 + title2, accuracy: 1e-9, "the card and its gap, nothing else")
            XCTAssertNil(b.frame(named: "link"))
            XCTAssertNil(b.frame(named: "link_title"))
        }
    }

    func testLongBodyIsCutAtSixLinesAndShowsMore() throws {
        let model = FeedPostTemplate.model(id: 8, name: "Ada", handle: "@ada", time: "2h", body: CellTests.longBody)
        for width in CellTests.widths {
            for scale in CellTests.scales {
                let layout = try engine.layout(template, for: model, width: width, scale: scale)
                CellTests.assertOnGrid(layout)
                let body = try XCTUnwrap(layout.text(named: "body"))
                XCTAssertEqual(body.lineCount, 6)
                XCTAssertTrue(body.isTruncated)
                XCTAssertTrue(body.lines[5].hasEllipsis)
                let lh = try CellTests.lineHeight(FeedPostTemplate.regular, scale: scale)
                XCTAssertEqual(body.frame.height, 6 * lh, accuracy: 1e-9)
                let more = try CellTests.frame(layout, "more")
                XCTAssertEqual(more.y, body.frame.maxY + 4, accuracy: 1e-9)
                XCTAssertEqual(more.height, lh, accuracy: 1e-9)
                let moreWidth = try CellTests.layout("Show more", FeedPostTemplate.marker, width: nil, scale: scale).naturalWidth
                XCTAssertEqual(more.width, CellTests.snap(72 + moreWidth, scale) - 72, accuracy: 1e-9)
                XCTAssertEqual(layout.height, 24 + lh + 4 + 6 * lh + 4 + lh + 4 + 32, accuracy: 1e-9)
            }
        }
    }

    func testSixLinesExactlyShowNoMarker() throws {
        // Find a body that fills exactly six lines at 375 px, then check the marker stays away.
        let words = CellTests.longBody.split(separator: " ")
        var body = ""
        for word in words {
            let next = body.isEmpty ? String(word) : body + " " + word
            if try CellTests.layout(next, FeedPostTemplate.regular, width: 291, scale: 2).lines.count > 6 { break }
            body = next
        }
        XCTAssertEqual(try CellTests.layout(body, FeedPostTemplate.regular, width: 291, scale: 2).lines.count, 6)
        let layout = try engine.layout(template, for: FeedPostTemplate.model(id: 9, name: "A", handle: "@a", time: "1m", body: body),
                                       width: 375, scale: 2)
        XCTAssertEqual(layout.text(named: "body")?.lineCount, 6)
        XCTAssertEqual(layout.text(named: "body")?.isTruncated, false)
        XCTAssertFalse(layout.isPresent("more"))
        XCTAssertEqual(layout.height, 24 + 20.5 + 4 + 6 * 20.5 + 4 + 32)
    }

    func testEntityRectanglesCoverHashtagsMentionsAndLinks() throws {
        let body = "#swift by @lattner see https://swift.org"
        let layout = try engine.layout(template, for: FeedPostTemplate.model(id: 10, name: "A", handle: "@a", time: "1m", body: body),
                                       width: 375, scale: 2)
        let text = try XCTUnwrap(layout.text(named: "body"))
        XCTAssertEqual(text.entityRects.map(\.kind), [.hashtag, .mention, .url])
        let reference = try CellTests.layout(body, FeedPostTemplate.regular, width: 291, scale: 2)
        for rect in text.entityRects {
            let expected = reference.rects(forUTF16Range: rect.utf16Range)
            XCTAssertEqual(expected.count, 1)
            XCTAssertEqual(rect.rect.x, expected[0].x, accuracy: 1e-4)
            XCTAssertEqual(rect.rect.width, expected[0].width, accuracy: 1e-4)
            XCTAssertEqual(rect.rect.y, 0)
            XCTAssertEqual(rect.rect.height, 20.5)
        }
        XCTAssertEqual(text.entityRects[0].utf16Range, 0..<6)
        XCTAssertEqual(text.entityRects[0].rect.x, 0)
    }

    func testEntityRectanglesFollowWrappedLinesAndStopAtTheCut() throws {
        let model = FeedPostTemplate.model(id: 11, name: "A", handle: "@a", time: "1m", body: CellTests.longBody)
        let layout = try engine.layout(template, for: model, width: 320, scale: 1)
        let text = try XCTUnwrap(layout.text(named: "body"))
        XCTAssertFalse(text.entityRects.isEmpty)
        let visibleEnd = try XCTUnwrap(text.lines.last?.utf16Range.upperBound)
        for rect in text.entityRects {
            XCTAssertLessThan(rect.utf16Range.lowerBound, visibleEnd, "no rectangles for entities cut away")
            XCTAssertTrue(text.lines.contains { $0.top == rect.rect.y && $0.height == rect.rect.height })
            XCTAssertTrue(LayoutRect(x: 0, y: 0, width: text.frame.width + 1, height: text.frame.height).contains(rect.rect))
        }
    }

    func testModelSuppliedEntitiesWinOverDetection() throws {
        let body = "hello world"
        let given = Entity(kind: .mention, text: "world", utf16Range: 6..<11, scalarRange: 6..<11)
        let model = CellData(id: 12, texts: ["name": "A", "handle": "@a", "time": "1m", "body": body],
                             entities: ["body": [given]])
        let layout = try engine.layout(template, for: model, width: 375, scale: 1)
        let rects = try XCTUnwrap(layout.text(named: "body")).entityRects
        XCTAssertEqual(rects.map(\.utf16Range), [6..<11])
        let reference = try CellTests.layout(body, FeedPostTemplate.regular, width: 291).rects(forUTF16Range: 6..<11)
        XCTAssertEqual(rects[0].rect.x, reference[0].x, accuracy: 1e-4)
    }

    func testLinesMatchTheTextLayout() throws {
        let model = FeedPostTemplate.model(id: 13, name: "A", handle: "@a", time: "1m", body: CellTests.longBody)
        let layout = try engine.layout(template, for: model, width: 414, scale: 3)
        let reference = try CellTests.layout(CellTests.longBody, FeedPostTemplate.regular, width: 414 - 84, maxLines: 6, scale: 3)
        let lines = try XCTUnwrap(layout.text(named: "body")).lines
        XCTAssertEqual(lines.map(\.utf16Range), reference.lines.map(\.utf16Range))
        // A cell keeps its lines' lengths as Floats of device pixels, where they
        // are whole 1/64ths: they read back as the text's own (61/3 px, not a
        // float's 20.33333396911621), relative to the text's frame.
        let top = try XCTUnwrap(lines.first).top
        for (line, ref) in zip(lines, reference.lines) {
            XCTAssertEqual(line.width, ref.width)
            XCTAssertEqual(line.height, ref.height)
            XCTAssertEqual(line.top - top, ref.top, accuracy: 1e-12)
            XCTAssertEqual(line.baseline - line.top, ref.baseline - ref.top, accuracy: 1e-12)
        }
        XCTAssertEqual(lines[0].height, 61.0 / 3, "exactly the 3x line height")
        XCTAssertEqual(lines.map(\.hasEllipsis), reference.lines.map(\.hasEllipsis))
    }

    func testATypicalFeedPostLayoutIsUnderOneKilobyte() throws {
        let heavy = FeedPostTemplate.model(id: 14, name: "Ada Lovelace", handle: "@ada", time: "2h",
                                           body: CellTests.longBody, linkTitle: String(repeating: "A link title ", count: 12))
        let typical = FeedPostTemplate.model(
            id: 15, name: "Grace Hopper", handle: "@grace", time: "5h",
            body: "It's easier to ask forgiveness than it is to get permission. #computing @navy")
        for model in [heavy, typical] {
            let layout = try engine.layout(template, for: model, width: 375, scale: 3)
            XCTAssertLessThanOrEqual(layout.byteCount, 1024, "\(layout.byteCount) bytes")
            XCTAssertGreaterThan(layout.byteCount, MemoryLayout<CellLayout>.size)
        }
    }

    func testRightToLeftNameStaysInItsFrame() throws {
        let model = FeedPostTemplate.model(id: 16, name: "مريم ميرزاخاني", handle: "@maryam", time: "4h", body: "الهندسة والديناميكا 🌀 #math")
        let layout = try engine.layout(template, for: model, width: 375, scale: 2)
        CellTests.assertOnGrid(layout)
        let name = try XCTUnwrap(layout.text(named: "name"))
        XCTAssertEqual(name.lines[0].x, 0, accuracy: 1e-9, "a hugging text's line starts at its frame")
        // The frame is the exact width snapped: within half a device pixel of the line.
        XCTAssertLessThanOrEqual(name.lines[0].width, name.frame.width + 0.5 / layout.scale)
    }
}
