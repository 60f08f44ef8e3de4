import Foundation
@testable import Typeset
import TypesetTestSupport
import XCTest

/// A warm plain text in one item is shaped and cut in one pass over its
/// words (`PrepareSession.warmLane`); every other text, and every text with
/// the lane off, step by step. The two must give the same prepared text:
/// the corpora's texts (main, runs, options, edges) and random texts of
/// ASCII words (hyphens, slashes and other breaks inside words, ligatures,
/// words longer than the front table keeps and than the cache keeps), under
/// paragraph variants and in faces with and without space kerning, are
/// prepared both ways, warm, and compared field by field and laid out.
final class WarmLaneEquivalenceTests: XCTestCase {
    private struct Input {
        var text: AttributedText
        var paragraph: ParagraphStyle
        var scale: Double
    }

    func testWarmLanePreparesWhatTheStepsPrepare() throws {
        var inputs: [Input] = []
        for (c, _) in try CorpusCase.loadAll() {
            inputs.append(Input(text: c.attributedText(), paragraph: c.engineInput().1, scale: 1))
        }
        let dir = Fixtures.corpusDirectory
        for options in ["options", "edges"] {
            for (c, _) in try OptionCorpusCase.loadAll(dir.appendingPathComponent(options)) {
                let (style, paragraph) = try c.engineInput()
                inputs.append(Input(text: AttributedText(c.text, style: style), paragraph: paragraph, scale: 1))
            }
        }
        inputs += Self.randomInputs(count: 3000)
        var seen = Set<String>()
        let distinct = inputs.filter { seen.insert("\($0.text)|\($0.paragraph)|\($0.scale)").inserted }

        // Each way in its own typesetter's cache and its own context, every text prepared twice (the
        // second warm: its words in the shared cache and in the context's front table).
        let fonts = Fixtures.fonts
        let laneCache = ShapeCache(), stepCache = ShapeCache()
        let laneContext = PrepareContext(), stepContext = PrepareContext()
        var mismatches: [String] = [], laneReshaped = 0
        for input in distinct {
            let lane = PrepareSession(fonts: fonts, context: laneContext, cache: laneCache, scale: input.scale)
            let steps = PrepareSession(fonts: fonts, context: stepContext, cache: stepCache, scale: input.scale,
                                       warmLane: false)
            for pass in 0..<2 {
                let laneTexts = laneContext.warmLaneTexts
                let a = try lane.prepare(input.text, paragraph: input.paragraph)
                if laneContext.warmLaneTexts > laneTexts && !a.core.reshapedEnds.isEmpty { laneReshaped += 1 }
                let b = try steps.prepare(input.text, paragraph: input.paragraph)
                if let difference = try OnePassEquivalenceTests.difference(a, b, widths: [40, 150, 320]) {
                    mismatches.append("\(input.text.string.prefix(60).debugDescription) \(input.paragraph) pass \(pass): \(difference)")
                    break
                }
            }
        }
        // A fresh context (an empty front table) takes every word from the shared cache.
        let fresh = PrepareContext()
        for input in distinct.prefix(400) {
            let a = try PrepareSession(fonts: fonts, context: fresh, cache: laneCache, scale: input.scale)
                .prepare(input.text, paragraph: input.paragraph)
            let b = try PrepareSession(fonts: fonts, context: stepContext, cache: stepCache, scale: input.scale,
                                       warmLane: false).prepare(input.text, paragraph: input.paragraph)
            if OnePassEquivalenceTests.fingerprint(a) != OnePassEquivalenceTests.fingerprint(b) {
                mismatches.append("\(input.text.string.prefix(60).debugDescription): differs from a fresh context")
            }
        }
        XCTAssertEqual(mismatches, [], "\(mismatches.count) differ: \(mismatches.prefix(5))")
        XCTAssertGreaterThan(laneContext.warmLaneTexts, distinct.count / 3, "too few texts took the lane")
        XCTAssertGreaterThan(fresh.warmLaneTexts, 100, "too few texts took the lane from the shared cache")
        XCTAssertEqual(stepContext.warmLaneTexts, 0)
        // Lane texts with a line end reshaped inside a word (the lane's `mayReshape`, else none is looked for).
        XCTAssertGreaterThan(laneReshaped, 20, "too few lane texts with a reshaped end")
        // The lane shapes what the steps shape, and counts its lookups as they do (a declined lane's
        // lookups are made again, counted once). The hits may differ by a few in a run this long: the
        // lane looks words up in the front table and the shared cache word by word, the steps every
        // front lookup first, so the front tables keep different words, and a word the shared cache has
        // dropped since is a hit in one context's table and not in the other's.
        XCTAssertEqual(laneCache.misses, stepCache.misses, "misses")
        XCTAssertLessThanOrEqual(abs(laneCache.hits - stepCache.hits), stepCache.hits / 10_000, "hits")
        print("warm lane against the steps: \(distinct.count) distinct inputs, \(laneContext.warmLaneTexts) lane texts, "
              + "\(laneReshaped) of them with a reshaped end")
    }

