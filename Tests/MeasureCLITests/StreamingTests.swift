import Foundation
import TypesetTestSupport
import XCTest

/// `measure batch -` as a co-process: each request is answered while the
/// input stays open (the tool does not wait for more input or for the end).
final class StreamingTests: XCTestCase {
    func testEachRequestIsAnsweredWhileStdinStaysOpen() throws {
        let executable = try XCTUnwrap(CLI.executable, "measure not built")
        let process = Process()
        process.executableURL = executable
        process.arguments = ["batch", "-", "--no-lines", "--no-progress"]
        var environment = ProcessInfo.processInfo.environment
        environment["TYPESET_FONTS"] = Fixtures.fontsDirectory
        process.environment = environment
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
}
