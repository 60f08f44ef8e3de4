// `ts_prepare_text_properties`: text-transform and word-spacing per style,
// text-indent and text-align-last per paragraph (ABI 1.4).
import CTypeset
import Typeset

/// `ts_text_properties_init` (include/typeset.h): no transform, no word spacing.
@_cdecl("ts_text_properties_init")
public func tsTextPropertiesInit(_ properties: UnsafeMutablePointer<ts_text_properties>?) {
    properties?.pointee = ts_text_properties(text_transform: 0, word_spacing: 0)
}

/// `ts_paragraph_text_init` (include/typeset.h): no indent, `text-align-last: auto`.
@_cdecl("ts_paragraph_text_init")
public func tsParagraphTextInit(_ text: UnsafeMutablePointer<ts_paragraph_text>?) {
    text?.pointee = ts_paragraph_text(text_indent: 0, text_indent_unit: 0, text_indent_each_line: 0,
                                      text_indent_hanging: 0, text_align_last: 0)
}

extension TextStyle {
    /// A style with a `ts_text_properties` applied, every field checked.
    mutating func apply(_ c: ts_text_properties, _ name: String) throws {
        textTransform = try Enums.value(c.text_transform, "\(name).text_transform", as: TextTransform.self)
        guard c.word_spacing.isFinite else {
            throw ArgumentError("\(name).word_spacing must be a finite number (got \(c.word_spacing))")
        }
        wordSpacing = c.word_spacing
    }
}

extension ParagraphStyle {
    /// A paragraph with a `ts_paragraph_text` applied, every field checked.
    mutating func apply(_ c: ts_paragraph_text, _ name: String) throws {
        guard c.text_indent.isFinite else {
            throw ArgumentError("\(name).text_indent must be a finite number (got \(c.text_indent))")
        }
        let length: TextIndent.Length
        switch c.text_indent_unit {
        case Int32(TS_LENGTH_PX.rawValue): length = .points(c.text_indent)
        case Int32(TS_LENGTH_PERCENT.rawValue): length = .percent(c.text_indent)
        case Int32(TS_LENGTH_EM.rawValue): length = .em(c.text_indent)
        default: throw ArgumentError("\(name).text_indent_unit must be 0 to 2 (got \(c.text_indent_unit))")
        }
        textIndent = TextIndent(length, eachLine: c.text_indent_each_line != 0, hanging: c.text_indent_hanging != 0)
        alignLast = try Enums.value(c.text_align_last, "\(name).text_align_last", as: AlignLast.self)
    }
}

/// `ts_prepare_text_properties` (include/typeset.h): `ts_prepare_boxed` with text properties for the base style, each run and the paragraph.
@_cdecl("ts_prepare_text_properties")
public func tsPrepareTextProperties(_ typesetter: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ length: Int,
                                    _ baseStyle: UnsafePointer<ts_style>?, _ baseVariation: UnsafePointer<ts_font_variation>?,
                                    _ baseText: UnsafePointer<ts_text_properties>?,
                                    _ runs: UnsafePointer<ts_run>?, _ runVariations: UnsafePointer<ts_font_variation>?,
                                    _ runTexts: UnsafePointer<ts_text_properties>?,
                                    _ runBoxes: UnsafePointer<ts_inline_box>?, _ runCount: Int,
                                    _ attachments: UnsafePointer<ts_attachment>?, _ attachmentCount: Int,
                                    _ paragraph: UnsafePointer<ts_paragraph>?, _ paragraphText: UnsafePointer<ts_paragraph_text>?,
                                    _ textBox: UnsafePointer<ts_text_box>?, _ scale: Double, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> ts_status {
    Status.run("ts_prepare_text_properties") {
        let handle = try Handle.argument(typesetter, "typesetter", as: TypesetterHandle.self)
        let source = try SourceText(text, length: length, name: "text")
        guard let baseStyle else { throw ArgumentError("base_style is NULL") }
        var base = try handle.styles.style(baseStyle.pointee, "base_style")
        if let baseVariation { try base.apply(baseVariation.pointee, "base_variation") }
        if let baseText { try base.apply(baseText.pointee, "base_text") }
        var attributed = AttributedText(source.string, baseStyle: base)
        try attributed.setRuns(runs, count: runCount, variations: runVariations, texts: runTexts, boxes: runBoxes,
                               in: source)
        try attributed.setAttachments(attachments, count: attachmentCount, in: source)
        var paragraphStyle = try ParagraphStyle(paragraph)
        if let paragraphText { try paragraphStyle.apply(paragraphText.pointee, "paragraph_text") }
        if let textBox { try paragraphStyle.apply(textBox.pointee) }
        try Scale.check(scale)
        let out = try Status.required(out, "out")
        let prepared = try handle.typesetter.prepare(attributed, paragraph: paragraphStyle, scale: scale)
        out.pointee = Handle.make(PreparedHandle(prepared, text: source))
    }
}
