// `ts_prepare`, `ts_prepare_attributed`: text in, a prepared text out, and
// its intrinsic widths.
import CTypeset
import Typeset

/// `ts_prepare` (include/typeset.h): Prepares UTF-8 text in one style: a `ts_prepared` handle.
@_cdecl("ts_prepare")
public func tsPrepare(_ typesetter: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ length: Int,
                    _ style: UnsafePointer<ts_style>?, _ paragraph: UnsafePointer<ts_paragraph>?, _ scale: Double,
                    _ out: UnsafeMutablePointer<OpaquePointer?>?) -> ts_status {
    Status.run("ts_prepare") {
        try prepare(typesetter, text, length, style, nil, paragraph, scale, out)
    }
}

/// `ts_prepare_varied` (include/typeset.h): `ts_prepare` with the style's variable-font properties (NULL: the defaults).
@_cdecl("ts_prepare_varied")
public func tsPrepareVaried(_ typesetter: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ length: Int,
                            _ style: UnsafePointer<ts_style>?, _ variation: UnsafePointer<ts_font_variation>?,
                            _ paragraph: UnsafePointer<ts_paragraph>?, _ scale: Double,
                            _ out: UnsafeMutablePointer<OpaquePointer?>?) -> ts_status {
    Status.run("ts_prepare_varied") {
        try prepare(typesetter, text, length, style, variation, paragraph, scale, out)
    }
}

/// What `ts_prepare` and `ts_prepare_varied` do.
private func prepare(_ typesetter: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ length: Int,
                     _ style: UnsafePointer<ts_style>?, _ variation: UnsafePointer<ts_font_variation>?,
                     _ paragraph: UnsafePointer<ts_paragraph>?, _ scale: Double,
                     _ out: UnsafeMutablePointer<OpaquePointer?>?) throws {
    let handle = try Handle.argument(typesetter, "typesetter", as: TypesetterHandle.self)
    let source = try SourceText(text, length: length, name: "text")
    guard let style else { throw ArgumentError("style is NULL") }
    var textStyle = try handle.styles.style(style.pointee, "style")
    if let variation { try textStyle.apply(variation.pointee, "variation") }
    let paragraph = try ParagraphStyle(paragraph)
    try Scale.check(scale)
    let out = try Status.required(out, "out")
    let prepared = try handle.typesetter.prepare(source.string, style: textStyle, paragraph: paragraph, scale: scale)
    out.pointee = Handle.make(PreparedHandle(prepared, text: source))
}

/// `ts_prepare_attributed` (include/typeset.h): Prepares UTF-8 text with styled runs and attachments at UTF-8 byte offsets: a `ts_prepared` handle.
@_cdecl("ts_prepare_attributed")
public func tsPrepareAttributed(_ typesetter: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ length: Int,
                              _ baseStyle: UnsafePointer<ts_style>?,
                              _ runs: UnsafePointer<ts_run>?, _ runCount: Int,
                              _ attachments: UnsafePointer<ts_attachment>?, _ attachmentCount: Int,
                              _ paragraph: UnsafePointer<ts_paragraph>?, _ scale: Double,
                              _ out: UnsafeMutablePointer<OpaquePointer?>?) -> ts_status {
    Status.run("ts_prepare_attributed") {
        try prepareAttributed(typesetter, text, length, baseStyle, nil, runs, nil, runCount, attachments, attachmentCount,
                              paragraph, scale, out)
    }
}

/// `ts_prepare_attributed_varied` (include/typeset.h): `ts_prepare_attributed` with variable-font properties for the base style and each run.
@_cdecl("ts_prepare_attributed_varied")
public func tsPrepareAttributedVaried(_ typesetter: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ length: Int,
                                      _ baseStyle: UnsafePointer<ts_style>?, _ baseVariation: UnsafePointer<ts_font_variation>?,
                                      _ runs: UnsafePointer<ts_run>?, _ runVariations: UnsafePointer<ts_font_variation>?,
                                      _ runCount: Int,
                                      _ attachments: UnsafePointer<ts_attachment>?, _ attachmentCount: Int,
                                      _ paragraph: UnsafePointer<ts_paragraph>?, _ scale: Double,
                                      _ out: UnsafeMutablePointer<OpaquePointer?>?) -> ts_status {
    Status.run("ts_prepare_attributed_varied") {
        try prepareAttributed(typesetter, text, length, baseStyle, baseVariation, runs, runVariations, runCount,
                              attachments, attachmentCount, paragraph, scale, out)
    }
}

