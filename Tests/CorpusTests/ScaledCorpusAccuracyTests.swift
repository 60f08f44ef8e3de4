import Foundation
import XCTest
import Typeset
import TypesetTestSupport

/// Holds the engine to Chromium at device pixel ratios 2 and 3 (phones and
/// retina screens): the subsets of every corpus in `corpus/scaled`, recorded
/// with `--force-device-scale-factor` (see corpus/README.md, "The scaled
/// corpora"), each text prepared at that scale.
///
/// Main and runs cases agree when every line start is equal and the height
/// is equal within 1/1000 px (Chromium reports CSS px as float32: 61/3 px
/// reads 20.333334); line widths are counted within 1/64 of a device pixel.
/// Options cases follow the options rule at that scale; attachment cases
/// agree when line starts, the ceil'd height and every frame (within 1/64
/// device px) agree. Pins and known misses per corpus and scale:
/// `corpus/scaled/<corpus>@<s>x-pins.json` and `…-known-misses.tsv`
/// (`TYPESET_CORPUS_UPDATE=1` rewrites them); the 2.625 spot check likewise
/// (`main@2.625x-…`).
final class ScaledCorpusAccuracyTests: XCTestCase {
    static let scales: [Double] = [2, 3]
    static var directory: URL { Fixtures.corpusDirectory.appendingPathComponent("scaled") }

    static func name(_ scale: Double) -> String {
        scale == scale.rounded() ? "\(Int(scale))x" : "\(scale)x"
    }

    func testMainAndRunsAgreeAtEveryScale() throws {
        for scale in Self.scales {
            var tallies: [String: CorpusScoreboard.Tally] = [:]
            var misses: [CorpusScoreboard.Miss] = []
            for corpus in ["main", "runs"] {
                let all = try CorpusCase.load(cases: Self.directory.appendingPathComponent("\(corpus)-cases.jsonl"),
                                              expected: Self.directory.appendingPathComponent("\(corpus)-expected@\(Self.name(scale)).jsonl"))
                XCTAssertGreaterThan(all.count, 0, "no \(corpus) cases at \(scale)x")
                try Self.score(all, scale: scale, into: &tallies, misses: &misses)
            }
            print("main and runs corpora at \(Self.name(scale)):\n" + CorpusScoreboard.table(tallies))
            try CorpusScoreboard(directory: Self.directory, prefix: "main@\(Self.name(scale))-").check(tallies, misses: misses)
        }
    }

    /// The 2.625 spot check (a phone's ratio that is not a whole number):
    /// font sizes there are not whole quarter pixels (13 × 2.625 = 34.125).
    func testMainAtTwoPointSixTwoFive() throws {
        let all = try CorpusCase.load(cases: Self.directory.appendingPathComponent("main-cases@2.625x.jsonl"),
                                      expected: Self.directory.appendingPathComponent("main-expected@2.625x.jsonl"))
        XCTAssertGreaterThan(all.count, 0)
        var tallies: [String: CorpusScoreboard.Tally] = [:]
        var misses: [CorpusScoreboard.Miss] = []
        try Self.score(all, scale: 2.625, into: &tallies, misses: &misses)
        print("main corpus spot check at 2.625x:\n" + CorpusScoreboard.table(tallies))
        try CorpusScoreboard(directory: Self.directory, prefix: "main@2.625x-").check(tallies, misses: misses)
    }

    /// Scores main-corpus-form cases laid out at `scale`.
    static func score(_ all: [(CorpusCase, CorpusCase.Expected)], scale: Double,
                      into tallies: inout [String: CorpusScoreboard.Tally], misses: inout [CorpusScoreboard.Miss]) throws {
        let widthTolerance = 1 / (64 * scale) + 1e-4
        var measureMismatches: [String] = [], drawing: [String] = [], intrinsic: [String] = []
        for (c, want) in all {
            var t = tallies[c.category, default: .init()]
            t.cases += 1
            defer { tallies[c.category] = t }
            let prepared = try Fixtures.typesetter.prepare(c.attributedText(), paragraph: c.engineInput().1, scale: scale)
            let layout = try prepared.layout(width: c.width)
            let m = try prepared.measure(width: c.width)
            if m.lineCount != layout.lines.count || m.height != layout.exactHeight || m.width != layout.contentWidth {
                measureMismatches.append(c.id)
            }
            if let wantMin = want.min_content_width, let wantMax = want.natural_width,
               abs(prepared.minContentWidth - wantMin) > widthTolerance || abs(prepared.maxContentWidth - wantMax) > widthTolerance {
                intrinsic.append("\(c.id): min \(prepared.minContentWidth) vs \(wantMin), max \(prepared.maxContentWidth) vs \(wantMax)")
            }
            drawing += CorpusAccuracyTests.drawingMismatches(layout, c.id)
            let starts = layout.lines.map { layout.scalarOffset(utf16: $0.utf16Range.lowerBound) }
            let wantStarts = want.lines.map(\.start)
            let heightOK = abs(layout.exactHeight - want.height) <= 1.0 / 1000
            if starts == wantStarts && heightOK { t.agree += 1 } else {
                var why: [String] = []
                if starts != wantStarts { why.append("line starts \(starts.prefix(8)) vs \(wantStarts.prefix(8))") }
                if !heightOK { why.append("height \(layout.exactHeight) vs \(want.height)") }
                misses.append(.init(id: "\(c.id)@\(name(scale))", detail: why.joined(separator: "; ")))
            }
            if starts == wantStarts {
                for (line, w) in zip(layout.lines, want.lines) {
                    t.lines += 1
                    if abs(line.width - w.width) <= widthTolerance { t.widthsAgree += 1 }
                }
            }
        }
        XCTAssertEqual(measureMismatches, [], "measure(width:) disagrees with layout(width:) at \(scale)x")
        XCTAssertEqual(drawing.count, 0, "drawing disagrees with measuring at \(scale)x: " + drawing.prefix(5).joined(separator: " | "))
        print("intrinsic widths at \(scale)x outside 1/64 device px: \(intrinsic.count) of \(all.count)")
        for m in intrinsic.prefix(5) { print("  " + m) }
    }

