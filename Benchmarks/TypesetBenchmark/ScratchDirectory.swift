import Foundation

/// Where a run writes the inputs it hands to peers and to `measure`, and the
/// tool's output: a directory of the run's own under the system's temporary
/// directory, so that benchmarks running at once (from several checkouts)
/// never read each other's half-written files. Removed at the end of the run.
enum ScratchDirectory {
    /// The directory, made on first use, with a trailing slash.
    static let path: String = {
        let path = NSTemporaryDirectory() + "typeset-bench-\(getpid())/"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// Removes the directory and what the run wrote into it.
    static func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
