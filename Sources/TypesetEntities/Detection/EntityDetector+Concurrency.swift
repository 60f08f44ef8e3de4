import Foundation
import Typeset

extension EntityDetector {
    /// The entities in `text`, detected off the caller's executor.
    ///
    /// Runs on the global concurrent executor (never on the main actor or the
    /// caller's actor), so long texts don't stall the caller. The result equals
    /// that of the synchronous ``entities(in:)``.
    @concurrent
    public func entitiesInBackground(in text: String) async -> [Entity] {
        detect(text)
    }

    /// The entities of each text in `texts`, in input order, using every core.
    ///
    /// The texts are split into chunks that child tasks of a task group detect on
    /// the global concurrent executor, with about one worker per active processor
    /// core. Cancelling the calling task stops the work and throws
    /// `CancellationError`.
    ///
    /// - Parameters:
    ///   - texts: The texts to scan.
    ///   - progress: Called after each chunk with the number of texts finished so
    ///     far (increasing, ending at `texts.count`). Calls are serial.
    /// - Returns: `result[i]` holds the entities of `texts[i]`.
    @concurrent
    public func entities(
        inEach texts: [String], progress: (@Sendable (Int) -> Void)? = nil
    ) async throws -> [[Entity]] {
        let detector = self
        return try await ConcurrentMap.map(
            count: texts.count, workers: ProcessInfo.processInfo.activeProcessorCount, maxChunk: 1024,
            progress: progress) { detector.detect(texts[$0]) }
    }
}
