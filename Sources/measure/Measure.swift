import ArgumentParser
import Foundation
import Typeset
import TypesetEntities
import TypesetCells

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
          measure batch examples/requests.jsonl > results.jsonl
          measure entities examples/posts.jsonl > entities.jsonl
          measure cell --template examples/templates/feed-post.json \\
              examples/templates/feed-post.jsonl
          measure fonts --resolve "Hi مرحبا 你好 👋"
          measure render "Hello world" --width 60 --out hello.svg

        Exit status: 0 success, 1 some inputs failed, 2 usage error.
        """,
        version: TypesetVersion.string,
        subcommands: [TextCommand.self, BatchCommand.self, FontsCommand.self, EntitiesCommand.self, CellCommand.self, RenderCommand.self])

    /// ArgumentParser's `main()`, except that every message starts
    /// `measure: `, a usage error (a bad or missing argument, or a
    /// `ValidationError`, which ArgumentParser ends with EX_USAGE, 64) exits
    /// with 2 as documented, and any other failure (a missing file or fonts
    /// directory, a text that cannot be measured) with 1, without the usage.
    static func main() {
        // An unknown first word (`measure txt hi`, `measure X --help`): ArgumentParser
        // would call the words unexpected arguments, or print the root help.
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let first = arguments.first, !first.hasPrefix("-"), first != "help" {
            let names = configuration.subcommands.compactMap { $0.configuration.commandName }
            if !names.contains(first) {
                let hint = SubcommandSuggestion.closest(to: first, among: names).map { "did you mean '\($0)'?" }
                    ?? "subcommands: \(names.joined(separator: ", "))"
                FileHandle.standardError.write(Data("measure: unknown subcommand '\(first)' (\(hint))\n".utf8))
                exit(withError: ExitStatus.usage)
            }
        }
        // What the run queued for stderr (warnings, the summary) goes out before the exit,
        // unless stderr is a pipe nobody reads (then the exit waits about a second, not for ever).
        defer { DiagnosticWriter.standardError.drain() }
        do {
            // A plain `measure batch` line starts measuring without ArgumentParser's parse.
            if let run = BatchCommandLine.run(arguments) { return try run.run() }
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as CommandFailure {
            DiagnosticWriter.standardError.write("measure: \(failure)\n", essential: true)
            DiagnosticWriter.standardError.drain()
            exit(withError: ExitStatus.someFailed)
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((prefixed(fullMessage(for: error)) + "\n").utf8))
                exit(withError: ExitStatus.usage)
            }
            // Help, --version and our own exit statuses (the message is out already).
            if code == .success || error is ExitCode {
                DiagnosticWriter.standardError.drain()
                exit(withError: error)
            }
            DiagnosticWriter.standardError.write("measure: \(message(for: error))\n", essential: true)
            DiagnosticWriter.standardError.drain()
            exit(withError: ExitStatus.someFailed)
        }
    }

    /// ArgumentParser's message with `measure: ` in place of its `Error: `.
    static func prefixed(_ message: String) -> String {
        message.hasPrefix("Error: ") ? "measure: " + message.dropFirst("Error: ".count) : "measure: " + message
    }
}

/// Exit codes shared by the subcommands.
enum ExitStatus {
    /// Some inputs failed (bad lines in a batch, an unmeasurable text).
    static let someFailed = ExitCode(1)
    /// A bad command line.
    static let usage = ExitCode(2)
}
