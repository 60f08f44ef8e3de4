import XCTest
@testable import Typeset
import TypesetTestSupport

/// What a prepared text keeps and what it recomputes: per-unit advances are
/// shaped again on first use and must equal the ones preparation measured
/// its segments with; compact segments and items keep their edge cases.
final class PreparedStorageTests: XCTestCase {
    private let style = TextStyle(font: ["Noto Sans", "Noto Sans Arabic", "Noto Sans Devanagari", "Noto Sans Thai",
                                         "Noto Sans CJK JP", "Noto Color Emoji"], size: 15)
    private let samples = Fixtures.scriptSamples

    /// Segment widths come from preparation's advances; the recomputed unit
    /// metrics must give the same widths, whether the words are still in the
    /// cache, were evicted, or there is no cache at all.
    func testRecomputedAdvancesMatchPreparation() throws {
        let cache = ShapeCache()
        let typesetters = [Fixtures.typesetter, Typesetter(fonts: Fixtures.fonts, shapeCache: nil),
                           Typesetter(fonts: Fixtures.fonts, shapeCache: cache)]
        for (k, typesetter) in typesetters.enumerated() {
            for text in samples {
                for spacing in [0.0, 1.5] {
                    var st = style
                    st.letterSpacing = spacing
                    let core = try typesetter.prepare(text, style: st).core
                    if k == 2 { cache.removeAll() }  // evicted: shaped by HarfBuzz again
                    for s in core.segments.indices where core.segments[s].width != Int32.max {
                        let start = Int(core.segmentStart(s)), end = Int(core.contentEnd(s))
                        XCTAssertEqual(core.unitMetrics.width(start, end), Int64(core.segments[s].width),
                                       "\(text) segment \(s), letter spacing \(spacing), typesetter \(k)")
                    }
                }
            }
        }
    }

    /// Layout at a width does not compute unit metrics; positions inside
    /// words (rectangles) do, once, and the text's byte count then includes them.
    func testUnitMetricsAreComputedOnFirstUseOnly() throws {
        let prepared = try Fixtures.typesetter.prepare("Hello #swift world", style: style)
        let before = prepared.byteCount
        let layout = try prepared.layout(width: 80)
        _ = try prepared.measure(width: 50)
        XCTAssertEqual(prepared.byteCount, before, "layout at a width needs segments only")
        let rects = layout.rects(forUTF16Range: 6..<12)
        XCTAssertFalse(rects.isEmpty)
        XCTAssertGreaterThan(prepared.byteCount, before)
        XCTAssertTrue(prepared.core.unitMetrics === prepared.core.unitMetrics, "computed once and kept")
    }

    /// A prepared text is one allocation: its segment metrics, items, faces,
    /// levels, surrogate pairs and item line metrics lie inside its object,
    /// and its units are a view of it (no copy of their own).
    func testKeptBuffersAreInTheTextsObject() throws {
        let texts = ["Hello world, plain ASCII", "مرحبا بالعالم and hello", "日本語 with English and 👋 emoji",
                     "Mixed: Привет, नमस्ते, สวัสดี, שלום"]
        for text in texts {
            let core = try Fixtures.typesetter.prepare(text, style: style).core
            let start = UnsafeRawPointer(Unmanaged.passUnretained(core).toOpaque())
            let end = start + heapSize(of: core)
            func inside<T>(_ buffer: UnsafeBufferPointer<T>, _ name: String) {
                guard let base = buffer.baseAddress else { return }
                let a = UnsafeRawPointer(base), b = a + buffer.count * MemoryLayout<T>.stride
                XCTAssertTrue(a >= start && b <= end, "\(name) of \"\(text)\" lies outside the text's object")
            }
            XCTAssertFalse(core.items.isEmpty, text)
            inside(core.items, "items")
            inside(core.faces, "faces")
            inside(core.levels, "levels")
            inside(core.surrogatePairs, "surrogate pairs")
            inside(core.segmentMetrics, "segment metrics")
            XCTAssertEqual(core.sourceUTF16.byteCount, 0, "the units of \"\(text)\" are a view of the object")
            XCTAssertEqual(core.itemMetrics.byteCount, 0, "the item metrics of \"\(text)\" are a view of the object")
            XCTAssertEqual(Array(core.sourceUTF16), Array(text.utf16), text)
        }
    }

    /// More trailing spaces than a segment counts in 16 bits: the content's
    /// end is found again, and they still hang.
    func testVeryLongSpaceRunStillHangs() throws {
        let spaces = String(repeating: " ", count: 70_000)
        let pre = ParagraphStyle(whiteSpace: .preWrap)
        let layout = try Fixtures.typesetter.layout("Hello" + spaces + "world", style: style, paragraph: pre, width: 100)
        XCTAssertEqual(layout.lines.count, 2)
        XCTAssertEqual(layout.text(of: layout.lines[0]), "Hello" + spaces)
        let hello = try Fixtures.typesetter.layout("Hello", style: style, width: nil).lines[0].width
        XCTAssertEqual(layout.lines[0].width, hello, "the spaces hang")
        XCTAssertEqual(layout.text(of: layout.lines[1]), "world")
    }

