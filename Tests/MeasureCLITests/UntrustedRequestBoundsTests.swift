import Foundation
import TypesetBatch
import TypesetCells
import TypesetTestSupport
import XCTest

/// Hostile request lines cost time linear in their size and memory bounded in
/// bytes, and stderr (warnings about them) is bounded in volume and never
/// holds up the answers (docs/Protocol.md, "Serving untrusted requests").
final class UntrustedRequestBoundsTests: XCTestCase {
    /// CPU seconds of this thread for `body`, best of three.
    private func cpuSeconds(_ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            var t0 = timespec(), t1 = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0)
            body()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1)
            best = min(best, Double(t1.tv_sec - t0.tv_sec) + Double(t1.tv_nsec - t0.tv_nsec) / 1e9)
        }
        return best
    }

    private func manyKeys(_ n: Int, value: String) -> [UInt8] {
        var line = #"{"id": 1, "text": "hi""#
        for k in 0..<n { line += #", "k\#(k)": \#(value)"# }
        return Array((line + "}").utf8)
    }

    /// A request of n distinct unknown keys costs n, not n² (was 18.9 s for
    /// 100,000 keys): four times the keys, well under sixteen times the time.
    func testUnknownKeysAreCollectedInLinearTime() throws {
        let lines = BatchLines(typesetter: Fixtures.typesetter)
        let small = manyKeys(5_000, value: "1"), large = manyKeys(20_000, value: "1")
        var unknown: [String] = []
        var out: [UInt8] = []
        let t1 = cpuSeconds { out = []; _ = lines.answer(small[...], number: 1, to: &out, unknownFields: &unknown) }
        XCTAssertEqual(unknown.count, 5_000)
        let t4 = cpuSeconds { out = []; _ = lines.answer(large[...], number: 1, to: &out, unknownFields: &unknown) }
        XCTAssertEqual(unknown.count, 20_000)
        XCTAssertLessThan(t4 / max(t1, 1e-4), 8, "4× the keys: \(t1) s → \(t4) s")
        // Under --strict the error line names the first few and counts the rest (not 20,000 messages).
        let strict = BatchLines(typesetter: Fixtures.typesetter, rejectsUnknownFields: true)
        out = []
        XCTAssertFalse(strict.answer(large[...], number: 1, to: &out))
        XCTAssertLessThan(out.count, 1_000)
        XCTAssertTrue(String(decoding: out, as: UTF8.self).contains("and 19992 more unknown fields"))
    }

    /// A cell model of n keys decodes in time linear in n (was 40 s for
    /// 100,000: each keyed lookup scanned every field).
    func testAModelOfManyKeysDecodesInLinearTime() throws {
        func decode(_ bytes: [UInt8]) throws -> Int {
            let model = try JSONValueDecoder.decode(CellData.self, from: try JSONParser.parse(bytes))
            return model.text(for: "k7") == "x" ? 1 : 0
        }
        let small = manyKeys(5_000, value: #""x""#), large = manyKeys(20_000, value: #""x""#)
        XCTAssertEqual(try decode(small), 1)
        let t1 = cpuSeconds { _ = try? decode(small) }
        let t4 = cpuSeconds { _ = try? decode(large) }
        XCTAssertLessThan(t4 / max(t1, 1e-4), 8, "4× the keys: \(t1) s → \(t4) s")
    }

    /// The "did you mean" check costs nothing for a name that cannot be two
    /// edits from a field (a 16 MB name took 18 s and 1.96 GB), and the
    /// message shows at most 256 bytes of it.
    func testALongUnknownNameIsNeitherComparedNorQuotedWhole() {
        let name = String(repeating: "w", count: 4 << 20)
        var message = ""
        let t = cpuSeconds { message = RequestLines.describe(unknownField: name) }
        XCTAssertLessThan(t, 0.5)
        XCTAssertLessThan(message.utf8.count, 300)
        XCTAssertTrue(message.hasPrefix(#"unknown field "www"#) && message.hasSuffix(#"…""#), message)
        XCTAssertEqual(RequestLines.describe(unknownField: "widht"), #"unknown field "widht" (did you mean "width"?)"#)
    }

    /// Ids beyond 64-bit signed integers are echoed as sent (were doubles:
    /// `9.223372036854776e+18`), on answers and error lines alike.
    func testIdsBeyondInt64AreEchoedAsSent() {
        let lines = BatchLines(typesetter: Fixtures.typesetter, includesLines: false)
        for id in ["9223372036854775808", "18446744073709551615", "-9223372036854775809", "123456789012345678901234567890"] {
            var out: [UInt8] = []
            XCTAssertTrue(lines.answer(Array(#"{"id": \#(id), "text": "hi"}"#.utf8)[...], number: 1, to: &out))
            XCTAssertTrue(String(decoding: out, as: UTF8.self).hasPrefix(#"{"id":\#(id),"width""#), String(decoding: out, as: UTF8.self))
            out = []
            XCTAssertFalse(lines.answer(Array(#"{"id": \#(id), "text": 5}"#.utf8)[...], number: 1, to: &out))
            XCTAssertTrue(String(decoding: out, as: UTF8.self).hasPrefix(#"{"id":\#(id),"error""#))
        }
        // Such a number in a number field reads as the nearest double: a width of 2^64 px.
        var out: [UInt8] = []
        XCTAssertTrue(lines.answer(Array(#"{"text": "hi", "width": 18446744073709551616}"#.utf8)[...], number: 1, to: &out))
    }

    /// An invalid-UTF-8 line echoes its id when the bad bytes lie outside it.
    func testAnInvalidUTF8LineKeepsAReadableID() throws {
        let lines = BatchLines(typesetter: Fixtures.typesetter)
        var out: [UInt8] = []
        XCTAssertFalse(lines.answer(Array(#"{"id": 7, "text": "a"#.utf8) + [0xFF] + Array(#""}"#.utf8), number: 3, to: &out))
        XCTAssertEqual(String(decoding: out, as: UTF8.self), #"{"id":7,"error":{"line":3,"message":"invalid UTF-8 at byte 20"}}"# + "\n")
        out = []
        XCTAssertFalse(lines.answer(Array(#"{"id": "a"#.utf8) + [0xFF] + Array(#"", "text": "a"}"#.utf8), number: 1, to: &out))
        XCTAssertTrue(String(decoding: out, as: UTF8.self).hasPrefix(#"{"error":"#), "the id itself is unreadable")
    }

    /// A cell template's lengths saturate at 33,554,431 px as Chromium's
    /// layout units do: a padding of 1e308 gave `"height": null`, 1e20 a
    /// height of 2e+20 beside frames capped at 2,000,000,000.
    func testCellLengthsSaturateAndAreNeverNull() throws {
        for padding in ["1e308", "1e20", "33554432"] {
            let json = #"{"name": "t", "root": {"kind": "column", "name": "cell", "padding": \#(padding), "children": [{"kind": "text", "name": "body", "key": "body", "style": {"font_family": ["Noto Sans"], "font_size": 15}}]}}"#
            let lines = CellLines(engine: CellLayoutEngine(typesetter: Fixtures.typesetter),
                                  template: try CellTemplate(json: Data(json.utf8)), width: 375, scale: 2)
            var out: [UInt8] = []
            XCTAssertTrue(lines.answerLine(Array(#"{"id": 1, "body": "hi"}"#.utf8)[...], number: 1, to: &out))
            let text = String(decoding: out, as: UTF8.self)
            XCTAssertFalse(text.contains("null"), text)
            let answer = try JSON.object(text)
            XCTAssertEqual(JSON.double(answer, "height"), 33_554_431, text)
            let frames = try XCTUnwrap(answer["frames"] as? [String: [Double]])
            for (name, frame) in frames {
                XCTAssertTrue(frame.allSatisfy { abs($0) <= 33_554_431 }, "\(name): \(frame)")
            }
        }
    }

    // MARK: The tool

    /// Answers waiting for a slow reader are counted in their bytes: small
    /// answers first, then long ones, stay within the budget and a quarter
    /// (the long ones were counted at the small ones' average size: 3.2 GB).
    func testWaitingAnswersAreCountedInBytesWhateverCameBefore() throws {
        let executable = try XCTUnwrap(CLI.executable, "measure not built")
        let budget = 1 << 20
        let text = (0..<300).map { "word\($0)" }.joined(separator: " ")  // an answer of some 70 KB
        var requests = (1...400).map { #"{"id": \#($0), "text": "hi"}"# }
        requests += (401...520).map { #"{"id": \#($0), "text": "\#(text)", "width": 30}"# }
        let (data, err) = try StreamingTests.batchWithAStalledReader(executable, requests: requests, budget: budget, test: self)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.count, 520)
        for (k, line) in lines.enumerated() { XCTAssertTrue(line.hasPrefix("{\"id\":\(k + 1),"), "line \(k + 1)") }
        let peak = try XCTUnwrap(err.components(separatedBy: "peak unwritten answer bytes: ").dropFirst().first
            .flatMap { Int($0.prefix { $0.isNumber }) }, err)
        // The budget, a quarter of it more, and an answer per worker.
        XCTAssertLessThanOrEqual(peak, budget + budget / 4 + 2 * 80_000, "peak unwritten answer bytes")
    }

    /// Distinct unknown names: each warned of once, cut to 256 bytes, at
    /// most 1,024 of them, then a count (were every name, whole, for ever).
    func testWarningsAreBoundedAndCounted() throws {
        let long = String(repeating: "u", count: 64 << 10)
        var requests = [#"{"id": 0, "text": "hi", "\#(long)": 1, "font_family": ["\#(long)", "Noto Sans"]}"#]
        requests += (0..<1_100).map { #"{"id": \#($0), "text": "hi", "x\#($0)": 1}"# }
        let r = try CLI.run(["batch", "--no-progress", "--no-lines", "-"], stdin: requests.joined(separator: "\n") + "\n")
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(r.lines.count, 1_101)
        let warnings = r.stderr.split(separator: "\n").filter { $0.hasPrefix("measure: warning:") }
        XCTAssertEqual(warnings.count, 1_025, "1,024 names, then the count")
        XCTAssertTrue(warnings.allSatisfy { $0.utf8.count < 600 }, "names are cut to 256 bytes")
        XCTAssertEqual(warnings.last, "measure: warning: 78 more warnings not shown (at most 1024 names are warned of, each once)")
        // --quiet: neither warnings nor the summary.
        let quiet = try CLI.run(["batch", "--quiet", "-"], stdin: requests.prefix(3).joined(separator: "\n") + "\n")
        XCTAssertEqual(quiet.status, 0, quiet.summary)
        XCTAssertEqual(quiet.stderr, "")
    }

    /// The summary line starts `measure:`; blank lines are skipped and
    /// counted apart (a file ending in a blank line was an "empty line"
    /// error), error lines keep the input's line numbers.
    func testSummaryBlankLinesAndLineNumbers() throws {
        let r = try CLI.run(["batch", "--no-progress", "--no-lines", "-"], stdin: "\n" + #"{"id": 1, "text": "hi"}"# + "\n  \n{\n\n")
        XCTAssertEqual(r.status, 1, r.summary)
        XCTAssertEqual(r.lines.count, 2)
        XCTAssertTrue(r.lines[0].hasPrefix(#"{"id":1,"width""#))
        XCTAssertEqual(JSON.int(try XCTUnwrap(try JSON.object(r.lines[1])["error"] as? [String: Any]), "line"), 4)
        XCTAssertTrue(r.stderr.hasPrefix("measure: 2 lines, 1 error, 3 blank lines skipped, "), r.stderr)
        // In process a line is always answered: a blank one is an error line.
        var out: [UInt8] = []
        XCTAssertFalse(BatchLines(typesetter: Fixtures.typesetter).answer(Array("  ".utf8)[...], number: 1, to: &out))
        XCTAssertTrue(String(decoding: out, as: UTF8.self).contains("empty line"))
    }

    /// `measure text` refuses an argument that is not UTF-8, as it refuses
    /// such standard input (it was measured as U+FFFD).
    func testTextArgumentMustBeUTF8() throws {
        let executable = try XCTUnwrap(CLI.executable)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"exec "$0" text "$(printf 'a\377b')""#, executable.path]
        var environment = ProcessInfo.processInfo.environment
        environment["TYPESET_FONTS"] = Fixtures.fontsDirectory
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 1)
        XCTAssertEqual(message, "measure: the text argument is not valid UTF-8 (byte 1)\n")
    }

    /// A stderr nobody reads never stops the answers (0 of 8 lines were
    /// answered after 10 s: the reader blocked writing a warning), and the
    /// run ends soon after its input.
    func testAnUnreadStderrNeverBlocksTheAnswers() throws {
        let executable = try XCTUnwrap(CLI.executable)
        let process = StreamingTests.tool(executable, arguments: ["batch", "--no-progress", "-"])
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors  // never read: it fills after 64 KB
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        // Some 300 KB of warnings: distinct field names of 250 bytes, and long family names.
        var requests: [String] = []
        for line in 0..<3 {
            let fields = (0..<400).map { #""\#(String(repeating: "q", count: 250))\#(line * 400 + $0)": 1"# }.joined(separator: ", ")
            requests.append(#"{"id": \#(line), "text": "hi", "font_family": ["N\#(line)\#(String(repeating: "x", count: 64 << 10))", "Noto Sans"], \#(fields)}"#)
        }
        for id in 3..<8 { requests.append(#"{"id": \#(id), "text": "hello"}"#) }
        let writer = input.fileHandleForWriting
        let data = Data((requests.joined(separator: "\n") + "\n").utf8)
        DispatchQueue.global().async {
            try? writer.write(contentsOf: data)
            try? writer.close()
        }
        let reader = output.fileHandleForReading
        var answered = 0
        let deadline = Date().addingTimeInterval(30)
        var poll = pollfd(fd: reader.fileDescriptor, events: Int16(POLLIN), revents: 0)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while answered < 8, Date() < deadline {
            guard Glibc.poll(&poll, 1, 200) > 0 else { continue }
            let n = read(reader.fileDescriptor, &buffer, buffer.count)
            if n <= 0 { break }
            answered += buffer[..<n].filter { $0 == 0x0A }.count
        }
        XCTAssertEqual(answered, 8, "every line answered with stderr unread")
        let exited = Date().addingTimeInterval(15)
        while process.isRunning && Date() < exited { Thread.sleep(forTimeInterval: 0.1) }
        XCTAssertFalse(process.isRunning, "the run ends though stderr is never read")
    }
}
