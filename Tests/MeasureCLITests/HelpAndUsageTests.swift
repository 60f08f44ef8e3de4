import Foundation
import Typeset
import TypesetTestSupport
import XCTest

/// `--version`, `--help`, and what a usage error does.
final class HelpAndUsageTests: XCTestCase {
    static let subcommands = ["text", "batch", "fonts", "render"]

    func testVersion() throws {
        let r = try CLI.run(["--version"])
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(r.stdout, TypesetVersion.string + "\n")
    }

    func testHelpListsSubcommandsAndExamples() throws {
        let r = try CLI.run(["--help"])
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertTrue(r.stdout.contains("Examples:"), r.summary)
        XCTAssertTrue(r.stdout.contains("Exit status"), r.summary)
        for sub in Self.subcommands {
            XCTAssertTrue(r.lines.contains { $0.hasPrefix("  \(sub) ") }, "--help lists \(sub): \(r.summary)")
        }
    }

    func testEachSubcommandsHelpHasExamples() throws {
        for sub in Self.subcommands + Self.optionalSubcommands() {
            for args in [[sub, "--help"], ["help", sub]] {
                let r = try CLI.run(args)
                XCTAssertEqual(r.status, 0, "\(args): \(r.summary)")
                XCTAssertTrue(r.stdout.contains("Examples:"), "\(args): \(r.summary)")
                XCTAssertTrue(r.stdout.contains("measure \(sub) "), "\(args) shows a \(sub) command line: \(r.summary)")
                XCTAssertTrue(r.stdout.contains("USAGE: measure \(sub)"), "\(args): \(r.summary)")
            }
        }
        let render = try CLI.run(["render", "--help"])
        for option in ["--out <PATH>", "--entities", "--zoom", "--width", "--font", "--max-lines", "--fonts-dir"] {
            XCTAssertTrue(render.stdout.contains(option), "render --help mentions \(option)")
        }
        let text = try CLI.run(["text", "--help"])
        for option in ["--json", "--width", "--font-file", "--line-height", "--system-fonts"] {
            XCTAssertTrue(text.stdout.contains(option), "text --help mentions \(option)")
        }
    }

    /// Examples paste as they are shown: at 80 columns (the width help has
    /// when it is not written to a terminal) no line of a command's
    /// description and examples is wrapped, a JSON snippet in an option's
    /// help is never broken, and every example is a whole shell command.
    func testHelpExamplesAreNeverWrapped() throws {
        func help(_ args: [String], columns: Int) throws -> CLIResult {
            var environment = ProcessInfo.processInfo.environment
            environment["COLUMNS"] = String(columns)
            return try CLI.run(args + ["--help"], environment: environment)
        }
        /// The description and examples: after the overview, before USAGE.
        func description(_ help: String) -> [String] {
            let lines = help.components(separatedBy: "\n")
            guard let start = lines.firstIndex(of: ""), let end = lines.firstIndex(where: { $0.hasPrefix("USAGE:") }) else { return [] }
            return Array(lines[start..<end])
        }
        for args in [[]] + (Self.subcommands + Self.optionalSubcommands()).map({ [$0] }) {
            let narrow = try help(args, columns: 80), wide = try help(args, columns: 1000)
            XCTAssertEqual(narrow.status, 0, narrow.summary)
            XCTAssertEqual(description(narrow.stdout), description(wide.stdout), "\(args): wrapped at 80 columns")
            XCTAssertGreaterThan(description(narrow.stdout).count, 3, "\(args)")
            // JSON in option help: '[…]' and '{…}' whole.
            let snippets = wide.stdout.components(separatedBy: "'").enumerated()
                .filter { $0.offset % 2 == 1 && ($0.element.hasPrefix("[") || $0.element.hasPrefix("{")) }.map(\.element)
            for snippet in snippets {
                XCTAssertTrue(narrow.stdout.contains("'\(snippet)'"), "\(args): '\(snippet)' broken at 80 columns")
            }
            // Every example (continuation lines joined) is a whole command to bash.
            let examples = description(narrow.stdout).drop { $0 != "Examples:" }.dropFirst().prefix { !$0.isEmpty }
            XCTAssertFalse(examples.isEmpty, "\(args) has examples")
            for command in examples.joined(separator: "\n").replacingOccurrences(of: "\\\n", with: "").components(separatedBy: "\n") {
                let check = Process()
                check.executableURL = URL(fileURLWithPath: "/bin/bash")
                check.arguments = ["-n", "-c", command]
                try check.run()
                check.waitUntilExit()
                XCTAssertEqual(check.terminationStatus, 0, "\(args): bash -n: \(command)")
            }
        }
    }

