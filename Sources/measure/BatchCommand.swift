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
          {"id": 1, "text": "Hello", "font_family": ["Noto Sans"], "width": 320}
        (docs/Protocol.md lists every field; examples/requests.jsonl uses most).
        "runs" styles ranges as spans:
          {"text": "Hello world", "runs": [{"start": 0, "end": 5, "font_size": 20}]}
        (offsets in scalars, or UTF-16 units with --offsets utf16). A bad line gets
          {"id": …, "error": {"line": N, "message": "…"}}
        in its place; the exit status is 1 if any failed.
        A field the protocol does not define (a misspelt "widht") is ignored with a
        warning on stderr, once per field name; --strict makes it an error for its
        line. A font_family entry without a font is skipped, as CSS skips it, with
        a warning (--strict too); a stack with no font at all is an error line. At
        the end a summary line goes to stderr (--quiet: none, and no warnings).
        "font_file" is an error line unless --font-files DIR allows the font files
        inside DIR.

        Examples:
          measure batch examples/requests.jsonl > results.jsonl
          cat requests.jsonl | measure batch --jobs 2 --offsets utf16 -
        """)

    @Argument(help: "A JSON Lines file, or - for standard input.") var input: String = "-"
    @OptionGroup var jobs: JobsOption
    @Option(help: "Line offsets: Unicode scalars or UTF-16 code units.") var offsets: OffsetUnit = .scalars
    @Flag(name: .customLong("no-lines"), help: "Leave out each result's lines (faster).") var noLines = false
    @Flag(help: "A request with a field the protocol does not define is an error line (default: measured without it, with a warning).")
    var strict = false
    @Flag(inversion: .prefixedNo, help: "Show a progress line on stderr (default: when stderr is a terminal).")
    var progress: Bool?
    @Flag(help: "No summary line on stderr at the end (nor warnings, with batch); errors are still reported.")
    var quiet = false
    @Option(name: .customLong("font-files"), help: ArgumentHelp(
        "Allow \"font_file\" in requests, for font files inside DIR only (default: font_file is an error line).",
        valueName: "DIR"))
    var fontFilesDirectory: String?
    @OptionGroup var lineLimit: LineLimitOption
    @OptionGroup var fonts: FontOptions

    func run() throws {
        try BatchRun(input: input, jobs: jobs.count, utf16Offsets: offsets == .utf16, includesLines: !noLines,
                     strict: strict, progress: progress, quiet: quiet, fontFilesDirectory: fontFilesDirectory,
                     maxLineBytes: lineLimit.maxLineBytes, maxUnwrittenBytes: lineLimit.maxUnwrittenBytes,
                     reportsPeakUnwritten: lineLimit.reportPeakUnwritten,
                     fontsDirectory: fonts.fontsDirectory, systemFonts: fonts.systemFonts,
                     fontFaces: fonts.fontFaces).run()
    }
}
