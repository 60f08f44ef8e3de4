import Foundation
import TypesetBatch

/// Streams JSON Lines from a file or stdin and writes one output line per
/// input line, in input order, as soon as that line and every line before it
/// are done. A pipeline of threads: the reader splits lines and decodes each
/// (`prepare`), `jobs` workers answer them (`respond`: measuring, the costly
/// part), the writer encodes the answers straight into its output buffer
/// and writes them; what a line means is the protocols' business
/// (TypesetBatch). Decoding and encoding overlap measuring: with `--jobs 1`
/// on two cores the worker does nothing but measure.
///
/// Memory is bounded by the in-flight window (at most `window` lines and
/// `byteWindow` bytes read but not yet processed), the answers made but
/// not yet written (at most `maxUnwrittenBytes`, counting each answer at the
/// size the writer last encoded answers at, plus one chunk per worker:
/// while more wait for a slow reader, nothing more is read or measured) and
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
        let state = StreamState<Work, Response<Answer>>(window: max(1, window), byteWindow: byteWindow,
                                                        unwrittenBudget: max(1, maxUnwrittenBytes), jobs: max(1, jobs))
        let limit = maxLineBytes
        let writer = OutputWriter(fd: output.fileDescriptor)
        var threads: [Thread] = []
        for _ in 0..<max(1, jobs) {
            let t = Thread {
                state.work { line in
                    switch line {
                    case .work(let work, _): return respond(work)
                    case .tooLong(let length):
                        return .failure("the line is \(length) bytes long, more than the limit of \(limit) bytes (--max-line-bytes)", id: nil)
                    }
                }
            }
            t.stackSize = 8 << 20
            threads.append(t)
            t.start()
        }
        let finished = DispatchSemaphore(value: 0)
        let writing = Thread {
            state.writeInOrder(to: writer, progress: progress) { response, number, out in
                response.write(number: number, to: &out)
            }
            finished.signal()
        }
        writing.start()
        var number = 0
        LineReader(fd: input.fileDescriptor, maxLineBytes: limit).forEachBlock { lines, bytesRead in
            return state.add(lines.map { line in
                number += 1
                switch line {
                case .bytes(let bytes): return .work(prepare(bytes[...], number), bytes: bytes.count)
                case .tooLong(let length): return .tooLong(length)
                }
            }, bytesRead: bytesRead)
        }
        state.endOfInput()
        finished.wait()
        writer.flush()
        if reportsPeakUnwritten {
            FileHandle.standardError.write(Data("measure: peak unwritten answer bytes: \(state.peakUnwrittenBytes)\n".utf8))
        }
        if let error = writer.failure {
            progress?.finish(done: state.writtenCount, failed: state.failedCount)
            throw CommandFailure("cannot write the answers to standard output: \(String(cString: strerror(error))) "
                                 + "(\(state.writtenCount) lines answered, the rest not)")
        }
        progress?.finish(done: state.lineCount, failed: state.failedCount)
        return (state.lineCount, state.failedCount)
    }
}

/// A line between the reader and a worker: what the reader made of it, or
/// only its length when it is over the limit.
private enum PendingLine<Work> {
    case work(Work, bytes: Int)
    case tooLong(Int)

    /// The bytes the line held when it was read.
    var byteCount: Int {
        if case .work(_, let bytes) = self { return bytes }
        return 0
    }
}

/// The lines between the reader, the workers and the writer, behind one
/// condition. Lines are numbered from 1 in input order. The reader adds the
/// lines of each read together, a worker takes a chunk of what is queued (its
/// share, at most 256 lines) and stores the chunk's results together, the
/// writer takes every chunk that is ready in order, so threads meet per
/// chunk, not per line; a co-process's single line is a chunk of its own and
/// answered at once. The writer encodes the results; each waiting result
/// counts as many bytes as the writer's recent answers took on average.
/// While the results not yet written exceed the budget (a reader slower than
/// the measuring), the reader waits and workers take only the chunk the
/// writer needs next, so memory does not grow with the output's backlog.
private final class StreamState<Work, Result>: @unchecked Sendable {
    private let condition = NSCondition()
    private let window: Int, byteWindow: Int, unwrittenBudget: Int, jobs: Int
    /// Read, not yet taken by a worker.
    private var queue: [(number: Int, line: PendingLine<Work>?)] = []
    private var queueHead = 0
    /// Bytes of the lines read and not yet processed.
    private var bytesInFlight = 0
    /// Processed chunks not yet written, by their first line number: the
    /// results and the bytes they were counted at.
    private var done: [Int: (results: [Result], bytes: Int)] = [:]
    /// The first line the writer has not taken yet.
    private var nextToWrite = 1
    /// Bytes of answers made but not yet written, and the most there were.
    private var unwrittenBytes = 0
    private var peakUnwritten = 0
    /// The longest answer of late (halved per written batch without a longer
    /// one), nil before the first: it keeps a chunk's answers to a share of
    /// the budget, so a worker's chunk cannot overshoot it by much.
    private var recentLongestAnswer: Int?
    /// The bytes per answer of the last batch written (nil before the first):
    /// what each answer waiting to be written counts as.
    private var recentAverageAnswer: Int?
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

