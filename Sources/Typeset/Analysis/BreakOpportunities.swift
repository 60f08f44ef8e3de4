import CUnicode

/// Where lines may break, the way Chromium's line breaker finds them.
///
/// Chromium does not use UAX #14 alone: between two printable ASCII characters
/// it uses its own table (breaks before `(` `[` `{` `<` after punctuation, after
/// `-` and `?`, never after `/`), after `-` before a digit only when a letter or
/// digit precedes the `-`; every other pair follows ICU (with `line-break:
/// normal`, so small kana may start a line): ICU's answer for a pair of
/// character classes, asked once per locale ID and kept
/// (`tsu_line_breaks_by_pairs`), or its iterator over the text where a
/// pair does not decide (numbers, Thai and other dictionary scripts, Hebrew,
/// controls): over text with Thai, piece by piece between Thai words'
/// spaces, where ICU starts afresh, each piece's answer kept
/// (`tsu_line_breaks_by_pieces`). A line may always break after a
/// run of breakable spaces (space, tab, newline) and never before one; ICU's
/// opportunities right after a space are not used, so "word !" breaks before
/// the `!` (French spacing) as Chromium does.
enum BreakOpportunities {
    /// Break positions (offsets where a line may start), ascending, excluding 0
    /// and always ending with `units.count`; `mandatory` marks forced breaks.
    static func compute(_ units: [UInt16], wordBreak: ParagraphStyle.WordBreak, preserveNewlines: Bool,
                        language: String?, lineBreak: ParagraphStyle.LineBreak = .auto)
        throws -> (positions: [Int32], mandatory: [Bool]) {
        var breaks: (positions: [Int32], mandatory: [Bool]) = ([], [])
        var flags: [UInt8] = [], offsets: [Int32] = []
        try compute(units, wordBreak: wordBreak, preserveNewlines: preserveNewlines, language: language,
                    lineBreak: lineBreak, into: &breaks, icuFlags: &flags, icuOffsets: &offsets)
        return breaks
    }

    /// The same opportunities written into `breaks` (its contents replaced),
    /// with `icuFlags` and `icuOffsets` for ICU's: a caller that keeps the
    /// three between texts allocates none of them.
    static func compute(_ units: [UInt16], wordBreak: ParagraphStyle.WordBreak, preserveNewlines: Bool,
                        language: String?, lineBreak: ParagraphStyle.LineBreak,
                        into breaks: inout (positions: [Int32], mandatory: [Bool]),
                        icuFlags: inout [UInt8], icuOffsets: inout [Int32]) throws {
        let n = units.count
        breaks.positions.removeAll(keepingCapacity: true)
        breaks.mandatory.removeAll(keepingCapacity: true)
        guard n > 0 else { return }
        // Per offset, ICU's opportunity (`icuBreak`, forced `icuHard` too); empty when ICU is not needed.
        icuFlags.removeAll(keepingCapacity: true)
        if units.contains(where: needsICU) {
            icuFlags.refill(0, count: n + 1)
            let locale = ICULineBreakLocale.identifier(language: language, lineBreak: lineBreak, wordBreak: wordBreak)
            // ICU's answers for the text's pairs of characters where they
            // decide (tsu_line_breaks_by_pairs), else its iterator over the text.
            let byPairs = units.withUnsafeBufferPointer { buf in
                icuFlags.withUnsafeMutableBufferPointer { flags in
                    locale.withCString { loc in tsu_line_breaks_by_pairs(buf.baseAddress, Int32(n), loc, flags.baseAddress) }
                }
            }
            if byPairs == 0 {
                // (Text with Thai: its pieces between Thai words' spaces, each answer kept.)
                let byPieces = units.withUnsafeBufferPointer { buf in
                    icuFlags.withUnsafeMutableBufferPointer { flags in
                        locale.withCString { loc in tsu_line_breaks_by_pieces(buf.baseAddress, Int32(n), loc, flags.baseAddress) }
                    }
                }
                if byPieces < 0 { throw TypesetError.unicodeAnalysisFailed("ICU line break iterator") }
                if byPieces == 0 { try iterateICU(units, locale: locale, into: &icuFlags, offsets: &icuOffsets) }
            }
        }
        // Written through pointers into room for every offset, then cut to
        // the count (appending per opportunity checked each array's
        // uniqueness and capacity every time).
        var positions = breaks.positions, mandatory = breaks.mandatory
        breaks = ([], [])
        positions.refill(0, count: n + 1)
        mandatory.refill(false, count: n + 1)
        let count = units.withUnsafeBufferPointer { u in
            icuFlags.withUnsafeBufferPointer { icu in
                ASCIIBreakTable.mayBreakAfter.withUnsafeBufferPointer { mayBreakAfter in
                    positions.withUnsafeMutableBufferPointer { positions in
                        mandatory.withUnsafeMutableBufferPointer { mandatory in
                            // (A loop per `word-break` value, each inlined with its
                            // value fixed, without the others' tests.)
                            switch wordBreak {
                            case .normal:
                                return opportunities(u, units: units, icu: icu, mayBreakAfter: mayBreakAfter, wordBreak: .normal,
                                                     preserveNewlines: preserveNewlines, positions: positions, mandatory: mandatory)
                            case .keepAll:
                                return opportunities(u, units: units, icu: icu, mayBreakAfter: mayBreakAfter, wordBreak: .keepAll,
                                                     preserveNewlines: preserveNewlines, positions: positions, mandatory: mandatory)
                            case .breakAll:
                                return opportunities(u, units: units, icu: icu, mayBreakAfter: mayBreakAfter, wordBreak: .breakAll,
                                                     preserveNewlines: preserveNewlines, positions: positions, mandatory: mandatory)
                            }
                        }
                    }
                }
            }
        }
        positions.removeLast(n + 1 - count)
        mandatory.removeLast(n + 1 - count)
        breaks = (positions, mandatory)
    }

