import Foundation
@testable import Typeset
import TypesetTestSupport
import XCTest

/// Plain text (ASCII, and Latin, Greek or Cyrillic letters and emoji past
/// it) is analysed in one pass (`PlainTextScan`), and itemized too when one
/// face covers it; every
/// other text stage by stage. The two must give the same prepared text: every
/// input of the corpora (main, runs, intrinsic, options, edges, the scaled
/// cases at 2x and 3x, and the category texts under paragraph variants) is
/// prepared both ways and the prepared texts compared field by field, and
/// their layouts at a few widths line by line.
final class OnePassEquivalenceTests: XCTestCase {
    /// One input: what is prepared, how, and at which widths it is laid out.
    private struct Input {
        var text: AttributedText
        var paragraph: ParagraphStyle
        var scale: Double
        var widths: [Double]
    }

    func testOnePassPreparesWhatTheGeneralPathPrepares() throws {
        let dir = Fixtures.corpusDirectory
        var inputs: [Input] = []
        let widths: [Double] = [60, 200, 320, 1000]
        for (c, _) in try CorpusCase.loadAll() {
            inputs.append(Input(text: c.attributedText(), paragraph: c.engineInput().1, scale: 1, widths: [c.width] + widths))
        }
        for options in ["options", "edges"] {
            for (c, _) in try OptionCorpusCase.loadAll(dir.appendingPathComponent(options)) {
                let (style, paragraph) = try c.engineInput()
                inputs.append(Input(text: AttributedText(c.text, style: style), paragraph: paragraph, scale: 1,
                                    widths: [c.width] + widths))
            }
        }
        let scaled = dir.appendingPathComponent("scaled")
        for scale in [2.0, 3.0] {
            for corpus in ["main", "runs"] {
                let cases = try CorpusScoreboard.jsonLines(scaled.appendingPathComponent("\(corpus)-cases.jsonl"), as: CorpusCase.self)
                for c in cases {
                    inputs.append(Input(text: c.attributedText(), paragraph: c.engineInput().1, scale: scale,
                                        widths: [c.width] + widths))
                }
            }
            let options = try CorpusScoreboard.jsonLines(scaled.appendingPathComponent("options-cases.jsonl"),
                                                         as: OptionCorpusCase.self)
            for c in options {
                let (style, paragraph) = try c.engineInput()
                inputs.append(Input(text: AttributedText(c.text, style: style), paragraph: paragraph, scale: scale,
                                    widths: [c.width] + widths))
            }
        }
        inputs += try categoryTextVariants(widths: widths)

        // Each distinct input once (the main corpus lays each text out at many widths).
        var seen = Set<String>()
        let distinct = inputs.filter { seen.insert("\($0.text)|\($0.paragraph)|\($0.scale)").inserted }

        let typesetter = Fixtures.typesetter
        var plain = 0, pastASCII = 0, mismatches: [String] = []
        for input in distinct {
            // The session scans as this does: a text the scan declines is
            // prepared stage by stage either way, so only plain ones are compared.
            let units = input.text.string.utf16Units
            var breaks: (positions: [Int32], mandatory: [Bool]) = ([], []), continuations: [Int32] = []
            let processed = WhiteSpaceProcessor(source: units, whiteSpace: input.paragraph.whiteSpace).units
            let paragraphAllows = input.paragraph.direction != .rtl && input.paragraph.wordBreak != .breakAll
            let isASCII = !processed.isEmpty && processed.allSatisfy { $0 < 0x80 && $0 != 0x0D }
            // Past ASCII the scan takes Latin, Greek and Cyrillic letters and emoji (with their joiners,
            // selectors and surrogates), and never a text the ASCII scan would decline.
            let mayScan = !processed.isEmpty && processed.allSatisfy {
                $0 < 0x80 ? $0 != 0x0D : PlainTextScan.letterScript($0) != 0 || $0 == 0x200D || $0 == 0xFE0F
                    || ($0 >= 0x2100 && $0 < 0x2C00) || ($0 >= 0xD800 && $0 <= 0xDFFF)
            }
            let scanned = PlainTextScan(processed, paragraph: input.paragraph, asciiFaces: nil, into: &breaks, continuations: &continuations) != nil
            if (isASCII && paragraphAllows && !scanned) || (scanned && !(mayScan && paragraphAllows)) {
                mismatches.append("\(input.text.string.prefix(60).debugDescription): scanned \(scanned)")
            }
            guard scanned else { continue }
            plain += 1
            if !isASCII { pastASCII += 1 }
            let onePass = try prepare(input, typesetter: typesetter, onePass: true)
            let general = try prepare(input, typesetter: typesetter, onePass: false)
            let a = Self.fingerprint(onePass), b = Self.fingerprint(general)
            if a != b {
                mismatches.append("\(input.text.string.prefix(60).debugDescription) \(input.paragraph) @\(input.scale)x: prepared texts differ")
                continue
            }
            for width in Set(input.widths) {
                let la = try onePass.layout(width: width), lb = try general.layout(width: width)
                let ma = try onePass.measure(width: width), mb = try general.measure(width: width)
                if la.lines != lb.lines || la.exactHeight != lb.exactHeight || ma != mb {
                    mismatches.append("\(input.text.string.prefix(60).debugDescription) \(input.paragraph) at width \(width): layouts differ")
                }
            }
        }
        XCTAssertEqual(mismatches, [], "\(mismatches.count) of \(distinct.count) inputs differ: \(mismatches.prefix(5))")
        XCTAssertGreaterThan(plain, 1000, "too few plain inputs took the one-pass path")
        XCTAssertGreaterThan(pastASCII, 100, "too few plain inputs past ASCII (Latin, Greek, Cyrillic, emoji) took the one-pass path")
        print("one pass against stage by stage: \(distinct.count) distinct inputs, \(plain) of them plain text (\(pastASCII) past ASCII), all equal")
    }

