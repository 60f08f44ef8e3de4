// Pipeline stage: Analysis, the one-pass path for plain text.
// In: processed text, the paragraph options, the style's ASCII face table.
// Out: break opportunities, the units that continue a grapheme, the script, and whether one item in the
// style's first face covers the text; nil when the text needs the stage-by-stage analysis (GraphemeBreaks,
// BidiLevels, ScriptRuns, BreakOpportunities, Itemizer).

/// One pass over processed text made only of ASCII characters (the text most
/// feed posts are), standing in for the analysis stages and itemization,
/// whose answers for such text are fixed:
///
/// - every unit starts a grapheme cluster (only CR LF joins below U+0300,
///   and a text with a carriage return is left to `GraphemeBreaks`);
/// - every bidi level is 0 and so is the paragraph's, unless the paragraph
///   is right-to-left (left to `BidiLevels`);
/// - every unit's script is Latin (`ScriptRuns` gives ASCII text Latin);
/// - break opportunities are `BreakOpportunities`' without ICU: after a run
///   of breakable spaces, and Chromium's ASCII pairs (`break-all` adds
///   opportunities between letters and is left to `BreakOpportunities`;
///   `keep-all` removes none between ASCII letters that ICU would have given);
/// - when the style's first face covers every character, the text is one
///   item in that face.
///
/// The same scan finds all of it. At the first unit past ASCII it hands its
/// state to `scanPastASCII` (`PlainTextScan+Letters.swift`), which goes on
/// from there over Latin-1, Latin Extended, Greek and Cyrillic letters and
/// emoji (`PlainTextScan+Emoji.swift`), finding the script and the units
/// that continue a grapheme too; a text that turns out not to be plain (a
/// carriage return, a unit past U+007F neither such a letter nor such an
/// emoji, a shape the scan leaves to the stages) declines at that unit,
/// having cost one partial pass before the general path. Preparing a text
/// either way gives the same prepared text (`OnePassEquivalenceTests` holds
/// the whole corpus, and random texts with emoji, to that).
struct PlainTextScan {
    /// Whether the style's first face covers every character (the text is
    /// one item in it, or one per script run when `isMixed`); false when some character takes another face, a
    /// control, or several styles, or the text has emoji (the `Itemizer`
    /// decides then).
    let isOneItem: Bool
    /// The script every unit resolves to (`ScriptRuns`) unless `isMixed`:
    /// Latin, or Greek or Cyrillic for text whose letters are all of that script (see
    /// `PlainTextScan+Letters.swift`; emoji take their neighbours').
    let script: Int32
    /// Whether the text's letters are of several scripts (Latin with Cyrillic
    /// or Greek): its units' scripts are then `PlainScriptRuns`', and
    /// `script` is only the first letter's.
    let isMixed: Bool

