import Foundation
import XCTest

/// A plain `measure batch` command line, read without ArgumentParser, runs
/// as the same line read by ArgumentParser runs; any other line is still
/// ArgumentParser's, with its messages.
final class BatchCommandLineTests: XCTestCase {
    private let requests = [
        #"{"id": 1, "text": "Hello wörld 😀", "font_family": ["Noto Sans", "Noto Color Emoji"], "width": 60}"#,
        #"{"id": 2, "text": "שלום עולם", "widht": 90}"#,
        #"{"id": 3, "text": 5}"#,
        #"{"id": 4, "text": "Bold start", "width": 50, "runs": [{"start": 0, "end": 4, "font_weight": 700}]}"#,
    ].joined(separator: "\n") + "\n"

    /// Each option the quick reader takes, alone and together, against the
    /// same line with `--max-line-bytes` at its default, which only
    /// ArgumentParser reads.
    func testEachPlainLineRunsAsArgumentParserRunsIt() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("typeset-cmdline-\(UUID().uuidString).jsonl").path
        try Data(requests.utf8).write(to: URL(fileURLWithPath: path))
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        let lines: [[String]] = [
            ["batch", "-"],
            ["batch", path],
            ["batch", "--jobs", "1", "--no-progress", path],
            ["batch", path, "--jobs", "2", "--offsets", "utf16", "--no-lines"],
            ["batch", "--strict", "--offsets", "scalars", "-", "--no-progress"],
            ["batch", "--no-lines", "--jobs", "01"],
        ]
        for line in lines {
            let quick = try CLI.run(line, stdin: requests)
            let parsed = try CLI.run(line + ["--max-line-bytes", "16777216"], stdin: requests)
            XCTAssertEqual(quick.status, 1, "line 3 is an error: \(line) \(quick.summary)")
            XCTAssertEqual(quick.status, parsed.status, "\(line)")
            XCTAssertEqual(quick.stdout, parsed.stdout, "\(line)")
            XCTAssertEqual(quick.lines.count, 4, quick.summary)
            XCTAssertEqual(warnings(quick.stderr), warnings(parsed.stderr), "\(line)")
        }
        // --strict makes the misspelt field an error line; --no-lines leaves the lines out.
        let strict = try CLI.run(["batch", "--strict", "-"], stdin: requests)
        XCTAssertTrue(strict.lines[1].contains(#"unknown field \"widht\""#), strict.summary)
        let noLines = try CLI.run(["batch", "--no-lines", "-"], stdin: requests)
        XCTAssertFalse(noLines.stdout.contains(#""lines""#), noLines.summary)
        XCTAssertTrue(try CLI.run(["batch", "-"], stdin: requests).stdout.contains(#""lines""#))
    }

    /// Lines the quick reader leaves to ArgumentParser keep its usage
    /// errors (exit status 2) and their messages.
    func testOtherLinesKeepArgumentParsersMessages() throws {
        let cases: [([String], String)] = [
            (["batch", "--jobs", "0", "-"], "--jobs must be at least 1"),
            (["batch", "--jobs", "x", "-"], "--jobs"),
            (["batch", "--jobs"], "--jobs"),
            (["batch", "--offsets", "bytes", "-"], "--offsets"),
            (["batch", "a.jsonl", "b.jsonl"], "b.jsonl"),
            (["batch", "--bogus", "-"], "--bogus"),
        ]
        for (line, message) in cases {
            let r = try CLI.run(line, stdin: "")
            XCTAssertEqual(r.status, 2, "\(line): \(r.summary)")
            XCTAssertTrue(r.stderr.hasPrefix("measure: "), "\(line): \(r.summary)")
            XCTAssertTrue(r.stderr.contains(message), "\(line): \(r.summary)")
        }
        let help = try CLI.run(["batch", "--help"], stdin: "")
        XCTAssertEqual(help.status, 0, help.summary)
        XCTAssertTrue(help.stdout.contains("--no-lines"), help.summary)
    }

    private func warnings(_ stderr: String) -> [Substring] {
        stderr.split(separator: "\n").filter { $0.contains("warning") }
    }
}
