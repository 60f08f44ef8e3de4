import Foundation
import TypesetBatch

/// Streams JSON Lines from a file or stdin and writes one output line per
/// input line, in input order, as soon as that line and every line before it
/// are done. A pipeline of threads: the reader splits lines and decodes each
/// (`prepare`), `jobs` workers answer them (`respond`: measuring, the costly
/// part) and encode the answers, the writer writes them in order; what a
/// line means is the protocols' business (TypesetBatch). Decoding overlaps
/// measuring: the reader decodes the lines ahead of the workers.
///
/// Memory is bounded by the in-flight window (at most `window` lines and
/// `byteWindow` bytes read but not yet processed), the answers made but
/// not yet written (counted in their encoded bytes: at most
/// `maxUnwrittenBytes` and a quarter, plus one answer per worker; while
/// more wait for a slow reader, nothing more is read or measured) and
/// the longest line, which is at most `maxLineBytes` (a longer line is
/// skipped without being held and answered with an error), not by the
/// input or the speed of the output: lines are split by index
/// in each read and copied out once. Reads return what the input has, so a
/// co-process writing one request at a time gets its answer at once; output
/// is flushed after every run of ready lines when stdout is a pipe or
/// terminal, and written in large blocks when it is a file. Threads meet per
/// chunk of lines (see `StreamState`), not per line.
///
/// Writing is checked: output that would block (a non-blocking stdout) is
/// waited out, never cut short, and a write that fails (the reader went
/// away while SIGPIPE is ignored: `EPIPE`) stops the run, which throws a
/// ``CommandFailure`` (exit status 1): answers are never lost silently.
struct JSONLinesProcessor {
    var jobs: Int
    var progress: ProgressReporter?
    /// Lines read but not yet written, at most.
    var window = 4096
    /// Bytes of lines read but not yet processed, at most (one line may exceed it).
    var byteWindow = 64 << 20
    /// The longest line accepted, in bytes (without its newline).
    var maxLineBytes = JSONLinesProcessor.defaultMaxLineBytes
    /// Bytes of answers made but not yet written above which nothing more
    /// is read or measured (`--max-unwritten-bytes`).
    var maxUnwrittenBytes = JSONLinesProcessor.defaultMaxUnwrittenBytes
    /// Reports on stderr, at the end, the most answer bytes that waited to be
    /// written at once (a hidden switch for tests of the bound).
    var reportsPeakUnwritten = false

    /// The default budget of unwritten answers: 64 MiB.
    static let defaultMaxUnwrittenBytes = 64 << 20

    /// The default line limit: 16 MiB, a paragraph of some 16 million
    /// characters (see docs/Protocol.md, Reading lines).
    static let defaultMaxLineBytes = 16 << 20

