import Typeset
import TypesetEntities
import TypesetTestSupport
import XCTest

/// Tapping entities: points in, between and near their rectangles.
final class EntityLayoutHitTestingTests: XCTestCase {
    private typealias F = EntityLayoutFixtures

    /// Two mentions on one line: each rectangle's centre hits its entity, plain
    /// words between them hit nothing, and the edges are half-open.
    func testPointsInsideAndBetweenMentions() throws {
        let text = "hello @jack and @jill went up the hill"
        let layout = try Fixtures.typesetter.prepare(text, style: F.style).layout(width: nil)
        let entities = EntityDetector().entities(in: text)
        let boxes = layout.entityBoxes(for: entities)
        XCTAssertEqual(boxes.map(\.entity.text), ["jack", "jill"])
        let jack = boxes[0].rects[0], jill = boxes[1].rects[0]
        // "hello " is before @jack; its rectangle starts where "hello " ends.
        XCTAssertEqual(jack.x, try F.naturalWidth("hello x") - F.naturalWidth("x"), accuracy: 2 * F.layoutUnit)
        XCTAssertEqual(jack.y, 0)
        XCTAssertEqual(jack.height, 20)
        XCTAssertEqual(boxes.entity(at: F.centre(jack))?.text, "jack")
        XCTAssertEqual(boxes.entity(at: F.centre(jill))?.text, "jill")
        XCTAssertEqual(layout.entity(at: F.centre(jill), in: entities)?.text, "jill")
        // " and " between them, the word "hello", and below the line: nothing.
        XCTAssertNil(boxes.entity(at: ((jack.x + jack.width + jill.x) / 2, 10)))
        XCTAssertNil(boxes.entity(at: (5, 10)))
        XCTAssertNil(boxes.entity(at: (F.centre(jack).x, 20)), "the bottom edge is outside")
        XCTAssertEqual(boxes.entity(at: (jack.x, 0))?.text, "jack", "the top-left corner is inside")
        XCTAssertNil(boxes.entity(at: (jack.x - 0.01, 10)))
        // A near miss counts within the tolerance, going to the nearer entity.
        XCTAssertEqual(boxes.entity(at: (jack.x - 2, 10), tolerance: 3)?.text, "jack")
        XCTAssertNil(boxes.entity(at: (jack.x - 4, 10), tolerance: 3))
        XCTAssertEqual(boxes.entity(at: (F.centre(jill).x, 22), tolerance: 3)?.text, "jill")
    }

    /// A wrapped hashtag is hit on both of its lines, and not beside its second piece.
    func testWrappedHashtagIsHitOnBothLines() throws {
        let text = "Follow #SwiftLangIsGreatForEveryone now"
        let decorated = try Fixtures.typesetter.decorate(text, style: F.style, width: 120, entityStyles: [:])
        let box = try XCTUnwrap(decorated.boxes.first)
        XCTAssertEqual(box.rects.count, 2)
        for rect in box.rects {
            XCTAssertEqual(decorated.entity(at: F.centre(rect))?.text, "SwiftLangIsGreatForEveryone")
        }
        let second = box.rects[1]
        XCTAssertNil(decorated.entity(at: (second.x + second.width + 1, second.y + 10)), "the trailing space after the hashtag")
        XCTAssertNil(decorated.entity(at: (1, 70)), "\"now\" on the last line")
    }

    /// In right-to-left text the hit follows the visual position, not the logical order.
    func testRightToLeftHits() throws {
        let text = "שלום #עברית ו @noa היום"
        let decorated = try Fixtures.typesetter.decorate(text, style: F.style, width: nil, entityStyles: [:])
        let hashtag = try F.box(decorated.boxes, .hashtag, "עברית"), mention = try F.box(decorated.boxes, .mention, "noa")
        let line = decorated.layout.lines[0]
        XCTAssertEqual(decorated.entity(at: F.centre(hashtag.rects[0]))?.kind, .hashtag)
        XCTAssertEqual(decorated.entity(at: F.centre(mention.rects[0]))?.kind, .mention)
        XCTAssertNil(decorated.entity(at: (line.x + line.width - 1, 10)), "\"שלום\" at the right end")
        XCTAssertNil(decorated.entity(at: (line.x + 1, 10)), "\"היום\" at the left end")
    }
}