    /// The cache's counts are those of the steps: a lane that declines at
    /// an uncached word has counted none of its lookups.
    func testLaneCountsLookupsAsTheStepsDo() throws {
        let fonts = Fixtures.fonts
        let laneCache = ShapeCache(), stepCache = ShapeCache()
        let laneContext = PrepareContext(), stepContext = PrepareContext()
        let style = TextStyle(font: FontStack(families: ["Noto Sans"]), size: 15)
        let texts = ["the quick brown fox", "the quick brown fox jumps", "a well-known fox, the quick one",
                     "the quick brown fox", "jumps over the lazy dog and the fox"]
        for text in texts {
            _ = try PrepareSession(fonts: fonts, context: laneContext, cache: laneCache)
                .prepare(AttributedText(text, style: style), paragraph: ParagraphStyle())
            _ = try PrepareSession(fonts: fonts, context: stepContext, cache: stepCache, warmLane: false)
                .prepare(AttributedText(text, style: style), paragraph: ParagraphStyle())
        }
        XCTAssertGreaterThan(laneContext.warmLaneTexts, 0)
        XCTAssertEqual(laneCache.hits, stepCache.hits)
        XCTAssertEqual(laneCache.misses, stepCache.misses)
        XCTAssertEqual(laneCache.count, stepCache.count)
    }

    /// Random texts of ASCII words: plain words from a small vocabulary (so
    /// that they repeat), words with breaks inside (hyphens, slashes,
    /// question marks before letters), ligature candidates, long words and
    /// links, in two faces (Noto Sans; Lato when bundled, whose space kerns)
    /// at several sizes, under paragraph options the lane takes and some it
    /// declines.
    private static func randomInputs(count: Int) -> [Input] {
        var rng = SplitMix64(seed: 0x3A4E_1A7E)
        let vocabulary = ["the", "of", "and", "fi", "office", "flow", "affluent", "waffle", "to", "a", "in", "is",
                          "well-known", "and/or", "co-op", "e.g.", "(yes)", "\"quoted\"", "it's", "AV", "To", "Ty",
                          "WAVE", "x-ray", "12:30", "3.14", "100%", "$5", "#tag", "@user", "can't", "re-enter",
                          "internationalization", "https://example.com/a/b?c=d&e=f", "---", "a?b", "fly!", "...",
                          String(repeating: "long", count: 40), "Yo", "P.", "F.", "LT", "Tr",
                          // (Breaks inside words beside kerned pairs: line ends a line loses a kern at.)
                          "x-Ya", "A-V", "T-Y", "so-VAT", "F-Type", "co-Tenant", "Tom/Yves", "AT-AT", "L-T", "re-Write",
                          "a?Yes", "1-Y", "7/Tu", "P-47", "r-y", "y.-T"]
        let families = [["Noto Sans"], ["Lato", "Noto Sans"], ["Noto Serif", "Noto Sans"]]
        var paragraphs: [ParagraphStyle] = [ParagraphStyle(), ParagraphStyle()]
        for change in [{ (p: inout ParagraphStyle) in p.whiteSpace = .nowrap }, { $0.whiteSpace = .preWrap },
                       { $0.lineBreak = .anywhere }, { $0.wordBreak = .keepAll }, { $0.lineBreak = .strict },
                       { $0.overflowWrap = .anywhere }] {
            var p = ParagraphStyle()
            change(&p)
            paragraphs.append(p)
        }
        var out: [Input] = []
        for k in 0..<count {
            var words: [String] = []
            for _ in 0..<Int.random(in: 1...30, using: &rng) {
                if Int.random(in: 0..<10, using: &rng) == 0 {
                    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJ-/.")
                    words.append(String((0..<Int.random(in: 1...20, using: &rng)).map { _ in letters.randomElement(using: &rng)! }))
                } else {
                    words.append(vocabulary.randomElement(using: &rng)!)
                }
            }
            let separators = [" ", " ", " ", "  ", "\n", "\t"]
            var text = ""
            for (i, w) in words.enumerated() {
                if i > 0 { text += separators.randomElement(using: &rng)! }
                text += w
            }
            if k % 7 == 0 { text = " " + text + " " }
            let size = [15.0, 12, 22.5, 40].randomElement(using: &rng)!
            var style = TextStyle(font: FontStack(families: families.randomElement(using: &rng)!), size: size)
            if k % 23 == 0 { style.letterSpacing = 1 }
            if k % 29 == 0 { style.wordSpacing = 2 }
            let paragraph = paragraphs[k % paragraphs.count]
            out.append(Input(text: AttributedText(text, style: style), paragraph: paragraph,
                             scale: k % 11 == 0 ? 2 : 1))
        }
        return out
    }
}
