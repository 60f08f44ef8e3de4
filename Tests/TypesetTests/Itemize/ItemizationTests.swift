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
}
