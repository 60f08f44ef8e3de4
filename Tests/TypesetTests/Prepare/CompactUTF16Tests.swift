import XCTest
@testable import Typeset
import TypesetTestSupport

/// A prepared text's kept units: Latin-1 bytes when every unit fits in one,
/// UTF-16 otherwise; every view gives back the units it was made from.
final class CompactUTF16Tests: XCTestCase {
    private let samples = [
        "", "a", "ascii only, with\ttabs and\nnewlines", "Latin-1: café, naïve, ß, ÿ, ¡¿, \u{A0}nbsp, soft\u{AD}hyphen, \u{80}\u{FF}",
        "one unit past Latin-1: \u{100}", "Ā at the start", "end \u{2026}", "日本語", "مرحبا", "emoji 👩‍👩‍👧 🇯🇵 1️⃣",
        "\u{0}\u{7F}\u{80}\u{FF}\u{100}\u{FFFF}\u{10000}\u{10FFFF}",
    ]

    private func check(_ units: [UInt16], _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let compact = CompactUTF16(units)
        XCTAssertEqual(compact.isLatin1, !units.isEmpty && units.allSatisfy { $0 <= 0xFF }, label, file: file, line: line)
        XCTAssertEqual(compact.count, units.count, label, file: file, line: line)
        XCTAssertEqual(Array(compact), units, "subscript, \(label)", file: file, line: line)
        XCTAssertEqual(compact.utf16Array, units, "array, \(label)", file: file, line: line)
        XCTAssertEqual(compact.withUTF16 { Array($0) }, units, "UTF-16 buffer, \(label)", file: file, line: line)
        XCTAssertEqual(compact.string, String(decoding: units, as: UTF16.self), "string, \(label)", file: file, line: line)
        if units.count > 2 {
            XCTAssertEqual(Array(compact[1..<units.count - 1]), Array(units[1..<units.count - 1]), "slice, \(label)", file: file, line: line)
        }
        // Never more than the UTF-16 array, but for malloc's slack: a block
        // taken from a free one it would leave under 32 bytes of is handed
        // out whole, and a buffer's capacity counts that granule (16 bytes).
        XCTAssertLessThanOrEqual(compact.byteCount, arrayBytes(units) + 16, label, file: file, line: line)
    }

    func testRoundTrips() {
        for s in samples { check(Array(s.utf16), s) }
        // Lone surrogates and every byte value.
        check([0xD800, 0x41, 0xDC00], "lone surrogates")
        check((0...0xFF).map { UInt16($0) }, "every Latin-1 unit")
        check((0...0x100).map { UInt16($0) }, "every Latin-1 unit and one more")
    }

    func testRandomUnits() {
        var random = SplitMix64(seed: 0xC0117AC7)
        for k in 0..<300 {
            let limit: UInt16 = k % 3 == 0 ? 0x7F : k % 3 == 1 ? 0xFF : 0xFFFF
            let units = (0..<Int.random(in: 0..<300, using: &random)).map { _ in UInt16.random(in: 0...limit, using: &random) }
            check(units, "random \(k)")
        }
    }

    /// A window lent around a range holds the range and its context, at the offset given.
    func testWindowAroundARange() {
        let latin1: [UInt16] = (0..<200).map { UInt16(0x41 + $0 % 26) }
        for units in [latin1, latin1 + [0x100]] {
            let compact = CompactUTF16(units)
            for range in [0..<0, 0..<5, 3..<7, 50..<60, 190..<units.count, units.count..<units.count] {
                compact.withUTF16(around: range) { buf, offset in
                    XCTAssertLessThanOrEqual(offset, max(0, range.lowerBound - CompactUTF16.shapingContext))
                    XCTAssertGreaterThanOrEqual(offset + buf.count, min(units.count, range.upperBound + CompactUTF16.shapingContext))
                    XCTAssertEqual(Array(buf), Array(units[offset..<offset + buf.count]), "\(range)")
                }
            }
        }
    }

    /// A Latin-1 text's glyphs and split words come out as they do when the
    /// same lines are kept as UTF-16 (a unit past U+00FF at the end).
    func testLatin1LayoutMatchesUTF16() throws {
        let style = TextStyle(font: ["Noto Sans"], size: 17)
        let words = "Centered AVAVAV Towards affluent office, WAVE Yo; " + String(repeating: "Tovarisch", count: 12)
        let narrow = try Fixtures.typesetter.prepare(words, style: style)
        let wide = try Fixtures.typesetter.prepare(words + " \u{100}", style: style)
        XCTAssertTrue(narrow.core.sourceUTF16.isLatin1)
        XCTAssertFalse(wide.core.sourceUTF16.isLatin1)
        for width in [37.0, 61, 90, 150] {
            let a = try narrow.layout(width: width), b = try wide.layout(width: width)
            XCTAssertGreaterThan(a.lines.count, 2)
            for k in 0..<(a.lines.count - 1) {
                XCTAssertEqual(a.lines[k].width, b.lines[k].width, "line \(k) at \(width)")
                XCTAssertEqual(a.lines[k].utf16Range, b.lines[k].utf16Range, "line \(k) at \(width)")
                let ga = a.visualRuns(of: a.lines[k]).flatMap { a.glyphs(of: $0, on: a.lines[k]) }
                let gb = b.visualRuns(of: b.lines[k]).flatMap { b.glyphs(of: $0, on: b.lines[k]) }
                XCTAssertEqual(ga.map(\.glyphID), gb.map(\.glyphID), "line \(k) at \(width)")
                XCTAssertEqual(ga.map(\.utf16Offset), gb.map(\.utf16Offset), "line \(k) at \(width)")
                XCTAssertEqual(ga.map(\.x), gb.map(\.x), "line \(k) at \(width)")
            }
        }
    }

    /// Latin-1 text takes a byte per unit; the prepared text counts that.
    func testLatin1TakesAByteAUnit() throws {
        let text = String(repeating: "Café au lait, s'il vous plaît. ", count: 10)
        let compact = CompactUTF16(Array(text.utf16))
        XCTAssertTrue(compact.isLatin1)
        XCTAssertLessThan(compact.byteCount, 32 + text.utf16.count + 16)
        let prepared = try Fixtures.typesetter.prepare(text, style: TextStyle(font: ["Noto Sans"], size: 15))
        XCTAssertEqual(prepared.string, text)
        XCTAssertEqual(prepared.utf16Count, text.utf16.count)
        XCTAssertTrue(prepared.core.sourceUTF16.isLatin1)
    }
}
