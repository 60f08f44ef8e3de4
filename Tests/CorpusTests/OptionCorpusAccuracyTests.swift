import Foundation
import XCTest
import Typeset
import TypesetTestSupport

/// Holds every paragraph option to Chromium's layout of the options corpus
/// (`corpus/options`, see corpus/README.md), by a stricter rule than the main
/// corpus: a case agrees when the line count and every line start are equal,
/// the height is equal within 1/64 px and ceil'd to the same pixel, every
/// line's x is within 1/64 px, and a truncated text is cut at the same point
/// with the same ellipsis at the same x (within 1/64 px).
///
/// Pins and known misses are `corpus/options/pins.json` and
/// `known-misses.tsv` (`TYPESET_CORPUS_UPDATE=1` rewrites them, as for the
/// main corpus). `TYPESET_OPTIONS_CORPUS=DIR` scores another directory of
/// the same format (a held-out set) and only prints its table (with
/// `TYPESET_OPTIONS_SCALE=2`, its `expected@2x.jsonl` at that ratio);
/// `TYPESET_CORPUS_DEBUG=id-prefix` writes disagreeing cases line by line to
/// $TMPDIR/typeset-options-debug.txt.
final class OptionCorpusAccuracyTests: XCTestCase {
    static let tolerance = 1.0 / 64 + 1e-9

    /// Cases whose drawn glyphs are known not to span their measured lines, with why.
    static let knownDrawingGaps = [
        "options-align-014-09-s16-w320-lhx1.25-right-rtl-pw":
            "tabs in a right-to-left paragraph: drawing counts tab stops from the logical start, 0.018 px over",
    ]

    func testOptionsCorpusAgreesWithChromium() throws {
        let env = ProcessInfo.processInfo.environment
        let heldOut = env["TYPESET_OPTIONS_CORPUS"].map { URL(fileURLWithPath: $0) }
        let scale = heldOut == nil ? 1 : env["TYPESET_OPTIONS_SCALE"].flatMap(Double.init) ?? 1
        try score(heldOut ?? Fixtures.corpusDirectory.appendingPathComponent("options"), pinned: heldOut == nil, scale: scale)
    }

    /// The edges designers hit (`corpus/edges`, options-corpus cases made by
    /// `make_edge_cases.py`): justified CJK lines, cut and one character
    /// long; boxes exactly as wide as a letter-spaced text; brackets under
    /// `lang` and `line-break`. Pinned in `corpus/edges/pins.json`.
    func testEdgesCorpusAgreesWithChromium() throws {
        try score(Fixtures.corpusDirectory.appendingPathComponent("edges"), pinned: true)
    }

    /// `text-wrap-style: balance` and `pretty` (`corpus/wrap`, options-corpus
    /// cases made by `make_edge_cases.py` from `corpus/wrap/texts.json`):
    /// headlines and posts in every script, with alignments, clamps,
    /// justification, letter spacing and forced breaks. Pinned in `corpus/wrap/pins.json`.
    func testWrapStylesAgreeWithChromium() throws {
        try score(Fixtures.corpusDirectory.appendingPathComponent("wrap"), pinned: true)
    }

