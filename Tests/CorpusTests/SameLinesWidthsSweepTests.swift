import Foundation
@testable import Typeset
import TypesetBatch
import TypesetTestSupport
import XCTest

/// `PreparedText.sameLinesWidths(width:)` on the corpora's texts: for each
/// sampled case, at its own width and unbounded, the lines (starts, ends,
/// widths, heights, hyphens, the cut and its ellipsis, and the measurement)
/// must be the same at the interval's ends (`min`, the widest width below
/// `max`) and in its middle, and differ at the nearest widths outside it
/// (just below `min`, and `max`): the interval is never too wide, and it is
/// exact except where it is documented as conservative (`text-wrap: balance`
/// and `pretty` paragraphs that wrap or are cut, a cut justified or indented
/// paragraph, a percentage `text-indent`).
/// From the case's width the intervals are also walked upwards a few times:
/// each starts where the one before ends. Every `stride`-th case of each
/// corpus, at 1x and (main, runs, options, wrap, fonts) at 2x and 3x; every
/// case of the whitespace corpus (`pre`, `pre-line`, `break-spaces`,
/// clamps) at 1x, 2x and 3x, and of the CSS corpus at 1x.
final class SameLinesWidthsSweepTests: XCTestCase {
    /// What a layout at a width shows that the interval promises to keep.
    struct Lines: Hashable {
        struct Line: Hashable {
            var range: Range<Int>
            /// A justified line's before it is stretched to the box.
            var width: Double
            var height, baseline: Double
            var hasEllipsis, showsHyphen: Bool
        }
        var lines: [Line]
        var truncated: Bool
        var visible: [Range<Int>]?
        var measured: TextMeasurement
    }

    static func lines(_ prepared: PreparedText, _ width: Double?) throws -> Lines {
        let layout = try prepared.layout(width: width)
        var measured = try prepared.measure(width: width)
        let paragraph = prepared.core.paragraph
        let justify = paragraph.alignment == .justify || paragraph.alignLast.resolved(paragraph.alignment) == .justify
        if justify { measured = TextMeasurement(lineCount: measured.lineCount, width: 0, height: measured.height,
                                                isTruncated: measured.isTruncated) }
        return Lines(lines: layout.lines.map {
            Lines.Line(range: $0.utf16Range, width: (($0.width - Double($0.justification) / 65536 / prepared.scale) * 1e6).rounded() / 1e6, height: $0.height,
                       baseline: $0.baseline, hasEllipsis: $0.hasEllipsis, showsHyphen: $0.showsHyphen)
        }, truncated: layout.isTruncated, visible: layout.truncation?.visibleUTF16Ranges, measured: measured)
    }

    /// What one corpus's sweep found.
    struct Sweep: CustomStringConvertible {
        var texts = 0, intervals = 0, layouts = 0
        var exactLower = 0, exactUpper = 0, unboundedUpper = 0, zeroLower = 0
        /// Bounds the nearest outside width agrees with, where conservative answers are documented.
        var conservative = 0
        /// Widths inside an interval with other lines: an interval too wide.
        var tooWide: [String] = []
        /// Bounds not exact where exactness is promised.
        var inexact: [String] = []

        var description: String {
            "\(texts) texts, \(intervals) intervals, \(layouts) layouts: lower bounds exact \(exactLower) (+\(zeroLower) at 0), "
                + "upper exact \(exactUpper) (+\(unboundedUpper) unbounded), conservative \(conservative), "
                + "too wide \(tooWide.count), inexact \(inexact.count)"
        }
    }

