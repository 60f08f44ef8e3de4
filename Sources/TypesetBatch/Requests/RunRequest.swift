import Foundation
import Typeset

/// One styled run of a batch request (`"runs": [...]`): a range of the text
/// laid out as a CSS `<span>` inside the paragraph, with the style fields it
/// sets; the rest it inherits from the request's own style.
package struct RunRequest {
    /// The range as given: scalar offsets, or UTF-16 offsets with `--offsets utf16`.
    package var start: Int
    package var end: Int
    package var families: [String]?
    package var fontFiles: [String]?
    package var size: Double?
    package var weight: Int?
    package var italic: Bool?
    package var letterSpacing: Double?
    package var lineHeight: LineHeight?

    /// Reads run number `index` (0-based, for the error messages).
    package init(from decoder: any Decoder, index: Int) throws {
        let context = "run \(index): "
        guard let o = try? decoder.container(keyedBy: FieldKey.self) else { throw RequestError("run \(index) must be an object") }
        start = try o.offset("start", context: context)
        end = try o.offset("end", context: context)
        families = try o.strings("font_family", context: context)
        fontFiles = try o.strings("font_file", context: context)
        size = try o.number("font_size", context: context)
        if let w = try o.number("font_weight", context: context) {
            guard w >= 1, w <= 1000 else { throw RequestError("\(context)font_weight must be between 1 and 1000, not \(w)") }
            weight = Int(w)
        }
        if o.has("font_style") {
            guard let s = try? o.string("font_style"), ["normal", "italic", "oblique"].contains(s) else {
                throw RequestError("\(context)font_style must be normal or italic")
            }
            italic = s != "normal"
        }
        letterSpacing = try o.number("letter_spacing", context: context)
        lineHeight = try o.lineHeight("line_height", context: context)
    }

    /// The run's style: the paragraph's, with the fields this run sets.
    package func style(over base: TextStyle, files: FontFileCache) throws -> TextStyle {
        var s = base
        if let fontFiles { s.font = FontStack(faces: try fontFiles.map { try files.face($0) }) }
        else if let families { s.font = FontStack(families: families) }
        if let size { s.size = size }
        if let weight { s.weight = weight }
        if let italic { s.italic = italic }
        if let letterSpacing { s.letterSpacing = letterSpacing }
        if let lineHeight { s.lineHeight = lineHeight }
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
