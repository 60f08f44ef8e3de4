import Foundation
import Typeset
import TypesetCells

/// One styled run of a batch request (`"runs": [...]`): a range of the text
/// laid out as a CSS `<span>` inside the paragraph, with the style fields it
/// sets; the rest it inherits from the request's own style.
package struct RunRequest {
    /// The range as given: scalar offsets, or UTF-16 offsets with `--offsets utf16`.
    package var start: Int
    package var end: Int
    /// The style fields the run sets.
    package var style: TextStyleFields
    package var fontFiles: [String]?
    /// The run's `padding`, `border_width` and `margin` (nil: none set).
    package var inlineBox: InlineBoxEdges?

    /// Reads run number `index` (0-based, for the error messages).
    package init(from decoder: any Decoder, index: Int) throws {
        let context = "run \(index): "
        guard let o = try? decoder.container(keyedBy: FieldKey.self) else { throw RequestError("run \(index) must be an object") }
        start = try o.offset("start", context: context)
        end = try o.offset("end", context: context)
        style = try o.styleFields(context: context)
        fontFiles = try o.strings("font_file", context: context)
        inlineBox = try InlineBoxFields.read(o, context: context)
    }

    /// The run's style: the paragraph's, with the fields this run sets.
    package func style(over base: TextStyle, files: FontFileCache) throws -> TextStyle {
        var s = style.applied(to: base)
        if let fontFiles { s.font = FontStack(faces: try fontFiles.map { try files.face($0) }) }
        if let inlineBox { s.inlineBox = inlineBox }
        return s
    }

    /// The runs' UTF-16 ranges in `text`, checked: each inside the text, not
    /// empty, after the previous one (runs may leave gaps, which keep the
    /// paragraph's style), on scalar boundaries. The error names the run.
    package static func utf16Ranges(of runs: [RunRequest], in text: String, utf16Offsets: Bool) throws -> [Range<Int>] {
        guard !runs.isEmpty else { return [] }
        let offsets = RequestOffsets(text: text, utf16: utf16Offsets)
        let length = offsets.length
        var out: [Range<Int>] = []
        var previousEnd = 0
        for (k, run) in runs.enumerated() {
            guard run.start >= 0, run.start < run.end, run.end <= length else {
                throw RequestError("run \(k) [\(run.start), \(run.end)) is empty or outside the text (\(length) \(offsets.unitName))")
            }
            guard run.start >= previousEnd else {
                throw RequestError("run \(k) [\(run.start), \(run.end)) overlaps run \(k - 1) (runs must be in order, without overlap)")
            }
            previousEnd = run.end
            guard offsets.isScalarBoundary(run.start), offsets.isScalarBoundary(run.end) else {
                throw RequestError("run \(k) [\(run.start), \(run.end)) splits a surrogate pair")
            }
            out.append(offsets.utf16Offset(run.start)..<offsets.utf16Offset(run.end))
        }
        return out
    }
}
