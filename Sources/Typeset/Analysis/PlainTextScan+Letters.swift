// Pipeline stage: Analysis, the one-pass path for plain text past ASCII.
// In: processed text holding letters of Latin-1, Latin Extended-A and -B, Greek or Cyrillic.
// Out: what `PlainTextScan` finds for ASCII text, and the script the text resolves to; nil when the
// text needs the stage-by-stage analysis.

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
        switch u {
        case 0x00C0...0x024F: return u == 0xD7 || u == 0xF7 ? 0 : latin
        case 0x0386, 0x0388...0x038A, 0x038C, 0x038E...0x03A1, 0x03A3...0x03E1, 0x03F0...0x03FF: return greek
        case 0x0400...0x0481, 0x048A...0x04FF: return cyrillic
        default: return 0
        }
    }

    /// The scan of text with letters past ASCII (`letterScript`): what the
    /// stages give such text is as fixed as for ASCII, as long as
    ///
    /// - its letters are of one script (ASCII letters are Latin): every unit
    ///   then resolves to it (`ScriptRuns`: digits, punctuation and brackets
    ///   take their neighbours' script);
    /// - every unit starts a grapheme and every level is 0 (no mark, no
    ///   right-to-left character; a carriage return declines);
    /// - breaks between two ASCII characters follow the ASCII pairs (with the
    ///   real character before them, as `BreakOpportunities` asks); after a
    ///   letter past ASCII, and between it and an ASCII letter or digit,
    ///   ICU's pair rules never break (AL before anything printable in ASCII,
    ///   and AL or NU before AL: LB13, 19, 21, 23, 24, 28, 30); a letter after
    ///   other ASCII punctuation, where ICU and Chromium's ASCII table can
    ///   differ, declines, and so do vertical tab and form feed, which ICU
    ///   may make forced breaks once the text holds a unit past ASCII.
    ///
    /// `OnePassEquivalenceTests` holds every corpus to the stages' answers.
    static func scanLetters(_ units: [UInt16], preserveNewlines: Bool, asciiFaces: [UInt8]?, stack: ResolvedStack?,
                            into breaks: inout (positions: [Int32], mandatory: [Bool])) -> (isOneItem: Bool, script: Int32)? {
        let n = units.count
        breaks.positions.removeAll(keepingCapacity: true)
        breaks.mandatory.removeAll(keepingCapacity: true)
        var faces: UInt8 = asciiFaces == nil || stack == nil ? 1 : 0
        let table = asciiFaces ?? noTable, bmp = stack?.bmpFaces.index ?? []
        let breakAfter = ASCIIBreakTable.mayBreakAfter
        var script: Int32 = 0
        let scanned = units.withUnsafeBufferPointer { u -> Bool in
            breakAfter.withUnsafeBufferPointer { breakAfter in table.withUnsafeBufferPointer { table in
                bmp.withUnsafeBufferPointer { bmp -> Bool in
                    /// The unit's script and face noted; false when the scan declines it.
                    @inline(__always) func take(_ c: UInt16) -> Bool {
                        let s: Int32
                        if c < 0x80 {
                            guard c != 0x0D && c != 0x0B && c != 0x0C else { return false }
                            faces |= table[Int(c)]
                            s = c | 0x20 >= 0x61 && c | 0x20 <= 0x7A ? latin : 0
                        } else {
                            s = letterScript(c)
                            guard s != 0 else { return false }
                            faces |= bmp.isEmpty ? 1 : bmp[Int(c)]
                        }
                        if s != 0 {
                            if script == 0 { script = s } else if script != s { return false }
                        }
                        return true
                    }
                    @inline(__always) func isAlnum(_ c: UInt16) -> Bool {
                        (c >= 0x30 && c <= 0x39) || (c | 0x20 >= 0x61 && c | 0x20 <= 0x7A)
                    }
                    var last = u[0], lastLast: UInt16 = 0
                    guard take(last) else { return false }
                    for i in 1..<n {
                        let ch = u[i]
                        guard take(ch) else { return false }
                        defer { lastLast = last; last = ch }
                        if preserveNewlines && last == 0x0A {
                            breaks.positions.append(Int32(i)); breaks.mandatory.append(true); continue
                        }
                        if BreakOpportunities.isBreakableSpace(ch) { continue }
                        if BreakOpportunities.isBreakableSpace(last) {
                            breaks.positions.append(Int32(i)); breaks.mandatory.append(false); continue
                        }
                        if last < 0x80 && ch < 0x80 {
                            if breakAfter[Int(last)] && BreakOpportunities.shouldBreakAfter(lastLast, last, ch) {
                                breaks.positions.append(Int32(i)); breaks.mandatory.append(false)
                            }
                        } else if ch >= 0x80 && last < 0x80 && !isAlnum(last) {
                            return false  // a letter after ASCII punctuation: ICU's pair, which may differ
                        }
                    }
                    return true
                }
            } }
        }
        guard scanned else { return nil }
        breaks.positions.append(Int32(n))
        breaks.mandatory.append(true)
        return (faces == 0, script == 0 ? latin : script)
    }
}