    func testOptionsAgreeAtEveryScale() throws {
        try scoreOptionCases("options")
    }

    /// `text-wrap-style` balance and pretty (a third of `corpus/wrap`).
    func testWrapStylesAgreeAtEveryScale() throws {
        try scoreOptionCases("wrap")
    }

    /// Scores `<corpus>-cases.jsonl` (options-corpus cases) against its
    /// recordings at every scale, by the options corpus's rule; pinned in
    /// `<corpus>@<scale>-pins.json`.
    private func scoreOptionCases(_ corpus: String) throws {
        let cases = try CorpusScoreboard.jsonLines(Self.directory.appendingPathComponent("\(corpus)-cases.jsonl"), as: OptionCorpusCase.self)
        for scale in Self.scales {
            let expected = try CorpusScoreboard.jsonLines(
                Self.directory.appendingPathComponent("\(corpus)-expected@\(Self.name(scale)).jsonl"), as: OptionCorpusCase.Expected.self)
            let byID = Dictionary(expected.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            var tallies: [String: CorpusScoreboard.Tally] = [:]
            var misses: [CorpusScoreboard.Miss] = []
            for c in cases {
                let want = try XCTUnwrap(byID[c.id], c.id)
                var t = tallies[c.category, default: .init()]
                t.cases += 1
                defer { tallies[c.category] = t }
                let (style, paragraph) = try c.engineInput()
                let layout = try Fixtures.typesetter.prepare(c.text, style: style, paragraph: paragraph, scale: scale).layout(width: c.width)
                let why = OptionCorpusAccuracyTests.disagreements(c, want, layout)
                if why.isEmpty { t.agree += 1 } else {
                    misses.append(.init(id: "\(c.id)@\(Self.name(scale))", detail: why.joined(separator: "; ")))
                }
            }
            print("\(corpus) corpus at \(Self.name(scale)):\n" + CorpusScoreboard.table(tallies))
            try CorpusScoreboard(directory: Self.directory, prefix: "\(corpus)@\(Self.name(scale))-").check(tallies, misses: misses)
        }
    }

    func testAttachmentsAgreeAtEveryScale() throws {
        let cases = try CorpusScoreboard.jsonLines(Self.directory.appendingPathComponent("attachments-cases.jsonl"),
                                                   as: AttachmentCorpusAccuracyTests.Case.self)
        for scale in Self.scales {
            let expected = Dictionary(try CorpusScoreboard.jsonLines(
                Self.directory.appendingPathComponent("attachments-expected@\(Self.name(scale)).jsonl"),
                as: AttachmentCorpusAccuracyTests.Expected.self).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            var tallies: [String: CorpusScoreboard.Tally] = [:]
            var misses: [CorpusScoreboard.Miss] = []
            for c in cases {
                let want = try XCTUnwrap(expected[c.id], c.id)
                var t = tallies[c.category, default: .init()]
                t.cases += 1
                defer { tallies[c.category] = t }
                let layout = try AttachmentCorpusAccuracyTests.layout(c, scale: scale)
                let problems = AttachmentCorpusAccuracyTests.problems(layout, want, c, scale: scale)
                if problems.isEmpty { t.agree += 1 } else {
                    misses.append(.init(id: "\(c.id)@\(Self.name(scale))", detail: problems.joined(separator: "; ")))
                }
            }
            print("attachment corpus at \(Self.name(scale)):\n" + CorpusScoreboard.table(tallies))
            try CorpusScoreboard(directory: Self.directory, prefix: "attachments@\(Self.name(scale))-").check(tallies, misses: misses)
        }
    }
}
