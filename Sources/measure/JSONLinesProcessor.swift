import Foundation
import Typeset

/// Streams JSON Lines from a file or stdin through `handle` on `jobs` worker
/// threads and writes one output line per input line, in input order, as
/// soon as that line and every line before it are done. Each line is decoded
/// with `JSONDecoder` into the command's `Request`; a bad line (invalid
/// UTF-8, invalid JSON, not an object, a request that does not decode, or a
/// failure of `handle`) gets `{"id": …, "error": {"line": N, "message": "…"}}`
/// in its place.
///
/// Memory is bounded by the in-flight window (at most `window` lines and
/// `byteWindow` bytes read but not yet processed) and the longest line, which
/// is at most `maxLineBytes` (a longer line is skipped without being held and
/// answered with an error), not by the input: lines are split by index
/// in each read and copied out once. Reads return what the input has, so a
/// co-process writing one request at a time gets its answer at once; output
/// is flushed per line when stdout is a pipe or terminal, and written in
/// large blocks when it is a file.
struct JSONLinesProcessor {
    var jobs: Int
    var progress: ProgressReporter?
    /// Lines read but not yet written, at most.
    var window = 4096
    /// Bytes of lines read but not yet processed, at most (one line may exceed it).
    var byteWindow = 64 << 20
    /// The longest line accepted, in bytes (without its newline).
    var maxLineBytes = JSONLinesProcessor.defaultMaxLineBytes

    /// The default line limit: 16 MiB, a paragraph of some 16 million
    /// characters (laying it out takes seconds; see README, Reliability).
    static let defaultMaxLineBytes = 16 << 20

    /// Returns the number of lines and of failed lines.
    func run<Request: Decodable>(input: FileHandle, output: FileHandle, decoding _: Request.Type,
                                 handle: @escaping @Sendable (_ request: Request, _ id: JSONValue?) throws -> JSONValue)
    -> (lines: Int, failed: Int) {
        let state = StreamState(window: max(1, window), byteWindow: byteWindow)
        let limit = maxLineBytes
        let writer = OutputWriter(fd: output.fileDescriptor)
        var threads: [Thread] = []
        for _ in 0..<max(1, jobs) {
            let t = Thread {
                let decoder = JSONDecoder()
                state.work { line, number in
                    switch line {
                    case .bytes(let bytes): return Self.process(bytes, number: number, decoder: decoder, handle: handle)
                    case .tooLong(let length):
                        return (Self.errorLine(id: nil, number: number, message:
                            "the line is \(length) bytes long, more than the limit of \(limit) bytes (--max-line-bytes)"), false)
                    }
                }
            }
            t.stackSize = 8 << 20
            threads.append(t)
            t.start()
        }
        let finished = DispatchSemaphore(value: 0)
        let writing = Thread {
            state.writeInOrder(to: writer, progress: progress)
            finished.signal()
        }
        writing.start()
        LineReader(fd: input.fileDescriptor, maxLineBytes: limit).forEachLine { line, bytesRead in
            state.add(line, bytesRead: bytesRead)
        }
        state.endOfInput()
        finished.wait()
        writer.flush()
        progress?.finish(done: state.lineCount, failed: state.failedCount)
        return (state.lineCount, state.failedCount)
    }

