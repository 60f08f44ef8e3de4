// Pipeline stage: Prepare, the reshaped breaks.
// What a break loses in kerning, remembered per prepare context.

/// Kerns a reshaped break loses, remembered per prepare context by a
/// `ShapeKey` of the units that decide them and the shaping parameters, so
/// that a text prepared again, or a break met again, is not shaped twice
/// more per break. Two of them serve every context (`PrepareContext`):
///
/// - the kern a word loses at a line start Chromium reshapes
///   (`Shaper.lostStartKern`), keyed by the word, the space before it and
///   the parameters: in a face that kerns its space with most letters
///   (Lato) nearly every break after a space is reshaped;
/// - the kern a break inside a shaped word loses (`Shaper.lostKern`), at its
///   end and at the next line's start, keyed by the graphemes on either side
///   of the break and where it falls among them: a Japanese face kerns kana
///   ("にして" before "も"), so most breaks between kana are unsafe. Only
///   pieces whose shape cannot depend on the text around them are
///   remembered (see `PrepareSession.reshapedEnds`).
///
/// One prepare context's (one task at a time); emptied when full.
final class KernMemo<Kern> {
    private struct Key: Hashable { var hash: UInt64; var check: UInt64 }
    private var kerns: [Key: Kern] = [:]
    /// The most breaks remembered before the memo is emptied.
    static var capacity: Int { 8192 }

    /// The kern for `key` (see `ShapeKey`), computed by `compute` the first time.
    func kern(_ key: ShapeKey, _ compute: () -> Kern) -> Kern {
        let k = Key(hash: key.hash, check: key.check)
        if let known = kerns[k] { return known }
        let found = compute()
        if kerns.count >= Self.capacity { kerns.removeAll(keepingCapacity: true) }
        kerns[k] = found
        return found
    }
}
