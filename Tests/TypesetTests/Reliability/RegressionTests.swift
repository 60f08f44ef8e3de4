import Foundation
@testable import Typeset
import TypesetTestSupport
import XCTest

/// Inputs the stress test, the hostile-font tests or the scale benchmark
/// found crashing, hanging or wrong, kept as plain regression tests.
final class ReliabilityRegressionTests: XCTestCase {
    private let typesetter = Fixtures.typesetter

    /// A huge `tabSize` overflowed the tab interval (arithmetic overflow trap
    /// in prepare). Tab stops are now at most 32768 px apart.
    func testHugeTabSizeDoesNotOverflow() throws {
        for tabSize in [Int.max, Int.min, 1_000_000_000_000, Int(Int32.max)] {
            let paragraph = ParagraphStyle(whiteSpace: .preWrap, tabSize: tabSize)
            let prepared = try typesetter.prepare("a\tb\t\tc", style: Fixtures.style(), paragraph: paragraph)
            for width in [nil, 0, 100, 1e9] as [Double?] {
                let layout = try prepared.layout(width: width)
                XCTAssertEqual(layout.lines.first?.utf16Range.lowerBound, 0)
                XCTAssertEqual(layout.lines.last?.utf16Range.upperBound, 6)
                XCTAssertTrue(layout.lines.allSatisfy { $0.width.isFinite && $0.width >= 0 }, "\(tabSize) \(String(describing: width))")
            }
        }
    }

    /// `AttributedText([])` has no runs, so no style: prepare indexed the
    /// missing first run and trapped. It now throws `invalidAttributeRuns`.
    func testAttributedTextWithoutRunsThrows() {
        XCTAssertThrowsError(try typesetter.prepare(AttributedText([]))) { error in
            guard case .invalidAttributeRuns = error as? TypesetError else { return XCTFail("\(error)") }
        }
        // An empty string with a style is fine: no lines.
        XCTAssertEqual(try typesetter.prepare(AttributedText([("", Fixtures.style())])).layout(width: 100).lines.count, 0)
    }

    /// A huge letter spacing (clamped to Int32.max per cluster) wrapped the
    /// per-unit advance around to a large negative width. Advances now saturate.
    func testHugeLetterSpacingDoesNotWrapNegative() throws {
        for spacing in [1e6, 1e5, 32767.0, 1e9] {
            let style = TextStyle(font: "Noto Sans", size: 664, letterSpacing: spacing)
            let layout = try typesetter.prepare("ab cd", style: style).layout(width: nil)
            XCTAssertGreaterThan(layout.lines[0].width, 0, "letter spacing \(spacing)")
            XCTAssertGreaterThan(layout.naturalWidth, 0, "letter spacing \(spacing)")
        }
    }

    /// A grapheme cluster of many spacing marks at a large size: the cluster's
    /// glyph advances, summed into one Int32, wrapped negative.
    func testSpacingMarkStormAtLargeSizeDoesNotWrapNegative() throws {
        let text = "\u{915}" + String(repeating: "\u{93E}", count: 400)
        let style = TextStyle(font: "Noto Sans Devanagari", size: 1000)
        let layout = try typesetter.prepare(text, style: style).layout(width: 500)
        XCTAssertEqual(layout.lines.count, 1)
        XCTAssertGreaterThan(layout.lines[0].width, 500)
    }

    // MARK: Quadratic work (found by the scale benchmark)

    /// Seconds `body` takes.
    private func seconds(_ body: () throws -> Void) rethrows -> Double {
        let t0 = Date()
        try body()
        return Date().timeIntervalSince(t0)
    }

    /// The naive scalar count (what `scalarOffset(utf16:)` must return).
    private func naiveScalarOffset(_ units: [UInt16], _ offset: Int) -> Int {
        var count = 0, i = 0
        let end = min(offset, units.count)
        while i < end {
            let u = units[i]
            if u >= 0xD800 && u <= 0xDBFF && i + 1 < units.count && units[i + 1] >= 0xDC00 && units[i + 1] <= 0xDFFF { i += 2 } else { i += 1 }
            count += 1
        }
        return count
    }

