import XCTest
import Typeset
import TypesetEntities
import TypesetCells
import TypesetTestSupport

/// Shared helpers for the cell tests: an engine over the bundled fonts,
/// independent text measurements to derive expected frames, and grid checks.
enum CellTests {
    static let engine = CellLayoutEngine(typesetter: Fixtures.typesetter)

    static let feedPost: CellTemplate = load { try CellTemplate.feedPost() }
    static let chatBubble: CellTemplate = load { try CellTemplate.chatBubble() }
    static let notification: CellTemplate = load { try CellTemplate.notification() }

    private static func load(_ make: () throws -> CellTemplate) -> CellTemplate {
        do { return try make() } catch { fatalError("built-in template rejected: \(error)") }
    }

    /// A body far longer than six lines at any phone width.
    static let longBody = String(repeating: "Line breaking is arithmetic once the text is shaped, #typesetting @harfbuzz ", count: 12)

    /// Widths a list meets: narrow phone, phones, a fractional one, a tablet.
    static let widths: [Double] = [320, 375, 390, 414.5, 768]
    static let scales: [Double] = [1, 2, 3]

    /// A text laid out on its own, as the engine sees it at a device pixel ratio.
    static func layout(_ text: String, _ style: CellTextStyle, width: Double?, maxLines: Int? = nil,
                       scale: Double = 1) throws -> TextLayout {
        try Fixtures.typesetter.prepare(text, style: style.textStyle, paragraph: ParagraphStyle(maxLines: maxLines), scale: scale)
            .layout(width: width)
    }

    /// The height of one line of `style` at a device pixel ratio: Noto Sans
    /// 15 px is 20 px at 1x, 20.5 at 2x and 20.333 at 3x (its ascent and
    /// descent are rounded in device pixels).
    static func lineHeight(_ style: CellTextStyle, scale: Double) throws -> Double {
        try layout("x", style, width: nil, scale: scale).exactHeight
    }

    /// `ceil(v × scale) / scale`.
    static func ceil(_ v: Double, _ scale: Double) -> Double { (try? PixelGrid(scale: scale).ceil(v)) ?? .nan }

    /// `round(v × scale) / scale`: where an exact edge is snapped to.
    static func snap(_ v: Double, _ scale: Double) -> Double { (v * scale).rounded() / scale }

    /// The frame an exact rectangle snaps to: each edge rounded to the grid.
    static func snapped(x: Double, y: Double, width: Double, height: Double, _ scale: Double) -> LayoutRect {
        let left = snap(x, scale), top = snap(y, scale)
        return LayoutRect(x: left, y: top, width: snap(x + width, scale) - left, height: snap(y + height, scale) - top)
    }

    /// `floor(v × scale) / scale`.
    static func floor(_ v: Double, _ scale: Double) -> Double { (v * scale + 1e-7).rounded(.down) / scale }

    /// Every frame edge and the height on the device pixel grid.
    static func assertOnGrid(_ layout: CellLayout, file: StaticString = #filePath, line: UInt = #line) {
        func integral(_ v: Double) -> Bool { abs(v - v.rounded()) < 1e-6 }
        let s = layout.scale
        XCTAssertTrue(integral(layout.height * s), "height \(layout.height) off the grid at \(s)x", file: file, line: line)
        for (name, r) in layout.frames {
            XCTAssertTrue(integral(r.x * s) && integral((r.x + r.width) * s) && integral(r.y * s)
                          && integral((r.y + r.height) * s),
                          "\(name) \(r) off the grid at \(s)x", file: file, line: line)
        }
    }

    /// Rectangles equal within float noise (thirds of a pixel at 3x).
    static func assertEqual(_ a: LayoutRect, _ b: LayoutRect, _ message: String = "",
                            file: StaticString = #filePath, line: UInt = #line) {
        let close = abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 && abs(a.width - b.width) < 1e-9
            && abs(a.height - b.height) < 1e-9
        XCTAssertTrue(close, "\(a) is not \(b) \(message)", file: file, line: line)
    }

    /// Frame or a failure.
    static func frame(_ layout: CellLayout, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> LayoutRect {
        try XCTUnwrap(layout.frame(named: name), "no frame \(name)", file: file, line: line)
    }
}

extension LayoutRect {
    var maxX: Double { x + width }
    var maxY: Double { y + height }

    /// Whether `other` lies inside (within float noise).
    func contains(_ other: LayoutRect) -> Bool {
        other.x >= x - 1e-9 && other.y >= y - 1e-9 && other.maxX <= maxX + 1e-9 && other.maxY <= maxY + 1e-9
    }
}