    /// The loop of `compute`: writes the opportunities into `positions` and
    /// `mandatory` (room for `u.count + 1`) and returns their count.
    /// - Parameters:
    ///   - units: the same text as an array, for the rare rules that look about an offset.
    ///   - icu: ICU's flags per offset, or empty.
    @inline(__always)
    private static func opportunities(_ u: UnsafeBufferPointer<UInt16>, units: [UInt16], icu: UnsafeBufferPointer<UInt8>,
                                      mayBreakAfter: UnsafeBufferPointer<Bool>, wordBreak: ParagraphStyle.WordBreak,
                                      preserveNewlines: Bool, positions: UnsafeMutableBufferPointer<Int32>,
                                      mandatory: UnsafeMutableBufferPointer<Bool>) -> Int {
        let n = u.count
        let hasICU = !icu.isEmpty, breakAll = wordBreak == .breakAll, keepAll = wordBreak == .keepAll
        var count = 0
        @inline(__always) func add(_ i: Int, _ forced: Bool) {
            positions[count] = Int32(truncatingIfNeeded: i)
            mandatory[count] = forced
            count &+= 1
        }
        var lastLast: UInt16 = 0
        var last: UInt16 = u[0]
        var lastLB: Int32 = breakAll ? lineBreakClass(units, 0) : 0
        var i = 1
        while i < n {
            if !breakAll && isAlnum(last) && isAlnum(u[i]) {
                // ASCII letters and digits after one: no opportunity between
                // any two of them (break-all aside), so the run is passed over.
                var end = i + 1
                while end < n && isAlnum(u[end]) { end += 1 }
                lastLast = u[end - 2]; last = u[end - 1]
                i = end
                continue
            }
            if hasICU && !breakAll && !keepAll && takesICUsAnswer(last) && takesICUsAnswer(u[i]) {
                // Between characters past ASCII that no rule below looks at
                // (letters, ideographs, kana, marks): ICU's opportunities
                // alone, and the run is passed over.
                var end = i
                repeat {
                    if icu[end] & icuBreak != 0 { add(end, false) }
                    end += 1
                } while end < n && takesICUsAnswer(u[end])
                lastLast = u[end - 2]; last = u[end - 1]
                i = end
                continue
            }
            let ch = u[i]
            defer { lastLast = last; last = ch; i += 1 }
            // break-all looks at the class of the character before, whatever
            // decided the break there (a stale class allowed one after "(").
            let prevLB = lastLB
            let breakAllClass = breakAll && !(ch >= 0xD800 && ch <= 0xDFFF) ? lineBreakClass(units, i) : LB.CM
            if breakAllClass != LB.CM { lastLB = breakAllClass }
            if preserveNewlines && last == 0x0A { add(i, true); continue }
            // (ICU gives the breaks its dictionary found the status of the
            // boundary that ends the dictionary's run: before a newline they
            // all read as forced. Only a line separator's own break is.)
            if hasICU && icu[i] & icuHard != 0 && isForcingSeparator(last) { add(i, true); continue }
            if isBreakableSpace(ch) { continue }
            if isBreakableSpace(last) { add(i, false); continue }
            // (The ASCII pair rules allow a break only after punctuation and symbols.)
            if last < 0x80 && mayBreakAfter[Int(last)] && shouldBreakAfter(lastLast, last, ch) { add(i, false); continue }
            if breakAll && !(ch >= 0xD800 && ch <= 0xDFFF) && breakAllAllows(prevLB, breakAllClass) { add(i, false); continue }
            if keepAll && keepAllKeeps(lastLast, last, ch) { continue }
            if (needsICU(ch) || needsICU(last)) && hasICU && icu[i] & icuBreak != 0 {
                add(i, false)
            } else if (mayBeQuotationBreak(last, ch) && isQuotationBreakInEastAsianText(units, i))
                        || (mayBeHebrewHyphenBreak(last) && isBreakAfterHebrewHyphen(units, i)) {
                add(i, false)
            }
        }
        add(n, true)
        return count
    }