    func testScalarOffsetsMatchNaiveCount() throws {
        for text in ["", "abc", "😀", "a😀b👩‍👩‍👧c", "  😀  x 😀\n\n", "𝐀𝐁𝐂 漢字 \u{10FFFD}", String(repeating: "👍🏽 ", count: 50)] {
            for ws in [ParagraphStyle.WhiteSpace.normal, .preWrap] {
                let layout = try typesetter.prepare(text, style: Fixtures.style(["Noto Sans", "Noto Color Emoji"]),
                                                    paragraph: ParagraphStyle(whiteSpace: ws)).layout(width: 50)
                let units = Array(text.utf16)
                for k in -2...(units.count + 2) {
                    XCTAssertEqual(layout.scalarOffset(utf16: k), naiveScalarOffset(units, k), "\(String(reflecting: text)) at \(k)")
                }
            }
        }
    }

    /// Scalar offsets of every line (what `measure` prints by default) walked
    /// the text from its start for every offset: quadratic in the line count.
    func testScalarOffsetsOfEveryLineStayLinear() throws {
        let text = (0..<20_000).map { "😀 line \($0)" }.joined(separator: "\n")
        let layout = try typesetter.prepare(text, style: Fixtures.style(["Noto Sans", "Noto Color Emoji"]),
                                            paragraph: ParagraphStyle(whiteSpace: .preWrap)).layout(width: nil)
        XCTAssertEqual(layout.lines.count, 20_000)
        var last = -1
        let t = seconds {
            for line in layout.lines {
                let a = layout.scalarOffset(utf16: line.utf16Range.lowerBound)
                XCTAssertGreaterThan(a, last)
                last = a
            }
        }
        XCTAssertEqual(last, text.unicodeScalars.count - "😀 line 19999".unicodeScalars.count)
        XCTAssertLessThan(t, 10, "scalar offsets of 20,000 lines took \(t) s")
    }

    /// ICU resolved a text of many paragraphs (auto direction) by looking up
    /// each character's paragraph from the first one: quadratic in the
    /// pre-wrap line count (the scale benchmark's 100,000 lines). Paragraphs
    /// are now resolved one by one; each still finds its own direction (its
    /// runs' order and widths are those of the paragraph alone; lines are
    /// aligned by the first paragraph's direction, the block's).
    func testEachParagraphIsResolvedOnItsOwn() throws {
        let paragraphs = ["Hello world", "שלום עולם", "123 456", "مرحبا abc", "", "(abc)", "abc שלום", "\u{2067}abc\u{2069} שלום"]
        let style = Fixtures.style(["Noto Sans", "Noto Sans Hebrew", "Noto Sans Arabic"])
        for separator in ["\n", "\r\n"] {
            let text = paragraphs.joined(separator: separator)
            let paragraph = ParagraphStyle(whiteSpace: .preWrap, alignment: .start)
            let whole = try typesetter.prepare(text, style: style, paragraph: paragraph).layout(width: 300)
            XCTAssertEqual(whole.lines.count, paragraphs.count, separator.debugDescription)
            for (line, alone) in zip(whole.lines, paragraphs) where !alone.isEmpty {
                let single = try typesetter.prepare(alone, style: style, paragraph: paragraph).layout(width: 300)
                XCTAssertEqual(line.width, single.lines[0].width, "\(alone.debugDescription) after \(separator.debugDescription)")
                XCTAssertEqual(whole.visualRuns(of: line).map(\.isRightToLeft), single.visualRuns(of: single.lines[0]).map(\.isRightToLeft),
                               alone.debugDescription)
            }
        }
    }

    /// Visual runs (and so rects) of a line scanned every item of the text.
    func testVisualRunsOfEveryLineStayLinear() throws {
        let text = (0..<10_000).map { "😀 line \($0) שלום" }.joined(separator: "\n")
        let prepared = try typesetter.prepare(text, style: Fixtures.style(["Noto Sans", "Noto Sans Hebrew", "Noto Color Emoji"]),
                                              paragraph: ParagraphStyle(whiteSpace: .preWrap))
        let layout = try prepared.layout(width: nil)
        var runs = 0
        let t = seconds {
            for line in layout.lines {
                let visual = layout.visualRuns(of: line)
                // The runs cover the line's content exactly.
                XCTAssertEqual(visual.map { $0.utf16Range.count }.reduce(0, +),
                               line.utf16Range.count - (line.utf16Range.upperBound < text.utf16.count ? 1 : 0))
                runs += visual.count
            }
            XCTAssertFalse(layout.rects(forUTF16Range: 0..<text.utf16.count).isEmpty)
        }
        XCTAssertGreaterThanOrEqual(runs, layout.lines.count * 3)
        XCTAssertLessThan(t, 10, "visual runs of 10,000 lines took \(t) s")
    }

