import Foundation

/// A progress line on stderr for long batches: count, rate, and an ETA from
/// the bytes read against the input file's size (no pass to count lines),
/// and a summary at the end (with the process's peak RSS).
final class ProgressReporter: @unchecked Sendable {
    private let start = Date()
    private let live: Bool
    private let totalBytes: Int?
    private var lastDraw = Date.distantPast

    /// - Parameters:
    ///   - live: redraw a progress line (on a terminal, or when asked).
    ///   - totalBytes: the input file's size, when known (a file), for the ETA.
    init(live: Bool, totalBytes: Int?) {
        self.live = live
        self.totalBytes = totalBytes
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
        FileHandle.standardError.write(Data(line.utf8))
    }

    func finish(done: Int, failed: Int) {
        let elapsed = Date().timeIntervalSince(start)
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        // Interpolated, not `String(format:)`: its variadic arguments cost some
        // 2.5 million instructions of dynamic casts at the end of every run.
        let centiseconds = Int((max(0, elapsed) * 100).rounded())
        let fraction = centiseconds % 100
        let summary = "\(live ? "\r\u{1B}[K" : "")\(done) line\(done == 1 ? "" : "s"), \(failed) error\(failed == 1 ? "" : "s"), "
            + "\(centiseconds / 100).\(fraction < 10 ? "0" : "")\(fraction) s, \(Int(rate.rounded())) lines/s, "
            + "peak RSS \(Int((Double(Self.peakRSSKilobytes() ?? 0) / 1024).rounded())) MB\n"
        FileHandle.standardError.write(Data(summary.utf8))
    }

    /// This process's peak resident set size (VmHWM in /proc/self/status), in kB.
    static func peakRSSKilobytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }
}
