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
        // (One pass in C over ICU's scripts and bracket types, from a table of the BMP.)
        units.withUnsafeBufferPointer { u in
            scripts.withUnsafeMutableBufferPointer { tsu_script_runs(u.baseAddress, Int32(n), $0.baseAddress) }
        }
    }
}
