import Foundation
import Typeset
import TypesetEntities
import TypesetCells

/// One measurement as the batch protocol describes it (README, "The batch
/// protocol"): every field but `text` optional.
struct MeasureRequest: Decodable {
    var text: String
    var families: [String] = ["Noto Sans"]
    var fontFiles: [String] = []
    var size = 15.0
    var weight = 400
    var italic = false
    var lineHeight: LineHeight = .normal
    var width: Double? = nil
    var paragraph = ParagraphStyle()
    var letterSpacing = 0.0
    /// The text's language (BCP 47, the `lang` field): line breaking, shaping.
    var language: String? = nil
    var scale = 1.0
    /// Spans with their own style (`runs`), in order.
    var runs: [RunRequest] = []
    /// Whether run offsets count UTF-16 units (`--offsets utf16`) rather than
    /// scalars: the batch sets it after decoding.
    var utf16Offsets = false

    /// Reads a request field by field, naming the field at fault. Run offsets
    /// are checked against the text by ``attributedText(style:files:)``, once
    /// ``utf16Offsets`` is known.
    init(from decoder: any Decoder) throws {
        let o = try decoder.container(keyedBy: FieldKey.self)
        text = try o.requiredText()
        if let v = try o.strings("font_family") { families = v }
        if let v = try o.strings("font_file") { fontFiles = v }
        if let v = try o.number("font_size") { size = v }
        if let v = try o.number("font_weight") {
            guard v >= 1, v <= 1000 else { throw RequestError("font_weight must be between 1 and 1000, not \(v)") }
            weight = Int(v)
        }
        if let v = try o.string("font_style") {
            guard v == "normal" || v == "italic" || v == "oblique" else { throw RequestError("font_style must be normal or italic, not \"\(v)\"") }
            italic = v != "normal"
        }
        if let v = try o.lineHeight("line_height") { lineHeight = v }
        width = try o.number("width")
        if let v = try o.enumValue("white_space", ParagraphStyle.WhiteSpace.self) { paragraph.whiteSpace = v }
        if let v = try o.enumValue("text_overflow", ParagraphStyle.TextOverflow.self) { paragraph.textOverflow = v }
        if let v = try o.enumValue("word_break", ParagraphStyle.WordBreak.self) { paragraph.wordBreak = v }
        if let v = try o.enumValue("align", ParagraphStyle.Alignment.self) { paragraph.alignment = v }
        if let v = try o.enumValue("direction", ParagraphStyle.Direction.self) { paragraph.direction = v }
        if let v = try o.enumValue("line_break", ParagraphStyle.LineBreak.self) { paragraph.lineBreak = v }
        if let v = try o.string("lang") { language = v.isEmpty ? nil : v }
        if let v = try o.number("letter_spacing") { letterSpacing = v }
        if let v = try o.number("max_lines") {
            guard v >= 1, v <= 1_000_000_000, v == v.rounded() else {
                throw RequestError("max_lines must be a positive integer (at most 1000000000)")
            }
            paragraph.maxLines = Int(v)
        }
        if let v = try o.number("scale") { scale = v }
        if o.has("runs") {
            guard var list = try? o.nestedUnkeyedContainer(forKey: FieldKey("runs")) else {
                throw RequestError("runs must be an array of objects")
            }
            while !list.isAtEnd { runs.append(try RunRequest(from: try list.superDecoder(), index: runs.count)) }
        }
    }

    /// A request built from command-line options.
    init(text: String) { self.text = text }

    /// Measures the request.
    func measure(with typesetter: Typesetter, files: FontFileCache) throws -> TextLayout {
        guard scale.isFinite, scale > 0 else { throw TypesetError.invalidScale(scale) }
        let stack: FontStack = fontFiles.isEmpty
            ? FontStack(families: families)
            : FontStack(faces: try fontFiles.map { try files.face($0) })
        let style = TextStyle(font: stack, size: size, weight: weight, italic: italic,
                              letterSpacing: letterSpacing, lineHeight: lineHeight, language: language)
        return try typesetter.prepare(try attributedText(style: style, files: files), paragraph: paragraph).layout(width: width)
    }

    /// The text in the request's style (the paragraph's, its strut), each run
    /// restyled as a span.
    func attributedText(style: TextStyle, files: FontFileCache) throws -> AttributedText {
        var attributed = AttributedText(text, baseStyle: style)
        let ranges = try RunRequest.utf16Ranges(of: runs, in: text, utf16Offsets: utf16Offsets)
        for (run, range) in zip(runs, ranges) {
            attributed.setStyle(try run.style(over: style, files: files), utf16Range: range)
        }
        return attributed
    }
}

/// The batch protocol's answer for one layout (README, "The batch protocol"),
/// written straight to bytes.
struct LayoutAnswer: JSONWritable {
    var id: JSONValue?
    var layout: TextLayout
    var scale: Double
    /// Whether every line is listed.
    var withLines: Bool
    var utf16Offsets: Bool

    func write(to out: inout [UInt8]) {
        let size = layout.size(scale: scale)
        let offset: (Int) -> Int = utf16Offsets ? { $0 } : { layout.scalarOffset(utf16: $0) }
        out.appendJSONObject { o in
            if let id { o.value("id", id) }
            o.number("width", size.width)
            o.number("height", size.height)
            o.number("exact_width", layout.exactWidth)
            o.number("exact_height", layout.exactHeight)
            o.int("line_count", layout.lines.count)
            o.number("natural_width", layout.naturalWidth)
            o.bool("truncated", layout.isTruncated)
            if let t = layout.truncation {
                // What the cut line shows: where its visible text ends, the marker and where it goes.
                o.object("ellipsis") { e in
                    e.string("text", t.ellipsis)
                    e.number("x", t.ellipsisX)
                    e.number("width", t.ellipsisWidth)
                    e.int("line", t.lineIndex)
                    e.int("cut", offset(layout.lines[t.lineIndex].utf16Range.upperBound))
                    e.array("visible", t.visibleUTF16Ranges) { out, range in
                        JSONValue.array([.int(offset(range.lowerBound)), .int(offset(range.upperBound))]).write(to: &out)
                    }
                }
            }
            guard withLines else { return }
            o.array("lines", layout.lines) { out, line in
                out.appendJSONObject { l in
                    l.int("start", offset(line.utf16Range.lowerBound))
                    l.int("end", offset(line.utf16Range.upperBound))
                    l.number("width", line.width)
                    l.number("x", line.x)
                    l.number("top", line.top)
                    l.number("baseline", line.baseline)
                    l.number("height", line.height)
                }
            }
        }
    }
}

/// A problem with one input line, reported in its place.
struct RequestError: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}