    /// Checks the interval at `width` and walks `walk` intervals upwards from it.
    static func check(_ id: String, _ prepared: PreparedText, width: Double, walk: Int = 2, into sweep: inout Sweep) throws {
        sweep.texts += 1
        let paragraph = prepared.core.paragraph
        var percentIndent = false
        if case .percent(let p) = paragraph.textIndent.length, p != 0 { percentIndent = true }
        let mayBeConservative = paragraph.textWrap != .wrap || percentIndent
            || paragraph.maxLines != nil && (paragraph.alignment == .justify || !paragraph.textIndent.isNone)
        var at: Double? = width
        var previousMax: Double? = nil
        for step in 0...walk {
            let interval = try prepared.sameLinesWidths(width: at)
            sweep.intervals += 1
            let name = "\(id)@\(prepared.scale)x w=\(at.map { "\($0)" } ?? "nil") [\(interval.min), \(interval.max.map { "\($0)" } ?? "nil"))"
            if let at, !interval.contains(at) { sweep.tooWide.append("\(name): does not hold its own width"); return }
            if let previousMax, interval.min != previousMax, !mayBeConservative {
                sweep.inexact.append("\(name): starts at \(interval.min), the interval below ends at \(previousMax)")
            }
            let reference = try lines(prepared, at)
            var inside = [interval.min]
            if let max = interval.max {
                inside += [max.nextDown, interval.min + (max - interval.min) / 2]
            } else {
                inside += [interval.min + 1000, interval.min * 2 + 1]
            }
            for w in inside where try lines(prepared, w) != reference {
                sweep.tooWide.append("\(name): other lines at \(w)")
            }
            sweep.layouts += inside.count + 1
            if interval.min > 0 {
                sweep.layouts += 1
                if try lines(prepared, interval.min.nextDown) != reference { sweep.exactLower += 1 }
                else if mayBeConservative { sweep.conservative += 1 }
                else { sweep.inexact.append("\(name): the same lines just below min") }
            } else {
                sweep.zeroLower += 1
            }
            guard let max = interval.max else { sweep.unboundedUpper += 1; break }
            sweep.layouts += 1
            if try lines(prepared, max) != reference { sweep.exactUpper += 1 }
            else if mayBeConservative { sweep.conservative += 1 }
            else { sweep.inexact.append("\(name): the same lines at max") }
            previousMax = max
            at = max
            if step == walk {
                // Unbounded: the interval of one line per paragraph.
                let unbounded = try prepared.sameLinesWidths(width: nil)
                sweep.intervals += 1
                XCTAssertNil(unbounded.max, id)
                let reference = try lines(prepared, nil)
                sweep.layouts += 2
                if try lines(prepared, unbounded.min) != reference {
                    sweep.tooWide.append("\(id)@\(prepared.scale)x unbounded [\(unbounded.min), nil): other lines at min")
                }
                if unbounded.min > 0 {
                    sweep.layouts += 1
                    if try lines(prepared, unbounded.min.nextDown) != reference { sweep.exactLower += 1 }
                    else if mayBeConservative { sweep.conservative += 1 }
                    else { sweep.inexact.append("\(id)@\(prepared.scale)x unbounded: the same lines just below min \(unbounded.min)") }
                }
            }
        }
    }

    func report(_ corpus: String, _ sweep: Sweep) {
        print("same-lines widths, \(corpus): \(sweep)")
        XCTAssertEqual(sweep.tooWide.prefix(20), [], "\(corpus): intervals holding widths with other lines")
        XCTAssertEqual(sweep.inexact.prefix(20), [], "\(corpus): bounds that are not exact")
        XCTAssertGreaterThan(sweep.exactLower + sweep.exactUpper + sweep.conservative, sweep.intervals / 2,
                             "\(corpus): a sweep that checked little")
    }

    func testMainAndRunsCorpora() throws {
        var sweep = Sweep()
        for (k, (c, _)) in try CorpusCase.loadAll().enumerated() where k % 7 == 0 {
            try Self.check(c.id, Fixtures.typesetter.prepare(c.attributedText(), paragraph: c.engineInput().1), width: c.width,
                           into: &sweep)
        }
        report("main, runs, intrinsic, wrap runs", sweep)
    }

    func testOptionsEdgesAndWrapCorpora() throws {
        for (corpus, stride) in [("options", 2), ("edges", 4), ("wrap", 3)] {
            var sweep = Sweep()
            let dir = Fixtures.corpusDirectory.appendingPathComponent(corpus)
            for (k, (c, _)) in try OptionCorpusCase.loadAll(dir).enumerated() where k % stride == 0 {
                let (style, paragraph) = try c.engineInput()
                try Self.check(c.id, Fixtures.typesetter.prepare(c.text, style: style, paragraph: paragraph), width: c.width,
                               into: &sweep)
            }
            report(corpus, sweep)
        }
    }

    /// `break-spaces` (`corpus/whitespace`): tabs that take room and wrap,
    /// and justified lines whose trailing spaces share the expansion.
    func testBreakSpacesCases() throws {
        var sweep = Sweep()
        let dir = Fixtures.corpusDirectory.appendingPathComponent("whitespace")
        for (c, _) in try OptionCorpusCase.loadAll(dir) where c.id.hasPrefix("ws-break-spaces") {
            let (style, paragraph) = try c.engineInput()
            try Self.check(c.id, Fixtures.typesetter.prepare(c.text, style: style, paragraph: paragraph), width: c.width,
                           into: &sweep)
        }
        report("whitespace break-spaces", sweep)
    }

