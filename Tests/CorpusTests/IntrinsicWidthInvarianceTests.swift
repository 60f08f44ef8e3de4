import Foundation
import Typeset
import TypesetTestSupport
import XCTest

/// CSS max-content is one number per text: the width of its unbounded lines,
/// whatever box the text was laid out in. For every text of every corpus
/// (main, runs, options, attachments, and the main and runs subsets at 2x and
/// 3x), `PreparedText.maxContentWidth` must equal the `naturalWidth` of its
/// layout at every width tried: zero, narrow boxes that wrap every word, the
/// case's own box, just under and at the max-content width, and unbounded.
final class IntrinsicWidthInvarianceTests: XCTestCase {
    /// The widths every text is laid out at (besides its own box and its
    /// max-content width, just under and at it).
    static let widths: [Double?] = [0, 1, 30, 75, 120, 200, 320, 480, 1000, nil]

    func testMaxContentIsTheSameAtEveryWidth() throws {
        var texts = 0
        var differ: [String] = []
        func check(_ id: String, _ prepared: PreparedText, ownWidths: [Double]) throws {
            texts += 1
            let max = prepared.maxContentWidth
            let quantum = 1 / (64 * prepared.scale)
            for width in Self.widths + ownWidths.map(Optional.some) + [max, Swift.max(0, max - quantum)] {
                let natural = try prepared.layout(width: width).naturalWidth
                if natural != max {
                    differ.append("\(id)@\(prepared.scale)x width \(width.map { "\($0)" } ?? "nil"): naturalWidth \(natural) vs maxContentWidth \(max)")
                    return
                }
            }
            let ownWidth = ownWidths[0]
            for constraint in [WidthConstraint.minContent, .atMost(ownWidth), .exactly(ownWidth)] {
                let natural = try prepared.layout(constraint).naturalWidth
                if natural != max {
                    differ.append("\(id)@\(prepared.scale)x \(constraint): naturalWidth \(natural) vs maxContentWidth \(max)")
                    return
                }
            }
        }
        let typesetter = Fixtures.typesetter
        // The main and runs corpora lay each text out at several widths and
        // line heights, which max-content does not depend on: one text each.
        for (c, widths) in Self.distinct(try CorpusCase.loadAll().map(\.0)) {
            try check(c.id, typesetter.prepare(c.attributedText(), paragraph: c.engineInput().1), ownWidths: widths)
        }
        let options = Fixtures.corpusDirectory.appendingPathComponent("options")
        for (c, _) in try OptionCorpusCase.loadAll(options) {
            let (style, paragraph) = try c.engineInput()
            try check(c.id, typesetter.prepare(c.text, style: style, paragraph: paragraph), ownWidths: [c.width])
        }
        let attachments = Fixtures.corpusDirectory.appendingPathComponent("attachments/cases.jsonl")
        for c in try CorpusScoreboard.jsonLines(attachments, as: AttachmentCorpusAccuracyTests.Case.self) {
            try check(c.id, AttachmentCorpusAccuracyTests.prepare(c), ownWidths: [c.width])
        }
        let scaled = Fixtures.corpusDirectory.appendingPathComponent("scaled")
        for name in ["main-cases.jsonl", "runs-cases.jsonl"] {
            for (c, widths) in Self.distinct(try CorpusScoreboard.jsonLines(scaled.appendingPathComponent(name), as: CorpusCase.self)) {
                for scale in [2.0, 3.0] {
                    try check(c.id, typesetter.prepare(c.attributedText(), paragraph: c.engineInput().1, scale: scale),
                              ownWidths: widths)
                }
            }
        }
        print("max-content of \(texts) texts: the same at every width for \(texts - differ.count)")
        XCTAssertEqual(differ, [], "max-content depends on the width laid out at")
    }

    /// One case per text and style (the id without its width and line
    /// height), with every width the corpus lays that text out at.
    static func distinct(_ cases: [CorpusCase]) -> [(CorpusCase, [Double])] {
        var order: [String] = []
        var byKey: [String: (CorpusCase, [Double])] = [:]
        for c in cases {
            let key = c.id.replacingOccurrences(of: #"-w[0-9.]+-lh[^-]+"#, with: "", options: .regularExpression)
            if byKey[key] == nil { order.append(key); byKey[key] = (c, []) }
            byKey[key]!.1.append(c.width)
        }
        return order.map { byKey[$0]! }
    }
}
