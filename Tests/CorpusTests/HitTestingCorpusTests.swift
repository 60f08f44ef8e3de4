import Foundation
import Typeset
import TypesetTestSupport
import XCTest

/// Hit testing and editing geometry against Chromium (corpus/hits, recorded
/// by tools/record_hits.py): point → offset (`caretPositionFromPoint`), the
/// caret's x at each code point boundary (a collapsed Range's rect) and
/// selection rectangles (Range.getClientRects, compared per line: its x
/// extent). Two sets: every 40th main-corpus case (`hits/expected.jsonl`,
/// held to 99%) and the hit corpus's own cases (`hits/cases.jsonl`: hanging
/// pre-wrap spaces and tabs, ligatures, fixed line heights below the font,
/// conjuncts, right-to-left tabs, bidi edges; held to 99.5%). Both are also
/// recorded at device pixel ratios 2 and 3 (`corpus/scaled/hits-…@2x.jsonl`,
/// `@3x`), each text prepared at its scale, lengths within 1/64 of a device
/// pixel.
final class HitTestingCorpusTests: XCTestCase {
    struct Recorded: Decodable {
        var id: String
        var points: [[Double]]
        var carets: [[Double]]
        var ranges: [Range]

        struct Range: Decodable {
            var start: Int, end: Int, rects: [[Double]]
            init(from decoder: any Decoder) throws {
                var c = try decoder.unkeyedContainer()
                start = try c.decode(Int.self)
                end = try c.decode(Int.self)
                rects = try c.decode([[Double]].self)
            }
        }
    }

    /// What agrees with Chromium 156 today (see the closing test).
    static let pins = (points: 45_704, carets: 11_778, selections: 2_398)
    /// The hit corpus's own cases at 1x, 2x and 3x.
    static let ownPins: [Double: (points: Int, carets: Int, selections: Int)] = [
        1: (points: 40_835, carets: 16_188, selections: 3_772),
        2: (points: 40_729, carets: 16_188, selections: 3_773),
        3: (points: 40_746, carets: 16_188, selections: 3_772),
    ]

    func testHitTestingAgreesWithChromium() throws {
        let counts = try Self.score(Fixtures.corpusDirectory.appendingPathComponent("hits/expected.jsonl"), scale: 1)
        // Pinned: what agrees today may not regress (raise the pins when it improves).
        XCTAssertGreaterThanOrEqual(counts.points, Self.pins.points, "point -> offset regressed")
        XCTAssertGreaterThanOrEqual(counts.carets, Self.pins.carets, "caret x regressed")
        XCTAssertGreaterThanOrEqual(counts.selections, Self.pins.selections, "selection rectangles regressed")
    }

    func testHitTestingAgreesAtDevicePixelRatios() throws {
        for scale in [2.0, 3] {
            let name = "hits-expected@\(Int(scale))x.jsonl"
            _ = try Self.score(Fixtures.corpusDirectory.appendingPathComponent("scaled").appendingPathComponent(name), scale: scale)
        }
    }

    func testOwnCasesAgreeWithChromium() throws {
        let dir = Fixtures.corpusDirectory
        for scale in [1.0, 2, 3] {
            let url = scale == 1 ? dir.appendingPathComponent("hits/cases-expected.jsonl")
                : dir.appendingPathComponent("scaled/hits-cases-expected@\(Int(scale))x.jsonl")
            let counts = try Self.score(url, cases: dir.appendingPathComponent("hits/cases.jsonl"), scale: scale,
                                        count: 417, minimum: 0.995)
            let pins = try XCTUnwrap(Self.ownPins[scale])
            XCTAssertGreaterThanOrEqual(counts.points, pins.points, "point -> offset regressed at \(scale)x")
            XCTAssertGreaterThanOrEqual(counts.carets, pins.carets, "caret x regressed at \(scale)x")
            XCTAssertGreaterThanOrEqual(counts.selections, pins.selections, "selection rectangles regressed at \(scale)x")
        }
    }

