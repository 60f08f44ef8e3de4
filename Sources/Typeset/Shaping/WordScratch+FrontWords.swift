// Pipeline stage: Shaping.
// A text's words taken from the prepare context's front table once the whole text is keyed.

extension WordScratch {
    /// Copies the words of `pieces` that the context's front table has (a
    /// warm text's most) into `out`, and drops them from `pieces`; the
    /// others stay, in order, with their shared cache slot prefetched.
    ///
    /// Done for the whole text once every word is keyed and its front entry
    /// prefetched (`WordFrontCache.prefetch`), not word by word as they are
    /// found: a lookup's hash and entry are then in the CPU cache, where one
    /// lookup after another waited for memory in turn (about half the time
    /// of finding a warm text's words). A word shaped with context is never
    /// in the front table (see `WordFrontCache`).
    mutating func takeFrontWords(units: UnsafeBufferPointer<UInt16>, front: WordFrontCache?, cache: ShapeCache,
                                 into out: UnitArrays) {
        var kept = 0
        pieces.withUnsafeMutableBufferPointer { pieces in
            for k in pieces.indices {
                let piece = pieces[k]
                if let key = piece.key {
                    if let front, piece.span == piece.word,
                       front.copy(key, units: UnsafeBufferPointer(rebasing: units[piece.span]), into: out,
                                  at: piece.word.lowerBound) {
                        continue
                    }
                    cache.prefetch(key)
                }
                pieces[kept] = piece
                kept += 1
            }
        }
        pieces.removeLast(pieces.count - kept)
    }
}
