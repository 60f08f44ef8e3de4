// Pipeline stage: Analysis, the one-pass path for plain text with emoji.
// In: a scalar past ASCII that is not a letter of `letterScript`.
// Out: its emoji class for the scan past ASCII (PlainTextScan+Letters.swift), and ICU's line-break answers
// between emoji and ASCII, as tables.

import CUnicode

extension PlainTextScan {
    /// What the scan past ASCII knows of a character for the stages'
    /// rules: for the one before the current character, the line-break class
    /// ICU's pair rules see there (a variation selector or a joiner is
    /// absorbed into the character before it, UAX #14's LB9).
    enum ScanClass: UInt8 {
        /// An ASCII character: the scan reads the character itself.
        case ascii = 0
        /// A letter of `letterScript` (line-break class AL).
        case letter
        /// An emoji of line-break class ID (😀 🔥 ❤).
        case pictograph
        /// An emoji base (class EB: 👍 👩 ✌), which a skin-tone modifier may follow.
        case emojiBase
        /// A skin-tone modifier U+1F3FB–U+1F3FF (class EM) after an emoji base.
        case modifier
        /// A regional indicator (class RI), half of a flag.
        case regional
        /// An emoji of class AL or AI (✨ ✅ 💯 ⭐ ♀): ICU breaks about it as about a letter.
        case letterPictograph
        /// A zero width joiner after an emoji: an emoji follows in the same cluster.
        case joiner
    }

    /// The emoji class of a scalar past ASCII, `nil` for one the scan
    /// declines: an Extended_Pictographic character of the Common script of
    /// U+2100–U+2BFF or U+1F000–U+1FAFF of line-break class ID, EB, AL or AI
    /// (each a grapheme of class Other), a skin-tone modifier or a regional
    /// indicator. (Pictographs of class NS or EX, such as ‼ and ⁉, the
    /// Latin-1 © and ®, keycaps, tags and text presentation are left to the
    /// stages.)
    @inline(__always)
    static func emojiClass(_ c: UInt32, table: UnsafeBufferPointer<UInt8>) -> ScanClass? {
        let k: UInt32
        if c >= 0x2100 && c < 0x2C00 { k = c - 0x2100 } else if c >= 0x1F000 && c < 0x1FB00 { k = c - 0x1F000 + 0xB00 } else { return nil }
        let v = table[Int(k)]
        return v == 0 ? nil : ScanClass(rawValue: v)
    }

    /// `emojiClass`'s table: U+2100–U+2BFF, then U+1F000–U+1FAFF; 0 for a declined scalar.
    static let emojiClasses: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 0xB00 + 0xB00)
        let common = tsu_script_common()
        for (k, c) in Array(0x2100..<0x2C00).enumerated() + Array(0x1F000..<0x1FB00).enumerated().map({ ($0 + 0xB00, $1) }) {
            let scalar = UInt32(c)
            let lb = tsu_line_break_class(scalar)
            let cls: ScanClass?
            if scalar >= 0x1F3FB && scalar <= 0x1F3FF && lb == lbEM {
                cls = .modifier
            } else if scalar >= 0x1F1E6 && scalar <= 0x1F1FF && lb == lbRI {
                cls = .regional
            } else if tsu_is_extended_pictographic(scalar) != 0 && tsu_general_category(scalar) != 0
                        && tsu_script(scalar) == common {
                switch lb {
                case LB.ID: cls = .pictograph
                case lbEB: cls = .emojiBase
                case LB.AL, LB.AI: cls = .letterPictograph
                default: cls = nil
                }
            } else {
                cls = nil
            }
            table[k] = cls?.rawValue ?? 0
        }
        return table
    }()

    /// Per ASCII character, ICU's answers beside an emoji (line-break class
    /// ID, EB or EM, or RI), as bits: `breakAfterPictograph`, `breakAfterRegional`,
    /// `keepBeforePictograph`, `keepBeforeRegional`. Past an emoji a line may
    /// break before a letter, a digit, `#$&(*+<=>@[\^_`{~` (classes AL, NU, PR, OP;
    /// after RI also before `%`, PO), and before an emoji after anything but
    /// `"'$+\([{` (QU, PR, OP; before RI: QU, OP). `OnePassEquivalenceTests`
    /// holds the table to ICU's line break iterator.
    static let emojiPairs: [UInt8] = (0..<128).map { (c: Int) -> UInt8 in
        func among(_ s: String) -> Bool { s.utf8.contains(UInt8(c)) }
        let alnum = (c >= 0x30 && c <= 0x39) || (c | 0x20 >= 0x61 && c | 0x20 <= 0x7A)
        let breaksAfterEmoji = alnum || among("#$&(*+<=>@[\\^_`{~")
        var bits: UInt8 = 0
        if breaksAfterEmoji { bits |= breakAfterPictograph | breakAfterRegional }
        if among("%") { bits |= breakAfterRegional }
        if among("\"'$+\\([{") { bits |= keepBeforePictograph }
        if among("\"'([{") { bits |= keepBeforeRegional }
        return bits
    }

    /// ICU's line-break classes RI, EB and EM (`ULineBreak`).
    private static let lbRI: Int32 = 39, lbEB: Int32 = 40, lbEM: Int32 = 41

    /// `emojiPairs`' bits.
    static let breakAfterPictograph: UInt8 = 1, breakAfterRegional: UInt8 = 2
    static let keepBeforePictograph: UInt8 = 4, keepBeforeRegional: UInt8 = 8
}
