import CUnicode

/// The script of every UTF-16 unit, with Common and Inherited characters
/// resolved to their neighbours' script (UAX #24 style): marks and joiners take
/// the preceding script, punctuation and digits the surrounding one, and
/// paired brackets the script of their opening bracket.
enum ScriptRuns {
    /// One script code (ICU UScriptCode) per UTF-16 unit, written into
    /// `scripts` (its contents replaced, so that a caller keeping it between
    /// texts allocates nothing).
    static func resolve(_ units: [UInt16], into scripts: inout [Int32]) {
        let n = units.count
        // ASCII: letters are Latin and everything else takes its neighbours' script.
        if !units.contains(where: { $0 >= 0x80 }) { scripts.refill(25, count: n); return }
        scripts.refill(0, count: n)
        let common = tsu_script_common(), inherited = tsu_script_inherited()
        var current: Int32 = -1
        var firstReal: Int32 = -1
        var bracketStack: [(pair: UInt32, script: Int32)] = []
        var i = 0
        while i < n {
            let (cp, len) = UnicodeProps.scalar(units, at: i)
            var s: Int32, bracket: Int32
            if cp < 0x80 {
                s = (cp | 0x20 >= 0x61 && cp | 0x20 <= 0x7A) ? 25 /* Latin */ : common
                bracket = cp == 0x28 || cp == 0x29 || cp == 0x5B || cp == 0x5D || cp == 0x7B || cp == 0x7D ? 1 : 0
            } else {
                let v = tsu_script_and_bracket(cp)
                s = v & 0xFFFF == 0xFFFF ? -1 : v & 0xFFFF
                bracket = v >> 16
            }
            if s == common || s == inherited || s < 0 {
                var pair: UInt32 = 0
                let bt = bracket == 0 ? 0 : tsu_bracket_type(cp, &pair)
                if bt == 1 {
                    bracketStack.append((pair, current))
                    if bracketStack.count > 64 { bracketStack.removeFirst() }
                    s = current
                } else if bt == 2, let k = bracketStack.lastIndex(where: { $0.pair == cp }) {
                    s = bracketStack[k].script
                    bracketStack.removeSubrange(k...)
                } else {
                    s = current
                }
            } else {
                current = s
                if firstReal < 0 { firstReal = s }
            }
            scripts[i] = s
            if len == 2 { scripts[i + 1] = s }
            i += len
        }
        // Leading Common characters take the first real script.
        let lead = firstReal >= 0 ? firstReal : 25
        for k in 0..<n where scripts[k] < 0 { scripts[k] = lead }
    }
}
