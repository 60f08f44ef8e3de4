import Foundation
import Typeset
import TypesetTestSupport

/// One case of the options corpus (`corpus/options/cases.jsonl`, the batch
/// protocol's field names) and Chromium's answer (`expected.jsonl`).
struct OptionCorpusCase: Decodable {
    var id: String
    var category: String
    var text: String
    var font_family: [String]
    var font_size: Double
    var font_weight: Int
    var font_style: String
    var line_height: Double?
    var line_height_multiple: Double?
    var width: Double
    var white_space: String
    var letter_spacing: Double
    var word_break: String
    var align: String
    var direction: String
    var max_lines: Int?
    var text_overflow: String
    /// The lang attribute (options-language only; nil for none).
    var lang: String?
    /// CSS line-break (options-language only; nil for auto).
    var line_break: String?
    var text_wrap: String?

    struct Expected: Decodable {
        struct Line: Decodable { var start: Int; var end: Int; var width: Double; var x: Double? }
        struct Ellipsis: Decodable {
            var text: String
            var x: Double
            var width: Double
            var visible_end: Int
            var visible_is_prefix: Bool
            var visible: [[Int]]
        }
        var id: String
        var height: Double
        var line_count: Int
        var lines: [Line]
        var natural_width: Double?
        /// CSS min-content (rows recorded since the recorder reports it).
        var min_content_width: Double?
        var truncated: Bool
        var ellipsis: Ellipsis?
    }

    /// Loads every case of a directory with its expectation.
    /// `expected`: the recording's file name (`expected@2x.jsonl` for one at a device pixel ratio).
    static func loadAll(_ dir: URL, expected file: String = "expected.jsonl") throws -> [(OptionCorpusCase, Expected)] {
        let cases = try CorpusScoreboard.jsonLines(dir.appendingPathComponent("cases.jsonl"), as: OptionCorpusCase.self)
        let expected = try CorpusScoreboard.jsonLines(dir.appendingPathComponent(file), as: Expected.self)
        let byID = Dictionary(expected.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return cases.compactMap { c in byID[c.id].map { (c, $0) } }
    }

    /// The engine's style and paragraph options for the case (families are
    /// resolved against the bundled fonts, as `measure batch` does).
    func engineInput() throws -> (TextStyle, ParagraphStyle) {
        let lineHeight: LineHeight = line_height.map { .points($0) } ?? line_height_multiple.map { .multiple($0) } ?? .normal
        let style = TextStyle(font: FontStack(families: font_family), size: font_size, weight: font_weight,
                              italic: font_style != "normal", letterSpacing: letter_spacing, lineHeight: lineHeight,
                              language: lang)
        var paragraph = ParagraphStyle()
        paragraph.whiteSpace = try Self.value(white_space, "white_space")
        paragraph.wordBreak = try Self.value(word_break, "word_break")
        paragraph.alignment = try Self.value(align, "align")
        paragraph.direction = try Self.value(direction, "direction")
        paragraph.maxLines = max_lines
        paragraph.textOverflow = try Self.value(text_overflow, "text_overflow")
        paragraph.lineBreak = try Self.value(line_break ?? "auto", "line_break")
        paragraph.textWrap = try Self.value(text_wrap ?? "wrap", "text_wrap")
        return (style, paragraph)
    }

    private static func value<E: RawRepresentable>(_ raw: String, _ field: String) throws -> E where E.RawValue == String {
        guard let v = E(rawValue: raw) else { throw UnsupportedOption(field: field, value: raw) }
        return v
    }

    /// An option value the engine does not offer (yet).
    struct UnsupportedOption: Error, CustomStringConvertible {
        var field: String
        var value: String
        var description: String { "\(field) \"\(value)\" is not supported" }
    }
}