    /// The lines a chunk may have so that every worker's chunk together
    /// stays within half the unwritten budget, judging by recent answers.
    private var linesPerChunkWithinBudget: Int {
        guard let longest = recentLongestAnswer else { return 1 }
        return unwrittenBudget / (2 * jobs * max(1, longest))
    }

    /// A worker: takes chunks until the input ends and the queue is empty;
    /// `process` makes each line's result.
    func work(_ process: (_ line: PendingLine<Work>) -> Result) {
        while true {
            condition.lock()
            while ((queueHead == queue.count && !inputEnded) || outputBacklogged) && !aborted { condition.wait() }
            if queueHead == queue.count || aborted { condition.unlock(); return }
            let available = queue.count - queueHead
            // Move the lines out (a slice would keep the queue's buffer shared
            // and make the next write to the queue copy all of it).
            let end = queueHead + min(available, max(1, min(256, available / jobs, linesPerChunkWithinBudget)))
            let first = queue[queueHead].number
            var chunk: [PendingLine<Work>] = []
            chunk.reserveCapacity(end - queueHead)
            for k in queueHead..<end {
                chunk.append(queue[k].line!)
                queue[k].line = nil
            }
            queueHead = end
            if queueHead > 1024 && queueHead * 2 > queue.count { queue.removeFirst(queueHead); queueHead = 0 }
            condition.unlock()
            var results: [Result] = []
            results.reserveCapacity(chunk.count)
            var bytes = 0
            for line in chunk {
                results.append(process(line))
                bytes += line.byteCount
            }
            chunk = []  // the lines' work is freed here, not under the lock
            condition.lock()
            // Until the writer has encoded an answer, each counts as one byte (chunks are of one line then).
            let counted = results.count * max(1, recentAverageAnswer ?? 1)
            bytesInFlight -= bytes
            unwrittenBytes += counted
            peakUnwritten = max(peakUnwritten, unwrittenBytes)
            done[first] = (results, counted)
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The writer: encodes each chunk's results (`encode` appends a line's
    /// and says whether it succeeded) and writes them as soon as the chunk
    /// and all before it are done.
    func writeInOrder(to writer: OutputWriter, progress: ProgressReporter?,
                      encode: (_ result: Result, _ number: Int, _ out: inout [UInt8]) -> Bool) {
        while true {
            condition.lock()
            while done[written + 1] == nil && !(inputEnded && written == read) && !aborted { condition.wait() }
            if done[written + 1] == nil || aborted { condition.unlock(); return }
            // Take every chunk that is ready, in order, then encode and write outside the lock.
            var ready: [(results: [Result], bytes: Int)] = []
            var next = written + 1
            while let chunk = done.removeValue(forKey: next) {
                ready.append(chunk)
                next += chunk.results.count
            }
            nextToWrite = next
            let bytes = bytesRead
            let firstNumber = written + 1
            condition.unlock()
            var failures = 0, lines = 0, countedBytes = 0, encodedBytes = 0, longest = 0
            for chunk in ready {
                countedBytes += chunk.bytes
                for result in chunk.results {
                    let size = writer.append { out in if !encode(result, firstNumber + lines, &out) { failures += 1 } }
                    lines += 1
                    encodedBytes += size
                    longest = max(longest, size)
                }
            }
            ready = []
            // The answers now count at their encoded size, and say what the next ones will count at,
            // before a write that may wait for the output's reader.
            condition.lock()
            recentLongestAnswer = max(longest, (recentLongestAnswer ?? 0) / 2)
            recentAverageAnswer = encodedBytes / max(1, lines)
            unwrittenBytes += encodedBytes - countedBytes
            peakUnwritten = max(peakUnwritten, unwrittenBytes)
            condition.unlock()
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

    /// Appends what `encode` appends (lines, newlines included) to the
    /// output buffer; returns the bytes appended. Nothing is written until
    /// ``endOfBatch()``.
    func append(_ encode: (inout [UInt8]) -> Void) -> Int {
        let start = buffer.count
        encode(&buffer)
        return buffer.count - start
    }

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
