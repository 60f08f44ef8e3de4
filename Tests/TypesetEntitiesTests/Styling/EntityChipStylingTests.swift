import Typeset
import TypesetEntities
import TypesetTestSupport
import XCTest

/// Mentions and hashtags styled as chips (padding, border and margin on
/// their inline boxes): the text is prepared again and the chips take room
/// on their lines as Chromium 156 lays the same `<span>`s out (the CSS
/// corpus's case css-chips-006-00: 20 px text in a 120 px box, chips with
/// `padding: 0 6px; border: 1px solid; margin: 0 2px`).
final class EntityChipStylingTests: XCTestCase {
    static let text = "@start chip at the very start and one at the end #end"
    static let stack: FontStack = ["Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari",
                                   "Noto Sans Thai", "Noto Sans CJK JP", "Noto Color Emoji"]
    static let chip = InlineBoxEdges(padding: BoxSides(vertical: 0, horizontal: 6), border: BoxSides(1),
                                     margin: BoxSides(vertical: 0, horizontal: 2))

    func testChipsTakeRoomAsChromiumLaysThemOut() throws {
        let typesetter = Typesetter(fonts: Fixtures.fonts)
        let text = AttributedText(Self.text, style: TextStyle(font: Self.stack, size: 20))
        let entities = EntityDetector().entities(in: Self.text)
        XCTAssertEqual(entities.map(\.utf16Range), [0..<6, 49..<53])
        let chip = EntityStyle(color: .token("chip"), inlineBox: Self.chip)
        XCTAssertTrue(chip.changesLayout)
        let result = try typesetter.applying([.mention: chip, .hashtag: chip], to: text, entities: entities, width: 120)
        XCTAssertTrue(result.reshaped)
        let lines = result.layout.lines
        // Chromium: lines end at 7, 19, 30, 41, 49, 53 (scalar = UTF-16 offsets here), 162 px tall.
        XCTAssertEqual(lines.map(\.utf16Range.upperBound), [7, 19, 30, 41, 49, 53])
        XCTAssertEqual(lines.map(\.width), [79.484375, 99.125, 88.609375, 100.46875, 72, 66.875])
        XCTAssertEqual(result.newHeight, 162)
        XCTAssertEqual(result.prepared.maxContentWidth, 532.546875)
        XCTAssertEqual(result.prepared.minContentWidth, 79.484375)
        // Unstyled, the text is narrower: the chips' 2 × 18 px are gone.
        XCTAssertEqual(try typesetter.prepare(text).maxContentWidth, 532.546875 - 36, accuracy: 1.0 / 32)
    }
}
