// Pipeline stage: Analysis, the scripts of plain text whose letters are of several scripts.
// In: processed text the one-pass scan took (ASCII, Latin, Greek and Cyrillic letters, emoji).
// Out: its script runs: where each starts and its script, as `ScriptRuns` resolves every unit.

/// The script runs of text the one-pass scan (`PlainTextScan`) takes whose
/// letters are of several scripts (Russian with Latin hashtags and names,
/// Greek with English words): each unit's script as `ScriptRuns` resolves
/// it, kept as runs rather than per unit.
///
/// In such text only letters have a script of their own (ASCII letters and
/// those of `PlainTextScan.letterScript`); every other unit the scan takes
/// (digits, punctuation, spaces, controls, emoji with their joiners,
/// selectors, modifiers and regional indicators) is Common or Inherited and
/// takes the script before it, but a closing bracket, which takes the script
/// its opening bracket took (the ASCII pairs `()`, `[]`, `{}`, the last 64
/// open brackets remembered); units before the first letter take the first
/// letter's script. That is `tsu_script_runs`' resolution restricted to
/// these units, in one pass without a table lookup per unit;
/// `PlainScriptRunsTests` compares the two on random texts and the corpora.
enum PlainScriptRuns {
    /// One run: its first unit and the script of every unit up to the next
    /// run's start (or the text's end).
    struct Run: Equatable {
        var start: Int32
        var script: Int32
    }

    /// The open brackets remembered, as `tsu_script_runs` remembers them.
    static let depthLimit = 64

    /// Writes the runs of `units` into `runs` (its contents replaced): in
    /// order, the first starting at 0, no two neighbours of one script.
    static func resolve(_ units: [UInt16], into runs: inout [Run]) {
        runs.removeAll(keepingCapacity: true)
        let n = units.count
        guard n > 0 else { return }
        let firstReal = withUnsafeTemporaryAllocation(of: UInt16.self, capacity: depthLimit + 1) { closers in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: depthLimit + 1) { openScripts in
                units.withUnsafeBufferPointer { u in
                    resolve(u, closers: closers, openScripts: openScripts, into: &runs)
                }
            }
        }
        // Units before the first letter (and brackets opened there) take its script; neighbours of one script merge.
        let lead = firstReal >= 0 ? firstReal : PlainTextScan.latin
        var kept = 0
        for k in 0..<runs.count {
            var run = runs[k]
            if run.script < 0 { run.script = lead }
            if kept > 0 && runs[kept - 1].script == run.script { continue }
            runs[kept] = run
            kept += 1
        }
        runs.removeLast(runs.count - kept)
    }

    /// The pass: the runs with -1 for the script of units before the first
    /// letter, and the first letter's script returned (-1: none). (Its
    /// state in locals, so that the loop keeps it in registers.)
    private static func resolve(_ u: UnsafeBufferPointer<UInt16>, closers: UnsafeMutableBufferPointer<UInt16>,
                                openScripts: UnsafeMutableBufferPointer<Int32>, into runs: inout [Run]) -> Int32 {
        let n = u.count
        // The script of the units since the last letter (-1 before the first), and the first letter's.
        var current: Int32 = -1, firstReal: Int32 = -1
        // The previous unit's resolved script (-2: none yet).
        var previous: Int32 = -2
        // Open brackets: the bracket that closes each and the script before it.
        var depth = 0
        var i = 0
        let kinds = asciiKinds
        while i < n {
            if previous == current {
                // The units that resolve to the script before them and change nothing: ASCII but letters
                // and brackets, and the letters of that script (ASCII, Cyrillic), passed over in a tight loop.
                while i < n {
                    let c = u[i]
                    if c < 0x80 {
                        let kind = kinds[Int(c)]
                        guard kind == 0 || (kind == 1 && current == PlainTextScan.latin) else { break }
                    } else {
                        guard current == PlainTextScan.cyrillic && c &- 0x400 < 0x100 && (c < 0x482 || c > 0x489) else { break }
                    }
                    i += 1
                }
                if i == n { break }
            }
            let c = u[i]
            var s = current
            if c < 0x80 {
                if c | 0x20 >= 0x61 && c | 0x20 <= 0x7A {
                    s = PlainTextScan.latin
                    current = s
                    if firstReal < 0 { firstReal = s }
                } else if c == 0x28 || c == 0x5B || c == 0x7B {
                    closers[depth] = c == 0x28 ? 0x29 : c + 2  // ( ) [ ] { }
                    openScripts[depth] = current
                    depth += 1
                    if depth > depthLimit {
                        // The oldest forgotten.
                        for k in 0..<depthLimit {
                            closers[k] = closers[k + 1]; openScripts[k] = openScripts[k + 1]
                        }
                        depth = depthLimit
                    }
                } else if c == 0x29 || c == 0x5D || c == 0x7D {
                    var k = depth - 1
                    while k >= 0 {
                        if closers[k] == c { s = openScripts[k]; depth = k; break }
                        k -= 1
                    }
                }
            } else if c &- 0x400 < 0x100 {
                // (Cyrillic first: the mixed text most feeds have.)
                if c < 0x482 || c > 0x489 {
                    s = PlainTextScan.cyrillic
                    current = s
                    if firstReal < 0 { firstReal = s }
                }
            } else {
                let letter = PlainTextScan.letterScript(c)
                if letter != 0 {
                    s = letter
                    current = s
                    if firstReal < 0 { firstReal = s }
                }
            }
            if s != previous {
                runs.append(Run(start: Int32(truncatingIfNeeded: i), script: s))
                previous = s
            }
            i += 1
        }
        return firstReal
    }

    /// Per ASCII character: 0 for a Common one that is no bracket, 1 for a
    /// letter, 2 for a bracket.
    private static let asciiKinds: [UInt8] = (0..<128).map { (c: Int) -> UInt8 in
        c | 0x20 >= 0x61 && c | 0x20 <= 0x7A ? 1 : [0x28, 0x29, 0x5B, 0x5D, 0x7B, 0x7D].contains(c) ? 2 : 0
    }

    /// The runs as one script per unit (`ScriptRuns`' form), written into
    /// `scripts` (its contents replaced).
    static func expand(_ runs: [Run], count n: Int, into scripts: inout [Int32]) {
        scripts.removeAll(keepingCapacity: true)
        scripts.reserveCapacity(n)
        for (k, run) in runs.enumerated() {
            let end = k + 1 < runs.count ? Int(runs[k + 1].start) : n
            scripts.append(contentsOf: repeatElement(run.script, count: end - Int(run.start)))
        }
    }
}