    /// `count` runs of `text`, at 8 px and then a pixel larger each (every
    /// rounded ascent differs).
    private func growingSizes(_ count: Int, text: String) -> [(String, TextStyle)] {
        (0..<count).map { i in
            var st = style
            st.size = 8 + Double(i)
            return (text, st)
        }
    }

    /// Every distinct font size is its own line metrics: beyond what a
    /// segment can index, lines are still at least as tall as their fonts.
    func testManyDistinctLineMetrics() throws {
        // Sizes a pixel apart: every rounded ascent differs.
        let count = Segment.metricsLimit + 200
        let pieces = growingSizes(count, text: "w ")
        let prepared = try Fixtures.typesetter.prepare(AttributedText(pieces))
        XCTAssertEqual(prepared.core.segmentMetrics.count, Segment.metricsLimit + 1)
        let layout = try prepared.layout(width: 40)
        let font = Fixtures.face(file: "NotoSans-Regular.ttf").metrics
        for line in layout.lines {
            let last = (line.utf16Range.upperBound - 1) / 2  // each piece is two units, sizes grow
            let m = font.rounded(atSize: 8 + Double(last))
            XCTAssertGreaterThanOrEqual(line.height, m.ascent + m.descent, "line ending in piece \(last)")
        }
    }

    /// Items point at their line metrics with a byte: each item's pair is
    /// its own, with a few distinct pairs and with more than a byte can
    /// point at (then the table keeps one pair per item).
    func testItemLineMetricsGiveEachItemItsOwnPair() {
        for distinct in [1, 3, ItemLineMetrics.indexLimit, ItemLineMetrics.indexLimit + 1, 701] {
            let count = max(distinct * 2, 10)
            var items = (0..<count).map { i in
                Item(start: Int32(i), end: Int32(i + 1), level: 0, script: 0, styleIndex: 0, faceIndex: 0)
            }
            let perItem = (0..<count).map { i -> (ascent: Double, descent: Double) in
                let k = (i * 7) % distinct
                return (Double(10 + k), Double(k % 5))
            }
            let table = ItemLineMetrics(perItem: perItem, items: &items)
            XCTAssertEqual(table.isPerItem, distinct > ItemLineMetrics.indexLimit, "\(distinct) distinct")
            for i in items.indices {
                let m = table.metrics(of: i, items[i])
                XCTAssertEqual(m.ascent, perItem[i].ascent, "\(distinct) distinct, item \(i)")
                XCTAssertEqual(m.descent, perItem[i].descent, "\(distinct) distinct, item \(i)")
            }
            if distinct <= ItemLineMetrics.indexLimit {
                // The distinct pairs only. An array's capacity is what malloc
                // gave (Swift reads the block's usable size), which may be
                // one 16-byte pair more than asked, by where the block came
                // from: the same text was 4,128 or 4,144 bytes from run to run.
                let exact = 32 + 16 * distinct
                XCTAssertTrue((exact...exact + 16).contains(table.byteCount),
                              "the distinct pairs only: \(table.byteCount) bytes for \(distinct)")
            }
        }
    }

    /// Hundreds of font sizes, each its own item: a line holding part of a
    /// segment is as tall as its own items, past 256 distinct pairs too.
    func testPieceMetricsWithManyDistinctItems() throws {
        let count = ItemLineMetrics.indexLimit + 100
        let pieces = growingSizes(count, text: "w")
        let core = try Fixtures.typesetter.prepare(AttributedText(pieces)).core
        XCTAssertTrue(core.itemMetrics.isPerItem)
        XCTAssertEqual(core.items.count, count)
        for (i, item) in core.items.enumerated() {
            // The piece alone: its strut is its own box.
            let alone = try Fixtures.typesetter.prepare(AttributedText([pieces[i]])).core
            let m = core.pieceMetrics(item.start, item.end)
            XCTAssertEqual(m.ascent, max(alone.strutAscent, core.strutAscent), "item \(i)")
            XCTAssertEqual(m.descent, max(alone.strutDescent, core.strutDescent), "item \(i)")
        }
    }

