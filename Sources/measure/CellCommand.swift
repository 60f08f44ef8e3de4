import ArgumentParser
import Foundation
import TypesetBatch
import Typeset
import TypesetEntities
import TypesetCells

/// `measure cell`: cell layouts of JSON Lines models in a JSON template.
struct CellCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cell",
        abstract: "Lay out a cell template for JSON Lines models: height, frames and texts per model, in order.",
        discussion: """
        The template is a JSON cell description (examples/templates/*.json).
        Each input line is a model: "id" (integer or string) and "version"
        aside, string fields are texts and number fields numbers, e.g.
          {"id": 1, "name": "Ada", "handle": "@ada", "body": "Hi #swift"}
        Each output line is
          {"id": 1, "height": 124, "frames": {"avatar": [12, 12, 48, 48]},
           "texts": {"body": {"lines": 1, "truncated": false}}}
        with [x, y, width, height] in px, on the --scale pixel grid, for the
        elements shown. A bad line gets
          {"id": …, "error": {"line": N, "message": "…"}}
        in its place; the exit status is 1 if any failed.

        Examples:
          measure cell --template examples/templates/feed-post.json \\
              --width 390 --scale 3 examples/templates/feed-post.jsonl
          cat models.jsonl | measure cell --template chat-bubble.json -
        """)

    @Option(help: ArgumentHelp("The cell template, a JSON file.", valueName: "TEMPLATE.json")) var template: String
    @Option(parsing: .unconditional, help: "Cell width in px.") var width: Double = 375
    @Option(parsing: .unconditional, help: """
        Device pixel ratio (device pixels per px): the cell is laid out in device pixels as Chromium does \
        on such a screen, frames aligned to its grid.
        """) var scale: Double = 1
    @Argument(help: ArgumentHelp("A JSON Lines file of models, or - for standard input.", valueName: "MODELS.jsonl|-"))
    var input: String = "-"
    @OptionGroup var jobs: JobsOption
    @Flag(inversion: .prefixedNo, help: "Show a progress line on stderr (default: when stderr is a terminal).")
    var progress: Bool?
    @Flag(help: "No summary line on stderr at the end (nor warnings, with batch); errors are still reported.")
    var quiet = false
    @OptionGroup var lineLimit: LineLimitOption
    @OptionGroup var fonts: FontOptions

    func validate() throws {
        guard width.isFinite, width >= 0 else { throw ValidationError("--width must be a finite number of px, not negative") }
        guard PixelGrid.scales.contains(scale) else {
            let range = PixelGrid.scales
            throw ValidationError("--scale must be a number from \(range.lowerBound) to \(range.upperBound)")
        }
    }

    func run() throws {
        let data = try readFile(template, what: "the template")
        let cellTemplate: CellTemplate
        do { cellTemplate = try CellTemplate(json: data) } catch {
            throw CommandFailure("the template \(absolutePath(template)): \(error)")
        }
        let handle = try openInput(input)
        let typesetter = Typesetter(fonts: try fonts.collection())
        keepUntilExit(typesetter)
        let engine = CellLayoutEngine(typesetter: typesetter)
        let reporter = ProgressReporter.forRun(progress: progress, quiet: quiet, input: input)
        let processor = lineLimit.processor(jobs: jobs.count, progress: reporter)
        let lines = CellLines(engine: engine, template: cellTemplate, width: width, scale: scale)
        let result = try processor.run(input: handle, output: .standardOutput, prepare: { line, _ in lines.decode(line) }, respond: lines.respond)
        if result.failed > 0 { throw ExitStatus.someFailed }
    }
}
