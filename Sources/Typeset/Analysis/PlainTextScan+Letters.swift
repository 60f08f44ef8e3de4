// Pipeline stage: Analysis, the one-pass path for plain text past ASCII.
// In: processed text holding letters of Latin-1, Latin Extended-A and -B, Greek or Cyrillic, and emoji,
// from the first unit past ASCII on (the ASCII scan's state there).
// Out: what `PlainTextScan` finds for ASCII text, the script the text resolves to and the units that
// continue a grapheme; nil when the text needs the stage-by-stage analysis.

extension PlainTextScan {
    /// ICU's script codes for Greek and Cyrillic (`UScriptCode`).
    static let greek: Int32 = 14, cyrillic: Int32 = 8

    /// The script of a letter this scan takes past ASCII, 0 for any other unit.
    ///
    /// Each is a letter (or a letter-like sign) of line-break class AL, one
    /// grapheme on its own, left-to-right, of the script given: Latin-1's
    /// letters (not × and ÷), Latin Extended-A and -B; Greek (not its
    /// question mark U+037E, of class IS, nor the Coptic letters of the
    /// Greek block); Cyrillic (not its combining marks U+0483–0489).
    @inline(__always)
    static func letterScript(_ u: UInt16) -> Int32 {
        // (Cyrillic first: the block most such text is in.)
        if u &- 0x400 < 0x100 { return u >= 0x482 && u <= 0x489 ? 0 : cyrillic }
        switch u {
        case 0x00C0...0x024F: return u == 0xD7 || u == 0xF7 ? 0 : latin
        case 0x0386, 0x0388...0x038A, 0x038C, 0x038E...0x03A1, 0x03A3...0x03E1, 0x03F0...0x03FF: return greek
        default: return 0
        }
    }

    /// ASCII punctuation never followed by a break before a letter past
    /// ASCII (Chromium's ASCII pairs are not asked before a unit past ASCII,
    /// and ICU's pair never breaks): `#` `@` `&` `*` `_` (class AL: LB28
    /// keeps AL × AL), `"` `'` (QU: LB19), `(` `[` `{` (OP: LB14), `$` `%`
    /// (PR, PO: LB24). Hashtags and mentions in Cyrillic or Greek
    /// (`#привет`) are the common case.
    @inline(__always)
    static func keepsBeforeLetter(_ u: UInt16) -> Bool {
        switch u {
        case 0x23, 0x40, 0x26, 0x2A, 0x5F, 0x22, 0x27, 0x28, 0x5B, 0x7B, 0x24, 0x25: return true
        default: return false
        }
    }

    /// Where the ASCII scan stopped: the first unit past ASCII and what the
    /// scan had found before it.
    struct ASCIIPrefix {
        /// The offset of the first unit past ASCII.
        var end: Int
        /// The two units before it (0 for none).
        var last: UInt16, lastLast: UInt16
        /// A bit per ASCII control before it (U+0000–U+001F by value, U+007F as U+001F's).
        var controls: UInt32
        /// The OR of the face table's entries for the units before it.
        var faces: UInt8
    }