    /// A long unbreakable word split by overflow-wrap: every line summed the
    /// rest of the word again.
    func testOverflowWrapOfALongWordStaysLinear() throws {
        let word = String(repeating: "abcdefghij", count: 20_000)
        let prepared = try typesetter.prepare(word, style: Fixtures.style())
        var layout: TextLayout?
        let t = seconds { layout = try? prepared.layout(width: 100) }
        XCTAssertGreaterThan(layout?.lines.count ?? 0, 1000)
        XCTAssertTrue(layout?.lines.allSatisfy { $0.width <= 100 + 1.0 / 64 } ?? false)
        XCTAssertLessThan(t, 10, "overflow-wrap of a 200,000-letter word took \(t) s")
    }

    /// Truncation cut the last line one cluster at a time, re-measuring the
    /// line each time: quadratic in the line's length.
    func testTruncatingALongLineStaysLinear() throws {
        let text = String(repeating: "abcdefghij", count: 10_000) + " end"
        let prepared = try typesetter.prepare(text, style: Fixtures.style(),
                                              paragraph: ParagraphStyle(breakWords: false, maxLines: 1))
        var layout: TextLayout?
        let t = seconds { layout = try? prepared.layout(width: 100) }
        XCTAssertEqual(layout?.lines.count, 1)
        XCTAssertEqual(layout?.isTruncated, true)
        XCTAssertLessThanOrEqual(layout?.lines.first?.width ?? 1000, 100 + 1.0 / 64)
        XCTAssertLessThan(t, 10, "truncating a 100,000-letter line took \(t) s")
    }

    // MARK: Wrong widths (found by the stress test)

    /// A truncated line measured its text without its tabs (tab stops only
    /// count between segments), so the ellipsis line was too narrow and could
    /// overflow the width.
    func testTruncatedLineCountsItsTabs() throws {
        let style = Fixtures.style(size: 16)
        let text = "ab\t\tcd\tef gh ij kl mn op"
        let prepared = try typesetter.prepare(text, style: style, paragraph: ParagraphStyle(whiteSpace: .preWrap, maxLines: 1))
        for width in stride(from: 40.0, through: 260, by: 10) {
            let layout = try prepared.layout(width: width)
            guard layout.isTruncated, let line = layout.lines.first, let t = layout.truncation else { continue }
            XCTAssertLessThanOrEqual(line.width, width + 1.0 / 64, "at \(width)")
            XCTAssertEqual(t.ellipsisX + t.ellipsisWidth, line.x + line.width, accuracy: 1e-9, "at \(width)")
            // The visible text measured alone (tabs and spaces before the ellipsis
            // included: a word joiner keeps them from hanging) ends where the ellipsis starts.
            let range = try XCTUnwrap(t.visibleUTF16Ranges.first)
            let shown = String(decoding: Array(text.utf16)[range], as: UTF16.self)
            let alone = try typesetter.prepare(shown + "\u{2060}", style: style, paragraph: ParagraphStyle(whiteSpace: .preWrap))
                .layout(width: nil).lines[0].width
            XCTAssertEqual(t.ellipsisX - line.x, alone, accuracy: 1.0 / 64, "at \(width): \(String(reflecting: shown))")
        }
    }

    /// Two grapheme boundaries inside one ligature ("f|f|l" in "ffl"): the
    /// width between them counted the rest of the ligature, so overflow-wrap
    /// fitted fewer letters than the line could hold and laying out again at
    /// the measured width changed the lines.
    func testWidthsBetweenSplitsInsideOneLigature() throws {
        let prepared = try typesetter.prepare(String(repeating: "ffl", count: 8), style: Fixtures.style(size: 24))
        for width in stride(from: 4.0, through: 120, by: 1.5) {
            let layout = try prepared.layout(width: width)
            guard layout.contentWidth <= width else { continue }
            let again = try prepared.layout(width: layout.contentWidth)
            XCTAssertEqual(again.lines.map(\.utf16Range), layout.lines.map(\.utf16Range), "at \(width)")
        }
    }

