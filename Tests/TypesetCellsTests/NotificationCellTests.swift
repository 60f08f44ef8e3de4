import XCTest
import Typeset
import TypesetEntities
import TypesetCells
import TypesetTestSupport

/// The notification row: a measured button title whose width the text column
/// gives up, a two-part text, a minimum height.
final class NotificationCellTests: XCTestCase {
    let template = CellTests.notification
    let engine = CellTests.engine

    func testButtonWidthIsTakenFromTheTextColumn() throws {
        let model = NotificationTemplate.model(id: 1, actor: "Grace Hopper", action: "started following you.", button: "Follow back")
        for width in CellTests.widths {
            for scale in CellTests.scales {
                let layout = try engine.layout(template, for: model, width: width, scale: scale)
                CellTests.assertOnGrid(layout)
                let title = try CellTests.layout("Follow back", NotificationTemplate.button, width: nil, scale: scale)
                let buttonWidth = title.naturalWidth + 24
                let button = try CellTests.frame(layout, "button")
                let message = try CellTests.frame(layout, "message")
                let column = width - 24 - 40 - 12 - 12 - buttonWidth
                XCTAssertEqual(message.x, 64)
                XCTAssertEqual(message.maxX, CellTests.snap(64 + column, scale), accuracy: 1e-9)
                XCTAssertEqual(button.x, CellTests.snap(64 + column + 12, scale), accuracy: 1e-9)
                XCTAssertEqual(button.maxX, CellTests.snap(width - 12, scale), accuracy: 1e-9)
                var text = AttributedText("Grace Hopper", style: NotificationTemplate.regular.bold.textStyle)
                text.append(" ", style: NotificationTemplate.regular.textStyle)
                text.append("started following you.", style: NotificationTemplate.regular.textStyle)
                let reference = try Fixtures.typesetter.prepare(text, paragraph: ParagraphStyle(maxLines: 3), scale: scale)
                    .layout(width: column)
                XCTAssertEqual(layout.text(named: "message")?.lines.map(\.utf16Range), reference.lines.map(\.utf16Range))
                let lh = try CellTests.lineHeight(NotificationTemplate.regular, scale: scale)
                XCTAssertEqual(message.height, lh * Double(reference.lines.count), accuracy: 1e-9)
                let exactHeight = max(72, 24 + max(40, message.height, 31))
                CellTests.assertEqual(button, CellTests.snapped(x: 64 + column + 12, y: 12 + (exactHeight - 24 - 31) / 2,
                                                         width: buttonWidth, height: 31, scale), "centred exactly, then snapped")
                XCTAssertEqual(layout.height, max(72, 24 + max(40, message.height, 31)), accuracy: 1e-9)
            }
        }
    }

    func testMinimumHeightAndMissingButton() throws {
        let model = NotificationTemplate.model(id: 2, actor: "Ada", action: "liked your post.")
        let layout = try engine.layout(template, for: model, width: 375, scale: 3)
        XCTAssertEqual(layout.height, 72, "one line and the avatar make 64; the template asks for 72")
        XCTAssertEqual(try CellTests.frame(layout, "cell").height, 72, "the root frame stretches to the minimum")
        XCTAssertNil(layout.frame(named: "button"))
        XCTAssertNil(layout.frame(named: "button_title"))
        XCTAssertEqual(try CellTests.frame(layout, "message").width, 375 - 24 - 40 - 12, "no button, no gap")
    }

    func testThreeLinesAtMost() throws {
        let model = NotificationTemplate.model(
            id: 3, actor: "Alan Turing",
            action: String(repeating: "mentioned you in a reply about machines that think ", count: 5), button: "Reply")
        let layout = try engine.layout(template, for: model, width: 320, scale: 2)
        let message = try XCTUnwrap(layout.text(named: "message"))
        XCTAssertEqual(message.lineCount, 3)
        XCTAssertTrue(message.isTruncated)
        XCTAssertEqual(layout.height, 24 + 3 * 20.5)  // 15 px Noto Sans at 2x
    }
}
