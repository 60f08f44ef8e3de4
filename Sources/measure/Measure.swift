import ArgumentParser
import Typeset

/// `measure`: Typeset's command-line tool.
@main
struct Measure: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Measure text exactly as a browser would lay it out, with HarfBuzz, ICU and your fonts.",
        discussion: """
        Examples:
          measure text "Hello world" --font "Noto Sans" --size 15 --width 320
          measure text - --width 200 --json < post.txt
          measure batch requests.jsonl > results.jsonl
          measure fonts --resolve "Hi مرحبا 你好 👋"
          measure render "Hello world" --width 60 --out hello.svg

        Exit status: 0 success, 1 some inputs failed, 2 usage error.
        """,
        version: TypesetVersion.string,
        subcommands: [TextCommand.self, BatchCommand.self, FontsCommand.self, EntitiesCommand.self, CellCommand.self, RenderCommand.self])
}

/// Exit codes shared by the subcommands.
enum ExitStatus {
    /// Some inputs failed (bad lines in a batch, an unmeasurable text).
    static let someFailed = ExitCode(1)
}
