/// The common `measure batch` command lines, read without ArgumentParser:
/// parsing a command line through it takes some 20 million instructions
/// (its reflection over every option of every subcommand), a few ms of a
/// run that otherwise starts answering in about 15.
///
/// Read here: `batch` followed, in any order and each at most once, by an
/// input path (or `-`), `--jobs N` (a whole number from 1), `--offsets
/// scalars|utf16`, `--no-lines`, `--strict`, `--quiet`, `--progress` or
/// `--no-progress`. Anything else (another subcommand or option, `--help`,
/// a `--jobs=N`, a path starting with `-`, a bad value) is nil, and
/// ArgumentParser reads the line as before, with its messages.
enum BatchCommandLine {
    /// The run the arguments (without the executable's name) ask for, or nil.
    static func run(_ arguments: [String]) -> BatchRun? {
        guard arguments.first == "batch" else { return nil }
        var run = BatchRun()
        var seen = Set<String>()
        var k = 1
        while k < arguments.count {
            let argument = arguments[k]
            k += 1
            let name = argument.hasPrefix("-") && argument != "-" ? argument : "input"
            guard seen.insert(name == "--no-progress" ? "--progress" : name).inserted else { return nil }
            switch name {
            case "input": run.input = argument
            case "--no-lines": run.includesLines = false
            case "--strict": run.strict = true
            case "--quiet": run.quiet = true
            case "--progress": run.progress = true
            case "--no-progress": run.progress = false
            case "--jobs", "--offsets":
                guard k < arguments.count else { return nil }
                let value = arguments[k]
                k += 1
                if name == "--offsets" {
                    guard let unit = OffsetUnit(rawValue: value) else { return nil }
                    run.utf16Offsets = unit == .utf16
                } else {
                    guard (1...6).contains(value.utf8.count), value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                          let jobs = Int(value), jobs >= 1 else { return nil }
                    run.jobs = jobs
                }
            default: return nil
            }
        }
        return run
    }
}