/// What `ts_prepare_attributed`, `ts_prepare_attributed_varied` and `ts_prepare_boxed` do.
private func prepareAttributed(_ typesetter: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ length: Int,
                               _ baseStyle: UnsafePointer<ts_style>?, _ baseVariation: UnsafePointer<ts_font_variation>?,
                               _ runs: UnsafePointer<ts_run>?, _ runVariations: UnsafePointer<ts_font_variation>?,
                               _ runCount: Int,
                               _ attachments: UnsafePointer<ts_attachment>?, _ attachmentCount: Int,
                               _ paragraph: UnsafePointer<ts_paragraph>?, _ scale: Double,
                               _ out: UnsafeMutablePointer<OpaquePointer?>?,
                               runBoxes: UnsafePointer<ts_inline_box>? = nil,
                               textBox: UnsafePointer<ts_text_box>? = nil) throws {
    do {
        let handle = try Handle.argument(typesetter, "typesetter", as: TypesetterHandle.self)
        let source = try SourceText(text, length: length, name: "text")
        guard let baseStyle else { throw ArgumentError("base_style is NULL") }
        var base = try handle.styles.style(baseStyle.pointee, "base_style")
        if let baseVariation { try base.apply(baseVariation.pointee, "base_variation") }
        var attributed = AttributedText(source.string, baseStyle: base)
        let runList = try Array(runs, count: runCount, "runs")
        let variations = runVariations.map { Array(UnsafeBufferPointer(start: $0, count: runList.count)) }
        for (i, run) in runList.enumerated() {
            let start = try source.utf16Offset(ofByte: run.start, "runs[\(i)].start")
            let end = try source.utf16Offset(ofByte: run.end, "runs[\(i)].end")
            guard start <= end else { throw ArgumentError("runs[\(i)] ends (\(run.end)) before it starts (\(run.start))") }
            var style = try TextStyle(run.style, "runs[\(i)].style")
            if let variations { try style.apply(variations[i], "run_variations[\(i)]") }
            if let runBoxes { style.inlineBox = try InlineBoxEdges(runBoxes[i], "run_boxes[\(i)]") }
            attributed.setStyle(style, utf16Range: start..<end)
        }
        // One attachment per offset, as the batch protocol has it: the index of the one at each.
        var attachmentAt: [Int: Int] = [:]
        for (i, a) in try Array(attachments, count: attachmentCount, "attachments").enumerated() {
            let offset = try source.utf16Offset(ofByte: a.offset, "attachments[\(i)].offset")
            if let other = attachmentAt.updateValue(i, forKey: offset) {
                throw ArgumentError("attachments[\(i)].offset (\(a.offset)): attachments[\(other)] is at that offset already")
            }
            let alignment = try Enums.value(a.vertical_align, "attachments[\(i)].vertical_align",
                                            as: TextAttachment.VerticalAlignment.self)
            for (field, v) in [("width", a.width), ("height", a.height)] where !(v.isFinite && v >= 0) {
                throw ArgumentError("attachments[\(i)].\(field) must be a finite number >= 0 (got \(v))")
            }
            attributed.setAttachment(TextAttachment(width: a.width, height: a.height, verticalAlignment: alignment),
                                     atUTF16Offset: offset)
        }
        var paragraph = try ParagraphStyle(paragraph)
        if let textBox { try paragraph.apply(textBox.pointee) }
        try Scale.check(scale)
        let out = try Status.required(out, "out")
        let prepared = try handle.typesetter.prepare(attributed, paragraph: paragraph, scale: scale)
        out.pointee = Handle.make(PreparedHandle(prepared, text: source))
    }
}

/// `ts_prepare_boxed` (include/typeset.h): `ts_prepare_attributed_varied` with the runs' inline boxes and the paragraph's text box trimming.
@_cdecl("ts_prepare_boxed")
public func tsPrepareBoxed(_ typesetter: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ length: Int,
                           _ baseStyle: UnsafePointer<ts_style>?, _ baseVariation: UnsafePointer<ts_font_variation>?,
                           _ runs: UnsafePointer<ts_run>?, _ runVariations: UnsafePointer<ts_font_variation>?,
                           _ runBoxes: UnsafePointer<ts_inline_box>?, _ runCount: Int,
                           _ attachments: UnsafePointer<ts_attachment>?, _ attachmentCount: Int,
                           _ paragraph: UnsafePointer<ts_paragraph>?, _ textBox: UnsafePointer<ts_text_box>?,
                           _ scale: Double, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> ts_status {
    Status.run("ts_prepare_boxed") {
        try prepareAttributed(typesetter, text, length, baseStyle, baseVariation, runs, runVariations, runCount,
                              attachments, attachmentCount, paragraph, scale, out, runBoxes: runBoxes, textBox: textBox)
    }
}

/// `ts_prepared_intrinsic_widths` (include/typeset.h): A prepared text's min-content and max-content widths (either out-parameter may be NULL).
@_cdecl("ts_prepared_intrinsic_widths")
public func tsPreparedIntrinsicWidths(_ text: OpaquePointer?, _ minContent: UnsafeMutablePointer<Double>?,
                                    _ maxContent: UnsafeMutablePointer<Double>?) -> ts_status {
    Status.run("ts_prepared_intrinsic_widths") {
        let prepared = try Handle.argument(text, "text", as: PreparedHandle.self).value
        minContent?.pointee = prepared.minContentWidth
        maxContent?.pointee = prepared.maxContentWidth
    }
}

/// `ts_prepared_free` (include/typeset.h): Releases a `ts_prepared` handle (NULL is ignored).
@_cdecl("ts_prepared_free")
public func tsPreparedFree(_ text: OpaquePointer?) {
    Handle.free(text, as: PreparedHandle.self)
}

extension Array {
    /// A C array argument (`pointer`, `count`) copied: NULL only with a count of 0.
    init(_ pointer: UnsafePointer<Element>?, count: Int, _ name: String) throws {
        let count = try SourceText.count(count, "\(name) count")
        guard count == 0 || pointer != nil else { throw ArgumentError("\(name) is NULL with a count of \(count)") }
        self = pointer.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    }
}

/// The device pixel ratio argument.
enum Scale {
    static func check(_ scale: Double) throws {
        guard PixelGrid.scales.contains(scale) else {
            throw ArgumentError("scale must be a device pixel ratio from 0.01 to 100 (got \(scale))")
        }
    }
}
