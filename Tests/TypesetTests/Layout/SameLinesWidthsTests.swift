import XCTest
@testable import Typeset
import TypesetTestSupport

/// `SameLinesWidths`: the box widths that break a text into the same lines,
/// for each paragraph option on texts written to exercise it (the corpora's
/// sweep is `SameLinesWidthsSweepTests`).
final class SameLinesWidthsTests: XCTestCase {
    private let style = TextStyle(font: ["Noto Sans", "Noto Sans CJK JP", "Noto Color Emoji"], size: 15)
    private let chat = "Are we still on for lunch tomorrow? I found a new place near the station that does great noodles."

    /// What the interval promises to keep at a width: line ranges, widths
    /// before a justified line's stretch, heights, hyphens, the cut, and the
    /// measurement (its width but for justified text).
    private func lines(_ p: PreparedText, _ width: Double?) throws -> [String] {
        let layout = try p.layout(width: width)
        let m = try p.measure(width: width)
        let justify = p.paragraph.alignment == .justify
        return layout.lines.map {
            let natural = (($0.width - Double($0.justification) / 65536 / p.scale) * 1e6).rounded() / 1e6
            return "\($0.utf16Range) \(natural) \($0.height) \($0.hasEllipsis) \($0.showsHyphen)"
        } + ["\(m.lineCount) \(justify ? 0 : m.width) \(m.height) \(m.isTruncated) \(layout.truncation?.visibleUTF16Ranges ?? [])"]
    }

    /// Sweeps widths from 0 to past the text's max-content width: every
    /// interval holds its width, agrees at its ends and in its middle, and
    /// (unless `exact` is false) differs just outside; the intervals met
    /// going up tile the widths. Returns how many intervals were met.
    @discardableResult
    private func sweep(_ p: PreparedText, exact: Bool = true, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        var w = 0.0, count = 0
        let top = p.maxContentWidth + 40
        while w < top {
            let interval = try p.sameLinesWidths(width: w)
            count += 1
            XCTAssertTrue(interval.contains(w), "\(interval) does not hold \(w)", file: file, line: line)
            XCTAssertLessThanOrEqual(interval.min, w, file: file, line: line)
            let reference = try lines(p, w)
            let last = interval.max.map { $0.nextDown } ?? top + 100
            for inside in [interval.min, last, (interval.min + last) / 2] {
                XCTAssertEqual(try lines(p, inside), reference, "\(interval) at \(inside) (from \(w))", file: file, line: line)
            }
            if exact {
                if interval.min > 0 {
                    XCTAssertNotEqual(try lines(p, interval.min.nextDown), reference, "\(interval): the same below min",
                                      file: file, line: line)
                }
                if let max = interval.max {
                    XCTAssertNotEqual(try lines(p, max), reference, "\(interval): the same at max", file: file, line: line)
                }
            }
            guard let max = interval.max else { break }
            XCTAssertGreaterThan(max, w, file: file, line: line)
            // Next: the interval's end, or a little past it to skip the narrowest ones.
            w = Swift.max(max, w + 3)
        }
        return count
    }

    private func prepare(_ text: String, _ paragraph: ParagraphStyle = ParagraphStyle(), style: TextStyle? = nil,
                         scale: Double = 1) throws -> PreparedText {
        try Fixtures.typesetter.prepare(text, style: style ?? self.style, paragraph: paragraph, scale: scale)
    }

    func testGreedyLinesAtEveryScale() throws {
        for scale in [1.0, 2.0, 3.0, 2.625] {
            XCTAssertGreaterThan(try sweep(prepare(chat, scale: scale)), 10, "\(scale)x")
        }
    }

    func testTheBoundsAreWhatTheLinesNeedAndWhereTheNextWordFits() throws {
        let p = try prepare(chat)
        let m = try p.measure(width: 240, reportingSameLinesWidths: true)
        let interval = try XCTUnwrap(m.sameLinesWidths)
        // The widest line needs its own width: the box may shrink to it, to the layout unit.
        // (The widest line's width is rounded up to the layout unit; what it needs, down.)
        XCTAssertTrue(interval.min == m.width || interval.min == m.width - 1.0 / 64, "\(interval) \(m.width)")
        let next = try p.layout(width: try XCTUnwrap(interval.max))
        XCTAssertNotEqual(next.lines.map(\.utf16Range), try p.layout(width: 240).lines.map(\.utf16Range))
        // The same from a layout, and nothing when not asked.
        XCTAssertEqual(try p.layout(width: 240).sameLinesWidths, interval)
        XCTAssertNil(try p.measure(width: 240).sameLinesWidths)
        XCTAssertEqual(try p.measure(width: 240, reportingSameLinesWidths: false).sameLinesWidths, nil)
    }

    func testUnboundedLinesHoldDownToTheMaxContentWidth() throws {
        let p = try prepare(chat)
        let interval = try p.sameLinesWidths(width: nil)
        XCTAssertNil(interval.max)
        // (The max-content width is rounded up to the layout unit; what the line needs, down.)
        XCTAssertTrue([p.maxContentWidth, p.maxContentWidth - 1.0 / 64].contains(interval.min), "\(interval)")
        XCTAssertEqual(try p.layout(width: interval.min).lines.count, 1)
        XCTAssertEqual(try p.layout(width: interval.min.nextDown).lines.count, 2)
        XCTAssertEqual(try prepare("").sameLinesWidths(width: 100), SameLinesWidths(min: 0, max: nil))
    }