    /// README and `measure --help`: "Exit status: 0 success, 1 some inputs
    /// failed, 2 usage error."
    /// `measure X --help` for an unknown X says X is unknown (not the root help).
    func testHelpForAnUnknownSubcommandNamesIt() throws {
        let r = try CLI.run(["frobnicate", "--help"])
        XCTAssertEqual(r.status, 2, r.summary)
        XCTAssertTrue(r.stderr.contains("unknown subcommand 'frobnicate'"), r.summary)
        XCTAssertTrue(r.stderr.contains("batch"), "lists the subcommands: \(r.summary)")
        XCTAssertEqual(try CLI.run(["batch", "--help"]).status, 0)
    }

    /// A mistyped subcommand is named, with the one it most likely meant.
    func testUnknownSubcommandsGetASuggestion() throws {
        for (typed, meant) in [("txt", "text"), ("bach", "batch"), ("ent", "entities"), ("Render", "render"), ("cels", "cell")] {
            let r = try CLI.run([typed, "hi"])
            XCTAssertEqual(r.status, 2, r.summary)
            XCTAssertEqual(r.stdout, "")
            XCTAssertEqual(r.stderr, "measure: unknown subcommand '\(typed)' (did you mean '\(meant)'?)\n")
        }
        let far = try CLI.run(["frobnicate", "hi"])
        XCTAssertEqual(far.status, 2, far.summary)
        XCTAssertEqual(far.stderr,
                       "measure: unknown subcommand 'frobnicate' (subcommands: text, batch, fonts, entities, cell, render)\n")
    }

    func testUsageErrorsExitWith2() throws {
        let usageErrors: [[String]] = [
            ["batch", "--jobs", "0"],
            ["batch", "--offsets", "bytes"],
            ["text"],
            ["text", "Hi", "--white-space", "preformatted"],
            ["text", "Hi", "--overflow-wrap", "break-all"],
            ["text", "Hi", "--text-overflow", "fade"],
            ["text", "Hi", "--width=-5"],
            ["text", "Hi", "--scale", "0"],
            ["render", "Hi"],
            ["render", "Hi", "--out", "-", "--zoom", "0"],
            ["no-such-command"],
        ]
        for args in usageErrors {
            let r = try CLI.run(args)
            XCTAssertEqual(r.status, 2, "\(args) is a usage error: \(r.summary)")
            XCTAssertEqual(r.stdout, "", "\(args)")
            XCTAssertTrue(r.stderr.hasPrefix("measure: "), "\(args): \(r.summary)")
            XCTAssertFalse(r.stderr.contains("Error:"), "one prefix for every message: \(args): \(r.summary)")
        }
    }

    /// A negative number is a bad value, not a missing one; `--letter-spacing` may be negative.
    func testNegativeNumbersAreValues() throws {
        let width = try CLI.run(["text", "Hi", "--width", "-3"])
        XCTAssertEqual(width.status, 2, width.summary)
        XCTAssertTrue(width.stderr.hasPrefix("measure: --width must be a finite number of px"), width.summary)
        let spacing = try CLI.run(["text", "Hi", "--letter-spacing", "-1", "--json"])
        XCTAssertEqual(spacing.status, 0, spacing.summary)
        let jobs = try CLI.run(["batch", "--jobs", "-1"])
        XCTAssertEqual(jobs.status, 2, jobs.summary)
        XCTAssertTrue(jobs.stderr.contains("--jobs must be at least 1"), jobs.summary)
    }

    /// `--help` states each default once (`--jobs`: no machine's core count beside "one per core").
    func testJobsHelpSaysItsDefaultOnce() throws {
        for sub in ["batch", "entities", "cell"] {
            let help = try CLI.run([sub, "--help"])
            let line = try XCTUnwrap(help.lines.first { $0.contains("--jobs <N>") && $0.contains("Worker") }, help.summary)
            XCTAssertEqual(line.components(separatedBy: "default").count - 1, 1, line)
        }
    }

