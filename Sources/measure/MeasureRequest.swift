import Foundation
import Typeset
import TypesetEntities
import TypesetCells

/// One measurement as the batch protocol describes it (README, "The batch
/// protocol"): every field but `text` optional.
struct MeasureRequest {
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
    /// Whether run offsets count UTF-16 units (`--offsets utf16`) rather than scalars.
    var utf16Offsets = false

    /// Reads a request from a decoded JSON object, naming the field at fault;
    /// run offsets count scalars, or UTF-16 units when `utf16Offsets`.
    init(json o: [String: Any], utf16Offsets: Bool = false) throws {
        self.utf16Offsets = utf16Offsets
        guard let text = o["text"] else { throw RequestError("missing field \"text\"") }
        guard let t = text as? String else { throw RequestError("field \"text\" must be a string") }
        self.text = t
        if let v = o["font_family"], !(v is NSNull) { families = try Self.strings(v, "font_family") }
        if let v = o["font_file"], !(v is NSNull) { fontFiles = try Self.strings(v, "font_file") }
        if let v = try Self.number(o, "font_size") { size = v }
        if let v = try Self.number(o, "font_weight") {
            guard v >= 1, v <= 1000 else { throw RequestError("font_weight must be between 1 and 1000, not \(v)") }
            weight = Int(v)
        }
        if let v = try Self.string(o, "font_style") {
            guard v == "normal" || v == "italic" || v == "oblique" else { throw RequestError("font_style must be normal or italic, not \"\(v)\"") }
            italic = v != "normal"
        }
        if let v = o["line_height"], !(v is NSNull) {
            if let s = v as? String, s == "normal" { lineHeight = .normal }
            else if let n = Self.asNumber(v) { lineHeight = .points(n) }
            else { throw RequestError("line_height must be a number of px, \"normal\" or null") }
        }
        if let v = try Self.number(o, "width") { width = v }
        if let v = try Self.enumValue(o, "white_space", ParagraphStyle.WhiteSpace.self) { paragraph.whiteSpace = v }
        if let v = try Self.enumValue(o, "text_overflow", ParagraphStyle.TextOverflow.self) { paragraph.textOverflow = v }
        if let v = try Self.enumValue(o, "word_break", ParagraphStyle.WordBreak.self) { paragraph.wordBreak = v }
        if let v = try Self.enumValue(o, "align", ParagraphStyle.Alignment.self) { paragraph.alignment = v }
        if let v = try Self.enumValue(o, "direction", ParagraphStyle.Direction.self) { paragraph.direction = v }
        if let v = try Self.enumValue(o, "line_break", ParagraphStyle.LineBreak.self) { paragraph.lineBreak = v }
        if let v = try Self.string(o, "lang") { language = v.isEmpty ? nil : v }
        if let v = try Self.number(o, "letter_spacing") { letterSpacing = v }
        if let v = try Self.number(o, "max_lines") {
            guard v >= 1, v <= 1_000_000_000, v == v.rounded() else {
                throw RequestError("max_lines must be a positive integer (at most 1000000000)")
            }
            paragraph.maxLines = Int(v)
        }
        if let v = try Self.number(o, "scale") { scale = v }
        if let v = o["runs"], !(v is NSNull) {
            guard let a = v as? [Any] else { throw RequestError("runs must be an array of objects") }
            runs = try a.enumerated().map { try RunRequest(json: $1, index: $0) }
            _ = try RunRequest.utf16Ranges(of: runs, in: self.text, utf16Offsets: utf16Offsets)
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

    /// The protocol's output object for a layout.
    static func output(id: JSONValue?, layout: TextLayout, scale: Double, lines withLines: Bool,
                       utf16Offsets: Bool) -> JSONValue {
        let size = layout.size(scale: scale)
        var fields: [(String, JSONValue)] = []
        if let id { fields.append(("id", id)) }
        fields += [
            ("width", .number(size.width)), ("height", .number(size.height)),
            ("exact_width", .number(layout.exactWidth)), ("exact_height", .number(layout.exactHeight)),
            ("line_count", .int(layout.lines.count)), ("natural_width", .number(layout.naturalWidth)),
            ("truncated", .bool(layout.isTruncated)),
        ]
        let offset: (Int) -> Int = utf16Offsets ? { $0 } : { layout.scalarOffset(utf16: $0) }
        if let t = layout.truncation {
            // What the cut line shows: where its visible text ends, the marker and where it goes.
            fields.append(("ellipsis", .object([
                ("text", .string(t.ellipsis)), ("x", .number(t.ellipsisX)), ("width", .number(t.ellipsisWidth)),
                ("line", .int(t.lineIndex)), ("cut", .int(offset(layout.lines[t.lineIndex].utf16Range.upperBound))),
                ("visible", .array(t.visibleUTF16Ranges.map { .array([.int(offset($0.lowerBound)), .int(offset($0.upperBound))]) })),
            ])))
        }
        if withLines {
            fields.append(("lines", .array(layout.lines.map { l in
                .object([("start", .int(offset(l.utf16Range.lowerBound))), ("end", .int(offset(l.utf16Range.upperBound))),
                         ("width", .number(l.width)), ("x", .number(l.x)), ("top", .number(l.top)),
                         ("baseline", .number(l.baseline)), ("height", .number(l.height))])
            })))
        }
        return .object(fields)
    }

    private static func strings(_ v: Any, _ name: String) throws -> [String] {
        if let s = v as? String { return [s] }
        if let a = v as? [Any], !a.isEmpty, a.allSatisfy({ $0 is String }) { return a as! [String] }
        throw RequestError("\(name) must be a string or a non-empty array of strings")
    }

    private static func asNumber(_ v: Any) -> Double? {
        guard let n = v as? NSNumber, !isBoolean(n) else { return nil }
        return n.doubleValue
    }

    private static func number(_ o: [String: Any], _ name: String) throws -> Double? {
        guard let v = o[name], !(v is NSNull) else { return nil }
        guard let n = asNumber(v) else { throw RequestError("field \"\(name)\" must be a number") }
        return n
    }

    private static func string(_ o: [String: Any], _ name: String) throws -> String? {
        guard let v = o[name], !(v is NSNull) else { return nil }
        guard let s = v as? String else { throw RequestError("field \"\(name)\" must be a string") }
        return s
    }

    private static func enumValue<E: RawRepresentable & CaseIterable>(_ o: [String: Any], _ name: String, _: E.Type) throws -> E?
    where E.RawValue == String {
        guard let s = try string(o, name) else { return nil }
        guard let e = E(rawValue: s) else {
            throw RequestError("\(name) must be one of \(E.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(s)\"")
        }
        return e
    }
}

/// A problem with one input line, reported in its place.
struct RequestError: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}