    /// One line's answer: the output line and whether it succeeded.
    static func process<Request: Decodable>(_ bytes: [UInt8], number: Int, decoder: JSONDecoder,
                                            handle: (_ request: Request, _ id: JSONValue?) throws -> JSONValue) -> (String, Bool) {
        var id: JSONValue? = nil
        do {
            var line = bytes[...]
            if line.last == 0x0D { line = line.dropLast() }  // CRLF input
            if line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }  // a byte order mark before the object
            if let bad = UTF8Validation.firstInvalidByte(in: line) {
                throw RequestError("invalid UTF-8 at byte \(bad)")
            }
            let decoded: RequestLine<Request>
            do { decoded = try decoder.decode(RequestLine<Request>.self, from: Data(line)) } catch let error as DecodingError {
                throw RequestError(Self.message(error, blank: line.allSatisfy { $0 == 0x20 || $0 == 0x09 }))
            }
            id = decoded.id
            return (try handle(try decoded.request.get(), id).serialized, true)
        } catch {
            return (errorLine(id: id, number: number, message: "\(error)"), false)
        }
    }

    /// `{"id": …, "error": {"line": N, "message": "…"}}`.
    static func errorLine(id: JSONValue?, number: Int, message: String) -> String {
        var fields: [(String, JSONValue)] = []
        if let id { fields.append(("id", id)) }
        fields.append(("error", .object([("line", .int(number)), ("message", .string(message))])))
        return JSONValue.object(fields).serialized
    }

    /// The message for a line `JSONDecoder` could not read as an object.
    static func message(_ error: DecodingError, blank: Bool) -> String {
        switch error {
        case .typeMismatch(_, let c) where c.codingPath.isEmpty: return "each line must be a JSON object"
        case .dataCorrupted(let c) where c.codingPath.isEmpty: return blank ? "empty line" : "invalid JSON"
        case .dataCorrupted(let c), .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c):
            return "\(c.codingPath.map(\.stringValue).joined(separator: ".")): \(c.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}

/// One input line: its `id` (any JSON value, echoed back as given) and the
/// request decoded from the same object, or why it could not be, so that an
/// error line still carries the id.
struct RequestLine<Request: Decodable>: Decodable {
    var id: JSONValue?
    var request: Result<Request, any Error>

    init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: FieldKey.self)
        // decodeIfPresent would turn "id": null into no id; it is echoed as sent.
        id = object.contains(FieldKey("id")) ? try object.decode(JSONValue.self, forKey: FieldKey("id")) : nil
        do { request = .success(try Request(from: decoder)) } catch { request = .failure(error) }
    }
}

/// The lines between the reader, the workers and the writer, behind one
/// condition. Lines are numbered from 1 in input order.
private final class StreamState: @unchecked Sendable {
    private let condition = NSCondition()
    private let window: Int, byteWindow: Int
    /// Read, not yet taken by a worker.
    private var queue: [(number: Int, line: InputLine)] = []
    /// Bytes of the lines read and not yet processed.
    private var bytesInFlight = 0
    private var queueHead = 0
    /// Done, not yet written, by line number.
    private var done: [Int: (String, Bool)] = [:]
    private var read = 0, written = 0, failed = 0
    private var bytesRead = 0
    private var inputEnded = false

    init(window: Int, byteWindow: Int) {
        self.window = window
        self.byteWindow = byteWindow
    }

    var lineCount: Int { condition.lock(); defer { condition.unlock() }; return read }
    var failedCount: Int { condition.lock(); defer { condition.unlock() }; return failed }

    /// Queues a line, waiting while the window is full.
    func add(_ line: InputLine, bytesRead total: Int) {
        condition.lock()
        while read - written >= window || (bytesInFlight > 0 && bytesInFlight + line.byteCount > byteWindow) { condition.wait() }
        read += 1
        bytesRead = total
        bytesInFlight += line.byteCount
        queue.append((read, line))
        condition.broadcast()
        condition.unlock()
    }

    func endOfInput() {
        condition.lock()
        inputEnded = true
        condition.broadcast()
        condition.unlock()
    }