    /// Regional indicators that the emoji font ligates across a grapheme pair
    /// (🇼🇸 inside 🇭🇼🇸🇦): the piece before the boundary was measured without
    /// its letter spacing, so overflow-wrap kept a line far wider than the width.
    func testLetterSpacedLigatureAcrossGraphemesFits() throws {
        let style = TextStyle(font: ["Noto Sans CJK JP", "Noto Color Emoji"], size: 16, letterSpacing: 100)
        let prepared = try typesetter.prepare(AttributedText([("便’", Fixtures.style(["Noto Sans CJK JP"], size: 16)),
                                                               ("🇭🇼🇸🇦x", style)]),
                                              paragraph: ParagraphStyle(whiteSpace: .preWrap, wordBreak: .breakAll))
        for width in stride(from: 100.0, through: 400, by: 7) {
            let layout = try prepared.layout(width: width)
            for line in layout.lines where line.width > width + 1.0 / 64 {
                // Only a single grapheme cluster may overflow.
                XCTAssertEqual(layout.text(of: line).count, 1, "at \(width): \(layout.text(of: line)) is \(line.width) px")
            }
        }
    }

    /// A break opportunity inside a ligature (`f|i` under break-all): the
    /// segments kept their plain advance sums (the whole "fi" on the "f"), so
    /// a line ending at the "f" was measured with the whole ligature and
    /// overflow-wrap then placed a segment that did not fit.
    func testSegmentsEndingInsideALigatureFit() throws {
        let prepared = try typesetter.prepare("\u{92}\u{9F}fi fifi ffi", style: Fixtures.style(["Noto Sans Hebrew", "Noto Sans"], size: 24),
                                              paragraph: ParagraphStyle(wordBreak: .breakAll))
        for width in stride(from: 1.0, through: 120, by: 0.75) {
            let layout = try prepared.layout(width: width)
            for line in layout.lines where line.width > width + 1.0 / 64 {
                XCTAssertEqual(layout.text(of: line).trimmingCharacters(in: .whitespaces).count, 1,
                               "at \(width): \(String(reflecting: layout.text(of: line))) is \(line.width) px")
            }
            if layout.contentWidth <= width {
                XCTAssertEqual(try prepared.layout(width: layout.contentWidth).lines.map(\.utf16Range), layout.lines.map(\.utf16Range), "at \(width)")
            }
        }
    }

    /// A soft hyphen's hyphen shows (and takes room) only where the line
    /// breaks at it. The breaker wanted room for it after every segment ending
    /// in a soft hyphen, so "aaaa\u{AD}i" broke after "aaaa" at a width that
    /// holds the whole word (the "i" is narrower than a hyphen), and the
    /// layout changed when laid out again at its own width.
    func testSoftHyphenNeedsRoomOnlyWhereTheLineBreaks() throws {
        let style = Fixtures.style(size: 16)
        for text in ["aaaa\u{AD}i", "xx aaaa\u{AD}i", "co\u{AD}op\u{AD}i.", "xx wiki\u{AD}s yy"] {
            let prepared = try typesetter.prepare(text, style: style)
            let natural = try prepared.layout(width: nil)
            XCTAssertEqual(natural.lines.count, 1, text)
            let layout = try prepared.layout(width: natural.contentWidth)
            XCTAssertEqual(layout.lines.map(\.utf16Range), natural.lines.map(\.utf16Range), "\(String(reflecting: text)) at its own width")
        }
        // Where the line does break at the soft hyphen, the hyphen must fit:
        // "xx aaaa" fits but "xx aaaa‐" does not, so the break moves before "aaaa".
        let prepared = try typesetter.prepare("xx aaaa\u{AD}bbb", style: style)
        let upToSoftHyphen = try typesetter.prepare("xx aaaa", style: style).layout(width: nil).contentWidth
        let layout = try prepared.layout(width: upToSoftHyphen + 1)
        XCTAssertEqual(layout.lines.map { layout.text(of: $0) }, ["xx ", "aaaa\u{AD}", "bbb"])
        XCTAssertTrue(layout.lines.allSatisfy { $0.width <= upToSoftHyphen + 1 + 1.0 / 64 }, "\(layout.lines.map(\.width))")
    }

