import Foundation
import Typeset
import TypesetTestSupport

/// One recorded corpus case: the input (`corpus/cases.jsonl`, and the
/// multi-run `corpus/cases-runs.jsonl` and `corpus/intrinsic/cases.jsonl`)
/// and Chromium's answer (`corpus/expected.jsonl`, `corpus/expected-runs.jsonl`,
/// `corpus/intrinsic/expected.jsonl`), joined by id.
struct CorpusCase: Decodable {
    var id: String
    var category: String
    var text: String
    /// The block's font stack as bundled file names, or as family names.
    var fonts: [String]?
    var font_family: [String]?
    var font_size: Double
    var font_weight: Int?
    var font_style: String?
    var line_height: Double?
    var width: Double
    var white_space: String?
    var letter_spacing: Double?
    var dir: String?
    var text_wrap: String?
    /// Spans with their own style (code-point offsets, style fields resolved).
    var runs: [Run]?

    struct Run: Decodable {
        var start: Int
        var end: Int
        var fonts: [String]?
        var font_family: [String]?
        var font_size: Double
        var font_weight: Int
        var font_style: String
        var letter_spacing: Double
        var line_height: Double?
    }

    struct Expected: Decodable {
        struct Line: Decodable { var start: Int; var end: Int; var width: Double }
        var id: String
        var height: Double
        var line_count: Int
        var lines: [Line]
        var natural_width: Double?
        var min_content_width: Double?
        var chromium: String?
    }

    /// Loads every case with its expectation.
    static func loadAll() throws -> [(CorpusCase, Expected)] {
        let dir = Fixtures.corpusDirectory
        return try load(cases: dir.appendingPathComponent("cases.jsonl"), expected: dir.appendingPathComponent("expected.jsonl"))
            + load(cases: dir.appendingPathComponent("cases-runs.jsonl"),
                   expected: dir.appendingPathComponent("expected-runs.jsonl"))
            + load(cases: dir.appendingPathComponent("intrinsic/cases.jsonl"),
                   expected: dir.appendingPathComponent("intrinsic/expected.jsonl"))
            + load(cases: dir.appendingPathComponent("wrap/runs-cases.jsonl"),
                   expected: dir.appendingPathComponent("wrap/runs-expected.jsonl"))
    }

    /// Cases and expectations from one pair of files (e.g. a held-out set).
    static func load(cases: URL, expected: URL) throws -> [(CorpusCase, Expected)] {
        let all = try CorpusScoreboard.jsonLines(cases, as: CorpusCase.self)
        let answers = try CorpusScoreboard.jsonLines(expected, as: Expected.self)
        let byID = Dictionary(answers.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return all.compactMap { c in byID[c.id].map { (c, $0) } }
    }

    /// The engine's style and paragraph options for the case.
    func engineInput() -> (TextStyle, ParagraphStyle) {
        let style = TextStyle(font: Self.stack(files: fonts, families: font_family), size: font_size,
                              weight: font_weight ?? 400, italic: font_style == "italic",
                              letterSpacing: letter_spacing ?? 0, lineHeight: line_height.map { .points($0) } ?? .normal)
        let paragraph = ParagraphStyle(whiteSpace: white_space == "pre-wrap" ? .preWrap : .normal,
                                       direction: dir == "rtl" ? .rtl : .ltr,
                                       textWrap: text_wrap.flatMap(ParagraphStyle.TextWrap.init(rawValue:)) ?? .wrap)
        return (style, paragraph)
    }

    /// The case's text: the block's style, each run restyled as a span.
    func attributedText() -> AttributedText {
        let (base, _) = engineInput()
        var text = AttributedText(self.text, baseStyle: base)
        guard let runs, !runs.isEmpty else { return text }
        // Code-point offsets to UTF-16 offsets.
        var utf16 = [0]
        for s in self.text.unicodeScalars { utf16.append(utf16.last! + s.utf16.count) }
        for r in runs {
            let style = TextStyle(font: Self.stack(files: r.fonts, families: r.font_family), size: r.font_size,
                                  weight: r.font_weight, italic: r.font_style == "italic", letterSpacing: r.letter_spacing,
                                  lineHeight: r.line_height.map { .points($0) } ?? .normal)
            text.setStyle(style, utf16Range: utf16[r.start]..<utf16[r.end])
        }
        return text
    }

    private static func stack(files: [String]?, families: [String]?) -> FontStack {
        if let files { return FontStack(faces: files.map { Fixtures.face(file: $0) }) }
        return FontStack(families: families ?? [])
    }
}