    /// A file or fonts directory that is not there is a failure (1) that
    /// names it, absolute, with the reason, and no usage lines.
    func testMissingFilesAreFailuresNotUsageErrors() throws {
        let cases: [([String], String)] = [
            (["text", "Hi", "--fonts-dir", "no-such-fonts"], "font directory not found: /"),
            (["batch", "no-such.jsonl"], "cannot open the input /"),
            (["cell", "--template", "no-such.json", "-"], "cannot open the template /"),
        ]
        for (args, message) in cases {
            let r = try CLI.run(args)
            XCTAssertEqual(r.status, 1, "\(args): \(r.summary)")
            XCTAssertTrue(r.stderr.hasPrefix("measure: " + message), "\(args): \(r.summary)")
            XCTAssertFalse(r.stderr.contains("Usage:"), "\(args): \(r.summary)")
        }
        let template = try CLI.run(["cell", "--template", "no-such.json", "-"])
        XCTAssertTrue(template.stderr.contains("No such file or directory"), template.summary)
    }

    /// Subcommands another part of the tree adds; smoke-tested when present.
    static func optionalSubcommands() -> [String] {
        // Not "measure X --help": for an unknown X that prints the root's help, exit 0.
        let help = (try? CLI.run(["--help"]))?.lines ?? []
        return ["entities", "cell"].filter { sub in help.contains { $0.hasPrefix("  \(sub) ") } }
    }

    func testEntitiesSubcommandSmoke() throws {
        try XCTSkipUnless(Self.optionalSubcommands().contains("entities"), "measure entities does not exist yet")
        let input = #"{"id": 1, "text": "Hi @jack/team 👋 #swift at example.com for $TSLA"}"# + "\n" + #"{"id": "x"}"#
        let r = try CLI.run(["entities"], stdin: input)
        XCTAssertEqual(r.status, 1, "the second line has no text: \(r.summary)")
        XCTAssertEqual(r.lines.count, 2, r.summary)
        let o = try JSON.object(r.lines.first ?? "")
        func spans(_ o: [String: Any], _ key: String) -> [String] {
            (o[key] as? [[String: Any]] ?? []).map { "\($0["text"] ?? "")@\(JSON.int($0, "start") ?? -1)-\(JSON.int($0, "end") ?? -1)" }
        }
        XCTAssertEqual(spans(o, "mentions"), ["jack@3-13"])
        XCTAssertEqual((o["mentions"] as? [[String: Any]])?.first?["list_slug"] as? String, "/team")
        XCTAssertEqual(spans(o, "hashtags"), ["swift@16-22"])
        XCTAssertEqual(spans(o, "urls"), ["example.com@26-37"])
        XCTAssertEqual(spans(o, "cashtags"), ["TSLA@42-47"])
        let error = try JSON.object(r.lines.last ?? "")
        XCTAssertEqual(error["id"] as? String, "x")
        XCTAssertEqual((error["error"] as? [String: Any]).flatMap { JSON.int($0, "line") }, 2)

        let u = try CLI.run(["entities", "--offsets", "utf16"], stdin: input)
        let uo = try JSON.object(u.lines.first ?? "")
        XCTAssertEqual(spans(uo, "hashtags"), ["swift@17-23"], "the emoji is two UTF-16 units")
        XCTAssertEqual(spans(uo, "cashtags"), ["TSLA@43-48"])
    }

    func testCellSubcommandSmoke() throws {
        try XCTSkipUnless(Self.optionalSubcommands().contains("cell"), "measure cell does not exist yet")
        let templates = Fixtures.repositoryRoot.appendingPathComponent("examples/templates")
        let template = templates.appendingPathComponent("feed-post.json").path
        let models = try String(contentsOf: templates.appendingPathComponent("feed-post.jsonl"), encoding: .utf8)
        // The example's good models (it ends with deliberately bad lines).
        let good = models.split(separator: "\n").filter { line in
            guard let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return false }
            return o.values.allSatisfy { $0 is String || $0 is NSNumber }
        }
        let count = good.count
        XCTAssertGreaterThanOrEqual(count, 3)
        let r = try CLI.run(["cell", "--template", template, "--width", "390", "--scale", "3", "-"],
                            stdin: good.joined(separator: "\n") + "\n")
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(r.lines.count, count, r.summary)
        for line in r.lines {
            let o = try JSON.object(line)
            XCTAssertNil(o["error"], line)
            XCTAssertGreaterThan(JSON.double(o, "height") ?? 0, 0, line)
            XCTAssertNotNil(o["frames"] as? [String: Any], line)
        }
        let bad = try CLI.run(["cell", "--template", template, "-"], stdin: "{\"id\": 1, \"name\": \"x\"}\nnot json\n")
        XCTAssertEqual(bad.status, 1, bad.summary)
        XCTAssertEqual(bad.lines.count, 2, bad.summary)
    }
}