    /// ICU's line break iterator over `units`: its opportunities as flags
    /// per offset (`icuBreak`, with `icuHard` for a forced break) in `flags`.
    static func iterateICU(_ units: [UInt16], locale: String, into flags: inout [UInt8],
                           offsets: inout [Int32]) throws {
        let n = units.count
        flags.refill(0, count: n + 1)
        offsets.refill(0, count: n + 1)
        let count = units.withUnsafeBufferPointer { buf in
            locale.withCString { loc in tsu_line_breaks(buf.baseAddress, Int32(n), loc, &offsets, Int32(n + 1)) }
        }
        if count < 0 { throw TypesetError.unicodeAnalysisFailed("ICU line break iterator") }
        for k in 0..<Int(count) {
            let v = Int(offsets[k])
            flags[abs(v)] |= v < 0 ? icuBreak | icuHard : icuBreak
        }
    }

    /// ICU's flags per offset: an opportunity, and a forced one.
    static let icuBreak: UInt8 = 1, icuHard: UInt8 = 2

    /// Whether LB19a below may apply between `last` and `ch`: a curly quote
    /// on one side (asked inline, before the call, at every offset).
    @inline(__always)
    private static func mayBeQuotationBreak(_ last: UInt16, _ ch: UInt16) -> Bool {
        ch == 0x201C || ch == 0x2018 || last == 0x201D || last == 0x2019
    }

    /// Whether LB21a below may apply after `last`: a hyphen or maqaf.
    @inline(__always)
    private static func mayBeHebrewHyphenBreak(_ last: UInt16) -> Bool { last == 0x05BE || last == 0x2D || last == 0x2010 }

    /// Unicode 15.1's LB19a, which the system's ICU 72 predates but Chromium's
    /// bundled ICU follows: quotation marks between East Asian characters do
    /// not glue them, so a line may break before an opening quote (`着|“愿`)
    /// and after a closing one (`”|我`).
    private static func isQuotationBreakInEastAsianText(_ units: [UInt16], _ i: Int) -> Bool {
        let ch = units[i], last = units[i - 1]
        func wide(_ k: Int) -> Bool { k >= 0 && k < units.count && tsu_is_east_asian_wide(UInt32(units[k])) != 0 }
        if ch == 0x201C || ch == 0x2018 {  // opening quote: East Asian on both sides
            return wide(i - 1) && wide(i + 1)
        }
        if last == 0x201D || last == 0x2019 {  // after a closing quote, before an ideograph
            return wide(i - 2) && tsu_line_break_class(UInt32(ch)) == LB.ID
        }
        return false
    }

    /// Unicode 15.1's LB21a, which the system's ICU 72 predates but Chromium's
    /// bundled ICU follows: a Hebrew letter and a hyphen or maqaf glue to what
    /// follows only when that is not a Hebrew letter, so `ל־|יום` may break.
    private static func isBreakAfterHebrewHyphen(_ units: [UInt16], _ i: Int) -> Bool {
        guard i >= 2 else { return false }
        let last = units[i - 1]
        guard last == 0x05BE || last == 0x2D || last == 0x2010 else { return false }
        func hebrewLetter(_ u: UInt16) -> Bool { (u >= 0x05D0 && u <= 0x05EA) || (u >= 0x05EF && u <= 0x05F2) }
        return hebrewLetter(units[i - 2]) && hebrewLetter(units[i])
    }

