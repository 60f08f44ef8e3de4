import ArgumentParser
import Foundation
import TypesetBatch
import Typeset
import TypesetEntities
import TypesetCells

/// `measure batch`: the JSON Lines protocol.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Measure JSON Lines requests; one result line per input line, in order.",
        discussion: """
        Each input line is an object such as
          {"id": 1, "text": "Hello", "font_family": ["Noto Sans"], "font_size": 15, "width": 320}
        (see the README's "The batch protocol" for every field). "runs" styles ranges as spans:
          {"text": "Hello world", "runs": [{"start": 0, "end": 5, "font_weight": 700, "font_size": 20}]}
        (offsets in scalars, or UTF-16 units with --offsets utf16). A bad line gets
        {"id": …, "error": {"line": N, "message": "…"}} in its place; the exit status is 1 if any failed.

        Examples:
          measure batch requests.jsonl > results.jsonl
          cat requests.jsonl | measure batch --jobs 2 --offsets utf16 -
        """)

    @Argument(help: "A JSON Lines file, or - for standard input.") var input: String = "-"
    @Option(help: "Worker threads (default: all cores).") var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    @Option(help: "Line offsets: Unicode scalars or UTF-16 code units.") var offsets: OffsetUnit = .scalars
    @Flag(name: .customLong("no-lines"), help: "Leave out each result's lines (faster).") var noLines = false
    @Flag(inversion: .prefixedNo, help: "Show a progress line on stderr (default: when stderr is a terminal).")
    var progress: Bool?
    @OptionGroup var lineLimit: LineLimitOption
    @OptionGroup var fonts: FontOptions

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
    }

    func run() throws {
        let handle = try openInput(input)
        let typesetter = Typesetter(fonts: try fonts.collection())
        keepUntilExit(typesetter)
        let lines = BatchLines(typesetter: typesetter, utf16Offsets: offsets == .utf16, includesLines: !noLines)
        let live = progress ?? (isatty(2) != 0)
        let reporter = ProgressReporter(live: live, totalBytes: live ? ProgressReporter.size(of: input) : nil)
        let processor = JSONLinesProcessor(jobs: jobs, progress: reporter, maxLineBytes: lineLimit.maxLineBytes)
        let result = processor.run(input: handle, output: .standardOutput, prepare: lines.decode, respond: lines.respond)
        if result.failed > 0 { throw ExitStatus.someFailed }
    }
}

/// Opens a file argument or standard input for `-`.
func openInput(_ path: String) throws -> FileHandle {
    if path == "-" { return .standardInput }
    guard let h = FileHandle(forReadingAtPath: path) else { throw ValidationError("cannot open \(path)") }
    return h
}
