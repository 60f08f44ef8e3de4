import Typeset
import TypesetEntities
import TypesetTestSupport
import XCTest

/// Colour and underline: decoration spans beside the prepared text, nothing reshaped.
final class EntityLayoutDecorationTests: XCTestCase {
    private typealias F = EntityLayoutFixtures

    private static let text = "Ping @alexander about #swift at swift.org and $AAPL"
    private static let styles: [EntityKind: EntityStyle] = [
        .mention: EntityStyle(color: .token("link")),
        .hashtag: EntityStyle(color: .hex(0x1D9BF0FF), underline: true),
        .url: EntityStyle(underline: true),
        // No style for cashtags: they get no decoration.
    ]

    /// Decoration-only styles reuse the prepared text: the typesetter prepares
    /// nothing more, the lines and height are the same, and the spans are the
    /// styled entities' ranges in order.
    func testDecorationsDoNotReshapeOrChangeHeight() throws {
        let typesetter = Typesetter(fonts: Fixtures.fonts)  // its own counter
        let text = AttributedText(Self.text, style: F.style)
        let entities = EntityDetector().entities(in: Self.text)
        XCTAssertEqual(entities.map(\.kind), [.mention, .hashtag, .url, .cashtag])
        let prepared = try typesetter.prepare(text)
        let plain = try prepared.layout(width: 150)
        XCTAssertEqual(typesetter.preparedTexts.count, 1)

        let styled = prepared.decorated(with: Self.styles, entities: entities)
        let result = try typesetter.applying(Self.styles, to: prepared, text: text, entities: entities, width: 150)
        XCTAssertEqual(typesetter.preparedTexts.count, 1, "decorations must not prepare (shape) again")

        let expected = [
            Decoration(utf16Range: 5..<15, kind: .mention, style: Self.styles[.mention]!),
            Decoration(utf16Range: 22..<28, kind: .hashtag, style: Self.styles[.hashtag]!),
            Decoration(utf16Range: 32..<41, kind: .url, style: Self.styles[.url]!),
        ]
        XCTAssertEqual(styled.decorations, expected)
        XCTAssertEqual(result.decorations, expected)
        XCTAssertEqual(result.text, text)
        XCTAssertFalse(result.reshaped)
        XCTAssertFalse(result.heightChanged)
        XCTAssertGreaterThan(plain.lines.count, 1)
        XCTAssertEqual(result.oldHeight, plain.exactHeight)
        XCTAssertEqual(result.newHeight, plain.exactHeight)
        XCTAssertEqual(result.newHeight, Double(plain.lines.count) * 20)
        XCTAssertEqual(result.oldLineCount, result.newLineCount)
        XCTAssertEqual(result.layout.lines, plain.lines)
        XCTAssertEqual(try styled.layout(width: 150).lines, plain.lines)
        XCTAssertEqual(result.prepared.string, prepared.string)
    }

    /// Without a prepared text, decoration-only styling prepares the text once (for both heights).
    func testDecorationsFromAttributedTextPrepareOnce() throws {
        let typesetter = Typesetter(fonts: Fixtures.fonts)
        let text = AttributedText(Self.text, style: F.style)
        let result = try typesetter.applying(Self.styles, to: text, entities: EntityDetector().entities(in: Self.text),
                                             width: 150)
        XCTAssertEqual(typesetter.preparedTexts.count, 1)
        XCTAssertFalse(result.reshaped)
        XCTAssertEqual(result.decorations.count, 3)
    }

    /// A weight equal to the text's own is no font change: nothing to reshape.
    func testStyleThatRepeatsTheTextWeightDoesNotReshape() throws {
        let typesetter = Typesetter(fonts: Fixtures.fonts)
        let text = AttributedText(Self.text, style: F.bold)
        let prepared = try typesetter.prepare(text)
        let result = try typesetter.applying([.mention: EntityStyle(weight: 700, italic: false)], to: prepared, text: text,
                                             entities: EntityDetector().entities(in: Self.text), width: 150)
        XCTAssertEqual(typesetter.preparedTexts.count, 1)
        XCTAssertFalse(result.reshaped)
        XCTAssertEqual(result.decorations, [], "a weight is no decoration")
    }

    /// Entity ranges are clamped to the text; a prepared text of another string is refused.
    func testClampingAndMismatch() throws {
        let prepared = try Fixtures.typesetter.prepare("#tag", style: F.style)
        let long = Entity(kind: .hashtag, text: "tag", utf16Range: 0..<40, scalarRange: 0..<40)
        let gone = Entity(kind: .hashtag, text: "x", utf16Range: 10..<12, scalarRange: 10..<12)
        let style = EntityStyle(underline: true)
        XCTAssertEqual(prepared.decorated(with: [.hashtag: style], entities: [gone, long]).decorations,
                       [Decoration(utf16Range: 0..<4, kind: .hashtag, style: style)])
        XCTAssertThrowsError(
            try Fixtures.typesetter.applying([.hashtag: style], to: prepared, text: AttributedText("#tog", style: F.style),
                                             entities: [], width: nil)
        ) { XCTAssertEqual($0 as? EntityStylingError, .textMismatch) }
    }

    /// Colour helpers.
    func testColours() {
        XCTAssertEqual(EntityColor.hex(0x1D9BF0FF), .rgba(red: 0x1D, green: 0x9B, blue: 0xF0, alpha: 0xFF))
        XCTAssertTrue(EntityStyle(color: .token("link")).hasDecoration)
        XCTAssertFalse(EntityStyle(color: .token("link")).changesFont)
        XCTAssertTrue(EntityStyle(italic: false).changesFont)
        XCTAssertFalse(EntityStyle(weight: 700).hasDecoration)
    }
}
