import Foundation
import Typeset
import TypesetEntities
import TypesetCells

/// One measurement as the batch protocol describes it (docs/Protocol.md):
/// every field but `text` optional.
package struct MeasureRequest: Decodable {
    package var text: String
    package var families: [String] = ["Noto Sans"]
    package var fontFiles: [String] = []
    /// `font_size`: CSS's initial font-size, as in every interface.
    package var size = 16.0
    package var weight = 400
    package var italic = false
    package var lineHeight: LineHeight = .normal
    package var width: Double? = nil
    package var paragraph = ParagraphStyle()
    package var letterSpacing = 0.0
    /// `font_stretch`, `font_variation_settings`, `font_optical_sizing`.
    package var stretch = 100.0
    package var variations: [FontVariation] = []
    package var opticalSizing = FontOpticalSizing.auto
    /// The text's language (BCP 47, the `lang` field): line breaking, shaping.
    package var language: String? = nil
    package var scale = 1.0
    /// Spans with their own style (`runs`), in order.
    package var runs: [RunRequest] = []
    /// Inline boxes at U+FFFC characters (`attachments`).
    package var attachments: [AttachmentRequest] = []
    /// Whether run offsets count UTF-16 units (`--offsets utf16`) rather than
    /// scalars: the batch sets it after decoding.
    package var utf16Offsets = false

    /// Reads a request field by field, naming the field at fault. Run offsets
    /// are checked against the text by ``attributedText(style:files:)``, once
    /// ``utf16Offsets`` is known.
    package init(from decoder: any Decoder) throws {
        let o = try decoder.container(keyedBy: FieldKey.self)
        text = try o.requiredText()
        let style = try o.styleFields()
        if let v = style.families { families = v }
        if let v = try o.strings("font_file") { fontFiles = v }
        if let v = style.size { size = v }
        if let v = style.weight { weight = v }
        if let v = style.italic { italic = v }
        if let v = style.lineHeight { lineHeight = v }
        width = try o.number("width")
        if let v = try o.enumValue("white_space", ParagraphStyle.WhiteSpace.self) { paragraph.whiteSpace = v }
        if let v = try o.enumValue("text_overflow", ParagraphStyle.TextOverflow.self) { paragraph.textOverflow = v }
        if let v = try o.enumValue("word_break", ParagraphStyle.WordBreak.self) { paragraph.wordBreak = v }
        if let v = try o.enumValue("align", ParagraphStyle.Alignment.self) { paragraph.alignment = v }
        if let v = try o.enumValue("direction", ParagraphStyle.Direction.self) { paragraph.direction = v }
        if let v = try o.enumValue("line_break", ParagraphStyle.LineBreak.self) { paragraph.lineBreak = v }
        try TextBoxTrimFields.read(o, into: &paragraph)
        if let v = try o.enumValue("text_wrap", TextWrapField.self) {
            // CSS `text-wrap: nowrap` is `white-space: nowrap` (with `pre-wrap` it would be `pre`, which is not laid out).
            if let style = v.style { paragraph.textWrap = style } else if paragraph.whiteSpace == .preWrap {
                throw RequestError("text_wrap nowrap with white_space pre-wrap is CSS white-space: pre, which Typeset does not lay out")
            } else {
                paragraph.whiteSpace = .nowrap
            }
        }
        if let v = try o.string("lang"), !v.isEmpty {
            guard ShapingLanguage.isWellFormed(v) else {
                throw RequestError("lang must be a BCP 47 language tag (letters and digits in subtags of 1 to 8 joined by \"-\", at most \(ShapingLanguage.maxTagBytes) bytes)")
            }
            language = v
        }
        if let v = style.letterSpacing { letterSpacing = v }
        if let v = style.stretch { stretch = v }
        if let v = style.variations { variations = v }
        if let v = style.opticalSizing { opticalSizing = v }
        if let v = try o.number("max_lines") {
            guard v >= 1, v <= 1_000_000_000, v == v.rounded() else {
                throw RequestError("max_lines must be a positive integer (at most 1000000000)")
            }
            paragraph.maxLines = Int(v)
        }
        if let v = try o.number("scale") { scale = v }
        runs = try o.objects("runs") { try RunRequest(from: $0, index: $1) }
        attachments = try o.objects("attachments") { try AttachmentRequest(from: $0, index: $1) }
    }

    /// A request built from command-line options.
    package init(text: String) { self.text = text }

    /// Measures the request.
    package func measure(with typesetter: Typesetter, files: FontFileCache) throws -> TextLayout {
        guard PixelGrid.scales.contains(scale) else { throw TypesetError.invalidScale(scale) }
        let stack: FontStack = fontFiles.isEmpty
            ? FontStack(families: families)
            : FontStack(faces: try fontFiles.map { try files.face($0) })
        let style = TextStyle(font: stack, size: size, weight: weight, italic: italic,
                              letterSpacing: letterSpacing, lineHeight: lineHeight, language: language,
                              stretch: stretch, variations: variations, opticalSizing: opticalSizing)
        // A text in one style is prepared as the library prepares a string (no attributed text to build).
        let prepared = runs.isEmpty && attachments.isEmpty
            ? try typesetter.prepare(text, style: style, paragraph: paragraph, scale: scale)
            : try typesetter.prepare(try attributedText(style: style, files: files), paragraph: paragraph, scale: scale)
        return try prepared.layout(width: width)
    }

    /// The text in the request's style (the paragraph's, its strut), each run
    /// restyled as a span.
    package func attributedText(style: TextStyle, files: FontFileCache) throws -> AttributedText {
        var attributed = AttributedText(text, baseStyle: style)
        let ranges = try RunRequest.utf16Ranges(of: runs, in: text, utf16Offsets: utf16Offsets)
        for (run, range) in zip(runs, ranges) {
            attributed.setStyle(try run.style(over: style, files: files), utf16Range: range)
        }
        let offsets = try AttachmentRequest.utf16Offsets(of: attachments, in: text, utf16Offsets: utf16Offsets)
        for (a, offset) in zip(attachments, offsets) { attributed.setAttachment(a.attachment, atUTF16Offset: offset) }
        return attributed
    }
}
