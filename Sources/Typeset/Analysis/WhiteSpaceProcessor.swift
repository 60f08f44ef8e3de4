// Pipeline stage: Analysis (this file is its first step).
// In: AttributedText's UTF-16 text and the white-space mode.
// Out: processed text with a map to source offsets, bidi levels, script runs, grapheme starts, break opportunities (ICU, per-thread objects).

/// Applies CSS `white-space` to the source text, producing the text that is
/// analysed and shaped, and a map back to source offsets.
///
/// `normal`: every run of spaces, tabs and line feeds/carriage returns/form
/// feeds becomes one space; spaces at the start and end of the paragraph are
/// removed (`nowrap` too). `pre-line`: the same, except that a line feed is
/// kept and the spaces and tabs around it are removed. `pre-wrap`, `pre` and
/// `break-spaces`: everything is kept.
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
        let keepsNewlines = whiteSpace == .preLine
        if whiteSpace.preservesSpaces
            || !(keepsNewlines ? Self.needsCollapsingKeepingNewlines(source) : Self.needsCollapsing(source)) {
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
            if keepsNewlines && u == 0x0A {
                // (`pre-line`: the spaces before a newline are removed.)
                pendingSpaceAt = -1
                out.append(u)
                map.append(Int32(i))
                continue
            }
            if UnicodeProps.isCSSWhitespace(u) {
                if pendingSpaceAt < 0 { pendingSpaceAt = Int32(i) }
                continue
            }
            if pendingSpaceAt >= 0 {
                if let last = out.last, last != 0x0A {  // no space at the paragraph's or a line's start
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

    /// `pre-line`: whether a space or tab goes (a tab, a space at the start
    /// or end of the text or of a line, or after another space).
    private static func needsCollapsingKeepingNewlines(_ s: [UInt16]) -> Bool {
        // What came before: 0 the text's or a line's start, 1 a space, 2 anything else.
        var previous = 0
        for u in s {
            if u > 0x20 {
                previous = 2
            } else if u == 0x0A {
                if previous == 1 { return true }
                previous = 0
            } else if u == 0x20 {
                if previous != 2 { return true }
                previous = 1
            } else if UnicodeProps.isCSSWhitespace(u) {
                return true
            } else {
                previous = 2
            }
        }
        return previous == 1
    }

    /// Whether a space or another white-space character goes: two spaces in
    /// a row, a space at the start or end, or a tab, newline or form feed.
    /// Four units are read at a time while they hold no control character
    /// (a post with single spaces is read in a quarter of the steps).
    static func needsCollapsing(_ s: [UInt16]) -> Bool {
        s.withUnsafeBufferPointer { s in
            guard let p = s.baseAddress else { return false }
            let n = s.count, raw = UnsafeRawPointer(p)
            var lastWasSpace = true  // a leading space collapses away
            var i = 0
            let high: UInt64 = 0x8000_8000_8000_8000, lanes: UInt64 = 0x0001_0001_0001_0001
            while i &+ 4 <= n {
                let w = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i &* 2, as: UInt64.self))
                // Bit 15 of each lane below 0x21 (a space or a control character): with bit 15
                // set in every lane first, subtracting borrows from no other lane.
                let atMostSpace = ~(((w | high) &- 0x21 &* lanes) | w) & high
                if atMostSpace != 0 {
                    // A control character (a tab, a newline…): the rest unit by unit.
                    if ~(((w | high) &- 0x20 &* lanes) | w) & high != 0 { break }
                    // Two spaces in a row, in the block or across its start.
                    if atMostSpace & ((atMostSpace << 16) | (lastWasSpace ? 0x8000 : 0)) != 0 { return true }
                }
                lastWasSpace = atMostSpace >> 63 != 0
                i &+= 4
            }
            while i < n {
                let u = p[i]
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
                i &+= 1
            }
            return lastWasSpace && n > 0
        }
    }
}