    func testEveryOption() throws {
        let text = "Soft\u{AD}hyphen\u{AD}ated words, a super\u{2011}long\u{2011}hyphenated\u{2011}compound and ideographs 日本語の文章です。"
        let options: [(String, ParagraphStyle, TextStyle?)] = [
            ("letter spacing", ParagraphStyle(), TextStyle(font: ["Noto Sans"], size: 15, letterSpacing: 1.5)),
            ("break-word", ParagraphStyle(breakWords: true), nil),
            ("no break-word", ParagraphStyle(breakWords: false), nil),
            ("break-all", ParagraphStyle(wordBreak: .breakAll), nil),
            ("keep-all", ParagraphStyle(wordBreak: .keepAll), nil),
            ("anywhere", ParagraphStyle(lineBreak: .anywhere), nil),
            ("pre-wrap", ParagraphStyle(whiteSpace: .preWrap), nil),
            ("clamp", ParagraphStyle(maxLines: 2), nil),
            ("clamp rtl", ParagraphStyle(direction: .rtl, maxLines: 3), nil),
            ("nowrap ellipsis", ParagraphStyle(whiteSpace: .nowrap, textOverflow: .ellipsis), nil),
            ("nowrap", ParagraphStyle(whiteSpace: .nowrap), nil),
            ("center", ParagraphStyle(alignment: .center), nil),
            ("justify", ParagraphStyle(alignment: .justify), nil),
        ]
        for (name, paragraph, style) in options {
            let count = try sweep(prepare(text, paragraph, style: style))
            XCTAssertGreaterThan(count, paragraph.whiteSpace == .nowrap && paragraph.textOverflow == .clip ? 0 : 5, name)
        }
    }

    func testHangingSpacesAndTabsUnderPreWrap() throws {
        let p = try prepare("Name:\tAda   Lovelace    \nRole:\tfirst programmer    of the engine\t\tend   ",
                            ParagraphStyle(whiteSpace: .preWrap))
        XCTAssertGreaterThan(try sweep(p), 5)
        let ideographic = try prepare("日本語　　の文章　　です。ここで\u{3000}\u{3000}改行", ParagraphStyle(whiteSpace: .preWrap))
        XCTAssertGreaterThan(try sweep(ideographic), 5)
    }

    func testAttachmentsAndRuns() throws {
        var text = AttributedText("Reply from ", style: style)
        text.append(TextAttachment(width: 18, height: 18), style: style)
        text.append(" Ada, with a badge and ", style: style)
        text.append("a bold phrase", style: TextStyle(font: ["Noto Sans"], size: 18, weight: 700))
        text.append(TextAttachment(width: 40, height: 10), style: style)
        text.append(" after it.", style: style)
        XCTAssertGreaterThan(try sweep(Fixtures.typesetter.prepare(text)), 5)
        XCTAssertGreaterThan(try sweep(Fixtures.typesetter.prepare(text, scale: 3)), 5)
    }

    func testBalanceAndPrettyAreConservativeOnlyWhereTheyMayReBreak() throws {
        for wrap in [ParagraphStyle.TextWrap.balance, .pretty] {
            let p = try prepare(chat, ParagraphStyle(textWrap: wrap))
            try sweep(p, exact: false)
            // On one line: every wider box, exactly from where it fits.
            let oneLine = try p.sameLinesWidths(width: 2000)
            XCTAssertNil(oneLine.max)
            XCTAssertTrue([p.maxContentWidth, p.maxContentWidth - 1.0 / 64].contains(oneLine.min), "\(oneLine)")
        }
        // A balanced paragraph of three lines: the measured width's own layout unit.
        let balanced = try prepare(chat, ParagraphStyle(textWrap: .balance)).sameLinesWidths(width: 240)
        XCTAssertEqual(balanced.min, 240)
        XCTAssertEqual(balanced.max, 240 + 1.0 / 64)
        // Lines no plan applies to whatever the box: exact. Pretty never re-breaks a text with a tab;
        // balance leaves a first paragraph of more than six lines as it is.
        try sweep(prepare("Columns:\t" + chat, ParagraphStyle(whiteSpace: .preWrap, textWrap: .pretty)))
        let long = try prepare([chat, chat, chat].joined(separator: " "), ParagraphStyle(textWrap: .balance))
        let exact = try long.sameLinesWidths(width: 150)
        XCTAssertGreaterThan(try XCTUnwrap(exact.max) - exact.min, 1.0 / 64)
        XCTAssertGreaterThan(try long.layout(width: 150).lines.count, 6)
    }

    func testAJustifiedTextsWidthFollowsTheBox() throws {
        let p = try prepare(chat, ParagraphStyle(alignment: .justify))
        let interval = try p.sameLinesWidths(width: 240)
        XCTAssertTrue(interval.widthFollowsBox)
        XCTAssertGreaterThan(try XCTUnwrap(interval.max) - interval.min, 1)
        XCTAssertFalse(try prepare(chat).sameLinesWidths(width: 240).widthFollowsBox)
    }

    func testABadWidthIsAnError() throws {
        let p = try prepare(chat)
        for bad in [-1, Double.nan, .infinity] {
            XCTAssertThrowsError(try p.sameLinesWidths(width: bad))
            XCTAssertThrowsError(try p.measure(width: bad, reportingSameLinesWidths: true))
        }
    }
}