    /// Scans `units`, writing the break opportunities into `breaks` (its
    /// contents replaced); nil, with `breaks` holding nothing meaningful, when
    /// the text is not plain.
    /// - Parameter asciiFaces: the style's `ResolvedStack.asciiFace` when the
    ///   text has one style, else nil.
    /// - Parameter stack: the style's stack when the text has one style (its
    ///   BMP face table is read for letters past ASCII), else nil.
    /// - Parameter continuations: receives the offsets of the units that
    ///   continue a grapheme (its contents replaced; empty for text without emoji).
    init?(_ units: [UInt16], paragraph: borrowing ParagraphStyle, asciiFaces: [UInt8]?, stack: ResolvedStack? = nil,
          into breaks: inout (positions: [Int32], mandatory: [Bool]), continuations: inout [Int32]) {
        let n = units.count
        guard n > 0, paragraph.direction != .rtl, paragraph.wordBreak != .breakAll else { return nil }
        let preserveNewlines = paragraph.whiteSpace.preservesNewlines
        breaks.positions.removeAll(keepingCapacity: true)
        breaks.mandatory.removeAll(keepingCapacity: true)
        breaks.positions.reserveCapacity(n / 4 + 2)
        breaks.mandatory.reserveCapacity(n / 4 + 2)
        // (Empty for most texts: emptying an empty array still costs ~100 instructions.)
        if !continuations.isEmpty { continuations.removeAll(keepingCapacity: true) }
        // OR of every unit's face index: 0 when the first face covers them all.
        var faces: UInt8 = asciiFaces == nil ? 1 : 0
        // (The tables read once, not through a global's initialization check per character.)
        let table = asciiFaces ?? Self.noTable, breakAfter = ASCIIBreakTable.mayBreakAfter
        // Where a unit past ASCII stops the scan, for the scan past ASCII to go on from.
        var prefix: ASCIIPrefix? = nil
        let covered: Bool? = units.withUnsafeBufferPointer { u -> Bool? in
            breakAfter.withUnsafeBufferPointer { breakAfter in table.withUnsafeBufferPointer { table -> Bool? in
                var last = u[0], lastLast: UInt16 = 0
                guard last < 0x80 && last != 0x0D else {
                    if last != 0x0D { prefix = ASCIIPrefix(end: 0, last: 0, lastLast: 0, controls: 0, faces: faces) }
                    return nil
                }
                faces |= table[Int(last)]
                var i = 1
                while i < n {
                    let ch = u[i]
                    guard ch < 0x80 && ch != 0x0D else {
                        if ch != 0x0D {
                            // (The controls before it are looked for only now: the loop above is the ASCII texts'.)
                            prefix = ASCIIPrefix(end: i, last: last, lastLast: lastLast,
                                                 controls: Self.asciiControls(UnsafeBufferPointer(rebasing: u[0..<i])), faces: faces)
                        }
                        return nil
                    }
                    faces |= table[Int(ch)]
                    // A letter or digit after a letter or digit (most of a text): never a break between them.
                    if !breakAfter[Int(ch)] && !breakAfter[Int(last)] {
                        lastLast = last
                        last = ch
                        i += 1
                        continue
                    }
                    defer { lastLast = last; last = ch; i += 1 }
                    if preserveNewlines && last == 0x0A {
                        breaks.positions.append(Int32(i)); breaks.mandatory.append(true); continue
                    }
                    if BreakOpportunities.isBreakableSpace(ch) { continue }
                    if BreakOpportunities.isBreakableSpace(last)
                        || (breakAfter[Int(last)] && BreakOpportunities.shouldBreakAfter(lastLast, last, ch)) {
                        breaks.positions.append(Int32(i)); breaks.mandatory.append(false)
                    }
                }
                return faces == 0
            } }
        }
        guard let covered else {
            // Past ASCII: Latin, Greek and Cyrillic letters and emoji are scanned on from there.
            guard let prefix, let scanned = Self.scanPastASCII(units, prefix: prefix, paragraph: paragraph,
                                                               asciiFaces: asciiFaces, stack: stack, into: &breaks,
                                                               continuations: &continuations)
            else { return nil }
            isOneItem = scanned.isOneItem
            script = scanned.script
            isMixed = scanned.isMixed
            return
        }
        breaks.positions.append(Int32(n))
        breaks.mandatory.append(true)
        isOneItem = covered
        script = Self.latin
        isMixed = false
    }

    /// A bit per ASCII control in `units` (all ASCII): U+0000–U+001F by
    /// value, U+007F as U+001F's. Four units at a time: a unit below U+0080
    /// is below U+0020 when adding 0x60 leaves its bit 7 clear, and is U+007F
    /// when adding 1 sets it.
    static func asciiControls(_ units: UnsafeBufferPointer<UInt16>) -> UInt32 {
        var controls: UInt32 = 0
        let n = units.count
        var i = 0
        @inline(__always) func note(_ c: UInt16) { if c < 0x20 || c == 0x7F { controls |= 1 << UInt32(c & 0x1F) } }
        if let base = units.baseAddress {
            let raw = UnsafeRawPointer(base)
            while i + 4 <= n {
                let x = raw.loadUnaligned(fromByteOffset: i * 2, as: UInt64.self)
                let bits: UInt64 = 0x0080_0080_0080_0080
                if (x &+ 0x0060_0060_0060_0060) & bits != bits || (x &+ 0x0001_0001_0001_0001) & bits != 0 {
                    for k in i..<(i + 4) { note(units[k]) }
                }
                i += 4
            }
        }
        while i < n { note(units[i]); i += 1 }
        return controls
    }

    /// A face table for a text of several styles: every entry non-zero.
    static let noTable = [UInt8](repeating: 1, count: 128)

    /// ICU's script code for Latin, the script `ScriptRuns` gives ASCII text.
    static let latin: Int32 = 25
}
