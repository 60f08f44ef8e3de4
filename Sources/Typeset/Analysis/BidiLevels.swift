import CUnicode

/// UAX #9 embedding levels from ICU.
enum BidiLevels {
    /// One level per UTF-16 unit and the resolved paragraph level. Text with
    /// no right-to-left characters skips ICU and is all level 0 (or all the
    /// paragraph level for an RTL paragraph of neutral text).
    static func resolve(_ units: [UInt16], direction: ParagraphStyle.Direction) throws -> (levels: [UInt8], paragraphLevel: UInt8) {
        var levels: [UInt8] = []
        let paragraphLevel = try resolve(units, direction: direction, into: &levels)
        return (levels, paragraphLevel)
    }

    /// The same levels written into `levels` (its contents replaced, so that
    /// a caller keeping it between texts allocates nothing); returns the
    /// paragraph level.
    static func resolve(_ units: [UInt16], direction: ParagraphStyle.Direction, into levels: inout [UInt8]) throws -> UInt8 {
        let n = units.count
        let requested: UInt8 = direction == .ltr ? 0 : direction == .rtl ? 1 : 0xFE
        levels.refill(0, count: n)
        if direction != .rtl {
            // (The page table read once, not through a global's initialization check per unit.)
            let anyRTL = units.withUnsafeBufferPointer { u in
                rtlPages.withUnsafeBufferPointer { pages in
                    u.contains { $0 >= 0x0590 && pages[Int($0 >> 8)] && mayBeRTL($0) }
                }
            }
            if !anyRTL { return 0 }
        }
        let para = units.withUnsafeBufferPointer { tsu_bidi_levels($0.baseAddress, Int32(n), requested, &levels) }
        if para < 0 { throw TypesetError.unicodeAnalysisFailed("ICU bidi") }
        return UInt8(para)
    }

    /// Per 256-unit page, whether it holds a unit of `mayBeRTL`:
    /// one test for most text (below U+0590, or on a page with none of its
    /// ranges), the ranges only on the pages that have them.
    private static let rtlPages: [Bool] = (0..<256).map { page in
        (0..<256).contains { mayBeRTL(UInt16(page << 8 | $0)) }
    }

    /// Whether a unit could have right-to-left or explicit-embedding bidi classes.
    private static func mayBeRTL(_ u: UInt16) -> Bool {
        (u >= 0x0590 && u <= 0x08FF) || (u >= 0x200E && u <= 0x200F) || (u >= 0x202A && u <= 0x202E)
            || (u >= 0x2066 && u <= 0x2069) || (u >= 0xFB1D && u <= 0xFDFF) || (u >= 0xFE70 && u <= 0xFEFF)
            || isRTLAstralLead(u)
    }

    /// Whether a lead surrogate starts a character of U+10800–U+10FFF or
    /// U+1E800–U+1EFFF, the only astral ranges with right-to-left characters
    /// (or unassigned ones that default to right-to-left): an emoji's lead
    /// (U+D83C–U+D83E) does not bring in ICU.
    @inline(__always)
    static func isRTLAstralLead(_ u: UInt16) -> Bool { u == 0xD802 || u == 0xD803 || u == 0xD83A || u == 0xD83B }
}
