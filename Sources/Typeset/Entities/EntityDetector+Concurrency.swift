import Foundation

extension EntityDetector {
    /// The entities in `text`, detected off the caller's executor.
    ///
    /// Runs on the global concurrent executor (never on the main actor or the
    /// caller's actor), so long texts don't stall the caller. The result equals
    /// that of the synchronous `entities(in:)`; in async code, write `await` to get
    /// this overload.
    @concurrent
    public func entities(in text: String) async -> [Entity] {
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
        try Task.checkCancellation()
        guard !texts.isEmpty else { return [] }
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        // Several chunks per worker balance uneven texts; a cap keeps progress and
        // cancellation responsive.
        let chunkSize = min(1024, max(1, texts.count / (workers * 8)))
        let chunkCount = (texts.count + chunkSize - 1) / chunkSize
        let detector = self
        var results = [[Entity]](repeating: [], count: texts.count)
        try await withThrowingTaskGroup(of: (Int, [[Entity]]).self) { group in
            func addChunk(_ chunk: Int) {
                let range = chunk * chunkSize..<min(texts.count, (chunk + 1) * chunkSize)
                group.addTask {
                    var chunkResults: [[Entity]] = []
                    chunkResults.reserveCapacity(range.count)
                    for index in range {
                        if index & 63 == 0 { try Task.checkCancellation() }
                        chunkResults.append(detector.detect(texts[index]))
                    }
                    return (range.lowerBound, chunkResults)
                }
            }
            var nextChunk = 0
            while nextChunk < min(workers, chunkCount) {
                addChunk(nextChunk)
                nextChunk += 1
            }
            var finished = 0
            while let (start, chunkResults) = try await group.next() {
                for (offset, entities) in chunkResults.enumerated() {
                    results[start + offset] = entities
                }
                finished += chunkResults.count
                progress?(finished)
                try Task.checkCancellation()
                if nextChunk < chunkCount {
                    addChunk(nextChunk)
                    nextChunk += 1
                }
            }
        }
        return results
    }
}