    /// Returns the number of lines and of failed lines. `prepare` reads a
    /// line (its bytes without the newline, and its number, from 1) on the
    /// reading thread, one line after another in order, so that decoding
    /// overlaps measuring; `respond` handles it on a worker; the
    /// writing thread encodes and writes each response
    /// (``Response/write(number:to:)``).
    /// TypesetBatch's line types supply `prepare` and `respond`.
    func run<Work, Answer: JSONWritable>(
        input: FileHandle, output: FileHandle,
        prepare: (_ line: ArraySlice<UInt8>, _ number: Int) -> Work,
        respond: @escaping @Sendable (_ work: Work) -> Response<Answer>
    ) throws -> (lines: Int, failed: Int) {
        let state = StreamState<Work>(window: max(1, window), byteWindow: byteWindow,
                                                        unwrittenBudget: max(1, maxUnwrittenBytes), jobs: max(1, jobs))
        let limit = maxLineBytes
        let writer = OutputWriter(fd: output.fileDescriptor)
        var threads: [Thread] = []
        for _ in 0..<max(1, jobs) {
            let t = Thread {
                state.work { line, out in
                    let response: Response<Answer>
                    switch line {
                    case .work(let work, _, _): response = respond(work)
                    case .tooLong(let length, _):
                        response = .failure("the line is \(length) bytes long, more than the limit of \(limit) bytes (--max-line-bytes)", id: nil)
                    }
                    return response.write(number: line.inputLine, to: &out)
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
        var number = 0, blank = 0
        LineReader(fd: input.fileDescriptor, maxLineBytes: limit).forEachBlock { lines, bytesRead in
            var pending: [PendingLine<Work>] = []
            pending.reserveCapacity(lines.count)
            for line in lines {
                number += 1
                switch line {
                case .bytes(let bytes):
                    // A blank line (a file's last newline doubled, a spacer) is no request: skipped, not answered.
                    if Self.isBlank(bytes) { blank += 1; continue }
                    pending.append(.work(prepare(bytes[...], number), bytes: bytes.count, line: number))
                case .tooLong(let length): pending.append(.tooLong(length, line: number))
                }
            }
            return state.add(pending, bytesRead: bytesRead)
        }
        state.endOfInput()
        finished.wait()
        writer.flush()
        if reportsPeakUnwritten {
            DiagnosticWriter.standardError.write("measure: peak unwritten answer bytes: \(state.peakUnwrittenBytes)\n")
        }
        if let error = writer.failure {
            progress?.abandon()
            throw CommandFailure("cannot write the answers to standard output: \(String(cString: strerror(error))) "
                                 + "(\(state.writtenCount) lines answered, the rest not)")
        }
        progress?.finish(done: state.lineCount, failed: state.failedCount, blank: blank)
        return (state.lineCount, state.failedCount)
    }

    /// Whether a line holds nothing but JSON white space (or nothing).
    static func isBlank(_ bytes: [UInt8]) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }
}

/// A line between the reader and a worker: what the reader made of it, or
/// only its length when it is over the limit.
private enum PendingLine<Work> {
    case work(Work, bytes: Int, line: Int)
    case tooLong(Int, line: Int)

    /// The bytes the line held when it was read.
    var byteCount: Int {
        if case .work(_, let bytes, _) = self { return bytes }
        return 0
    }

    /// The line's number in the input, from 1 (blank lines count).
    var inputLine: Int {
        switch self {
        case .work(_, _, let line), .tooLong(_, let line): return line
        }
    }
}

/// The lines between the reader, the workers and the writer, behind one
/// condition. Lines are numbered from 1 in input order. The reader adds the
/// lines of each read together, a worker takes a chunk of what is queued (its
/// share, at most 256 lines), answers and encodes it, and stores the chunk's
/// bytes together; the writer takes every chunk that is ready in order and
/// writes it, so threads meet per chunk, not per line; a co-process's single
/// line is a chunk of its own and answered at once.
///
/// Answers waiting to be written are counted at their encoded size, in
/// bytes. While they exceed the budget (a reader slower than the
/// measuring), the reader waits and workers take only the chunk the writer
/// needs next; a worker whose chunk's answers reach a quarter of the budget
/// (shared among the workers) hands over what it has and, while the budget
/// is exceeded, waits until the writer needs the rest. So the answers
/// waiting stay within the budget and a quarter, plus one answer per
/// worker, whatever sizes the answers come in.
private final class StreamState<Work>: @unchecked Sendable {
    private let condition = NSCondition()
    private let window: Int, byteWindow: Int, unwrittenBudget: Int, jobs: Int
    /// Read, not yet taken by a worker.
    private var queue: [(number: Int, line: PendingLine<Work>?)] = []
    private var queueHead = 0
    /// Bytes of the lines read and not yet processed.
    private var bytesInFlight = 0
    /// Answered chunks not yet written, by their first line number: the
    /// encoded answers, their line count and how many were errors.
    private var done: [Int: (bytes: [UInt8], lines: Int, failures: Int)] = [:]
    /// The first line the writer has not taken yet.
    private var nextToWrite = 1
    /// Bytes of answers encoded but not yet written, and the most there were.
    private var unwrittenBytes = 0
    private var peakUnwritten = 0
    private var read = 0, written = 0, failed = 0
    private var bytesRead = 0
    private var inputEnded = false
    /// Output failed: everyone stops.
    private var aborted = false

    init(window: Int, byteWindow: Int, unwrittenBudget: Int, jobs: Int) {
        self.window = window
        self.byteWindow = byteWindow
        self.unwrittenBudget = unwrittenBudget
        self.jobs = jobs
    }

    var lineCount: Int { condition.lock(); defer { condition.unlock() }; return read }
    var failedCount: Int { condition.lock(); defer { condition.unlock() }; return failed }
    var writtenCount: Int { condition.lock(); defer { condition.unlock() }; return written }
    var peakUnwrittenBytes: Int { condition.lock(); defer { condition.unlock() }; return peakUnwritten }

    /// Stops the run: the reader reads no more, the workers take no more.
    func abort() {
        condition.lock()
        aborted = true
        queue.removeAll()
        queueHead = 0
        condition.broadcast()
        condition.unlock()
    }

    /// Queues the lines of one read, waiting while the window is full;
    /// false when the run has stopped (nothing more should be read).
    func add(_ lines: [PendingLine<Work>], bytesRead total: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !aborted else { return false }
        guard !lines.isEmpty else { return true }
        while !aborted && (read - written >= window || (bytesInFlight > 0 && bytesInFlight >= byteWindow)
                           || unwrittenBytes >= unwrittenBudget) { condition.wait() }
        guard !aborted else { return false }
        bytesRead = total
        for line in lines {
            read += 1
            bytesInFlight += line.byteCount
            queue.append((read, line))
        }
        condition.broadcast()
        return true
    }

    func endOfInput() {
        condition.lock()
        inputEnded = true
        condition.broadcast()
        condition.unlock()
    }

    /// Whether a worker must wait before taking the chunk at the head of the
    /// queue: too many answers wait to be written and the writer does not
    /// need this chunk next (an earlier one is being measured or written).
    private var outputBacklogged: Bool {
        unwrittenBytes >= unwrittenBudget && queueHead < queue.count && queue[queueHead].number != nextToWrite
    }

    /// The encoded answers a worker holds before it hands them over.
    private var workerShare: Int { max(1, unwrittenBudget / (4 * jobs)) }

    /// A worker: takes chunks until the input ends and the queue is empty;
    /// `process` appends each line's answer (or error line, numbered) to
    /// `out` and says whether it was answered.
    func work(_ process: (_ line: PendingLine<Work>, _ out: inout [UInt8]) -> Bool) {
        // The bytes the last chunk's answers took (at most a worker's
        // share): the next chunk's buffer is made that large at once, not
        // grown by doubling (each growth copied what the buffer held).
        var chunkBytes = 0
        while true {
            condition.lock()
            while ((queueHead == queue.count && !inputEnded) || outputBacklogged) && !aborted { condition.wait() }
            if queueHead == queue.count || aborted { condition.unlock(); return }
            let available = queue.count - queueHead
            // Move the lines out (a slice would keep the queue's buffer shared
            // and make the next write to the queue copy all of it).
            let end = queueHead + min(available, max(1, min(256, available / jobs)))
            var first = queue[queueHead].number
            var chunk: [PendingLine<Work>?] = []
            chunk.reserveCapacity(end - queueHead)
            for k in queueHead..<end { chunk.append(queue[k].line.take()!) }
            queueHead = end
            if queueHead > 1024 && queueHead * 2 > queue.count { queue.removeFirst(queueHead); queueHead = 0 }
            let share = workerShare
            condition.unlock()
            var out: [UInt8] = []
            out.reserveCapacity(chunkBytes)
            var lines = 0, failures = 0, bytes = 0
            for k in chunk.indices {
                let line = chunk[k].take()!  // the line's work is freed as soon as it is answered
                if !process(line, &out) { failures += 1 }
                lines += 1
                bytes += line.byteCount
                if out.count >= share && k + 1 < chunk.count {
                    // Hand over what this chunk has so far; wait to go on while too much waits.
                    hand(&out, first: first, lines: lines, failures: failures, inputBytes: bytes, waitingForNext: first + lines)
                    first += lines
                    lines = 0; failures = 0; bytes = 0
                    if isAborted { return }
                }
            }
            chunkBytes = min(out.count, share)
            hand(&out, first: first, lines: lines, failures: failures, inputBytes: bytes, waitingForNext: nil)
        }
    }

    private var isAborted: Bool { condition.lock(); defer { condition.unlock() }; return aborted }

    /// Stores a worker's encoded answers of lines `first...` for the
    /// writer; with `waitingForNext`, then waits while the answers waiting
    /// exceed the budget and the writer does not need that line next.
    private func hand(_ out: inout [UInt8], first: Int, lines: Int, failures: Int, inputBytes: Int, waitingForNext next: Int?) {
        condition.lock()
        bytesInFlight -= inputBytes
        unwrittenBytes += out.count
        peakUnwritten = max(peakUnwritten, unwrittenBytes)
        done[first] = (out, lines, failures)
        out = []
        condition.broadcast()
        if let next {
            while unwrittenBytes >= unwrittenBudget && nextToWrite != next && !aborted { condition.wait() }
        }
        condition.unlock()
    }

    /// The writer: writes each chunk's answers as soon as the chunk and all
    /// before it are done.
    func writeInOrder(to writer: OutputWriter, progress: ProgressReporter?) {
        while true {
            condition.lock()
            while done[written + 1] == nil && !(inputEnded && written == read) && !aborted { condition.wait() }
            if done[written + 1] == nil || aborted { condition.unlock(); return }
            // Take every chunk that is ready, in order, then write outside the lock.
            var ready: [(bytes: [UInt8], lines: Int, failures: Int)] = []
            var next = written + 1
            while let chunk = done.removeValue(forKey: next) {
                ready.append(chunk)
                next += chunk.lines
            }
            nextToWrite = next
            let bytes = bytesRead
            condition.broadcast()
            condition.unlock()
            var failures = 0, lines = 0, encodedBytes = 0
            for chunk in ready {
                writer.append(chunk.bytes)
                failures += chunk.failures
                lines += chunk.lines
                encodedBytes += chunk.bytes.count
            }
            ready = []
            writer.endOfBatch()
            if writer.failure != nil { abort(); return }
            condition.lock()
            unwrittenBytes -= encodedBytes
            self.written += lines
            failed += failures
            let (doneCount, failedCount) = (written, failed)
            condition.broadcast()
            condition.unlock()
            progress?.update(done: doneCount, failed: failedCount, bytesRead: bytes)
        }
    }
}

/// One input line: its bytes, or only its length when it is over the limit.
enum InputLine {
    case bytes([UInt8])
    case tooLong(Int)
}

/// Reads a file descriptor in blocks and hands out the lines each read
/// completes, split by index (each line copied out once; only a line cut by a
/// block boundary is carried into the next read). A final line without a
/// newline is still a line. A line longer than `maxLineBytes` is skipped as
/// it is read, never held: only its length is handed out.
private struct LineReader {
    let fd: Int32
    let maxLineBytes: Int

    /// Hands out the lines of each read while `body` returns true.
    func forEachBlock(_ body: (_ lines: [InputLine], _ bytesRead: Int) -> Bool) {
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
            var lines: [InputLine] = []
            var start = 0
            while let found = memchr(buffer + start, 0x0A, n - start) {
                let i = buffer.distance(to: found.assumingMemoryBound(to: UInt8.self))
                let piece = UnsafeBufferPointer(start: buffer + start, count: i - start)
                if skipped > 0 || carry.count + piece.count > maxLineBytes {
                    lines.append(.tooLong(skipped + carry.count + piece.count))
                    skipped = 0
                    carry = []
                } else if carry.isEmpty {
                    lines.append(.bytes(Array(piece)))
                } else {
                    carry.append(contentsOf: piece)
                    lines.append(.bytes(carry))
                    carry = []
                }
                start = i + 1
            }
            let rest = n - start
            if skipped > 0 { skipped += rest }
            else if carry.count + rest > maxLineBytes { skipped = carry.count + rest; carry = [] }
            else if rest > 0 { carry.append(contentsOf: UnsafeBufferPointer(start: buffer + start, count: rest)) }
            guard body(lines, total) else { return }
        }
        if skipped > 0 { _ = body([.tooLong(skipped)], total) }
        else if !carry.isEmpty { _ = body([.bytes(carry)], total) }
    }
}

/// Writes output lines: flushed after every batch of ready lines when the
/// output is a pipe or terminal (a co-process waits for each answer), in
/// blocks of 1 MiB otherwise. Every byte is written or the failure is kept:
/// a non-blocking output that is full is waited for (`poll`), so a line is
/// never cut short; any other error (`EPIPE`) is ``failure``, and nothing
/// is written after it.
final class OutputWriter: @unchecked Sendable {
    private let fd: Int32
    private let interactive: Bool
    private var buffer: [UInt8] = []
    /// The `errno` of the write that failed, if one did.
    private(set) var failure: Int32?

    init(fd: Int32) {
        self.fd = fd
        var info = stat()
        let isFIFO = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
        interactive = isatty(fd) != 0 || isFIFO
        buffer.reserveCapacity(1 << 20)
    }

    /// Appends encoded lines (newlines included) to the output buffer.
    /// Nothing is written until ``endOfBatch()``.
    func append(_ lines: [UInt8]) { buffer += lines }

    /// The end of a run of ready lines: interactive output goes out now,
    /// other output once 1 MiB is waiting.
    func endOfBatch() { if interactive || buffer.count >= 1 << 20 { flush() } }

    func flush() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil else { return }
        var offset = 0
        buffer.withUnsafeBytes { raw in
            while offset < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n >= 0 { offset += n; continue }
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK {
                    // A non-blocking output that is full: wait until it drains.
                    var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                    continue
                }
                failure = code
                return
            }
        }
    }
}