    /// Fallback decisions were cached per cluster for ever: hostile text (a
    /// new storm of marks on an uncovered base every time) grew the process
    /// by about 12 MB per thousand texts. Long clusters are no longer cached,
    /// and the cache is bounded.
    /// A fallback key kept the caller's array, the itemizer's scratch buffer
    /// of kilobytes: 300,000 texts of random Unicode held some 535 MB in keys.
    /// Keys are stored at their own size; random text keeps the keys small.
    func testFallbackCacheKeysAreStoredAtTheirOwnSize() throws {
        let fonts = try FontCollection(directory: Fixtures.fontsDirectory)
        var scratch: [UInt32] = []
        scratch.reserveCapacity(1024)
        for c in UInt32(0x4E00)..<0x4E00 + 200 {
            scratch.removeAll(keepingCapacity: true)
            scratch.append(c)
            _ = fonts.fallbackFace(for: scratch, weight: 400, italic: false)
        }
        XCTAssertEqual(fonts.fallbackCacheCount, 200)
        XCTAssertLessThanOrEqual(fonts.fallbackCacheKeyCapacity, 200 * 8, "was 1,024 scalars a key")
        // Through the itemizer: random CJK and symbols.
        let typesetter = Typesetter(fonts: fonts, shapeCache: nil)
        var r = SplitMix64(seed: 9)
        for _ in 0..<200 {
            let text = String(String.UnicodeScalarView((0..<40).compactMap { _ in
                Unicode.Scalar(UInt32.random(in: 0x2600...0x9FFF, using: &r)) }))
            _ = try typesetter.prepare(text, style: Fixtures.style())
        }
        XCTAssertLessThanOrEqual(fonts.fallbackCacheKeyCapacity, fonts.fallbackCacheCount * 8)
    }

    func testFallbackCacheStaysBounded() throws {
        let fonts = try FontCollection(directory: Fixtures.fontsDirectory)
        let typesetter = Typesetter(fonts: fonts, shapeCache: nil)
        var r = SplitMix64(seed: 5)
        for _ in 0..<50 {
            var storm = "葛"
            for _ in 0..<500 { storm += String(Character(Unicode.Scalar(UInt32.random(in: 0x300...0x36F, using: &r))!)) }
            _ = try typesetter.prepare(storm, style: Fixtures.style())
        }
        XCTAssertLessThan(fonts.fallbackCacheCount, 10, "storm clusters are cached")
        // Short clusters are cached, up to a limit.
        _ = fonts.fallbackFace(for: [0x4E00], weight: 400, italic: false)
        XCTAssertGreaterThan(fonts.fallbackCacheCount, 0)
        XCTAssertLessThanOrEqual(FontCollection.fallbackCacheLimit, 1 << 16)
        let cache = BoundedCache<Int, Int>(countLimit: 100)
        for k in 0..<1000 { cache.insert(k, for: k) }
        XCTAssertEqual(cache.count, 100)
        XCTAssertEqual(cache.value(for: 999), 999)
        // Eviction is incremental, least recently used first: the newest 100 stay.
        XCTAssertNil(cache.value(for: 899))
        XCTAssertEqual((900..<1000).filter { cache.value(for: $0) == $0 }.count, 100)
        XCTAssertEqual(cache.statistics.evictions, 900)
    }

    /// HarfBuzz may merge a joiner into a carriage return's cluster; the
    /// grapheme boundary between them became a ligature split whose prefix
    /// (the CR's glyph, shaped and letter-spaced) was more than the CR's
    /// advance, which is zeroed: the joiner's line was -6 px wide.
    func testJoinerAfterACarriageReturnHasNoNegativeWidth() throws {
        let thai = TextStyle(font: ["Noto Sans Thai", "Noto Sans"], size: 16, weight: 1, letterSpacing: 2)
        let devanagari = TextStyle(font: ["Noto Sans Devanagari"], size: 15, weight: 1000)
        for text in [AttributedText([("\u{85}\r\u{200D}", thai), (" \u{903}\u{34E}", devanagari)]),
                     AttributedText([("a\r\u{200D}", thai), (" b", devanagari)]),
                     AttributedText([("a\n\u{200D}\t\u{200D}", thai), (" b", devanagari)])] {
            for direction in ParagraphStyle.Direction.allCases {
                let prepared = try typesetter.prepare(text, paragraph: ParagraphStyle(whiteSpace: .preWrap, wordBreak: .breakAll,
                                                                                      direction: direction))
                for width in [0, 5, 20, 100] as [Double] {
                    for line in try prepared.layout(width: width).lines {
                        XCTAssertGreaterThanOrEqual(line.width, 0, "\(String(reflecting: text.string)) \(direction) at \(width): line \(line.utf16Range)")
                    }
                }
            }
        }
    }

    /// Found by scripts/fuzz-coverage text: `line-break: anywhere` on an
    /// empty text (or one white space collapses away) trapped on 1...0.
    func testLineBreakAnywhereOnEmptyText() throws {
        for text in ["", "   ", "\n"] {
            let prepared = try Fixtures.typesetter.prepare(text, style: Fixtures.style(),
                                                            paragraph: ParagraphStyle(lineBreak: .anywhere))
            XCTAssertEqual(try prepared.layout(width: 100).lines.count, 0, "\(text.debugDescription)")
        }
    }
}
