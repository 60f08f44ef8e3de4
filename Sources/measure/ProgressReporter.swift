import Foundation

/// A progress line on stderr for long batches: count, rate, and an ETA from
/// the bytes read against the input file's size (no pass to count lines),
/// and a summary at the end of a run that finished (`measure: 3 lines, 0
/// errors, …, peak RSS 40 MB`), unless `--quiet`. Written through
/// ``DiagnosticWriter``: a stderr nobody reads never holds up the answers.
final class ProgressReporter: @unchecked Sendable {
    private let start = Date()
    private let live: Bool
    private let quiet: Bool
    private let totalBytes: Int?
    private var lastDraw = Date.distantPast

    /// - Parameters:
    ///   - live: redraw a progress line (on a terminal, or when asked).
    ///   - quiet: no summary line at the end.
    ///   - totalBytes: the input file's size, when known (a file), for the ETA.
    init(live: Bool, quiet: Bool = false, totalBytes: Int?) {
        self.live = live
        self.quiet = quiet
        self.totalBytes = totalBytes
    }

    /// The reporter a JSON Lines command's options ask for: `--progress`
    /// or `--no-progress` (nil: a progress line when stderr is a
    /// terminal), `--quiet` (neither a progress line nor a summary).
    static func forRun(progress: Bool?, quiet: Bool, input: String) -> ProgressReporter {
        let live = !quiet && (progress ?? (isatty(2) != 0))
        return ProgressReporter(live: live, quiet: quiet, totalBytes: live ? size(of: input) : nil)
    }

    /// The input file's size, nil for stdin or what cannot be stat'ed.
    static func size(of path: String) -> Int? {
        guard path != "-", let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = attributes[.size] as? NSNumber else { return nil }
        return size.intValue
    }

    func update(done: Int, failed: Int, bytesRead: Int) {
        guard live, Date().timeIntervalSince(lastDraw) > 0.1 else { return }
        lastDraw = Date()
        let elapsed = max(1e-6, Date().timeIntervalSince(start))
        let rate = Double(done) / elapsed
        var line = "\r\(done) lines, \(failed) failed, \(Int(rate)) lines/s"
        if let totalBytes, totalBytes > 0, bytesRead > 0 {
            let frac = min(1, Double(bytesRead) / Double(totalBytes))
            let bar = String(repeating: "#", count: Int(frac * 30)).padding(toLength: 30, withPad: ".", startingAt: 0)
            let eta = frac > 0 ? elapsed * (1 - frac) / frac : 0
            line = "\r[\(bar)] \(done) lines \(Int(rate)) lines/s ETA \(String(format: "%.0f", eta))s, \(failed) failed"
        }
        DiagnosticWriter.standardError.write(line)
    }

    /// A run that stopped: the progress line is cleared, and no summary
    /// written (the error that stopped it says how far it got).
    func abandon() {
        if live { DiagnosticWriter.standardError.write("\r\u{1B}[K") }
    }

    /// The summary line of a run that finished (none with `--quiet`): the
    /// lines answered, the errors among them, the blank lines skipped.
    func finish(done: Int, failed: Int, blank: Int = 0) {
        guard !quiet else { return }
        let elapsed = Date().timeIntervalSince(start)
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        // Interpolated, not `String(format:)`: its variadic arguments cost some
        // 2.5 million instructions of dynamic casts at the end of every run.
        let centiseconds = Int((max(0, elapsed) * 100).rounded())
        let fraction = centiseconds % 100
        let blankLines = blank == 0 ? "" : "\(blank) blank line\(blank == 1 ? "" : "s") skipped, "
        let summary = "\(live ? "\r\u{1B}[K" : "")measure: \(done) line\(done == 1 ? "" : "s"), \(failed) error\(failed == 1 ? "" : "s"), "
            + blankLines
            + "\(centiseconds / 100).\(fraction < 10 ? "0" : "")\(fraction) s, \(Int(rate.rounded())) lines/s, "
            + "peak RSS \(Int((Double(Self.peakRSSKilobytes() ?? 0) / 1024).rounded())) MB\n"
        DiagnosticWriter.standardError.write(summary, essential: true)
    }

    /// This process's peak resident set size (VmHWM in /proc/self/status), in kB.
    static func peakRSSKilobytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }
}
