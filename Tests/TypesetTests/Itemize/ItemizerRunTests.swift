import XCTest
@testable import Typeset
import TypesetTestSupport

/// The itemizer's run loop (`Itemizer.extendRun`): it goes on over one-unit
/// clusters and starts the next run where the face, level or script
/// changes. Generated texts mixing Han, kana, Latin, Arabic, Hebrew,
/// Devanagari with marks, Thai, emoji, U+FFFC and controls, in several
/// styles whose stacks order their faces differently (style changes inside
/// clusters too), at both directions, get the items and faces that going
/// cluster by cluster (`shortcuts` off) gives.
final class ItemizerRunTests: XCTestCase {
    func testRunLoopItemizesAsClusterByCluster() throws {
        let fonts = Fixtures.typesetter.fonts
        let stacks = try [["Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari", "Noto Sans Thai",
                           "Noto Sans CJK JP", "Noto Color Emoji"],
                          ["Noto Sans CJK JP", "Noto Sans", "Noto Sans Arabic"],
                          ["Noto Sans Arabic", "Noto Sans CJK JP"]].map {
            try fonts.resolvedStack(FontStack(families: $0), weight: 400, italic: false)
        }
        let pieces = ["日本語", "の", "を", "カタカナ", "、", "。", "「", "」", "漢字", "ひらがな", " ", "  ", "abc", "Ünï",
                      "123", "مرحبا", "بِسْمِ", "שלום", "हिन्दी", "क्षि", "ภาษาไทย", "😀", "👍🏽", "1️⃣", "\u{FFFC}", "\n",
                      "\t", "\u{200D}", "e\u{301}", "ー", "，", "(", ")", "?"]
        var random = SplitMix64(seed: 0x17E4)
        var items = 0, scriptChanges = 0
        for round in 0..<6000 {
            let text = (0..<Int.random(in: 1...14, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let units = Array(text.utf16)
            let graphemes = GraphemeBreaks.boundaries(units)
            let levels = try BidiLevels.resolve(units, direction: round % 3 == 0 ? .rtl : .auto).levels
            var scripts: [Int32] = []
            ScriptRuns.resolve(units, into: &scripts)
            var styles: [Int32] = []
            var style = Int32(round % 3)
            while styles.count < units.count {
                if round % 2 == 1 { style = Int32.random(in: 0..<3, using: &random) }
                styles += repeatElement(style, count: min(units.count - styles.count, Int.random(in: 1...20, using: &random)))
            }
            func itemize(_ shortcuts: Bool) -> (items: String, faces: [ObjectIdentifier], count: Int) {
                var items: [Item] = [], faces: [FontFace] = [], scalars: [UInt32] = []
                var clusterFaces = Itemizer.ClusterFaces()
                var itemizer = Itemizer(fonts: fonts)
                itemizer.shortcuts = shortcuts
                itemizer.itemize(Itemizer.Text(units: units, graphemeStarts: graphemes, levels: levels, scripts: scripts,
                                               styleOfUnit: styles, stacks: stacks),
                                 into: &items, faces: &faces, scalars: &scalars, clusterFaces: &clusterFaces)
                return ("\(items)", faces.map(ObjectIdentifier.init), items.count)
            }
            let run = itemize(true), reference = itemize(false)
            XCTAssertEqual(run.items, reference.items, text.debugDescription)
            XCTAssertEqual(run.faces, reference.faces, text.debugDescription)
            items += run.count
            scriptChanges += zip(scripts, scripts.dropFirst()).filter { $0 != $1 }.count
        }
        XCTAssertGreaterThan(items, 30_000, "too few items to compare")
        XCTAssertGreaterThan(scriptChanges, 10_000, "too few script changes")
    }
}
