import Foundation
import TypesetTestSupport
import XCTest

/// `measure batch -` as a co-process: each request is answered while the
/// input stays open (the tool does not wait for more input or for the end).
final class StreamingTests: XCTestCase {
    func testEachRequestIsAnsweredWhileStdinStaysOpen() throws {
        let executable = try XCTUnwrap(CLI.executable, "measure not built")
        let process = Self.tool(executable, arguments: ["batch", "-", "--no-lines", "--no-progress"])
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let reader = output.fileHandleForReading
        for (id, text) in [(1, "Hello world"), (2, "Second request"), (3, "שלום עולם")] {
            input.fileHandleForWriting.write(Data(#"{"id": \#(id), "text": "\#(text)"}"#.utf8 + [0x0A]))
            let line = try readLine(reader, timeout: 20)
            XCTAssertTrue(line.hasPrefix(#"{"id":\#(id),"#), "answer \(id) before stdin closes: \(line)")
        }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
    }

    /// Requests enough for answers well past a pipe's buffer.
    private func requestFile(_ count: Int) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("typeset-writes-\(UUID().uuidString).jsonl").path
        let lines = (1...count).map { #"{"id": \#($0), "text": "Answer number \#($0) of many"}"# }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    /// The reader goes away with SIGPIPE ignored (a service manager's
    /// default): the write fails with EPIPE and the run fails, never
    /// "0 errors" with the answers lost.
    func testAReaderThatGoesAwayFailsTheRun() throws {
        let executable = try XCTUnwrap(CLI.executable, "measure not built")
        let input = try requestFile(3000)
        // SIGPIPE ignored, inherited through exec; stdout a pipe whose reader
        // leaves after 10 bytes; the tool's status printed on fd 3.
        let process = Self.tool(URL(fileURLWithPath: "/bin/sh"), arguments: [
            "-c", #"trap '' PIPE; exec 3>&1; { "$0" batch --no-progress --jobs 1 --no-lines "$1"; echo "status $?" >&3; } | head -c 10 > /dev/null"#,
            executable.path, input])
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let status = String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let stderr = String(decoding: err, as: UTF8.self)
        XCTAssertEqual(status, "status 1", stderr)
        XCTAssertTrue(stderr.contains("measure: cannot write the answers to standard output: Broken pipe"), stderr)
    }

    /// A non-blocking stdout that fills up: every answer arrives whole and in
    /// order (writes that would block are waited out, never cut short).
    func testANonBlockingOutputLosesNothing() throws {
        let executable = try XCTUnwrap(CLI.executable, "measure not built")
        let count = 3000
        let input = try requestFile(count)
        let process = Self.tool(executable, arguments: ["batch", "--no-progress", "--no-lines", input])
        let output = Pipe()
        let writeEnd = output.fileHandleForWriting.fileDescriptor
        XCTAssertEqual(fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK), 0)
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // A slow reader: the pipe fills and the tool's writes would block.
        Thread.sleep(forTimeInterval: 1)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, count + 1)
        for (k, line) in lines.dropLast().enumerated() {
            guard line.hasPrefix("{\"id\":\(k + 1),\"width\":"), line.hasSuffix("}") else {
                return XCTFail("line \(k + 1) lost or spliced: \(line.prefix(200))")
            }
        }
    }

    /// A reader slower than the measuring: the answers waiting to be written
    /// stay near `--max-unwritten-bytes` (nothing more is read or measured
    /// meanwhile), not the whole output; every answer still arrives, in order.
    func testASlowReaderKeepsUnwrittenAnswersWithinTheBudget() throws {
        let executable = try XCTUnwrap(CLI.executable, "measure not built")
        let count = 120, budget = 1 << 20
        // Each answer is some 70 KB (a line per word): 8 MB in all.
        let text = (0..<300).map { "word\($0)" }.joined(separator: " ")
        let requests = (1...count).map { #"{"id": \#($0), "text": "\#(text)", "font_size": 15, "width": 30}"# }
        let (data, err) = try Self.batchWithAStalledReader(executable, requests: requests, budget: budget, test: self)
        XCTAssertGreaterThan(data.count, 8 * budget)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.count, count)
        for (k, line) in lines.enumerated() { XCTAssertTrue(line.hasPrefix("{\"id\":\(k + 1),"), "line \(k + 1)") }
        let peak = try XCTUnwrap(err.components(separatedBy: "peak unwritten answer bytes: ").dropFirst().first
            .flatMap { Int($0.prefix { $0.isNumber }) }, err)
        // The budget plus a share of it per worker's chunk (was the whole output).
        XCTAssertLessThanOrEqual(peak, 2 * budget, "peak unwritten answer bytes")
    }

    /// Runs `measure batch --jobs 2 --max-unwritten-bytes budget
    /// --report-peak-unwritten` over `requests` (a file) while nobody reads
    /// its output for 3 s, then reads everything: its stdout and stderr,
    /// after checking it exited 0.
    static func batchWithAStalledReader(_ executable: URL, requests: [String], budget: Int,
                                        test: XCTestCase) throws -> (output: Data, errors: String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("typeset-slow-\(UUID().uuidString).jsonl").path
        try Data((requests.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        test.addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        let process = tool(executable, arguments: ["batch", "--no-progress", "--jobs", "2",
                                                   "--max-unwritten-bytes", "\(budget)", "--report-peak-unwritten", path])
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        Thread.sleep(forTimeInterval: 3)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, err)
        return (data, err)
    }

    /// One line from a pipe, failing after `timeout` seconds.
    private func readLine(_ handle: FileHandle, timeout: TimeInterval) throws -> String {
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        var poll = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while Date() < deadline {
            guard Glibc.poll(&poll, 1, 100) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(handle.fileDescriptor, &byte, 1) == 1 else { break }
            if byte == 0x0A { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        XCTFail("no answer within \(timeout) s (got \(bytes.count) bytes)")
        throw CocoaError(.fileReadUnknown)
    }

    /// A process running `executable` with the bundled fonts (`TYPESET_FONTS`).
    static func tool(_ executable: URL, arguments: [String]) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TYPESET_FONTS"] = Fixtures.fontsDirectory
        process.environment = environment
        return process
    }
}
