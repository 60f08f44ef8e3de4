import Foundation
import Typeset
import TypesetTestSupport

/// One recorded corpus case: the input (`corpus/cases.jsonl`) and Chromium's
/// answer (`corpus/expected.jsonl`), joined by id.
struct CorpusCase: Decodable {
    var id: String
    var category: String
    var text: String
    var fonts: [String]
    var font_size: Double
    var line_height: Double?
    var width: Double
    var white_space: String?
    var letter_spacing: Double?
    var dir: String?

    struct Expected: Decodable {
        struct Line: Decodable { var start: Int; var end: Int; var width: Double }
        var id: String
        var height: Double
        var line_count: Int
        var lines: [Line]
        var natural_width: Double?
        var chromium: String?
    }

    /// Loads every case with its expectation.
    static func loadAll() throws -> [(CorpusCase, Expected)] {
        let dir = Fixtures.corpusDirectory
        let cases = try CorpusScoreboard.jsonLines(dir.appendingPathComponent("cases.jsonl"), as: CorpusCase.self)
        let expected = try CorpusScoreboard.jsonLines(dir.appendingPathComponent("expected.jsonl"), as: Expected.self)
        let byID = Dictionary(expected.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return cases.compactMap { c in byID[c.id].map { (c, $0) } }
    }

    /// The engine's style and paragraph options for the case.
    func engineInput() -> (TextStyle, ParagraphStyle) {
        let stack = FontStack(faces: fonts.map { Fixtures.face(file: $0) })
        let style = TextStyle(font: stack, size: font_size, letterSpacing: letter_spacing ?? 0,
                              lineHeight: line_height.map { .points($0) } ?? .normal)
        let paragraph = ParagraphStyle(whiteSpace: white_space == "pre-wrap" ? .preWrap : .normal,
                                       direction: dir == "rtl" ? .rtl : .ltr)
        return (style, paragraph)
    }
}
