import Foundation
import XCTest
@testable import Typeset
import TypesetTestSupport

/// Which font each cluster gets, and bidi runs.
final class ItemizationTests: XCTestCase {
    private func families(_ text: String, _ stack: FontStack = "Noto Sans") throws -> [String] {
        let p = try Fixtures.typesetter.prepare(text, style: TextStyle(font: stack, size: 15))
        let utf16 = Array(text.utf16)
        return p.runFaces.map { "\(String(decoding: utf16[$0.utf16Range], as: UTF16.self))=\($0.face.familyName)" }
    }

    /// A context remembers the faces clusters took (`Itemizer.ClusterFaces`):
    /// texts prepared one after another in one context get the items and
    /// faces each gets in a context of its own, in two stacks, with
    /// controls and joiners that stay with the run they are in.
    func testClusterFacesRememberedAcrossTextsAreTheFacesFoundAnew() throws {
        let texts = ["Hi 👋🏽 ☀\u{FE0F} ☀ 👨‍👩‍👧 é\u{301} 🇯🇵", "漢字 ☀ 👋🏽\u{200D}\t👋", "مرحبا ☀\u{FE0F} ق\u{651}",
                     "\u{200D}☀ a\u{200D}b ☀", "e\u{301}\u{302}\u{303}\u{304}\u{305} 👍🏿👍🏿"]
        let stacks: [FontStack] = [["Noto Sans", "Noto Sans CJK JP", "Noto Color Emoji"], ["Noto Sans CJK JP", "Noto Sans"]]
        let fonts = Fixtures.typesetter.fonts
        let shared = PrepareContext()
        var paragraph = ParagraphStyle()
        paragraph.whiteSpace = .preWrap
        for round in 0..<2 {
            for stack in stacks {
                for text in texts {
                    let style = TextStyle(font: stack, size: 15)
                    let remembered = try PrepareSession(fonts: fonts, context: shared, cache: nil)
                        .prepare(text, style: style, paragraph: paragraph)
                    let anew = try PrepareSession(fonts: fonts, context: PrepareContext(), cache: nil)
                        .prepare(text, style: style, paragraph: paragraph)
                    let a = remembered.runFaces.map { "\($0.utf16Range)=\($0.face.familyName)" }
                    let b = anew.runFaces.map { "\($0.utf16Range)=\($0.face.familyName)" }
                    XCTAssertEqual(a, b, "round \(round), \(stack): \(text)")
                    XCTAssertEqual("\(Array(remembered.core.items))", "\(Array(anew.core.items))", text)
                }
            }
        }
    }

    func testEachScriptFallsBackToItsFont() throws {
        XCTAssertEqual(try families("Hi مرحبا 你好 👋"),
                       ["Hi =Noto Sans", "مرحبا=Noto Sans Arabic", " =Noto Sans", "你好=Noto Sans CJK JP",
                        " =Noto Sans", "👋=Noto Color Emoji"])
    }

    func testFirstStackFontThatCoversAClusterWins() throws {
        // The CJK face has Latin letters too, so it keeps them when it comes first.
        XCTAssertEqual(try families("漢字abc", ["Noto Sans CJK JP", "Noto Sans"]), ["漢字=Noto Sans CJK JP", "abc=Noto Sans CJK JP"])
    }

    func testAFaceWithTheDecompositionKeepsAPrecomposedLetter() throws {
        // Noto Sans CJK JP lacks "έ" (U+03AD) but has "ε" and U+0301: HarfBuzz
        // draws it decomposed, and Chromium keeps the face (no fallback).
        XCTAssertEqual(try families("Καλημέρα", ["Noto Sans CJK JP", "Noto Sans"]), ["Καλημέρα=Noto Sans CJK JP"])
        // Decomposed input stays in that face too.
        XCTAssertEqual(try families("με\u{301}ρα", ["Noto Sans CJK JP", "Noto Sans"]), ["με\u{301}ρα=Noto Sans CJK JP"])
        // A face with neither falls back as before.
        XCTAssertEqual(try families("é", ["Noto Sans Thai", "Noto Sans"]), ["é=Noto Sans"])
    }

    func testEmojiPresentationSelectorPicksTheColourFont() throws {
        let stack: FontStack = ["Noto Sans", "Noto Sans CJK JP", "Noto Color Emoji"]
        XCTAssertEqual(try families("☀", stack), ["☀=Noto Sans CJK JP"])
        XCTAssertEqual(try families("☀\u{FE0F}", stack), ["☀\u{FE0F}=Noto Color Emoji"])
    }

    func testEmojiSequencesStayOneCluster() throws {
        for emoji in ["👨‍👩‍👧‍👦", "🇯🇵", "👍🏽", "1️⃣"] {
            let layout = try Fixtures.typesetter.layout("a" + emoji + "b", style: TextStyle(font: ["Noto Sans", "Noto Color Emoji"], size: 15), width: 1)
            let pieces = layout.lines.map { layout.text(of: $0) }
            XCTAssertEqual(pieces, ["a", emoji, "b"], "split inside \(emoji)")
        }
    }

