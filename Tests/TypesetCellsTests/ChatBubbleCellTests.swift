import XCTest
import Typeset
import TypesetEntities
import TypesetCells
import TypesetTestSupport

/// The chat bubble: shrink-wrap up to 75% of the row, side from the model,
/// the sender omitted when empty.
final class ChatBubbleCellTests: XCTestCase {
    let template = CellTests.chatBubble
    let engine = CellTests.engine

    /// bubble width = the text's longest line wrapped at 0.75·row − 24, + 24,
    /// row = width − 16, in exact units (75% in 1/64 px), each edge then
    /// snapped: a wrapped message hugs its widest line.
    func testBubbleWidthFollowsTheFormula() throws {
        let texts = ["Hi!", "Are we still on for lunch tomorrow? I found a new place near the station that does great noodles.",
                     "ok 👍", "https://example.com/menu has the menu, see #noodles"]
        for (i, text) in texts.enumerated() {
            for width in CellTests.widths {
                for scale in CellTests.scales {
                    let layout = try engine.layout(template, for: ChatBubbleTemplate.model(id: .int(i), text: text),
                                                   width: width, scale: scale)
                    CellTests.assertOnGrid(layout)
                    let row = width - 16
                    // 75% resolves in 1/64 of a device pixel.
                    let maxBubble = (0.75 * row * scale * 64).rounded(.down) / (64 * scale)
                    let reference = try CellTests.layout(text, ChatBubbleTemplate.message, width: maxBubble - 24, scale: scale)
                    let lh = try CellTests.lineHeight(ChatBubbleTemplate.message, scale: scale)
                    let bubble = try CellTests.frame(layout, "bubble")
                    let exact = min(reference.contentWidth, maxBubble - 24) + 24
                    if reference.lines.count > 1 { XCTAssertLessThan(reference.contentWidth, maxBubble - 24) }
                    let lines = Double(reference.lines.count)
                    CellTests.assertEqual(bubble, CellTests.snapped(x: 8, y: 2, width: exact, height: 16 + lh * lines, scale),
                                          "\(text) at \(width)@\(scale)x")
                    XCTAssertEqual(layout.height, 4 + bubble.height, accuracy: 1e-9)
                    let message = try CellTests.frame(layout, "message")
                    CellTests.assertEqual(message, CellTests.snapped(x: 20, y: 10, width: exact - 24, height: lh * lines, scale))
                    XCTAssertNil(layout.frame(named: "sender"))
                }
            }
        }
    }

    func testOneLineMessageHasExactHeight() throws {
        let layout = try engine.layout(template, for: ChatBubbleTemplate.model(id: 1, text: "Hi!"), width: 375, scale: 2)
        XCTAssertEqual(layout.height, 40.5)  // 2 + 8 + 20.5 + 8 + 2 (15 px Noto Sans at 2x)
        XCTAssertEqual(try CellTests.frame(layout, "bubble").y, 2)
    }

    func testOutgoingBubblesSitOnTheRight() throws {
        for scale in CellTests.scales {
            let layout = try engine.layout(template, for: ChatBubbleTemplate.model(id: 2, text: "On my way", outgoing: true),
                                           width: 375, scale: scale)
            CellTests.assertOnGrid(layout)
            let bubble = try CellTests.frame(layout, "bubble")
            XCTAssertEqual(bubble.maxX, 375 - 8, accuracy: 1e-9)
            XCTAssertEqual(try CellTests.frame(layout, "message").x, bubble.x + 12, accuracy: 1e-9)
        }
    }

    func testLongMessagesStopAtThreeQuartersOfTheRow() throws {
        // One unbreakable word wraps between letters (overflow-wrap), filling the bubble.
        let text = String(repeating: "abcdefghij", count: 30)
        let layout = try engine.layout(template, for: ChatBubbleTemplate.model(id: 3, text: text), width: 400, scale: 1)
        let bubble = try CellTests.frame(layout, "bubble")
        XCTAssertLessThanOrEqual(bubble.width, 288)  // ⌊0.75 × 384⌋
        XCTAssertGreaterThan(bubble.width, 288 - 10, "letters fill the line up to the limit")
        XCTAssertGreaterThan(try XCTUnwrap(layout.text(named: "message")).lineCount, 3)
    }

    func testSenderIsShownAboveTheMessageOnlyWhenGiven() throws {
        let with = try engine.layout(template, for: ChatBubbleTemplate.model(id: 4, text: "Count me in", sender: "Lin"),
                                     width: 375, scale: 2)
        let without = try engine.layout(template, for: ChatBubbleTemplate.model(id: 5, text: "Count me in"), width: 375, scale: 2)
        let sender = try CellTests.frame(with, "sender")
        XCTAssertEqual(sender.height, 18)  // bold 13 px Noto Sans
        XCTAssertEqual(try CellTests.frame(with, "message").y, sender.maxY + 2)
        XCTAssertEqual(with.height - without.height, 18 + 2)
        XCTAssertEqual(try CellTests.frame(without, "message").y, 2 + 8, "no sender, no gap")
    }
}
