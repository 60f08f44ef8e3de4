import XCTest
@testable import Typeset
import TypesetTestSupport

/// A line that starts where Chromium reshapes (after a space kerned with
/// the word, or inside a split word) and holds one word whose every break
/// is unsafe is shaped again alone, and loses the kern its last glyph had
/// with the space after it. Widths are Chromium 156's at 1x, measured with
/// the same files by `@font-face` (the fonts corpus's files: run
/// scripts/fetch-test-fonts).
final class OneWordLineTests: XCTestCase {
    private func assertLines(_ name: String, _ text: String, size: Double, weight: Int? = nil, width: Double,
                             _ expected: [(String, Double)], file: StaticString = #filePath, line: UInt = #line) throws {
        let path = try TestFonts.path(name)
        let fonts = try FontCollection(paths: [path])
        let face = try XCTUnwrap(fonts.faces.first)
        let style = TextStyle(font: FontStack(families: [face.familyName]), size: size, weight: weight ?? face.weight)
        let layout = try Typesetter(fonts: fonts).layout(text, style: style, width: width)
        let units = Array(text.utf16)
        let got: [(String, Double)] = layout.lines.map { (String(decoding: units[$0.utf16Range], as: UTF16.self), $0.width) }
        XCTAssertEqual(got.map(\.0), expected.map(\.0), "\(name) \"\(text)\": lines", file: file, line: line)
        for (g, e) in zip(got, expected) {
            XCTAssertEqual(g.1, e.1, accuracy: 1.0 / 64, "\(name) \"\(text)\" line \(g.0.debugDescription)", file: file, line: line)
        }
    }

    /// After a space kerned with "T" or "A": "Tow" and "AY" have no safe
    /// break inside, and their last letters kern with the space.
    func testAWordAfterAKernedSpaceIsReshapedWhole() throws {
        try assertLines("Lato-Regular.ttf", "xx Tow xx", size: 40, width: 80,
                        [("xx ", 39.84375), ("Tow ", 72.546875), ("xx", 39.84375)])
        try assertLines("Lato-Regular.ttf", "Flight AY 1073", size: 40, width: 80,
                        [("Flig", 62.109375), ("ht ", 36.390625), ("AY ", 49.25), ("107", 69.609375), ("3", 23.203125)])
        try assertLines("LiberationSerif-Regular.ttf", "Flight AY 1073", size: 48, width: 90,
                        [("Flig", 77.375), ("ht ", 37.34375), ("AY ", 64.921875), ("107", 72), ("3", 24)])
        try assertLines("LiberationSans-Bold.ttf", "Flight AY 1073", size: 48, width: 90,
                        [("Flig", 85.3125), ("ht ", 45.3125), ("AY ", 62.28125), ("107", 80.09375), ("3", 26.703125)])
        // On a wider line the word keeps its kern with the space.
        try assertLines("Lato-Regular.ttf", "xx Tow xx", size: 40, width: 200, [("xx Tow xx", 170.6875)])
        // Roboto's "Tow" has a safe break inside: only its start is reshaped.
        try assertLines("Roboto-Regular.ttf", "xx Tow xx", size: 40, width: 80,
                        [("xx ", 39.6875), ("Tow ", 74.8125), ("xx", 39.6875)])
    }

    /// The rest of a word split by `overflow-wrap` at a kerned pair.
    func testTheRestOfASplitWordIsReshapedWhole() throws {
        try assertLines("Lato-Light.ttf", "View receipt", size: 40, weight: 300, width: 80,
                        [("Vie", 55.984375), ("w ", 30.59375), ("rece", 73.25), ("ipt", 44.421875)])
        try assertLines("Lato-Regular.ttf", "View receipt", size: 40, width: 80,
                        [("Vie", 57.8125), ("w ", 31.421875), ("rece", 74.734375), ("ipt", 46.109375)])
        // A kern that widened the pair with the space is lost too.
        try assertLines("Inter-Variable.ttf", "{Vote} x", size: 40, weight: 800, width: 60,
                        [("{V", 47.53125), ("ot", 39.421875), ("e} ", 40.796875), ("x", 21.984375)])
        try assertLines("Inter-Variable.ttf", "P.O. Box", size: 40, weight: 800, width: 60,
                        [("P.", 34.40625), ("O. ", 38.28125), ("Bo", 49.609375), ("x", 21.984375)])
    }

    /// A line that starts inside a ligature (Inter's `calt` arrow "->",
    /// broken after "-") starts with the rest shaped alone: a plain ">".
    func testALineStartingInsideALigatureStartsWithItsRestAlone() throws {
        try assertLines("Inter-Variable.ttf", "a -> b", size: 40, width: 60, [("a -", 47.859375), ("> b", 57.734375)])
        try assertLines("Inter-Variable.ttf", "a->b->c", size: 40, width: 60,
                        [("a-", 37.859375), (">b", 47.734375), ("->c", 57.84375)])
        // Unbroken, the arrow is one glyph.
        try assertLines("Inter-Variable.ttf", "a -> b", size: 28, width: 80, [("a -> b", 71.3125)])
    }
}
