import Foundation
import TypesetTestSupport
import XCTest

/// The README's `measure` examples run as a new user types them: from a
/// directory holding the repository's `examples/`, with the built tool on
/// the PATH and no TYPESET_FONTS, each exits 0 without a warning.
final class ReadmeExamplesTests: XCTestCase {
    /// The `measure …` lines of the sh block under "## The `measure` tool".
    static func measureExamples() throws -> [String] {
        let readme = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.range(of: "## The `measure` tool"))
        let rest = readme[section.upperBound...]
        let start = try XCTUnwrap(rest.range(of: "```sh\n"))
        let end = try XCTUnwrap(rest[start.upperBound...].range(of: "```"))
        return rest[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init).filter { $0.hasPrefix("measure ") }
    }

    func testMeasureExamplesRunAsWritten() throws {
        let examples = try Self.measureExamples()
        XCTAssertGreaterThanOrEqual(examples.count, 6)
        let tool = try XCTUnwrap(CLI.executable)
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: dir) }
        try fm.createSymbolicLink(at: dir.appendingPathComponent("examples"),
                                  withDestinationURL: Fixtures.repositoryRoot.appendingPathComponent("examples"))
        for example in examples {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", example]
            process.currentDirectoryURL = dir
            var environment = ProcessInfo.processInfo.environment
            environment["TYPESET_FONTS"] = nil
            environment["PATH"] = tool.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            process.environment = environment
            let errors = Pipe(), output = Pipe()
            process.standardError = errors
            process.standardOutput = output
            try process.run()
            let out = output.fileHandleForReading.readDataToEndOfFile()
            let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "\(example)\n\(err)")
            // (A summary line of the JSON Lines commands may follow, `measure: N lines, 0 errors, …`; no other message.)
            let messages = err.split(separator: "\n").filter { $0.hasPrefix("measure:") && !$0.contains(" 0 errors, ") }
            XCTAssertEqual(messages, [], "\(example)\n\(err)")
            XCTAssertFalse(String(decoding: out, as: UTF8.self).contains("\"error\""), example)
        }
        XCTAssertTrue(fm.fileExists(atPath: dir.appendingPathComponent("hello.svg").path))
        let results = try String(contentsOf: dir.appendingPathComponent("results.jsonl"), encoding: .utf8)
        XCTAssertEqual(results.split(separator: "\n").count, 10, "one answer per request of examples/requests.jsonl")
        XCTAssertFalse(results.contains("\"error\""))
    }
}