    func testAttachmentCorpus() throws {
        var sweep = Sweep()
        let file = Fixtures.corpusDirectory.appendingPathComponent("attachments/cases.jsonl")
        for (k, c) in try CorpusScoreboard.jsonLines(file, as: AttachmentCorpusAccuracyTests.Case.self).enumerated() where k % 2 == 0 {
            try Self.check(c.id, AttachmentCorpusAccuracyTests.prepare(c), width: c.width, into: &sweep)
        }
        report("attachments", sweep)
    }

    func testScaledCorpora() throws {
        let dir = Fixtures.corpusDirectory.appendingPathComponent("scaled")
        for scale in [2.0, 3.0] {
            var sweep = Sweep()
            for name in ["main-cases.jsonl", "runs-cases.jsonl"] {
                let cases = try CorpusScoreboard.jsonLines(dir.appendingPathComponent(name), as: CorpusCase.self)
                for (k, c) in cases.enumerated() where k % 9 == 0 {
                    try Self.check(c.id, Fixtures.typesetter.prepare(c.attributedText(), paragraph: c.engineInput().1,
                                                                     scale: scale), width: c.width, into: &sweep)
                }
            }
            for name in ["options-cases.jsonl", "wrap-cases.jsonl"] {
                let cases = try CorpusScoreboard.jsonLines(dir.appendingPathComponent(name), as: OptionCorpusCase.self)
                for (k, c) in cases.enumerated() where k % 5 == 0 {
                    let (style, paragraph) = try c.engineInput()
                    try Self.check(c.id, Fixtures.typesetter.prepare(c.text, style: style, paragraph: paragraph, scale: scale),
                                   width: c.width, into: &sweep)
                }
            }
            report("scaled at \(scale)x", sweep)
        }
    }

    func testFontsCorpus() throws {
        let dir = Fixtures.corpusDirectory.appendingPathComponent("fonts")
        let typesetter = try FontsCorpusAccuracyTests.typesetter(faces: dir.appendingPathComponent("faces.css"))
        let all = try FontsCorpusAccuracyTests.load(dir, expected: "expected@1x.jsonl")
        for scale in [1.0, 2.0, 3.0] {
            var sweep = Sweep()
            for (k, (c, variable, _)) in all.enumerated() where k % 6 == 0 {
                var (style, paragraph) = try c.engineInput()
                try variable.apply(to: &style)
                try Self.check(c.id, typesetter.prepare(c.text, style: style, paragraph: paragraph, scale: scale), width: c.width,
                               into: &sweep)
            }
            report("fonts at \(scale)x", sweep)
        }
    }

    func testWhiteSpaceCorpus() throws {
        let dir = Fixtures.corpusDirectory.appendingPathComponent("whitespace")
        let all = try OptionCorpusCase.loadAll(dir)
        XCTAssertEqual(all.count, 342, "corpus/whitespace has every case")
        for scale in [1.0, 2.0, 3.0] {
            var sweep = Sweep()
            for (c, _) in all {
                let (style, paragraph) = try c.engineInput()
                try Self.check(c.id, Fixtures.typesetter.prepare(c.text, style: style, paragraph: paragraph, scale: scale),
                               width: c.width, walk: 1, into: &sweep)
            }
            report("whitespace at \(scale)x", sweep)
        }
    }

    /// Every CSS corpus case, prepared from its batch request as the batch prepares it.
    func testCSSCorpus() throws {
        let cases = try CSSCorpusAccuracyTests.load(Fixtures.corpusDirectory.appendingPathComponent("css/cases.jsonl"))
        XCTAssertGreaterThan(cases.count, 1000, "corpus/css has its cases")
        let files = FontFileCache(access: .off)
        var sweep = Sweep()
        for c in cases {
            let request = try JSONDecoder().decode(MeasureRequest.self, from: Data(c.request(scale: 1).utf8))
            try Self.check(c.id, request.prepare(with: Fixtures.typesetter, files: files), width: request.width ?? 0,
                           walk: 1, into: &sweep)
        }
        report("css", sweep)
    }
}