    /// Scores one directory of options cases; checks its pins and known
    /// misses when `pinned`. At another `scale` it reads `expected@<s>x.jsonl`.
    private func score(_ dir: URL, pinned: Bool, scale: Double = 1) throws {
        let env = ProcessInfo.processInfo.environment
        let all = try OptionCorpusCase.loadAll(dir, expected: scale == 1 ? "expected.jsonl"
                                                : "expected@\(ScaledCorpusAccuracyTests.name(scale)).jsonl")
        XCTAssertGreaterThan(all.count, 0, "no options corpus cases found in \(dir.path)")
        var tallies: [String: CorpusScoreboard.Tally] = [:]
        var misses: [CorpusScoreboard.Miss] = []
        var debug = ""
        var measureMismatches: [String] = []
        var drawingMismatches: [String] = []
        for (c, want) in all {
            var t = tallies[c.category, default: .init()]
            t.cases += 1
            defer { tallies[c.category] = t }
            let layout: TextLayout
            do {
                let (style, paragraph) = try c.engineInput()
                let prepared = try Fixtures.typesetter.prepare(c.text, style: style, paragraph: paragraph, scale: scale)
                layout = try prepared.layout(width: c.width)
                // The allocation-free measure path must agree with the full layout, truncation included.
                let m = try prepared.measure(width: c.width)
                if m.lineCount != layout.lines.count || m.height != layout.exactHeight || m.width != layout.contentWidth
                    || m.isTruncated != layout.isTruncated {
                    measureMismatches.append(c.id)
                }
            } catch {
                misses.append(.init(id: c.id, detail: "error: \(error)"))
                continue
            }
            if Self.knownDrawingGaps[c.id] == nil {
                drawingMismatches += CorpusAccuracyTests.drawingMismatches(layout, c.id, justified: c.align == "justify")
            }
            let why = Self.disagreements(c, want, layout)
            if why.isEmpty { t.agree += 1 } else {
                misses.append(.init(id: c.id, detail: why.joined(separator: "; ")))
                if let prefix = env["TYPESET_CORPUS_DEBUG"], c.id.hasPrefix(prefix) { debug += Self.explain(c, want, layout) }
            }
            let starts = layout.lines.map { layout.scalarOffset(utf16: $0.utf16Range.lowerBound) }
            if starts == want.lines.map(\.start) {
                for (line, w) in zip(layout.lines, want.lines) {
                    t.lines += 1
                    if abs(line.width - w.width) <= Self.tolerance { t.widthsAgree += 1 }
                }
            }
        }
        if !debug.isEmpty {
            let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("typeset-options-debug.txt")
            try? debug.write(to: url, atomically: true, encoding: .utf8)
        }
        XCTAssertEqual(measureMismatches, [], "measure(width:) disagrees with layout(width:)")
        XCTAssertEqual(drawingMismatches.count, 0, "drawn glyphs or rectangles disagree with the measured lines: "
                       + drawingMismatches.prefix(5).joined(separator: " | "))
        print(CorpusScoreboard.table(tallies))
        if pinned { try CorpusScoreboard(directory: dir).check(tallies, misses: misses) }
    }

    /// How the engine's layout of a case differs from Chromium's (empty: it
    /// agrees). At a device pixel ratio other than 1 (`layout.scale`) lengths
    /// agree within 1/64 of a device pixel and heights within 1/1000 px
    /// (Chromium reports CSS px as float32 there), and the ceil'd height is
    /// compared on that scale's grid.
    static func disagreements(_ c: OptionCorpusCase, _ want: OptionCorpusCase.Expected, _ layout: TextLayout) -> [String] {
        disagreements(text: c.text, want, CorpusAnswer(layout))
    }

