import Foundation
@testable import Typeset
import TypesetTestSupport
import XCTest

/// The one-pass scan (`PlainTextScan`) also prepares text set in faces whose
/// space takes part in kerning (Roboto, Lato, Liberation: their items are
/// shaped whole, and their reshaped line starts found in prepare): every
/// plain case of the fonts corpus (`corpus/fonts`, fonts fetched by
/// `scripts/fetch-test-fonts`) is prepared both ways and compared as
/// `OnePassEquivalenceTests` compares the bundled fonts' corpora, field by
/// field and laid out at a few widths.
final class OnePassSpaceKerningTests: XCTestCase {
    func testOnePassPreparesWhatTheGeneralPathPreparesInFontsThatKernTheirSpaces() throws {
        let dir = Fixtures.corpusDirectory.appendingPathComponent("fonts")
        let typesetter = try FontsCorpusAccuracyTests.typesetter(faces: dir.appendingPathComponent("faces.css"))
        let cases = try FontsCorpusAccuracyTests.load(dir, expected: "expected@1x.jsonl")
        var plain = 0, kerningFaces = 0, mismatches: [String] = []
        for scale in [1.0, 3.0] {
            for (c, variable, _) in cases {
                var (style, paragraph) = try c.engineInput()
                try variable.apply(to: &style)
                let text = AttributedText(c.text, style: style)
                let units = WhiteSpaceProcessor(source: c.text.utf16Units, whiteSpace: paragraph.whiteSpace).units
                var breaks: (positions: [Int32], mandatory: [Bool]) = ([], []), continuations: [Int32] = []
                guard PlainTextScan(units, paragraph: paragraph, asciiFaces: nil, into: &breaks, continuations: &continuations) != nil else { continue }
                plain += 1
                let onePass = try prepare(text, paragraph, typesetter, scale: scale, onePass: true)
                let general = try prepare(text, paragraph, typesetter, scale: scale, onePass: false)
                if onePass.core.faces.contains(where: { $0.spaceTakesPart(in: []) }) { kerningFaces += 1 }
                guard OnePassEquivalenceTests.fingerprint(onePass) == OnePassEquivalenceTests.fingerprint(general) else {
                    mismatches.append("\(c.id) @\(scale)x: prepared texts differ")
                    continue
                }
                for width in Set([c.width, 60, 90, 200, 1000]) {
                    let la = try onePass.layout(width: width), lb = try general.layout(width: width)
                    if la.lines != lb.lines || la.exactHeight != lb.exactHeight {
                        mismatches.append("\(c.id) @\(scale)x at width \(width): layouts differ")
                    }
                }
            }
        }
        XCTAssertEqual(mismatches, [], "\(mismatches.count) inputs differ: \(mismatches.prefix(5))")
        XCTAssertGreaterThan(kerningFaces, 500, "too few plain inputs in faces that kern with the space")
        print("one pass against stage by stage, fonts corpus: \(plain) plain inputs, \(kerningFaces) in faces kerning the space")
    }

    private func prepare(_ text: AttributedText, _ paragraph: ParagraphStyle, _ typesetter: Typesetter, scale: Double,
                         onePass: Bool) throws -> PreparedText {
        let session = PrepareSession(fonts: typesetter.fonts, context: PrepareContext(), cache: typesetter.shapeCache,
                                     scale: scale, onePass: onePass)
        return try session.prepare(text, paragraph: paragraph)
    }
}
