import Foundation
import XCTest
import Typeset
import TypesetTestSupport

/// A cut line is drawn as Chromium draws it: its visible text where it was
/// and the ellipsis at `truncation.ellipsisX`, side by side. Checked on
/// every truncated case of the options corpus, against Chromium's own
/// ellipsis x where it recorded one: a right-to-left line keeps its text on
/// the right and the ellipsis on its left. A justified cut line keeps its
/// justified positions and Chromium puts the ellipsis at the box's end edge,
/// so there the text may stop short of the ellipsis, never run into it.
final class CutLineDrawingTests: XCTestCase {
    static let tolerance = 1.0 / 64 + 1e-9

    func testCutLinesDrawTheirTextBesideTheEllipsis() throws {
        let dir = Fixtures.corpusDirectory.appendingPathComponent("options")
        let all = try OptionCorpusCase.loadAll(dir)
        // Cases whose ellipsis x is a known difference from Chromium's are held to their own ellipsis only.
        let knownMisses = Set(try String(contentsOf: dir.appendingPathComponent("known-misses.tsv"), encoding: .utf8)
            .split(separator: "\n").compactMap { $0.split(separator: "\t").first.map(String.init) })
        var checked = 0, rightToLeft = 0
        var problems: [String] = []
        for (c, want) in all where want.truncated {
            let (style, paragraph) = try c.engineInput()
            let prepared = try Fixtures.typesetter.prepare(c.text, style: style, paragraph: paragraph)
            let layout = try prepared.layout(width: c.width)
            guard let t = layout.truncation else { continue }
            let line = layout.lines[t.lineIndex]
            let runs = layout.visualRuns(of: line)
            checked += 1
            if prepared.isRightToLeft { rightToLeft += 1 }
            func problem(_ s: String) { problems.append("\(c.id): \(s)") }
            // The runs draw exactly the visible ranges.
            let drawn = runs.map(\.utf16Range).sorted { $0.lowerBound < $1.lowerBound }
            if Self.merged(drawn) != Self.merged(t.visibleUTF16Ranges) {
                problem("runs draw \(drawn), visible \(t.visibleUTF16Ranges)")
            }
            guard let first = runs.first, let last = runs.last else { continue }
            let textLeft = first.x, textRight = last.x + last.width
            let ellipsisRight = t.ellipsisX + t.ellipsisWidth
            // Each placed run is rounded up to 1/64 px where it is cut, not
            // where it is drawn: the text may stop short of the ellipsis by as
            // much per run, never run into it.
            let slack = paragraph.alignment == .justify ? Double.infinity : Double(runs.count) / 64 + 1e-9
            if prepared.isRightToLeft {
                // The kept text ends at the line's right edge; the ellipsis is on its left.
                if abs(textRight - (line.x + line.width)) > Self.tolerance { problem("text ends at \(textRight), line at \(line.x + line.width)") }
                let gap = textLeft - ellipsisRight
                if gap < -Self.tolerance || gap > slack { problem("text starts at \(textLeft), ellipsis ends at \(ellipsisRight)") }
                // Where Chromium put its ellipsis, no glyph of the kept text is drawn.
                if let e = want.ellipsis, !knownMisses.contains(c.id), textLeft < e.x + e.width - Self.tolerance {
                    problem("text starts at \(textLeft), over Chromium's ellipsis [\(e.x), \(e.x + e.width))")
                }
            } else {
                if abs(textLeft - line.x) > Self.tolerance { problem("text starts at \(textLeft), line at \(line.x)") }
                let gap = t.ellipsisX - textRight
                if gap < -Self.tolerance || gap > slack { problem("text ends at \(textRight), ellipsis at \(t.ellipsisX)") }
                if let e = want.ellipsis, !knownMisses.contains(c.id), textRight > e.x + Self.tolerance {
                    problem("text ends at \(textRight), over Chromium's ellipsis at \(e.x)")
                }
            }
            // Runs side by side, never overlapping.
            for (a, b) in zip(runs, runs.dropFirst()) where b.x < a.x + a.width - Self.tolerance {
                problem("runs overlap at \(b.x)")
            }
        }
        XCTAssertGreaterThan(checked, 100)
        XCTAssertGreaterThan(rightToLeft, 30, "the corpus has right-to-left cut lines")
        XCTAssertEqual(problems, [], "\(problems.count) of \(checked) cut lines")
    }

    /// A right-to-left paragraph's runs at 3x: in device pixels, the same rule.
    func testRightToLeftCutLineAtThreeX() throws {
        let style = TextStyle(font: ["Noto Sans Hebrew", "Noto Sans"], size: 15)
        let text = "שלום עולם זה טקסט ארוך מאוד שצריך לחתוך אותו"
        for scale in [1.0, 3.0] {
            let layout = try Fixtures.typesetter.prepare(text, style: style, paragraph: ParagraphStyle(maxLines: 1), scale: scale)
                .layout(width: 100)
            let t = try XCTUnwrap(layout.truncation)
            let line = layout.lines[0]
            let runs = layout.visualRuns(of: line)
            let left = try XCTUnwrap(runs.first).x, right = try XCTUnwrap(runs.last).x + runs.last!.width
            XCTAssertEqual(left, t.ellipsisX + t.ellipsisWidth, accuracy: 1.0 / (64 * scale) + 1e-9, "at \(scale)x")
            XCTAssertEqual(right, line.x + line.width, accuracy: 1.0 / (64 * scale) + 1e-9, "at \(scale)x")
            XCTAssertLessThan(t.ellipsisX, 1, "the ellipsis is on the left, at \(scale)x")
        }
    }

    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        for r in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !r.isEmpty {
            if let last = out.last, last.upperBound >= r.lowerBound {
                out[out.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
            } else { out.append(r) }
        }
        return out
    }
}
