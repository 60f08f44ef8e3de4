// Pipeline stage: Analysis (this file is its first step).
// In: AttributedText's UTF-16 text and the white-space mode.
// Out: processed text with a map to source offsets, bidi levels, script runs, grapheme starts, break opportunities (ICU, per-thread objects).

/// Applies CSS `white-space` to the source text, producing the text that is
/// analysed and shaped, and a map back to source offsets.
///
/// `normal`: every run of spaces, tabs and line feeds/carriage returns/form
/// feeds becomes one space; spaces at the start and end of the paragraph are
/// removed. `pre-wrap`: everything is kept.
/// Removed characters belong to the processed character before them, so lines
/// still partition the source text.
struct WhiteSpaceProcessor {
    /// The processed UTF-16 text.
    var units: [UInt16]
    /// For each processed unit, its source UTF-16 offset; one extra entry holds
    /// the source length.
    var sourceOffsets: [Int32]
    /// Whether any source unit was dropped or changed (if not, offsets are the identity).
    var isIdentity: Bool

    init(source: [UInt16], whiteSpace: ParagraphStyle.WhiteSpace) {
        if whiteSpace == .preWrap || !Self.needsCollapsing(source) {
            units = source
            sourceOffsets = []
            isIdentity = true
            return
        }
        var out: [UInt16] = []
        var map: [Int32] = []
        out.reserveCapacity(source.count)
        map.reserveCapacity(source.count + 1)
        var pendingSpaceAt: Int32 = -1
        for (i, u) in source.enumerated() {
            if UnicodeProps.isCSSWhitespace(u) {
                if pendingSpaceAt < 0 { pendingSpaceAt = Int32(i) }
                continue
            }
            if pendingSpaceAt >= 0 {
                if !out.isEmpty {  // no space at the paragraph start
                    out.append(0x20)
                    map.append(pendingSpaceAt)
                }
                pendingSpaceAt = -1
            }
            out.append(u)
            map.append(Int32(i))
        }
        map.append(Int32(source.count))
        units = out
        sourceOffsets = map
        isIdentity = false
    }

    /// The source offset of processed offset `i` (0...units.count).
    @inline(__always)
    func sourceOffset(_ i: Int) -> Int {
        isIdentity ? i : Int(sourceOffsets[i])
    }

    private static func needsCollapsing(_ s: [UInt16]) -> Bool {
        s.withUnsafeBufferPointer { s in
            var lastWasSpace = true  // a leading space collapses away
            for u in s {
                // (Every white-space character is at most U+0020: one test for the rest.)
                if u > 0x20 {
                    lastWasSpace = false
                } else if u == 0x20 {
                    if lastWasSpace { return true }
                    lastWasSpace = true
                } else if UnicodeProps.isCSSWhitespace(u) {
                    return true
                } else {
                    lastWasSpace = false
                }
            }
            return lastWasSpace && !s.isEmpty
        }
    }
}
