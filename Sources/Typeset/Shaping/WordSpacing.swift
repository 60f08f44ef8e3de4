// Pipeline stage: Shaping (after the words' advances are known).

/// CSS `word-spacing`, as Chromium applies it: added to the advance of
/// every U+0020 SPACE and U+00A0 NO-BREAK SPACE of a run with the spacing
/// (a tab or newline that white-space collapsing made a space counts as
/// one); no other space (U+3000, U+2002…, U+1361, U+10100, U+1039F,
/// U+1091F take none in Chromium 156). Tab stops widen by the block's word
/// spacing (`PrepareSession`). Added after the word cache, like letter
/// spacing: cached words are shaped without it.
enum WordSpacing {
    /// Whether Chromium adds word spacing after `unit`.
    @inline(__always)
    static func applies(to unit: UInt16) -> Bool { unit == 0x20 || unit == 0xA0 }

    /// Adds each item's style's word spacing to its spaces' advances (1/65536 px).
    static func apply(units: UnsafeBufferPointer<UInt16>, items: [Item], styles: [TextStyle],
                      to advances: inout [Int32]) {
        for item in items {
            let spacing = styles[Int(item.styleIndex)].wordSpacing
            guard spacing != 0 else { continue }
            let ws = Shaper.clamp(spacing * 65536)
            for c in Int(item.start)..<Int(item.end) where applies(to: units[c]) {
                advances[c].addSaturating(ws)
            }
        }
    }
}