    /// Scores one recording at `scale` against its cases (each measure at
    /// least `minimum`), printing the counts and the first misses
    /// (`TYPESET_HIT_DEBUG=<id prefix>`: every miss of those cases; with a
    /// trailing `!`, every caret of them); returns
    /// how many agree.
    static func score(_ url: URL, cases casesURL: URL = Fixtures.corpusDirectory.appendingPathComponent("cases.jsonl"),
                      scale: Double, count: Int? = 254, minimum: Double = 0.99) throws -> (points: Int, carets: Int, selections: Int) {
        let tolerance = 1 / (64 * scale) + (scale == 1 ? 1e-9 : 1e-4)
        let recorded = try CorpusScoreboard.jsonLines(url, as: Recorded.self)
        let cases = Dictionary(try CorpusScoreboard.jsonLines(casesURL, as: CorpusCase.self)
            .map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let debug = ProcessInfo.processInfo.environment["TYPESET_HIT_DEBUG"]
        var points = (total: 0, agree: 0), carets = (total: 0, agree: 0), selections = (total: 0, agree: 0)
        var misses: [String] = []
        var byCategory: [String: (Int, Int)] = [:], caretsByCategory: [String: (Int, Int)] = [:]
        var current = ""
        func miss(_ s: String) {
            misses.append(s)
            if let debug, current.hasPrefix(debug) { print("  debug " + s) }
        }
        for r in recorded {
            current = r.id
            let c = try XCTUnwrap(cases[r.id], r.id)
            let layout = try Fixtures.typesetter.prepare(c.attributedText(), paragraph: c.engineInput().1, scale: scale)
                .layout(width: c.width)
            // Points outside the box hit the page around it, which Chromium
            // resolves to the text's start or end: a DOM matter, not the text's.
            for p in r.points where p[1] >= 0 && p[1] < layout.exactHeight && p[0] >= 0 && p[0] <= c.width {
                points.total += 1
                let got = layout.position(atX: p[0], y: p[1]).utf16Offset
                byCategory[c.category, default: (0, 0)].0 += 1
                if got == Int(p[2]) { points.agree += 1; byCategory[c.category, default: (0, 0)].1 += 1 } else { miss("\(r.id) point (\(p[0]), \(p[1])): \(got) vs \(Int(p[2]))") }
            }
            // A caret stands between grapheme clusters; Chromium also answers
            // for offsets inside one, which no hit test or arrow key yields.
            var boundaries = Set([0]), at = 0
            for ch in c.text { at += ch.utf16.count; boundaries.insert(at) }
            for k in r.carets where boundaries.contains(Int(k[0])) {
                carets.total += 1
                // A collapsed Range where a line wraps without a space reports
                // the end of the line before (after a space: the next line's start).
                let offset = Int(k[0])
                let units = Array(c.text.utf16)
                // In pre-wrap, after a space or tab that hangs there: the line before too.
                let hangs: Set<UInt16> = c.white_space == "pre-wrap" ? [0x0A] : [0x20, 0x09, 0x0A]
                let wrapsInText = offset > 0 && offset < units.count && layout.lines.dropFirst().contains { $0.utf16Range.lowerBound == offset }
                    && !hangs.contains(units[offset - 1])
                let rect = layout.caretRect(for: TextPosition(utf16Offset: offset, affinity: wrapsInText ? .upstream : .downstream))
                let sameLine = k[2] + k[3] / 2 >= rect.y && k[2] + k[3] / 2 < rect.y + rect.height
                caretsByCategory[c.category, default: (0, 0)].0 += 1
                if let debug, debug.hasSuffix("!"), c.id.hasPrefix(debug.dropLast()) { print("  all \(c.id) caret \(offset): \(rect.x) vs \(k[1])") }
                if sameLine && abs(rect.x - k[1]) <= tolerance { carets.agree += 1; caretsByCategory[c.category, default: (0, 0)].1 += 1 } else {
                    miss("\(r.id) caret \(Int(k[0])): x \(rect.x) y \(rect.y) vs x \(k[1]) y \(k[2])")
                }
            }
            for range in r.ranges where boundaries.contains(range.start) && boundaries.contains(range.end) {
                selections.total += 1
                let got = Self.extents(layout.selectionRects(for: range.start..<range.end).map { [$0.x, $0.y, $0.width, $0.height] }, layout)
                let want = Self.extents(range.rects, layout)
                if got.count == want.count && zip(got, want).allSatisfy({ $0.line == $1.line && abs($0.x0 - $1.x0) <= tolerance && abs($0.x1 - $1.x1) <= tolerance }) {
                    selections.agree += 1
                } else {
                    miss("\(r.id) range \(range.start)..<\(range.end): \(got) vs \(want)")
                }
            }
        }
        func share(_ n: (total: Int, agree: Int)) -> String { String(format: "%d/%d (%.2f%%)", n.agree, n.total, 100 * Double(n.agree) / Double(max(1, n.total))) }
        print("hit testing \(url.lastPathComponent) at \(scale)x: points \(share(points)), carets \(share(carets)), selections \(share(selections))")
        for (k, v) in byCategory.sorted(by: { $0.key < $1.key }) where v.0 != v.1 { print("  points \(k): \(v.1)/\(v.0)") }
        for (k, v) in caretsByCategory.sorted(by: { $0.key < $1.key }) where v.0 != v.1 { print("  carets \(k): \(v.1)/\(v.0)") }
        for m in misses.prefix(40) { print("  " + m) }
        if let count { XCTAssertEqual(recorded.count, count, "\(url.lastPathComponent) holds \(count) cases") }
        for (name, n) in [("points", points), ("carets", carets), ("selections", selections)] {
            XCTAssertGreaterThanOrEqual(Double(n.agree) / Double(max(1, n.total)), minimum,
                                        "\(name) at \(scale)x: under \(minimum * 100)% agree")
        }
        return (points.agree, carets.agree, selections.agree)
    }

    /// Rectangles merged per line (by vertical centre): the line index and the x extent.
    static func extents(_ rects: [[Double]], _ layout: TextLayout) -> [(line: Int, x0: Double, x1: Double)] {
        var out: [Int: (Double, Double)] = [:]
        for r in rects where r[2] > 0 {
            let centre = r[1] + r[3] / 2
            let line = layout.lines.firstIndex { centre < $0.top + $0.height } ?? layout.lines.count - 1
            let e = out[line] ?? (r[0], r[0] + r[2])
            out[line] = (min(e.0, r[0]), max(e.1, r[0] + r[2]))
        }
        return out.keys.sorted().map { ($0, out[$0]!.0, out[$0]!.1) }
    }
}

/// Scores a held-out hit-testing set kept outside the repository (never
/// committed, so never tuned for): `TYPESET_HELDOUT_HITS=dir` holding
/// `cases.jsonl` (main-corpus case fields) and `expected@1x.jsonl`,
/// `expected@2x.jsonl`, `expected@3x.jsonl` recorded by
/// `record_hits.py --every 1 --scale S`; each scale present must agree on
/// 99.5% of points, carets and selections. Skipped when the variable is unset.
final class HeldOutHitTestingTests: XCTestCase {
    func testHeldOutHitTesting() throws {
        guard let dir = ProcessInfo.processInfo.environment["TYPESET_HELDOUT_HITS"] else {
            throw XCTSkip("TYPESET_HELDOUT_HITS is not set")
        }
        let base = URL(fileURLWithPath: dir)
        var scored = 0
        for scale in [1.0, 2, 3] {
            let url = base.appendingPathComponent("expected@\(Int(scale))x.jsonl")
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            _ = try HitTestingCorpusTests.score(url, cases: base.appendingPathComponent("cases.jsonl"), scale: scale,
                                                count: nil, minimum: 0.995)
            scored += 1
        }
        XCTAssertGreaterThan(scored, 0, "no expected@<s>x.jsonl in \(dir)")
    }
}