    /// How an answer (a layout's or a batch answer line's) differs from
    /// Chromium's, by the rule above; `text` is the case's text. With
    /// `lineX` false the lines' x are not compared.
    static func disagreements(text: String, _ want: OptionCorpusCase.Expected, _ answer: CorpusAnswer,
                              lineX: Bool = true) -> [String] {
        let scale = answer.scale
        let tolerance = scale == 1 ? Self.tolerance : 1 / (64 * scale) + 1e-4
        let heightTolerance = scale == 1 ? Self.tolerance : 1.0 / 1000
        var why: [String] = []
        let starts = answer.lines.map(\.start)
        let wantStarts = want.lines.map(\.start)
        if starts.count != wantStarts.count { why.append("lines \(starts.count) vs \(wantStarts.count)") }
        else if let k = starts.indices.first(where: { starts[$0] != wantStarts[$0] }) {
            why.append("line \(k) starts at \(starts[k]) vs \(wantStarts[k])")
        }
        let wantCeiled = Self.ceiled(want.height, scale: scale)
        if abs(answer.exactHeight - want.height) > heightTolerance || abs(answer.height - wantCeiled) > 1e-9 {
            why.append("height \(answer.exactHeight) vs \(want.height)")
        }
        if answer.truncated != want.truncated { why.append("truncated \(answer.truncated) vs \(want.truncated)") }
        if let e = want.ellipsis, answer.truncated {
            if let t = answer.cut {
                if t.ellipsis != e.text { why.append("ellipsis \(t.ellipsis.debugDescription) vs \(e.text.debugDescription)") }
                if abs(t.x - e.x) > tolerance { why.append("ellipsis x \(t.x) vs \(e.x)") }
                let visible = Self.visibleInk(t.visible, text)
                let wantVisible = Self.visibleInk(e.visible.map { $0[0]..<$0[1] }, text)
                if visible != wantVisible {
                    let differ = visible.symmetricDifference(wantVisible).sorted()
                    why.append("visible code points differ at \(differ.prefix(3))")
                }
                if e.visible_is_prefix, t.end != e.visible_end { why.append("cut at \(t.end) vs \(e.visible_end)") }
            } else { why.append("no ellipsis") }
        }
        if lineX, starts.count == wantStarts.count {
            for (k, (line, w)) in zip(answer.lines, want.lines).enumerated() {
                guard let x = w.x, abs(line.x - x) > tolerance else { continue }
                why.append("line \(k) x \(line.x) vs \(x)")
                break
            }
        }
        return why
    }

    /// Chromium's height ceil'd to the grid of `scale`: first back on its
    /// 1/64-device-pixel unit (float32 reads 61/3 px as 20.333334).
    static func ceiled(_ height: Double, scale: Double) -> Double {
        let units = (height * 64 * scale).rounded()
        return (units / 64).rounded(.up) / scale
    }

    /// The scalar offsets in `ranges` that are not whitespace (the recorder
    /// gives a collapsed space the visibility of the character before it).
    static func visibleInk(_ ranges: [Range<Int>], _ text: String) -> Set<Int> {
        let scalars = Array(text.unicodeScalars)
        var out = Set<Int>()
        for r in ranges {
            for k in r where k < scalars.count && !" \t\n\r\u{C}".unicodeScalars.contains(scalars[k]) { out.insert(k) }
        }
        return out
    }

    /// A disagreeing case, line by line (TYPESET_CORPUS_DEBUG).
    static func explain(_ c: OptionCorpusCase, _ want: OptionCorpusCase.Expected, _ layout: TextLayout) -> String {
        let scalars = Array(c.text.unicodeScalars)
        func piece(_ a: Int, _ b: Int) -> String {
            String(String.UnicodeScalarView(scalars[max(0, min(a, scalars.count))..<max(0, min(scalars.count, b))])).debugDescription
        }
        var out = "== \(c.id) height \(layout.exactHeight) vs \(want.height)\n"
        for l in want.lines {
            out += "  chrome \(l.start) x \(l.x.map { String(format: "%9.4f", $0) } ?? "nil") w \(String(format: "%9.4f", l.width)) \(piece(l.start, l.end))\n"
        }
        if let e = want.ellipsis { out += "  chrome ellipsis \(e.text.debugDescription) x \(e.x) w \(e.width) visible \(e.visible)\n" }
        for l in layout.lines {
            let a = layout.scalarOffset(utf16: l.utf16Range.lowerBound), b = layout.scalarOffset(utf16: l.utf16Range.upperBound)
            out += "  ours   \(a) x \(String(format: "%9.4f", l.x)) w \(String(format: "%9.4f", l.width)) h\(l.height) \(piece(a, b))\n"
        }
        if let t = layout.truncation {
            let vis = t.visibleUTF16Ranges.map { [layout.scalarOffset(utf16: $0.lowerBound), layout.scalarOffset(utf16: $0.upperBound)] }
            out += "  ours   ellipsis \(t.ellipsis.debugDescription) x \(t.ellipsisX) w \(t.ellipsisWidth) visible \(vis)\n"
        }
        return out
    }
}
