import Foundation

/// The tool's standard error during a run: warnings, the progress line and
/// the summary are queued here and written by a thread of their own, so
/// that a stderr nobody reads (a pipe left full by a server that only reads
/// stdout) never stops the answers.
///
/// At most ``queueLimit`` bytes wait to be written; a message that does not
/// fit is dropped and counted (``droppedCount``), never waited for. At the
/// end of a run ``drain(patience:)`` gives the writing thread a moment to
/// write what waits, and gives up when stderr makes no progress for that
/// long: the process then exits with the rest unwritten.
final class DiagnosticWriter: @unchecked Sendable {
    /// The tool's one writer on file descriptor 2.
    static let standardError = DiagnosticWriter(fd: 2)

    /// The most bytes of messages waiting to be written: 256 KiB.
    static let queueLimit = 256 << 10

    private let fd: Int32
    private let condition = NSCondition()
    private var pending: [UInt8] = []
    private var writing = false
    private var started = false
    private var failed = false
    /// Bytes written so far (what ``drain(patience:)`` watches for progress).
    private var written = 0
    private var dropped = 0

    init(fd: Int32) { self.fd = fd }

    /// Messages dropped because too many waited for stderr.
    var droppedCount: Int { condition.lock(); defer { condition.unlock() }; return dropped }

    /// Queues `message` (with its own newline, if it ends a line) for
    /// stderr; returns at once. Dropped and counted when the queue is full
    /// or stderr has failed; an `essential` message (the summary, the error
    /// that ends a run: a few per run) is queued whatever the queue holds.
    func write(_ message: String, essential: Bool = false) {
        condition.lock()
        defer { condition.unlock() }
        guard !failed, essential || pending.count + message.utf8.count <= Self.queueLimit else { dropped += 1; return }
        pending += message.utf8
        if !started {
            started = true
            let thread = Thread { [self] in run() }
            thread.name = "stderr"
            thread.start()
        }
        condition.broadcast()
    }

    /// Waits until every queued message is written, or until stderr has
    /// taken nothing for `patience` (a reader that went away or stopped).
    func drain(patience: Double = 1) {
        condition.lock()
        defer { condition.unlock() }
        var lastWritten = written
        var deadline = Date(timeIntervalSinceNow: patience)
        while (!pending.isEmpty || writing) && !failed {
            if !condition.wait(until: deadline) {
                guard written != lastWritten else { return }
                lastWritten = written
                deadline = Date(timeIntervalSinceNow: patience)
            }
        }
    }

    /// The writing thread: writes what waits, in order, blocking on stderr
    /// as long as it takes.
    private func run() {
        while true {
            condition.lock()
            while pending.isEmpty { condition.wait() }
            let bytes = pending
            pending.removeAll(keepingCapacity: true)
            writing = true
            condition.unlock()
            let ok = writeAll(bytes)
            condition.lock()
            writing = false
            if !ok { failed = true; pending = [] }
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Writes every byte (waiting out a non-blocking stderr that is full);
    /// false when a write fails.
    private func writeAll(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n >= 0 {
                    offset += n
                    condition.lock()
                    written += n
                    condition.broadcast()
                    condition.unlock()
                    continue
                }
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                    continue
                }
                return false
            }
            return true
        }
    }
}