    @inline(__always)
    static func isBreakableSpace(_ u: UInt16) -> Bool { u == 0x20 || u == 0x0A || u == 0x09 }

    /// A character ICU's forced break may follow here: vertical tab, form
    /// feed, next line, line and paragraph separators (a line feed is a
    /// breakable space, and a carriage return breaks with the line feed after it).
    @inline(__always)
    static func isForcingSeparator(_ u: UInt16) -> Bool {
        u == 0x0B || u == 0x0C || u == 0x85 || u == 0x2028 || u == 0x2029
    }

    /// `line-break: anywhere`: every grapheme boundary becomes an opportunity
    /// too (but never before a breakable space, which still hangs at the end
    /// of the line it ends).
    static func addGraphemeBoundaries(_ graphemeStarts: [Bool], units: [UInt16],
                                      to breaks: inout (positions: [Int32], mandatory: [Bool])) {
        guard !units.isEmpty else { return }
        var positions: [Int32] = [], mandatory: [Bool] = []
        positions.reserveCapacity(units.count + 1)
        mandatory.reserveCapacity(units.count + 1)
        var k = 0
        for i in 1...units.count {
            if k < breaks.positions.count && breaks.positions[k] == Int32(i) {
                positions.append(Int32(i)); mandatory.append(breaks.mandatory[k]); k += 1
            } else if i < units.count && graphemeStarts[i] && !isBreakableSpace(units[i]) {
                positions.append(Int32(i)); mandatory.append(false)
            }
        }
        breaks = (positions, mandatory)
    }

    /// `white-space: break-spaces`: a break after every preserved space,
    /// between two spaces too (the spaces take width on the line instead of
    /// hanging, so a space that does not fit starts the next line).
    static func addBreaksAfterSpaces(_ units: [UInt16], to breaks: inout (positions: [Int32], mandatory: [Bool])) {
        guard units.contains(0x20) else { return }
        var positions: [Int32] = [], mandatory: [Bool] = []
        positions.reserveCapacity(breaks.positions.count + units.count / 4)
        mandatory.reserveCapacity(breaks.positions.count + units.count / 4)
        var k = 0
        for i in 1...units.count {
            if k < breaks.positions.count && breaks.positions[k] == Int32(i) {
                positions.append(Int32(i)); mandatory.append(breaks.mandatory[k]); k += 1
            } else if units[i - 1] == 0x20 {
                positions.append(Int32(i)); mandatory.append(false)
            }
        }
        breaks = (positions, mandatory)
    }

    @inline(__always)
    private static func needsICU(_ u: UInt16) -> Bool { u > 0x7F && u != 0xA0 }

    /// Whether, between two such characters, an opportunity is ICU's alone
    /// (with `word-break: normal`): past ASCII, neither U+00A0, a forcing
    /// separator, a curly quote nor a hyphen or maqaf that the rules of
    /// `opportunities` look at.
    @inline(__always)
    private static func takesICUsAnswer(_ u: UInt16) -> Bool {
        guard u > 0x7F && u != 0xA0 && u != 0x85 && u != 0x05BE else { return false }
        return u < 0x2010 || u > 0x2029 || !(u == 0x2010 || (u >= 0x2018 && u <= 0x201D && u != 0x201A && u != 0x201B) || u >= 0x2028)
    }

    /// Chromium's rule for two ASCII characters (and `-` before a digit).
    @inline(__always)
    static func shouldBreakAfter(_ lastLast: UInt16, _ last: UInt16, _ ch: UInt16) -> Bool {
        if last == 0x2D && isDigit(ch) { return isAlnum(lastLast) }
        guard last >= 0x21, last <= 0x7F, ch >= 0x21, ch <= 0x7F else { return false }
        switch last {
        case 0x2D:  // '-': before letters, digits and most symbols
            return ASCIIBreakTable.afterHyphen[Int(ch)]
        case 0x3F:  // '?'
            return ASCIIBreakTable.afterQuestion[Int(ch)]
        case 0x21, 0x22, 0x23, 0x25, 0x26, 0x29, 0x2A, 0x2B, 0x2C, 0x2E, 0x3A, 0x3B, 0x3D, 0x3E, 0x5C, 0x5D, 0x7C, 0x7D, 0x7E:
            return ch == 0x28 || ch == 0x3C || ch == 0x5B || ch == 0x7B  // ( < [ {
        default:
            return false
        }
    }