    /// Every text of `corpus/texts` under paragraph options the one-pass
    /// scan treats differently (kept newlines, keep-all and break-all,
    /// right-to-left, `line-break: anywhere`), in a stack whose first face
    /// lacks Latin letters, and with its first word in another style.
    private func categoryTextVariants(widths: [Double]) throws -> [Input] {
        let dir = Fixtures.corpusDirectory.appendingPathComponent("texts")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThan(files.count, 10)
        let base = TextStyle(font: FontStack(families: ["Noto Sans", "Noto Sans Arabic", "Noto Sans CJK JP", "Noto Color Emoji"]),
                             size: 15)
        let arabicFirst = TextStyle(font: FontStack(families: ["Noto Sans Arabic", "Noto Sans"]), size: 15)
        let bold = TextStyle(font: base.font, size: 18, weight: 700)
        var paragraphs: [ParagraphStyle] = [ParagraphStyle()]
        for change in [{ (p: inout ParagraphStyle) in p.whiteSpace = .preWrap }, { $0.wordBreak = .keepAll },
                       { $0.wordBreak = .breakAll }, { $0.direction = .rtl }, { $0.direction = .auto },
                       { $0.lineBreak = .anywhere }, { $0.whiteSpace = .nowrap; $0.textOverflow = .ellipsis }] {
            var p = ParagraphStyle()
            change(&p)
            paragraphs.append(p)
        }
        var out: [Input] = []
        for file in files {
            let category = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent(file)))
            // A text is a string or an object with one ("text"); spans (`runs.json`) are the runs corpus' cases.
            let entries = (category as? [String: Any])?["texts"] as? [Any] ?? []
            let texts = entries.compactMap { $0 as? String ?? ($0 as? [String: Any])?["text"] as? String }
            XCTAssertEqual(texts.count, entries.filter { ($0 as? [String: Any])?["spans"] == nil }.count, "\(file): unread texts")
            for text in texts {
                // With a kept newline and a doubled space, for pre-wrap.
                let variants = [text, text.replacingOccurrences(of: ". ", with: ".\n  ")]
                for t in variants {
                    for p in paragraphs { out.append(Input(text: AttributedText(t, style: base), paragraph: p, scale: 1, widths: widths)) }
                }
                out.append(Input(text: AttributedText(text, style: arabicFirst), paragraph: ParagraphStyle(), scale: 1, widths: widths))
                var styled = AttributedText(text, baseStyle: base)
                if let space = text.utf16.firstIndex(of: 0x20) {
                    styled.setStyle(bold, utf16Range: 0..<text.utf16.distance(from: text.utf16.startIndex, to: space))
                }
                out.append(Input(text: styled, paragraph: ParagraphStyle(), scale: 1, widths: widths))
            }
        }
        return out
    }

    private func prepare(_ input: Input, typesetter: Typesetter, onePass: Bool) throws -> PreparedText {
        let session = PrepareSession(fonts: typesetter.fonts, context: PrepareContext(), cache: typesetter.shapeCache,
                                     scale: input.scale, onePass: onePass)
        return try session.prepare(input.text, paragraph: input.paragraph)
    }

    /// How the one-pass scan's analysis of `units` (its break opportunities
    /// and grapheme continuations) differs from the stages': grapheme
    /// boundaries, bidi levels (all 0 for a text the scan takes) and breaks;
    /// empty when it does not.
    static func analysisDifferences(_ units: [UInt16], paragraph: ParagraphStyle,
                                    breaks: (positions: [Int32], mandatory: [Bool]),
                                    continuations: [Int32]) throws -> [String] {
        var differ: [String] = []
        var graphemes = [Bool](repeating: true, count: units.count + 1)
        for c in continuations { graphemes[Int(c)] = false }
        let stageGraphemes = GraphemeBreaks.boundaries(units)
        if graphemes != stageGraphemes { differ.append("graphemes \(graphemes.indices.filter { graphemes[$0] != stageGraphemes[$0] })") }
        let levels = try BidiLevels.resolve(units, direction: paragraph.direction)
        if levels.paragraphLevel != 0 || levels.levels.contains(where: { $0 != 0 }) { differ.append("levels") }
        let stageBreaks = try BreakOpportunities.compute(
            units, wordBreak: paragraph.wordBreak, preserveNewlines: paragraph.whiteSpace.preservesNewlines,
            language: nil, lineBreak: paragraph.lineBreak)
        if breaks.positions != stageBreaks.positions || breaks.mandatory != stageBreaks.mandatory {
            let a = Set(zip(breaks.positions, breaks.mandatory).map { "\($0)\($1 ? "!" : "")" })
            let b = Set(zip(stageBreaks.positions, stageBreaks.mandatory).map { "\($0)\($1 ? "!" : "")" })
            differ.append("breaks: scan only \(a.subtracting(b).sorted()), stages only \(b.subtracting(a).sorted())")
        }
        return differ
    }

    /// How two preparations of one text differ: their prepared texts (see
    /// `fingerprint`), or else their layouts at the first of `widths` where
    /// lines or heights differ; nil when they do not.
    static func difference(_ a: PreparedText, _ b: PreparedText, widths: [Double]) throws -> String? {
        guard fingerprint(a) == fingerprint(b) else { return "prepared texts differ" }
        for width in widths {
            let la = try a.layout(width: width), lb = try b.layout(width: width)
            if la.lines != lb.lines || la.exactHeight != lb.exactHeight { return "layouts differ at width \(width)" }
        }
        return nil
    }

    /// Everything a prepared text holds, as text: its header and segments,
    /// every field of its details and the per-unit metrics it stored.
    static func fingerprint(_ prepared: PreparedText) -> String {
        let core = prepared.core
        var out = ""
        describe(core.facts, into: &out)
        describe(Array(core.segments), into: &out)
        let fields: [Any] = [
            core.sourceUTF16.utf16Array, core.text.units.utf16Array, core.text.sourceOffsets, core.paragraph,
            core.paragraphLevel, core.ellipsisIsThreeDots, Array(core.levels), Array(core.items),
            core.itemMetrics, Array(core.faces), core.styles, core.tabInterval, core.minimumTabWidth, core.ellipsisWidth,
            core.trimmableClose, core.ligatures, core.runBoundaries, core.attachments, Array(core.surrogatePairs),
            core.wordBreaks, core.reshapedEnds,
        ]
        for f in fields { describe(f, into: &out); out += "|" }
        if let m = core.storedUnitMetrics {
            describe([m.advances, m.graphemeBits] as [Any], into: &out)
            describe(m.ligatures, into: &out)
        }
        return out
    }

    /// A value's stored properties, recursively; an object is named by its
    /// identity (a font face) or its type, not entered.
    private static func describe(_ value: Any, into out: inout String) {
        if type(of: value) is AnyClass {
            let object = value as AnyObject
            out += "\(type(of: object))#\(object is FontFace ? "\(ObjectIdentifier(object).hashValue)" : "")"
            return
        }
        let mirror = Mirror(reflecting: value)
        guard !mirror.children.isEmpty else { out += "\(value);"; return }
        out += "("
        for child in mirror.children {
            out += child.label ?? ""
            out += ":"
            describe(child.value, into: &out)
        }
        out += ")"
    }
}
