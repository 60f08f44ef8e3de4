import Foundation
import Typeset

/// What the options corpus's rule compares of an answer, wherever it comes
/// from: a `TextLayout` in process, or a batch-protocol answer line. Offsets
/// are Unicode scalars; lengths CSS px.
struct CorpusAnswer {
    struct Line { var start: Int; var end: Int; var x: Double; var width: Double }
    /// What a truncated text's cut line shows.
    struct Cut {
        var ellipsis: String
        var x: Double
        /// The cut line's visible scalar ranges.
        var visible: [Range<Int>]
        /// Where the cut line's visible text ends.
        var end: Int
    }

    /// The device pixel ratio the answer was laid out at.
    var scale: Double
    var lines: [Line]
    var exactHeight: Double
    /// The height ceil'd to the scale's pixel grid.
    var height: Double
    var truncated: Bool
    var cut: Cut?
}

extension CorpusAnswer {
    /// A layout's answer.
    init(_ layout: TextLayout) {
        func scalar(_ u: Int) -> Int { layout.scalarOffset(utf16: u) }
        scale = layout.scale
        lines = layout.lines.map {
            Line(start: scalar($0.utf16Range.lowerBound), end: scalar($0.utf16Range.upperBound), x: $0.x, width: $0.width)
        }
        exactHeight = layout.exactHeight
        height = layout.size().height
        truncated = layout.isTruncated
        cut = layout.truncation.map { t in
            Cut(ellipsis: t.ellipsis, x: t.ellipsisX,
                visible: t.visibleUTF16Ranges.map { scalar($0.lowerBound)..<scalar($0.upperBound) },
                end: layout.lines.last.map { scalar($0.utf16Range.upperBound) } ?? 0)
        }
    }

    /// A batch-protocol answer line (`measure batch`, scalar offsets) for a
    /// request made at `scale`; nil for an error line, with its message.
    static func batch(_ line: [UInt8], scale: Double) throws -> (answer: CorpusAnswer?, error: String?) {
        guard let o = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
            throw CocoaError(.coderReadCorrupt)
        }
        if let e = o["error"] as? [String: Any] { return (nil, e["message"] as? String ?? "error") }
        func number(_ v: Any?) -> Double { (v as? NSNumber)?.doubleValue ?? .nan }
        let lines = (o["lines"] as? [[String: Any]] ?? []).map {
            Line(start: Int(number($0["start"])), end: Int(number($0["end"])), x: number($0["x"]), width: number($0["width"]))
        }
        var cut: Cut?
        if let e = o["ellipsis"] as? [String: Any] {
            let visible = (e["visible"] as? [[NSNumber]] ?? []).map { $0[0].intValue..<$0[1].intValue }
            cut = Cut(ellipsis: e["text"] as? String ?? "", x: number(e["x"]), visible: visible, end: Int(number(e["cut"])))
        }
        return (CorpusAnswer(scale: scale, lines: lines, exactHeight: number(o["exact_height"]), height: number(o["height"]),
                             truncated: (o["truncated"] as? Bool) ?? false, cut: cut), nil)
    }
}