    /// The scan of text past ASCII, from the ASCII scan's stop on (the
    /// opportunities before `prefix.end` already in `breaks`): text with
    /// letters past ASCII (`letterScript`) and emoji (`emojiClass`), whose
    /// stages' answers are as fixed as for ASCII, as long as
    ///
    /// - its letters' scripts (ASCII letters are Latin) are the text's: when
    ///   they are of one script every unit resolves to it (`ScriptRuns`:
    ///   digits, punctuation, brackets and emoji, of the Common script, and
    ///   joiners and variation selectors, of the Inherited, take their
    ///   neighbours' script); when of several, the text is `isMixed` and
    ///   `PlainScriptRuns` resolves its runs;
    /// - every level is 0 (no right-to-left character), and every unit starts
    ///   a grapheme but these, listed in `continuations`: a surrogate pair's
    ///   second unit, a skin-tone modifier right after an emoji base, a
    ///   variation selector U+FE0F right after an emoji, a zero width joiner
    ///   after an emoji (and its modifier or selector) and the emoji after it
    ///   (GB9, GB11), and the second of each pair of regional indicators
    ///   (GB12, GB13); a joiner before anything else, a modifier or selector
    ///   elsewhere, and a carriage return decline;
    /// - breaks between two ASCII characters follow the ASCII pairs (with the
    ///   real character before them, as `BreakOpportunities` asks); after a
    ///   letter past ASCII, and between it and an ASCII letter or digit,
    ///   ICU's pair rules never break (AL before anything printable in ASCII,
    ///   and AL or NU before AL: LB13, 19, 21, 23, 24, 28, 30); a letter after
    ///   other ASCII punctuation, where ICU and Chromium's ASCII table can
    ///   differ, declines (but after `keepsBeforeLetter`'s, where neither
    ///   breaks), and so do vertical tab and form feed, which ICU
    ///   may make forced breaks once the text holds a unit past ASCII;
    /// - about emoji, breaks are ICU's for the classes about them (LB8a, 9,
    ///   13, 14, 19, 21, 23a, 30a, 30b, 31; `emojiPairs` for ASCII beside
    ///   them), an emoji of class AL or AI counting as a letter; emoji are
    ///   taken only under ICU's default rules (`line-break: auto`,
    ///   `word-break: normal`), and with no ASCII control but tab and line
    ///   feed in the text (ICU's class CM, which LB9 attaches).
    ///
    /// A text with emoji is never one item: the `Itemizer` chooses their faces.
    /// `OnePassEquivalenceTests` holds every corpus, and random texts of
    /// every emoji shape, to the stages' answers.
    @inline(never)  // (Apart from the ASCII loop, whose registers it would otherwise take.)
    static func scanPastASCII(_ units: [UInt16], prefix: ASCIIPrefix, paragraph: ParagraphStyle,
                              asciiFaces: [UInt8]?, stack: ResolvedStack?,
                              into breaks: inout (positions: [Int32], mandatory: [Bool]),
                              continuations: inout [Int32]) -> (isOneItem: Bool, script: Int32, isMixed: Bool)? {
        let n = units.count
        let preserveNewlines = paragraph.whiteSpace.preservesNewlines
        let emojiAllowed = paragraph.lineBreak == .auto && paragraph.wordBreak == .normal
        var faces: UInt8 = prefix.faces | (asciiFaces == nil || stack == nil ? 1 : 0)
        var controls = prefix.controls
        let table = asciiFaces ?? noTable, bmp = stack?.bmpFaces.index ?? []
        let breakAfter = ASCIIBreakTable.mayBreakAfter, pairs = emojiPairs, classes = emojiClasses
        // An ASCII letter before the stop: the text's letters are Latin.
        var script: Int32 = units[0..<prefix.end].contains(where: { $0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A }) ? latin : 0
        var emoji = false, mixed = false
        let scanned = units.withUnsafeBufferPointer { u -> Bool in
            breakAfter.withUnsafeBufferPointer { breakAfter in table.withUnsafeBufferPointer { table in
                bmp.withUnsafeBufferPointer { bmp in pairs.withUnsafeBufferPointer { pairs in
                classes.withUnsafeBufferPointer { classes -> Bool in
                    @inline(__always) func isAlnum(_ c: UInt16) -> Bool {
                        (c >= 0x30 && c <= 0x39) || (c | 0x20 >= 0x61 && c | 0x20 <= 0x7A)
                    }
                    @inline(__always) func add(_ i: Int, _ forced: Bool) {
                        breaks.positions.append(Int32(truncatingIfNeeded: i)); breaks.mandatory.append(forced)
                    }
                    /// The unit's script noted (the first letter's is the text's; another makes the text mixed).
                    @inline(__always) func takeScript(_ s: Int32) -> Bool {
                        if script == s { return true }
                        if script == 0 { script = s } else { mixed = true }
                        return true
                    }
                    var last = prefix.last, lastLast = prefix.lastLast
                    // The class before the current character, and the regional indicators in a row before it.
                    var left = ScanClass.ascii, regionals = 0
                    // Whether the scalar before is an emoji a variation selector may follow.
                    var afterEmoji = false
                    var i = prefix.end
                    while i < n {
                        let ch = u[i]
                        if ch < 0x80 {
                            guard ch != 0x0D && ch != 0x0B && ch != 0x0C else { return false }
                            faces |= table[Int(ch)]
                            if ch | 0x20 >= 0x61 && ch | 0x20 <= 0x7A {
                                guard takeScript(latin) else { return false }
                            } else if ch < 0x20 || ch == 0x7F {
                                controls |= 1 << UInt32(ch & 0x1F)
                            }
                            if i > 0 {
                                switch left {
                                case .ascii:
                                    if breakAfter[Int(ch)] || breakAfter[Int(last)] {
                                        if preserveNewlines && last == 0x0A {
                                            add(i, true)
                                        } else if !BreakOpportunities.isBreakableSpace(ch)
                                                    && (BreakOpportunities.isBreakableSpace(last)
                                                        || (breakAfter[Int(last)] && BreakOpportunities.shouldBreakAfter(lastLast, last, ch))) {
                                            add(i, false)
                                        }
                                    }
                                case .letter, .letterPictograph:
                                    break  // AL before anything in ASCII: no break
                                case .pictograph, .emojiBase, .modifier:
                                    if pairs[Int(ch)] & breakAfterPictograph != 0 { add(i, false) }
                                case .regional:
                                    if pairs[Int(ch)] & breakAfterRegional != 0 { add(i, false) }
                                case .joiner:
                                    return false
                                }
                            }
                            left = .ascii; regionals = 0; afterEmoji = false
                            lastLast = last; last = ch; i += 1
                            if isAlnum(ch) {
                                // The ASCII letters and digits after it (the rest of a Latin word in Cyrillic
                                // text): never a break, a control or anything to note but faces and the script.
                                var f = faces, letters = false, j = i
                                while j < n {
                                    let c = u[j]
                                    guard isAlnum(c) else { break }
                                    f |= table[Int(c)]
                                    letters = letters || c > 0x39
                                    j += 1
                                }
                                if j > i {
                                    faces = f
                                    if letters { _ = takeScript(latin) }
                                    lastLast = u[j - 2]; last = u[j - 1]; i = j
                                }
                            }
                            continue
                        }
                        let s = letterScript(ch)
                        if s != 0 {
                            guard takeScript(s) else { return false }
                            faces |= bmp.isEmpty ? 1 : bmp[Int(ch)]
                            if i > 0 {
                                switch left {
                                case .ascii:
                                    if preserveNewlines && last == 0x0A {
                                        add(i, true)
                                    } else if BreakOpportunities.isBreakableSpace(last) {
                                        add(i, false)
                                    } else if !isAlnum(last) && !keepsBeforeLetter(last) {
                                        return false  // a letter after other ASCII punctuation: ICU's pair, which may differ
                                    }
                                case .letter, .letterPictograph:
                                    break
                                case .pictograph, .emojiBase, .modifier, .regional:
                                    add(i, false)
                                case .joiner:
                                    return false
                                }
                            }
                            left = .letter; regionals = 0; afterEmoji = false
                            lastLast = last; last = ch; i += 1
                            // The letters of its script after it (the rest of its word): never a break between them.
                            var f = faces, j = i
                            if bmp.isEmpty { f |= 1 }
                            while j < n {
                                let c = u[j]
                                guard c >= 0x80, letterScript(c) == s else { break }
                                if !bmp.isEmpty { f |= bmp[Int(c)] }
                                j += 1
                            }
                            if j > i { faces = f; lastLast = u[j - 2]; last = u[j - 1]; i = j }
                            continue
                        }
                        // An emoji, or a variation selector or joiner after one.
                        guard emojiAllowed else { return false }
                        emoji = true
                        var length = 1
                        let cls: ScanClass
                        if ch == 0xFE0F {
                            guard afterEmoji else { return false }
                            continuations.append(Int32(truncatingIfNeeded: i))
                            if left == .emojiBase { left = .pictograph }  // (a modifier after the selector declines)
                            afterEmoji = false
                            lastLast = last; last = ch; i += 1
                            continue
                        } else if ch == 0x200D {
                            guard left == .pictograph || left == .emojiBase || left == .modifier || left == .letterPictograph
                            else { return false }
                            continuations.append(Int32(truncatingIfNeeded: i))
                            left = .joiner; afterEmoji = false
                            lastLast = last; last = ch; i += 1
                            continue
                        } else if ch >= 0xD800 && ch <= 0xDBFF {
                            guard i + 1 < n, u[i + 1] >= 0xDC00 && u[i + 1] <= 0xDFFF,
                                  let c = emojiClass(0x10000 + (UInt32(ch - 0xD800) << 10) + UInt32(u[i + 1] - 0xDC00), table: classes)
                            else { return false }
                            cls = c
                            length = 2
                        } else {
                            guard let c = emojiClass(UInt32(ch), table: classes) else { return false }
                            cls = c
                        }
                        // Whether the emoji continues the cluster before it; else the break before it.
                        var continues = false
                        switch cls {
                        case .modifier:
                            // EB × EM (LB30b), and Extend (GB9).
                            guard left == .emojiBase && afterEmoji else { return false }
                            continues = true
                        case .regional:
                            if left == .regional && regionals & 1 == 1 {
                                continues = true  // the second of a pair: a flag (LB30a, GB12, GB13)
                            } else if i > 0 {
                                switch left {
                                case .ascii:
                                    if preserveNewlines && last == 0x0A {
                                        add(i, true)
                                    } else if BreakOpportunities.isBreakableSpace(last) || pairs[Int(last)] & keepBeforeRegional == 0 {
                                        add(i, false)
                                    }
                                case .joiner:
                                    return false
                                default:
                                    add(i, false)
                                }
                            }
                        default:  // .pictograph, .emojiBase, .letterPictograph
                            if left == .joiner {
                                continues = true  // after a joiner (LB8a, GB11)
                            } else if i > 0 {
                                switch left {
                                case .ascii:
                                    if preserveNewlines && last == 0x0A {
                                        add(i, true)
                                    } else if BreakOpportunities.isBreakableSpace(last) {
                                        add(i, false)
                                    } else if cls == .letterPictograph {
                                        guard isAlnum(last) else { return false }  // as a letter's
                                    } else if pairs[Int(last)] & keepBeforePictograph == 0 {
                                        add(i, false)
                                    }
                                case .letter, .letterPictograph:
                                    if cls != .letterPictograph { add(i, false) }  // AL × AL (LB28), AL ÷ ID
                                default:
                                    add(i, false)
                                }
                            }
                        }
                        if continues { continuations.append(Int32(truncatingIfNeeded: i)) }
                        if length == 2 { continuations.append(Int32(truncatingIfNeeded: i + 1)) }
                        regionals = cls == .regional ? regionals + 1 : 0
                        afterEmoji = cls != .regional && cls != .modifier
                        left = cls
                        lastLast = length == 2 ? ch : last; last = u[i + length - 1]
                        i += length
                    }
                    // (A joiner ends no text the scan takes.)
                    return left != .joiner
                } } }
            } }
        }
        guard scanned else { return nil }
        // Vertical tab and form feed always decline; with emoji, any control but tab and line feed.
        if controls & (1 << 0x0B | 1 << 0x0C) != 0 || (emoji && controls & ~(1 << 0x09 | 1 << 0x0A) != 0) { return nil }
        breaks.positions.append(Int32(n))
        breaks.mandatory.append(true)
        return (faces == 0 && !emoji, script == 0 ? latin : script, mixed)
    }
}
