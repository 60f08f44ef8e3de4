// Pipeline stage: Prepare, the reshaped breaks.
// What a word loses at a reshaped line start, remembered per prepare context.

/// The kern a word loses at a line start Chromium reshapes (see
/// `Shaper.lostStartKern`), remembered by the word, the space before it and
/// the shaping parameters, so that a text prepared again, or a word met
/// again, is not shaped twice more per break: in a face that kerns its
/// space with most letters (Lato) nearly every break after a space is
/// reshaped. One prepare context's (one task at a time); emptied when full.
final class LineStartKernMemo {
    private struct Key: Hashable { var hash: UInt64; var check: UInt64 }
    private var kerns: [Key: Int64] = [:]
    /// The most words remembered before the memo is emptied.
    static let capacity = 8192

    /// The kern for `key` (the space, the word and the shaping parameters,
    /// see `ShapeKey`), computed by `compute` the first time.
    func kern(_ key: ShapeKey, _ compute: () -> Int64) -> Int64 {
        let k = Key(hash: key.hash, check: key.check)
        if let known = kerns[k] { return known }
        let found = compute()
        if kerns.count >= Self.capacity { kerns.removeAll(keepingCapacity: true) }
        kerns[k] = found
        return found
    }
}