    func testBidiRunsAreReorderedVisually() throws {
        let text = "abc אבג def"
        let layout = try Fixtures.typesetter.layout(text, style: TextStyle(font: ["Noto Sans", "Noto Sans Hebrew"], size: 15),
                                                    paragraph: ParagraphStyle(direction: .ltr), width: nil)
        let runs = layout.visualRuns(of: layout.lines[0])
        // Runs split by script too ("abc ", "אבג", " ", "def"); the Hebrew run sits between Latin ones.
        XCTAssertEqual(runs.filter(\.isRightToLeft).map { $0.face.familyName }, ["Noto Sans Hebrew"])
        XCTAssertEqual(runs.first?.isRightToLeft, false)
        XCTAssertEqual(runs.last?.isRightToLeft, false)
        XCTAssertEqual(runs.map(\.x), runs.map(\.x).sorted())
        // An RTL paragraph puts the first (Hebrew) run on the right.
        let rtl = try Fixtures.typesetter.layout("אבג abc", style: TextStyle(font: ["Noto Sans Hebrew", "Noto Sans"], size: 15),
                                                 paragraph: ParagraphStyle(direction: .auto), width: nil)
        let r = rtl.visualRuns(of: rtl.lines[0])
        XCTAssertTrue(r.last!.isRightToLeft)
        XCTAssertFalse(r.first!.isRightToLeft)
    }

    /// The itemizer's shortcuts (`Itemizer.shortcuts`): a run goes on over
    /// the one-unit clusters that keep its face, and a cluster of several
    /// BMP characters that each take the same face first takes it from the
    /// face table. Every text of the corpus' categories, and clusters made
    /// of letters of many scripts with marks, joiners, selectors, keycaps
    /// and U+FFFC, in stacks that order their faces differently, get the
    /// items and faces that going cluster by cluster gives.
    func testClustersTakenFromTheFaceTableGetTheFacesTheyAreLookedUpIn() throws {
        let dir = Fixtures.corpusDirectory.appendingPathComponent("texts")
        var texts: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: dir.path).filter({ $0.hasSuffix(".json") }).sorted() {
            let category = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent(file)))
            let entries = (category as? [String: Any])?["texts"] as? [Any] ?? []
            texts += entries.compactMap { $0 as? String ?? ($0 as? [String: Any])?["text"] as? String }
        }
        XCTAssertGreaterThan(texts.count, 100)
        let bases: [UInt32] = [0x61, 0x3B5, 0x3AD, 0x438, 0x5D0, 0x628, 0x915, 0x995, 0xE01, 0x1100, 0x4E00, 0x30AB, 0x31, 0x2600, 0xFFFC]
        let extras: [UInt32] = [0x301, 0x308, 0x323, 0x5B8, 0x64E, 0x651, 0x93F, 0x94D, 0x9CD, 0xE34, 0xE48, 0x1161, 0x3099,
                                0x200D, 0xFE0F, 0xFE0E, 0x20E3, 0x20DD, 0x1F3FD, 0xFFFC, 0x915, 0x61]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<400 {
            var scalars: [Unicode.Scalar] = []
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                scalars.append(Unicode.Scalar(bases.randomElement(using: &random)!)!)
                for _ in 0..<Int.random(in: 0...3, using: &random) {
                    scalars.append(Unicode.Scalar(extras.randomElement(using: &random)!)!)
                }
            }
            texts.append(String(String.UnicodeScalarView(scalars)))
        }
        let fonts = Fixtures.typesetter.fonts
        let stacks: [FontStack] = [["Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari",
                                    "Noto Sans Thai", "Noto Sans CJK JP", "Noto Color Emoji"],
                                   ["Noto Sans CJK JP", "Noto Sans Thai", "Noto Sans"], ["Noto Sans Arabic"]]
        var tableClusters = 0
        for stack in stacks {
            let resolved = try fonts.resolvedStack(stack, weight: 400, italic: false)
            let table = resolved.bmpFaces.index
            for text in texts {
                let units = Array(text.utf16)
                let graphemes = GraphemeBreaks.boundaries(units)
                let levels = try BidiLevels.resolve(units, direction: .auto).levels
                var scripts: [Int32] = []
                ScriptRuns.resolve(units, into: &scripts)
                let styles = [Int32](repeating: 0, count: units.count)
                func itemize(_ shortcuts: Bool) -> (items: String, faces: [ObjectIdentifier]) {
                    var items: [Item] = [], faces: [FontFace] = [], scalars: [UInt32] = []
                    var clusterFaces = Itemizer.ClusterFaces()
                    var itemizer = Itemizer(fonts: fonts)
                    itemizer.shortcuts = shortcuts
                    itemizer.itemize(Itemizer.Text(units: units, graphemeStarts: graphemes, levels: levels, scripts: scripts,
                                                   styleOfUnit: styles, stacks: [resolved]),
                                     into: &items, faces: &faces, scalars: &scalars, clusterFaces: &clusterFaces)
                    return ("\(items)", faces.map(ObjectIdentifier.init))
                }
                let fromTable = itemize(true), lookedUp = itemize(false)
                XCTAssertEqual(fromTable.items, lookedUp.items, "\(stack): \(text.debugDescription)")
                XCTAssertEqual(fromTable.faces, lookedUp.faces, "\(stack): \(text.debugDescription)")
                // Count the clusters the table decides, so that the comparison is known to cover some.
                var g = 0
                while g < units.count {
                    var e = g + 1
                    while e < units.count && !graphemes[e] { e += 1 }
                    let k = table[Int(units[g])]
                    if e > g + 1 && k < ResolvedStack.FaceTable.special && units[g] != 0xFFFC
                        && units[g..<e].allSatisfy({ $0 != 0x20E3 && table[Int($0)] == k }) { tableClusters += 1 }
                    g = e
                }
            }
        }
        XCTAssertGreaterThan(tableClusters, 1000, "too few clusters were decided by the face table")
    }
}
