/// Maps indices to results on every core with structured concurrency: the one
/// scheduler behind the many-item APIs (`ConcurrentCellLayout`, `EntityDetector.entities(inEach:)`).
///
/// Indices are handed out in chunks, in `order` when one is given (visible rows
/// first, say), to about `workers` child tasks at a time; a new chunk starts as
/// one finishes, so uneven work balances. Results come back in index order.
/// `progress` is called by the calling task, serially and outside any lock,
/// after each chunk. Cancelling the calling task stops the work and throws
/// `CancellationError`; the first error thrown by `transform` stops the map
/// and is rethrown.
package enum ConcurrentMap {
    /// `transform(i)` for every `i` in `0..<count`, in index order.
    /// - Parameters:
    ///   - order: the order to start indices in (a permutation of `0..<count`);
    ///     nil for ascending.
    ///   - workers: chunks in flight at once (at least 1).
    ///   - maxChunk: the most indices in one chunk (smaller chunks keep order,
    ///     progress and cancellation responsive).
    ///   - progress: the number of indices finished so far, increasing to `count`.
    package static func map<T: Sendable>(
        count: Int, order: [Int]? = nil, workers: Int, maxChunk: Int,
        progress: (@Sendable (Int) -> Void)? = nil,
        transform: @escaping @Sendable (Int) throws -> T
    ) async throws -> [T] {
        try Task.checkCancellation()
        guard count > 0 else { return [] }
        let workerCount = max(1, min(workers, count))
        // Several chunks per worker balance uneven items.
        let chunkSize = max(1, min(maxChunk, count / (workerCount * 8)))
        let chunkCount = (count + chunkSize - 1) / chunkSize
        var results = [T?](repeating: nil, count: count)
        try await withThrowingTaskGroup(of: [(Int, T)].self) { group in
            var nextChunk = 0
            func startChunk() {
                let positions = nextChunk * chunkSize..<min(count, (nextChunk + 1) * chunkSize)
                nextChunk += 1
                group.addTask {
                    var done: [(Int, T)] = []
                    done.reserveCapacity(positions.count)
                    for position in positions {
                        try Task.checkCancellation()
                        let index = order?[position] ?? position
                        done.append((index, try transform(index)))
                    }
                    return done
                }
            }
            while nextChunk < min(workerCount, chunkCount) { startChunk() }
            var finished = 0
            while let part = try await group.next() {
                for (index, value) in part { results[index] = value }
                finished += part.count
                progress?(finished)
                try Task.checkCancellation()
                if nextChunk < chunkCount { startChunk() }
            }
        }
        try Task.checkCancellation()
        let values = results.compactMap { $0 }
        guard values.count == count else { throw CancellationError() }
        return values
    }
}
