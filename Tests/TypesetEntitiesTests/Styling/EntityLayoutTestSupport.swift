import Typeset
import TypesetEntities
import TypesetTestSupport
import XCTest

/// Shared styles and checks for the entity layout tests.
enum EntityLayoutFixtures {
    /// Noto Sans 15 px with the bundled fallbacks for right-to-left scripts and emoji.
    static let style = TextStyle(
        font: ["Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Color Emoji"], size: 15)

    /// `style` in bold.
    static var bold: TextStyle {
        var bold = style
        bold.weight = 700
        return bold
    }

    /// Line widths (and so natural widths) are ceil'd to Chromium's 1/64 px layout units.
    static let layoutUnit = 1.0 / 64

    /// The natural (one-line) width of `string` in `style`, set on its own.
    static func naturalWidth(_ string: String, style: TextStyle = style) throws -> Double {
        try Fixtures.typesetter.prepare(string, style: style).naturalWidth
    }

    /// The entity of `kind` with `text` in `boxes`' entities.
    static func box(_ boxes: [EntityBox], _ kind: EntityKind, _ text: String,
                    file: StaticString = #filePath, line: UInt = #line) throws -> EntityBox {
        try XCTUnwrap(boxes.first { $0.entity.kind == kind && $0.entity.text == text },
                      "no \(kind) \(text) in \(boxes.map(\.entity))", file: file, line: line)
    }

    /// A rectangle's centre.
    static func centre(_ rect: LayoutRect) -> (x: Double, y: Double) {
        (rect.x + rect.width / 2, rect.y + rect.height / 2)
    }

    /// Checks that an exact width `actual` is what a 1/64 px-ceil'd width `ceiled` was made from.
    static func assertCeiledWidth(_ actual: Double, _ ceiled: Double, _ message: String = "",
                                  file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertLessThanOrEqual(actual, ceiled + 1e-9, message, file: file, line: line)
        XCTAssertGreaterThan(actual, ceiled - layoutUnit, message, file: file, line: line)
    }
}
