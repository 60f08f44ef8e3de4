import XCTest
@testable import Typeset
import TypesetTestSupport

/// The lean segment walk (`PrepareSession.walkLeanSegments`) against the
/// general one (`walkSegments`): generated texts of spaces, tabs, forced
/// breaks, soft hyphens, ideographic spaces and letters, cut at generated
/// breaks (some empty segments), with items of several boxes and styles
/// (negative ascents too) and breaks inside ligatures, give the same
/// segments, metrics table and natural width.
final class LeanSegmentWalkTests: XCTestCase {
    func testLeanWalkCutsWhatTheGeneralWalkCuts() {
        var random = SplitMix64(seed: 0x5E6)
        let alphabet: [UInt16] = [0x61, 0x62, 0x20, 0x20, 0x09, 0x0A, 0x0D, 0xAD, 0x3000, 0x4E00, 0x0627, 0xA0]
        let boxes: [(ascent: Double, descent: Double)] = [(12, 4), (14, 5), (12, 4.5), (-1, 3), (20, -2), (0, 0)]
        var leanTexts = 0, ligatureTexts = 0, spanningSegments = 0, blankLines = 0
        for round in 0..<4000 {
            let n = Int.random(in: 1...60, using: &random)
            let units = (0..<n).map { _ in alphabet.randomElement(using: &random)! }
            // Breaks: increasing, ending at n, a few repeated (empty segments).
            var positions: [Int32] = []
            var p = 0
            while p < n {
                p = min(n, p + Int.random(in: 0...6, using: &random))
                if p > 0 || Bool.random(using: &random) { positions.append(Int32(p)) }
            }
            if positions.last != Int32(n) { positions.append(Int32(n)) }
            let mandatory = positions.map { _ in Int.random(in: 0..<5, using: &random) == 0 }
            let advances = (0..<n).map { _ in Int32.random(in: -200_000...2_000_000, using: &random) }
            // Items: a partition of the text (one item in a third of the texts).
            var items: [Item] = [], itemMetrics: [(ascent: Double, descent: Double)] = []
            var s = 0
            while s < n {
                let e = round % 3 == 0 ? n : min(n, s + Int.random(in: 1...12, using: &random))
                items.append(Item(start: Int32(s), end: Int32(e), level: 0, script: 0,
                                  styleIndex: UInt16.random(in: 0...1, using: &random), faceIndex: 0))
                itemMetrics.append(boxes.randomElement(using: &random)!)
                s = e
            }
            var ligatures = LigatureSplits()
            if n > 2 && round % 4 == 1 {
                var u = 1
                while u < n {
                    ligatures.append(unit: Int32(u), clusterStart: Int32(Int.random(in: max(0, u - 3)..<u, using: &random)),
                                     prefix: Int64.random(in: 0...1_000_000, using: &random))
                    u += Int.random(in: 1...5, using: &random)
                }
                ligatureTexts += 1
            }
            let input = SegmentInput(units: units, breaks: (positions, mandatory), advances: advances, items: items,
                                     itemMetrics: itemMetrics, attachments: [], ligatures: ligatures,
                                     spacesHang: round % 5 != 0)
            XCTAssertTrue(PrepareSession.canWalkLean(input))
            leanTexts += 1
            var a = SegmentationScratch(), b = SegmentationScratch()
            let lean = PrepareSession.segment(input, into: &a), general = PrepareSession.segment(input, into: &b, lean: false)
            XCTAssertEqual(lean.naturalWidth, general.naturalWidth, "text \(round)")
            XCTAssertEqual(lean.metrics.map { [$0.ascent, $0.descent] }, general.metrics.map { [$0.ascent, $0.descent] },
                           "text \(round)")
            XCTAssertEqual(lean.segments.count, general.segments.count)
            for (x, y) in zip(lean.segments, general.segments) {
                XCTAssertEqual([Int64(x.end), Int64(x.contentEnd), Int64(x.width), Int64(x.trailing), Int64(x.metrics)],
                               [Int64(y.end), Int64(y.contentEnd), Int64(y.width), Int64(y.trailing), Int64(y.metrics)],
                               "text \(round)")
                XCTAssertEqual([x.mandatoryBreak, x.endsWithSoftHyphen, x.hasTab, x.hangs, x.hasLongTrailing],
                               [y.mandatoryBreak, y.endsWithSoftHyphen, y.hasTab, y.hangs, y.hasLongTrailing],
                               "text \(round)")
            }
            var start: Int32 = 0
            for (k, end) in positions.enumerated() {
                if items.contains(where: { $0.start > start && $0.start < end }) { spanningSegments += 1 }
                let segment = general.segments[k]
                if segment.mandatoryBreak && segment.contentEnd == start && end > start
                    && (units[Int(start)] == 0x0A || units[Int(start)] == 0x0D) { blankLines += 1 }
                start = end
            }
        }
        XCTAssertEqual(leanTexts, 4000)
        XCTAssertGreaterThan(ligatureTexts, 500)
        XCTAssertGreaterThan(spanningSegments, 1000, "too few segments across items")
        XCTAssertGreaterThan(blankLines, 300, "too few blank lines")
    }

    /// A text with attachments is cut by the general walk.
    func testAttachmentsTakeTheGeneralWalk() {
        let input = SegmentInput(units: [0x61, 0xFFFC], breaks: ([2], [false]), advances: [10, 20],
                                 items: [Item(start: 0, end: 2, level: 0, script: 0, styleIndex: 0, faceIndex: 0)],
                                 itemMetrics: [(10, 3)],
                                 attachments: [PlacedAttachment(unit: 1, advance: 20, ascent: 30, descent: 0)],
                                 ligatures: LigatureSplits(), spacesHang: true)
        XCTAssertFalse(PrepareSession.canWalkLean(input))
        var scratch = SegmentationScratch()
        XCTAssertEqual(PrepareSession.segment(input, into: &scratch).metrics.map(\.ascent), [30])
    }
}
