import Typeset
import TypesetEntities
import TypesetTestSupport
import XCTest

/// Weight and italic on entities: the text is restyled and prepared again, and
/// the height change is reported.
final class EntityLayoutFontStylingTests: XCTestCase {
    private typealias F = EntityLayoutFixtures

    private static let text = "Ping @alexander now"
    /// Between the regular text's natural width (152.52 px) and the bold-mention
    /// text's (about 157.5 px): the bold mention pushes "now" onto a second line.
    private static let width = 155.0

    /// Bold mentions widen the mention, push "now" to a new line at 155 px and
    /// make the row 20 px taller; the restyled runs are exactly the mention's.
    func testBoldMentionPushesWordToNewLine() throws {
        let typesetter = Typesetter(fonts: Fixtures.fonts)
        let text = AttributedText(Self.text, style: F.style)
        let entities = EntityDetector().entities(in: Self.text)
        XCTAssertEqual(entities.map(\.utf16Range), [5..<15])
        // The chosen width sits between the two natural widths.
        let regular = try F.naturalWidth(Self.text)
        XCTAssertLessThan(regular, Self.width)

        let prepared = try typesetter.prepare(text)
        let result = try typesetter.applying([.mention: EntityStyle(color: .token("link"), weight: 700)], to: prepared,
                                             text: text, entities: entities, width: Self.width)
        XCTAssertEqual(typesetter.preparedTexts.count, 2, "exactly one more prepare: the restyled text")
        XCTAssertTrue(result.reshaped)
        XCTAssertGreaterThan(result.prepared.naturalWidth, Self.width)

        XCTAssertEqual(result.text.runs.map(\.range), [0..<5, 5..<15, 15..<19])
        XCTAssertEqual(result.text.runs.map(\.style.weight), [400, 700, 400])
        XCTAssertEqual(result.oldLineCount, 1)
        XCTAssertEqual(result.newLineCount, 2)
        XCTAssertEqual(result.oldHeight, 20)
        XCTAssertEqual(result.newHeight, 40)
        XCTAssertTrue(result.heightChanged)
        XCTAssertEqual(result.layout.text(of: result.layout.lines[1]), "now")
        XCTAssertEqual(result.decorations.map(\.utf16Range), [5..<15])

        // The bold mention's box is as wide as "@alexander" set alone in bold, wider than in regular.
        let bold = try XCTUnwrap(result.layout.entityBoxes(for: entities).first?.rects.first)
        let plain = try XCTUnwrap(prepared.layout(width: Self.width).entityBoxes(for: entities).first?.rects.first)
        F.assertCeiledWidth(bold.width, try F.naturalWidth("@alexander", style: F.bold))
        F.assertCeiledWidth(plain.width, try F.naturalWidth("@alexander"))
        XCTAssertGreaterThan(bold.width, plain.width + 4)
        // "Ping " before it is unchanged, but now a run of its own: Chromium
        // rounds each style run's piece of a line up to 1/64 px before the next.
        XCTAssertEqual(bold.x, (plain.x * 64).rounded(.up) / 64, accuracy: 1e-9, "\"Ping \" before it is unchanged")
    }

    /// Wide enough for both: widths change, the height does not.
    func testBoldMentionThatStillFitsKeepsHeight() throws {
        let text = AttributedText(Self.text, style: F.style)
        let result = try Fixtures.typesetter.applying([.mention: EntityStyle(weight: 700)], to: text,
                                                      entities: EntityDetector().entities(in: Self.text), width: 300)
        XCTAssertTrue(result.reshaped)
        XCTAssertFalse(result.heightChanged)
        XCTAssertEqual(result.oldHeight, 20)
        XCTAssertEqual(result.newHeight, 20)
        XCTAssertGreaterThan(result.layout.lines[0].width, try F.naturalWidth(Self.text) + 4)
    }

    /// Italic hashtags use the italic face; only the hashtag's run changes.
    func testItalicHashtagUsesItalicFace() throws {
        let string = "read #notes today"
        let text = AttributedText(string, style: F.style)
        let result = try Fixtures.typesetter.applying([.hashtag: EntityStyle(italic: true)], to: text,
                                                      entities: EntityDetector().entities(in: string), width: nil)
        XCTAssertEqual(result.text.runs.map(\.range), [0..<5, 5..<11, 11..<17])
        XCTAssertEqual(result.text.runs.map(\.style.italic), [false, true, false])
        let faces = result.prepared.runFaces.filter { $0.utf16Range.overlaps(5..<11) }
        XCTAssertFalse(faces.isEmpty)
        for face in faces {
            XCTAssertTrue(face.face.path.hasSuffix("NotoSans-Italic.ttf"), face.face.path)
        }
    }
}
