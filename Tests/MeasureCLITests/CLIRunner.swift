import Foundation
import TypesetTestSupport
import XCTest

/// What one run of the `measure` executable gave.
struct CLIResult {
    var status: Int32
    var stdoutData: Data
    var stderr: String
    var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
    /// Standard output split into lines (without the final empty one).
    var lines: [String] {
        var l = stdout.components(separatedBy: "\n")
        if l.last == "" { l.removeLast() }
        return l
    }
    /// What the run looked like, for failure messages.
    var summary: String { "exit \(status)\nstdout: \(stdout.prefix(2000))\nstderr: \(stderr.prefix(2000))" }
}

/// Runs the built `measure` executable with the repository's fonts only.
enum CLI {
    /// The `measure` executable next to the test bundle: the products directory
    /// (`.build/debug`, or wherever `--scratch-path` put it) holds both.
    /// `MEASURE_EXECUTABLE` overrides the search.
    static let executable: URL? = {
        let fm = FileManager.default
        if let path = ProcessInfo.processInfo.environment["MEASURE_EXECUTABLE"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        var dirs: [URL] = []
        // macOS: the .xctest bundle sits in the products directory.
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            dirs.append(bundle.bundleURL.deletingLastPathComponent())
        }
        // Linux: the .xctest is itself the running executable.
        if let exe = try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            dirs.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
        }
        dirs.append(Bundle.main.bundleURL)
        dirs.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        // Last resort: the default scratch path.
        dirs.append(Fixtures.repositoryRoot.appendingPathComponent(".build/debug"))
        for dir in dirs {
            let candidate = dir.appendingPathComponent("measure")
            if fm.isExecutableFile(atPath: candidate.path) { return candidate.standardizedFileURL }
        }
        return nil
    }()

    /// A writer that survives the child closing its standard input early.
    private static let ignoreSIGPIPE: Void = { signal(SIGPIPE, SIG_IGN); return () }()

    /// Runs `measure ARGS`, feeding `stdin`, and waits (at most `timeout` s).
    /// - Parameters:
    ///   - executable: another copy of the tool to run (default: the built one).
    ///   - fontsFromEnvironment: set `TYPESET_FONTS` to the bundled fonts
    ///     (hermetic; false to test how the tool finds fonts on its own).
    ///   - environment: the child's environment (default: this process's).
    static func run(_ arguments: [String], stdin: Data? = nil, timeout: TimeInterval = 30,
                    executable other: URL? = nil, fontsFromEnvironment: Bool = true,
                    environment given: [String: String]? = nil,
                    file: StaticString = #filePath, line: UInt = #line) throws -> CLIResult {
        _ = ignoreSIGPIPE
        guard let executable = other ?? executable else {
            XCTFail("measure executable not found next to the test bundle; build it, or set MEASURE_EXECUTABLE",
                    file: file, line: line)
            throw CLIError.executableNotFound
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = given ?? ProcessInfo.processInfo.environment
        environment["TYPESET_FONTS"] = fontsFromEnvironment ? Fixtures.fontsDirectory : nil
        process.environment = environment
        // Not the repository, so nothing can depend on finding fonts/ from the working directory.
        process.currentDirectoryURL = FileManager.default.temporaryDirectory
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()

        let out = Box(), err = Box()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { out.data = output.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { err.data = errors.fileHandleForReading.readDataToEndOfFile() }
        let writer = input.fileHandleForWriting
        DispatchQueue.global().async(group: group) {
            if let stdin, !stdin.isEmpty {
                try? writer.write(contentsOf: stdin)  // EPIPE when the tool did not read it all: fine
            }
            try? writer.close()
        }
        if group.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            XCTFail("measure \(arguments) did not finish within \(timeout) s", file: file, line: line)
            throw CLIError.timedOut
        }
        process.waitUntilExit()
        return CLIResult(status: process.terminationStatus, stdoutData: out.data,
                         stderr: String(decoding: err.data, as: UTF8.self))
    }

    /// Runs with a text as standard input.
    static func run(_ arguments: [String], stdin: String, file: StaticString = #filePath, line: UInt = #line) throws -> CLIResult {
        try run(arguments, stdin: Data(stdin.utf8), file: file, line: line)
    }

    enum CLIError: Error { case executableNotFound, timedOut }

    private final class Box: @unchecked Sendable { var data = Data() }
}

/// JSON helpers for the tool's output.
enum JSON {
    static func object(_ line: String, file: StaticString = #filePath, line number: UInt = #line) throws -> [String: Any] {
        let any = try JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])
        guard let o = any as? [String: Any] else {
            XCTFail("not a JSON object: \(line)", file: file, line: number)
            throw CocoaError(.coderReadCorrupt)
        }
        return o
    }

    static func array(_ text: String) throws -> [Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any] ?? []
    }

    /// A line's lines as (start, end, width).
    static func lines(_ o: [String: Any]) -> [(Int, Int, Double)] {
        (o["lines"] as? [[String: Any]] ?? []).map {
            (($0["start"] as? NSNumber)?.intValue ?? -1, ($0["end"] as? NSNumber)?.intValue ?? -1,
             ($0["width"] as? NSNumber)?.doubleValue ?? -1)
        }
    }

    static func double(_ o: [String: Any], _ key: String) -> Double? { (o[key] as? NSNumber)?.doubleValue }
    static func int(_ o: [String: Any], _ key: String) -> Int? { (o[key] as? NSNumber)?.intValue }
}
