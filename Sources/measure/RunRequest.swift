import Foundation
import Typeset

/// One styled run of a batch request (`"runs": [...]`): a range of the text
/// laid out as a CSS `<span>` inside the paragraph, with the style fields it
/// sets; the rest it inherits from the request's own style.
struct RunRequest {
    /// The range as given: scalar offsets, or UTF-16 offsets with `--offsets utf16`.
    var start: Int
    var end: Int
    var families: [String]?
    var fontFiles: [String]?
    var size: Double?
    var weight: Int?
    var italic: Bool?
    var letterSpacing: Double?
    var lineHeight: LineHeight?

    /// Reads run number `index` (0-based, for the error message) from JSON.
    init(json v: Any, index: Int) throws {
        guard let o = v as? [String: Any] else { throw RequestError("run \(index) must be an object") }
        func int(_ name: String) throws -> Int {
            guard let n = o[name] as? NSNumber, !isBoolean(n), n.doubleValue == n.doubleValue.rounded(),
                  abs(n.doubleValue) < 1e15 else {
                throw RequestError("run \(index): \"\(name)\" must be an integer offset")
            }
            return n.intValue
        }
        func number(_ name: String) throws -> Double? {
            guard let v = o[name], !(v is NSNull) else { return nil }
            guard let n = v as? NSNumber, !isBoolean(n) else { throw RequestError("run \(index): \"\(name)\" must be a number") }
            return n.doubleValue
        }
        func strings(_ name: String) throws -> [String]? {
            guard let v = o[name], !(v is NSNull) else { return nil }
            if let s = v as? String { return [s] }
            if let a = v as? [Any], !a.isEmpty, a.allSatisfy({ $0 is String }) { return a as? [String] }
            throw RequestError("run \(index): \"\(name)\" must be a string or a non-empty array of strings")
        }
        start = try int("start")
        end = try int("end")
        families = try strings("font_family")
        fontFiles = try strings("font_file")
        size = try number("font_size")
        if let w = try number("font_weight") {
            guard w >= 1, w <= 1000 else { throw RequestError("run \(index): font_weight must be between 1 and 1000, not \(w)") }
            weight = Int(w)
        }
        if let v = o["font_style"], !(v is NSNull) {
            guard let s = v as? String, ["normal", "italic", "oblique"].contains(s) else {
                throw RequestError("run \(index): font_style must be normal or italic")
            }
            italic = s != "normal"
        }
        letterSpacing = try number("letter_spacing")
        if let v = o["line_height"] {
            if v is NSNull || (v as? String) == "normal" { lineHeight = .normal }
            else if let n = v as? NSNumber, !isBoolean(n) { lineHeight = .points(n.doubleValue) }
            else { throw RequestError("run \(index): line_height must be a number of px, \"normal\" or null") }
        }
    }

    /// The run's style: the paragraph's, with the fields this run sets.
    func style(over base: TextStyle, files: FontFileCache) throws -> TextStyle {
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
    static func utf16Ranges(of runs: [RunRequest], in text: String, utf16Offsets: Bool) throws -> [Range<Int>] {
        // UTF-16 offset of every scalar boundary (scalar index -> UTF-16 offset).
        var boundaries = [0]
        for s in text.unicodeScalars { boundaries.append(boundaries.last! + s.utf16.count) }
        let length = utf16Offsets ? boundaries.last! : boundaries.count - 1
        let unit = utf16Offsets ? "UTF-16 units" : "scalars"
        var out: [Range<Int>] = []
        var previousEnd = 0
        for (k, run) in runs.enumerated() {
            guard run.start >= 0, run.start < run.end, run.end <= length else {
                throw RequestError("run \(k) [\(run.start), \(run.end)) is empty or outside the text (\(length) \(unit))")
            }
            guard run.start >= previousEnd else {
                throw RequestError("run \(k) [\(run.start), \(run.end)) overlaps run \(k - 1) (runs must be in order, without overlap)")
            }
            previousEnd = run.end
            if utf16Offsets {
                var lo = 0, hi = boundaries.count
                func isBoundary(_ x: Int) -> Bool {
                    lo = 0; hi = boundaries.count
                    while lo < hi { let m = (lo + hi) / 2; if boundaries[m] < x { lo = m + 1 } else { hi = m } }
                    return lo < boundaries.count && boundaries[lo] == x
                }
                guard isBoundary(run.start), isBoundary(run.end) else {
                    throw RequestError("run \(k) [\(run.start), \(run.end)) splits a surrogate pair")
                }
                out.append(run.start..<run.end)
            } else {
                out.append(boundaries[run.start]..<boundaries[run.end])
            }
        }
        return out
    }
}
