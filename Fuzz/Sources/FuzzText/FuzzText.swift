import FuzzSupport
import Typeset

/// prepare + layout + measure on arbitrary bytes: paragraph options and a
/// second style run from the first bytes, the rest as text (invalid UTF-8
/// goes through prepare(utf8:), which must reject it with a typed error).
/// Checks that lines partition the text and measure agrees with layout.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var r = FuzzFixtures.Reader(data, size)
    var paragraph = ParagraphStyle()
    paragraph.whiteSpace = r.pick(ParagraphStyle.WhiteSpace.allCases)
    paragraph.wordBreak = r.pick(ParagraphStyle.WordBreak.allCases)
    paragraph.lineBreak = r.pick(ParagraphStyle.LineBreak.allCases)
    paragraph.alignment = r.pick(ParagraphStyle.Alignment.allCases)
    paragraph.direction = r.pick(ParagraphStyle.Direction.allCases)
    paragraph.maxLines = r.pick([nil, 1, 2, 3])
    paragraph.locale = r.pick([nil, "ja", "zh", "ko", "th", "ar"])
    let width = r.pick([nil, 0, 1, 17.5, 40, 120, 320, 1e6] as [Double?])
    let families = r.pick([["Noto Sans"], ["Noto Sans Arabic", "Noto Sans"], ["Noto Sans CJK JP", "Noto Color Emoji"],
                           ["Noto Sans Thai", "Noto Sans Devanagari", "Noto Sans Hebrew"]])
    let style = TextStyle(font: FontStack(families: families), size: r.pick([1, 9, 15, 40, 200]),
                          weight: r.pick([100, 400, 700, 950]), italic: r.byte() & 1 == 1,
                          letterSpacing: r.pick([0, -2, 0.5, 30]),
                          lineHeight: r.pick([.normal, .points(0), .points(21), .multiple(1.5)]))
    let split = Int(r.byte())
    let bytes = r.rest()
    do {
        let prepared: PreparedText
        if let text = String(validating: bytes, as: UTF8.self) {
            // A second style over part of the text when the split falls inside it.
            var attributed = AttributedText(text, style: style)
            let utf16 = text.utf16.count
            if utf16 > 1 {
                var at = split % utf16
                // On a scalar boundary: a range splitting a surrogate pair makes preparing throw.
                if at > 0, UTF16.isTrailSurrogate(Array(text.utf16)[at]) { at -= 1 }
                var bold = style
                bold.weight = 700
                bold.size = style.size * 1.5
                attributed.setStyle(bold, utf16Range: at..<utf16)
            }
            prepared = try FuzzFixtures.typesetter.prepare(attributed, paragraph: paragraph)
        } else {
            prepared = try FuzzFixtures.typesetter.prepare(utf8: bytes, style: style, paragraph: paragraph)
        }
        let layout = try prepared.layout(width: width)
        let measured = try prepared.measure(width: width)
        precondition(measured.lineCount == layout.lines.count, "measure and layout disagree on lines")
        precondition(layout.exactHeight.isFinite && layout.exactHeight >= 0, "height \(layout.exactHeight)")
        if !layout.isTruncated {
            var end = 0
            for line in layout.lines {
                precondition(line.utf16Range.lowerBound == end, "lines do not partition the text")
                end = line.utf16Range.upperBound
            }
            precondition(layout.lines.isEmpty || end == prepared.utf16Count, "lines stop at \(end)")
        }
    } catch is TypesetError {
        // Typed errors are the documented answer to bad input.
    } catch {
        fatalError("untyped error: \(error)")
    }
    return 0
}
