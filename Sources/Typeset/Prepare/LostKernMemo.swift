// Pipeline stage: Prepare, the reshaped breaks.
// What a break inside a shaped word loses, remembered per prepare context.

/// The kern a break inside a shaped word loses (see `Shaper.lostKern`),
/// remembered by the graphemes on either side of the break, where it falls
/// among them and the shaping parameters, so that a text prepared again, or
/// a pair met again, is not shaped twice more per break: a Japanese face
/// kerns kana ("にして" before "も"), so most breaks between kana are
/// unsafe and were measured with HarfBuzz on every prepare, warm or not.
/// Only pieces whose shape cannot depend on the text around them are
/// remembered (see `PrepareSession.reshapedEnds`). One prepare context's
/// (one task at a time); emptied when full.
final class LostKernMemo {
    private struct Key: Hashable { var hash: UInt64; var check: UInt64 }
    private var kerns: [Key: (end: Int64, start: Int64)] = [:]
    /// The most breaks remembered before the memo is emptied.
    static let capacity = 8192

    /// The kern for `key` (the graphemes about the break, the break's offset
    /// in them and the shaping parameters, see `ShapeKey`), computed by
    /// `compute` the first time.
    func kern(_ key: ShapeKey, _ compute: () -> (end: Int64, start: Int64)) -> (end: Int64, start: Int64) {
        let k = Key(hash: key.hash, check: key.check)
        if let known = kerns[k] { return known }
        let found = compute()
        if kerns.count >= Self.capacity { kerns.removeAll(keepingCapacity: true) }
        kerns[k] = found
        return found
    }
}