    @inline(__always) private static func isDigit(_ u: UInt16) -> Bool { u >= 0x30 && u <= 0x39 }
    @inline(__always) private static func isAlnum(_ u: UInt16) -> Bool {
        isDigit(u) || (u | 0x20 >= 0x61 && u | 0x20 <= 0x7A)
    }

    /// `word-break: keep-all` keeps letters and numbers together (but not
    /// South-East Asian scripts, which still break by dictionary).
    private static func keepAllKeeps(_ lastLast: UInt16, _ last: UInt16, _ ch: UInt16) -> Bool {
        let pre = UnicodeProps.isMark(UInt32(last)) ? lastLast : last
        return isLetterOrNumber(pre) && isLetterOrNumber(ch)
    }

    private static func isLetterOrNumber(_ u: UInt16) -> Bool {
        let gc = tsu_general_category(UInt32(u))
        // Lu Ll Lt Lm Lo (1–5), Nd Nl No (9–11)
        let isLN = (gc >= 1 && gc <= 5) || (gc >= 9 && gc <= 11)
        return isLN && tsu_line_break_class(UInt32(u)) != LB.SA
    }

    private static func lineBreakClass(_ units: [UInt16], _ i: Int) -> Int32 {
        let u = units[i]
        if u == 0x2B { return LB.AL }  // '+' acts as a letter under break-all
        return tsu_line_break_class(UnicodeProps.scalar(units, at: i).value)
    }

    /// Chromium's `word-break: break-all` table: extra opportunities between
    /// letter-like classes (0 means "fall back to the normal rules").
    private static func breakAllAllows(_ a: Int32, _ b: Int32) -> Bool {
        let rows: Set<Int32> = [LB.AI, LB.AL, LB.BA, LB.CL, LB.CP, LB.EX, LB.HL, LB.IS, LB.NU, LB.PO, LB.SA, LB.SY]
        guard rows.contains(a) else { return false }
        switch b {
        case LB.AI, LB.AL, LB.NU, LB.SA, LB.HL: return true
        case LB.BA, LB.HY, LB.OP, LB.PR: return [LB.AI, LB.AL, LB.BA, LB.HL, LB.NU, LB.SA, LB.SY].contains(a)
        default: return false
        }
    }
}

/// ICU ULineBreak values used above.
enum LB {
    static let AI: Int32 = 1, AL: Int32 = 2, BA: Int32 = 4, CL: Int32 = 8, CM: Int32 = 9, EX: Int32 = 11
    static let HY: Int32 = 13, IS: Int32 = 16, NU: Int32 = 19, OP: Int32 = 20, PO: Int32 = 21, PR: Int32 = 22
    static let SA: Int32 = 24, SY: Int32 = 27, CP: Int32 = 36, HL: Int32 = 38, ID: Int32 = 14
}

/// The rows of Chromium's ASCII line-break table that allow breaks before
/// letters: after `-` and after `?`.
enum ASCIIBreakTable {
    /// The ASCII characters `BreakOpportunities.shouldBreakAfter` may allow
    /// a break after: punctuation and symbols, never a letter or digit, so
    /// that the pair rules are asked only after those.
    static let mayBreakAfter: [Bool] = (0..<128).map { u in
        !(u >= 0x30 && u <= 0x39) && !(u | 0x20 >= 0x61 && u | 0x20 <= 0x7A)
    }

    static let afterHyphen: [Bool] = row("\"#'%&(*+-0123456789<=>@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\^_`abcdefghijklmnopqrstuvwxyz{|~")
    static let afterQuestion: [Bool] = row("#$%&(*+-0123456789<=>@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\^_`abcdefghijklmnopqrstuvwxyz{|~")

    private static func row(_ chars: String) -> [Bool] {
        var r = [Bool](repeating: false, count: 128)
        for c in chars.utf8 { r[Int(c)] = true }
        return r
    }
}

extension BreakOpportunities {
    /// Characters that hang at a line end: breakable spaces and carriage returns.
    @inline(__always)
    static func isBreakableSpaceOrBreak(_ u: UInt16) -> Bool { isBreakableSpace(u) || u == 0x0D }

    /// Where `units[start..<end]` ends without the characters that hang at
    /// its end: the end of a segment's (or a cut line's) content.
    static func contentEnd(_ units: [UInt16], start: Int, end: Int) -> Int {
        var i = end
        while i > start && isBreakableSpaceOrBreak(units[i - 1]) { i -= 1 }
        return i
    }
}