    /// A worker: takes lines until the input ends and the queue is empty.
    func work(_ process: (_ line: InputLine, _ number: Int) -> (String, Bool)) {
        while true {
            condition.lock()
            while queueHead == queue.count && !inputEnded { condition.wait() }
            if queueHead == queue.count { condition.unlock(); return }
            let (number, line) = queue[queueHead]
            queue[queueHead].line = .bytes([])
            queueHead += 1
            if queueHead > 1024 && queueHead * 2 > queue.count { queue.removeFirst(queueHead); queueHead = 0 }
            condition.unlock()
            let result = process(line, number)
            condition.lock()
            bytesInFlight -= line.byteCount
            done[number] = result
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The writer: writes each line's answer as soon as it and all before it are done.
    func writeInOrder(to writer: OutputWriter, progress: ProgressReporter?) {
        while true {
            condition.lock()
            while done[written + 1] == nil && !(inputEnded && written == read) { condition.wait() }
            if done[written + 1] == nil { condition.unlock(); return }
            // Take every answer that is ready, in order, then write outside the lock.
            var ready: [(String, Bool)] = []
            while let r = done.removeValue(forKey: written + 1) {
                ready.append(r)
                written += 1
                if !r.1 { failed += 1 }
            }
            let (doneCount, failedCount, bytes) = (written, failed, bytesRead)
            condition.broadcast()
            condition.unlock()
            for (text, _) in ready { writer.writeLine(text) }
            writer.endOfBatch()
            progress?.update(done: doneCount, failed: failedCount, bytesRead: bytes)
        }
    }
}

/// One input line: its bytes, or only its length when it is over the limit.
enum InputLine {
    case bytes([UInt8])
    case tooLong(Int)

    /// The bytes held for the line.
    var byteCount: Int {
        if case .bytes(let b) = self { return b.count }
        return 0
    }
}

/// Reads a file descriptor in blocks and hands out its lines, split by index
/// (each line copied out once; only a line cut by a block boundary is carried
/// into the next read). A final line without a newline is still a line. A
/// line longer than `maxLineBytes` is skipped as it is read, never held: only
/// its length is handed out.
private struct LineReader {
    let fd: Int32
    let maxLineBytes: Int

    func forEachLine(_ body: (_ line: InputLine, _ bytesRead: Int) -> Void) {
        let size = 1 << 16
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        defer { buffer.deallocate() }
        var carry: [UInt8] = []
        var skipped = 0  // bytes so far of a line over the limit (0: none)
        var total = 0
        while true {
            let n = Foundation.read(fd, buffer, size)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            total += n
            var start = 0
            for i in 0..<n where buffer[i] == 0x0A {
                let piece = UnsafeBufferPointer(start: buffer + start, count: i - start)
                if skipped > 0 || carry.count + piece.count > maxLineBytes {
                    body(.tooLong(skipped + carry.count + piece.count), total)
                    skipped = 0
                    carry = []
                } else if carry.isEmpty {
                    body(.bytes(Array(piece)), total)
                } else {
                    carry.append(contentsOf: piece)
                    body(.bytes(carry), total)
                    carry = []
                }
                start = i + 1
            }
            let rest = n - start
            if skipped > 0 { skipped += rest }
            else if carry.count + rest > maxLineBytes { skipped = carry.count + rest; carry = [] }
            else if rest > 0 { carry.append(contentsOf: UnsafeBufferPointer(start: buffer + start, count: rest)) }
        }
        if skipped > 0 { body(.tooLong(skipped), total) }
        else if !carry.isEmpty { body(.bytes(carry), total) }
    }
}

/// Writes output lines: flushed after every batch of ready lines when the
/// output is a pipe or terminal (a co-process waits for each answer), in
/// blocks of 1 MiB otherwise.
final class OutputWriter: @unchecked Sendable {
    private let fd: Int32
    private let interactive: Bool
    private var buffer: [UInt8] = []

    init(fd: Int32) {
        self.fd = fd
        var info = stat()
        let isFIFO = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
        interactive = isatty(fd) != 0 || isFIFO
        buffer.reserveCapacity(1 << 20)
    }

    func writeLine(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(0x0A)
        if buffer.count >= 1 << 20 { flush() }
    }

    /// The end of a run of ready lines: interactive output goes out now.
    func endOfBatch() { if interactive { flush() } }

    func flush() {
        var offset = 0
        buffer.withUnsafeBytes { raw in
            while offset < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 { if errno == EINTR { continue }; return }
                offset += n
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