    /// The truncation marker is kept as a flag: the paragraph's own, or
    /// "..." when the primary font has no "…" (Noto Sans Hebrew).
    func testEllipsisMarkerIsThePrimaryFontsOrThreeDots() throws {
        let cases: [(font: String, ellipsis: String, drawn: String)] = [
            ("Noto Sans", "\u{2026}", "\u{2026}"), ("Noto Sans Hebrew", "\u{2026}", "..."),
            ("Noto Sans Hebrew", "…more", "…more"), ("Noto Sans", "...", "..."),
        ]
        for c in cases {
            let paragraph = ParagraphStyle(maxLines: 1, textOverflow: .ellipsis, ellipsis: c.ellipsis)
            let prepared = try Fixtures.typesetter.prepare(
                AttributedText("שלום עולם שלום עולם שלום עולם שלום עולם", style: TextStyle(font: [c.font], size: 15)), paragraph: paragraph)
            XCTAssertEqual(prepared.paragraph.ellipsis, c.ellipsis)
            let layout = try prepared.layout(width: 60)
            XCTAssertEqual(layout.truncation?.ellipsis, c.drawn, "\(c.font), \(c.ellipsis)")
        }
    }

    func testTooManyDistinctStylesIsATypedError() throws {
        let pieces = (0...Int(UInt16.max) + 1).map { i -> (String, TextStyle) in
            var st = style
            st.letterSpacing = Double(i) / 1024
            return ("a", st)
        }
        XCTAssertThrowsError(try Fixtures.typesetter.prepare(AttributedText(pieces))) { error in
            guard case TypesetError.invalidAttributeRuns(let reason) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("65,536"), reason)
        }
    }
}

/// Where a prepared text's source has surrogate pairs (for UTF-32 offsets).
final class SurrogatePairTests: XCTestCase {
    /// Units with pairs, lone leads and trails, and trails before leads: as
    /// many pairs as the standard library decodes astral scalars, where it does.
    func testPairsAreTheAstralScalarsTheStandardLibraryDecodes() {
        let pool: [UInt16] = [0x61, 0x4E00, 0xD83D, 0xDE00, 0xDBFF, 0xDC00, 0xD800, 0xDFFF, 0xFFFF]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let units = (0..<Int.random(in: 0..<40, using: &random)).map { _ in pool.randomElement(using: &random)! }
            var starts: [Int32] = [], i = 0
            for scalar in String(decoding: units, as: UTF16.self).unicodeScalars {
                if scalar.value > 0xFFFF { starts.append(Int32(i)) }
                i += scalar == "\u{FFFD}" ? 1 : scalar.utf16.count  // (a lone surrogate decodes as U+FFFD, one unit)
            }
            let count = PreparedCore.Details.surrogatePairCount(units)
            XCTAssertEqual(count, starts.count, "\(units)")
            let found = [Int32](unsafeUninitializedCapacity: count) { buffer, n in
                PreparedCore.Details.findSurrogatePairs(units, into: buffer)
                n = count
            }
            XCTAssertEqual(found, starts, "\(units)")
        }
    }
}

/// The UTF-8 to UTF-16 transcoding preparation uses.
final class UTF16UnitsTests: XCTestCase {
    func testMatchesTheStandardLibrary() {
        let samples = ["", "ascii only", "é ß ü", "日本語", "emoji 👩‍👩‍👧 🇯🇵 1️⃣", "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}",
                       "mixed ﬁ א ب क ก \u{0} end"]
        for s in samples { XCTAssertEqual(s.utf16Units, Array(s.utf16), s) }
        var random = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let scalars = (0..<Int.random(in: 0..<40, using: &random)).compactMap { _ in
                Unicode.Scalar(UInt32.random(in: 0...0x10FFFF, using: &random))
            }
            let s = String(String.UnicodeScalarView(scalars))
            XCTAssertEqual(s.utf16Units, Array(s.utf16))
        }
        // Runs of ASCII between scalars of every length, so that the eight-byte
        // steps of the count and the fill start and stop at every offset.
        let others: [Unicode.Scalar] = ["é", "ж", "日", "😀", "\u{7FF}", "\u{800}", "\u{FFFF}", "\u{10000}", "\u{10FFFF}"]
        for _ in 0..<500 {
            var scalars: [Unicode.Scalar] = []
            for _ in 0..<Int.random(in: 0..<6, using: &random) {
                for _ in 0..<Int.random(in: 0..<20, using: &random) {
                    scalars.append(Unicode.Scalar(UInt8.random(in: 0...0x7F, using: &random)))
                }
                for _ in 0..<Int.random(in: 0..<4, using: &random) { scalars.append(others.randomElement(using: &random)!) }
            }
            let s = String(String.UnicodeScalarView(scalars))
            var reused: [UInt16] = Array(repeating: 7, count: Int.random(in: 0..<50, using: &random))
            s.writeUTF16Units(into: &reused)
            XCTAssertEqual(s.utf16Units, Array(s.utf16), s.debugDescription)
            XCTAssertEqual(reused, Array(s.utf16), s.debugDescription)
        }
    }
}
