import ArgumentParser
import Foundation
import TypesetBatch
import Typeset
import TypesetEntities
import TypesetCells

/// `measure entities`: hashtags, mentions, cashtags and URLs of JSON Lines texts.
struct EntitiesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "entities",
        abstract: "Find hashtags, mentions, cashtags and URLs in JSON Lines texts; one result line per input line, in order.",
        discussion: """
        Each input line is an object {"id": …, "text": "…"}; the id is optional
        and echoed back as given. Each output line holds the entities of one
        input, every list present even when empty. For
        {"id": 1, "text": "Hello #swift @jack/team https://swift.org"}:
          {"id": 1, "hashtags": [{"text": "swift", "start": 6, "end": 12}],
           "mentions": [{"text": "jack", "start": 13, "end": 23,
                         "list_slug": "/team"}],
           "cashtags": [],
           "urls": [{"text": "https://swift.org", "start": 24, "end": 41}]}

        "text" leaves out the sigil (# @ $); "list_slug" appears only on list
        mentions. start and end run from the sigil to just after the entity, in
        Unicode scalars (Python's str indices), or in UTF-16 code units
        (JavaScript's) with --offsets utf16. The rules are twitter-text's.

        A bad line (invalid JSON or UTF-8, a missing or non-string "text") gets
        {"id": …, "error": {"line": N, "message": "…"}} in its place; the exit
        status is 1 if any failed.

        Examples:
          measure entities examples/posts.jsonl > entities.jsonl
          echo '{"id": 1, "text": "Hi @jack, #swift $AAPL"}' | measure entities
          cat posts.jsonl | measure entities --offsets utf16 --jobs 2 -
        """)

    @Argument(help: "A JSON Lines file, or - for standard input.") var input: String = "-"
    @OptionGroup var jobs: JobsOption
    @Option(help: "Entity offsets: Unicode scalars or UTF-16 code units.") var offsets: OffsetUnit = .scalars
    @Flag(inversion: .prefixedNo, help: "Show a progress line on stderr (default: when stderr is a terminal).")
    var progress: Bool?
    @Flag(help: "No summary line on stderr at the end (nor warnings, with batch); errors are still reported.")
    var quiet = false
    @OptionGroup var lineLimit: LineLimitOption

    func run() throws {
        let handle = try openInput(input)
        let lines = EntityLines(utf16Offsets: offsets == .utf16)
        let reporter = ProgressReporter.forRun(progress: progress, quiet: quiet, input: input)
        let processor = lineLimit.processor(jobs: jobs.count, progress: reporter)
        let result = try processor.run(input: handle, output: .standardOutput, prepare: { line, _ in lines.decode(line) }, respond: lines.respond)
        if result.failed > 0 { throw ExitStatus.someFailed }
    }
}
