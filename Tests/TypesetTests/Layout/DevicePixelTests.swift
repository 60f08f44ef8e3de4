import XCTest
@testable import Typeset
import TypesetTestSupport

/// Texts prepared at a device pixel ratio: laid out in device pixels as
/// Chromium lays them out at that ratio, answered in CSS px.
final class DevicePixelTests: XCTestCase {
    let typesetter = Fixtures.typesetter

    /// Chromium's `line-height: normal` for Noto Sans 15 px is
    /// (round(a·15·s) + round(d·15·s)) / s: 20, 20.5 and 20.333 px.
    func testNormalLineHeightIsRoundedInDevicePixels() throws {
        let style = TextStyle(font: ["Noto Sans"], size: 15)
        for (scale, height) in [(1.0, 20.0), (2, 20.5), (3, 61.0 / 3), (2.625, 54.0 / 2.625)] {
            let layout = try typesetter.prepare("Hello", style: style, scale: scale).layout(width: 300)
            XCTAssertEqual(layout.exactHeight, height, accuracy: 1e-9, "scale \(scale)")
            XCTAssertEqual(layout.scale, scale)
        }
    }

    /// A fixed line height L gives line boxes of round(L·s·64)/(64·s) px.
    func testFixedLineHeightIsRoundedToDeviceLayoutUnits() throws {
        let style = TextStyle(font: ["Noto Sans"], size: 15, lineHeight: .points(21.3))
        let text = String(repeating: "word ", count: 40)
        for scale in [1.0, 2, 3] {
            let layout = try typesetter.prepare(text, style: style, scale: scale).layout(width: 200)
            let box = (21.3 * scale * 64).rounded() / (64 * scale)
            XCTAssertGreaterThan(layout.lines.count, 3)
            for line in layout.lines { XCTAssertEqual(line.height, box, accuracy: 1e-9) }
        }
    }

    /// Scale 1 is the layout of a text prepared without a scale, to the bit.
    func testScaleOneIsTheDefault() throws {
        let style = TextStyle(font: ["Noto Sans", "Noto Sans Arabic"], size: 17, letterSpacing: 0.5)
        let text = "Hello مرحبا world, a longer line that wraps"
        let a = try typesetter.prepare(text, style: style).layout(width: 150)
        let b = try typesetter.prepare(text, style: style, scale: 1).layout(width: 150)
        XCTAssertEqual(a.lines, b.lines)
        XCTAssertEqual(a.exactHeight.bitPattern, b.exactHeight.bitPattern)
        XCTAssertEqual(b.scale, 1)
    }

    /// Every answer of a scaled layout is CSS px: what the layout keeps in
    /// device pixels divided by the scale.
    func testAnswersAreCSSPixels() throws {
        let style = TextStyle(font: ["Noto Sans"], size: 15)
        let prepared = try typesetter.prepare("The quick brown fox jumps over the lazy dog again", style: style, scale: 3)
        let layout = try prepared.layout(width: 120)
        XCTAssertEqual(layout.lines.count, layout.deviceLines.count)
        for (css, dev) in zip(layout.lines, layout.deviceLines) {
            XCTAssertEqual(css.width, dev.width.pixels / 3)
            XCTAssertEqual(css.baseline, dev.baseline / 3)
            // Line widths are whole 1/64ths of a device pixel.
            XCTAssertEqual((css.width * 3 * 64).rounded(), css.width * 3 * 64, accuracy: 1e-6)
        }
        XCTAssertEqual(layout.constraintWidth, 120)
        XCTAssertLessThanOrEqual(layout.contentWidth, 120)
        let runs = layout.visualRuns(of: layout.lines[0])
        XCTAssertEqual(runs.first?.fontSize, 15)
        XCTAssertEqual(runs.reduce(0) { $0 + $1.width }, layout.lines[0].width, accuracy: 1.0 / (64 * 3))
        let glyphs = layout.glyphs(of: runs[0], on: layout.lines[0])
        XCTAssertEqual(glyphs.reduce(0) { $0 + $1.advance }, runs[0].width, accuracy: 1e-6)
        // A tap on the second line lands in its text.
        let second = layout.lines[1]
        let hit = layout.position(atX: 1, y: second.top + second.height / 2)
        XCTAssertEqual(hit.utf16Offset, second.utf16Range.lowerBound)
        let caret = layout.caretRect(for: hit)
        XCTAssertEqual(caret.y, second.top, accuracy: 1e-9)
        // The measure and the size agree with the layout; sizes snap to the 3x grid.
        let measured = try prepared.measure(width: 120)
        XCTAssertEqual(measured.height, layout.exactHeight)
        XCTAssertEqual(measured.width, layout.contentWidth)
        XCTAssertEqual((layout.size().height * 3).rounded(), layout.size().height * 3, accuracy: 1e-9)
        XCTAssertEqual(try PreparedText.measure([prepared], width: 120), [measured])
    }

    /// Chromium sets a font at its size in whole hundredths of a pixel,
    /// truncated to 1/64 px: 13.1 px at 13.09375, 34.125 px (13 px at 2.625x)
    /// at 34.109375. Widths of fifty "i" in Noto Sans measured in Chromium 156.
    func testFontSizesAreSetAsChromiumSetsThem() throws {
        let text = String(repeating: "i", count: 50)
        for (size, width) in [(13.0, 167.703125), (13.1, 168.921875), (13.3, 171.53125), (34.125, 440.015625),
                              (39.375, 507.75), (10.125, 130.421875), (20.33, 262.234375), (22.5, 290.265625)] {
            let layout = try typesetter.prepare(text, style: TextStyle(font: ["Noto Sans"], size: size)).layout(width: nil)
            XCTAssertEqual(layout.contentWidth, width, "\(size) px")
        }
        // At 2.625x a 13 px text is set at 34.125 device px, so at 34.109375.
        let phone = try typesetter.prepare(text, style: TextStyle(font: ["Noto Sans"], size: 13), scale: 2.625).layout(width: nil)
        XCTAssertEqual(phone.contentWidth, 440.015625 / 2.625, accuracy: 1e-9)
    }

    func testInvalidScaleIsATypedError() {
        let style = TextStyle(font: ["Noto Sans"], size: 15)
        for scale in [0, -1, .nan, .infinity] {
            XCTAssertThrowsError(try typesetter.prepare("a", style: style, scale: scale)) { error in
                guard case TypesetError.invalidScale = error else { return XCTFail("\(error)") }
            }
        }
    }

    /// Noto Color Emoji's vertical metrics are hhea's (1900 / 500 per 2048):
    /// an emoji line at 22.5 px is 21 + 5 = 26 px tall in Chromium, 27 by the strike.
    func testColourEmojiTakeHheaMetrics() throws {
        let style = TextStyle(font: ["Noto Color Emoji"], size: 22.5)
        let layout = try typesetter.prepare("😀", style: style).layout(width: 300)
        XCTAssertEqual(layout.exactHeight, 26)
    }
}
