// Pipeline stage: Shaping.
// In: words of one shaping run (face, script, direction, style) that the word cache did not have.
// Out: each word's shape, from one HarfBuzz call for all of them where HarfBuzz allows it.

import CHarfBuzz

extension WordShaper {
    /// The most UTF-16 units shaped in one call (longer runs of new words
    /// are shaped in several).
    static let longestJoinedRun = 1024

    /// Shapes words of one shaping run (one face, script, direction and
    /// style, from any of the text's items that have them; all to be cached,
    /// none shaped with context) and caches each: all of them in one
    /// HarfBuzz call (up to `longestJoinedRun` units), each word's shape then
    /// taken from it, since a call costs about as much as shaping a dozen
    /// letters. A word's shape is its own only where HarfBuzz says the
    /// joined text may be broken on both sides of it (a cluster starts there
    /// and is not unsafe to break, so nothing kerned, ligated or reordered
    /// across); any other word is shaped alone, as it would have been.
    /// - Parameters:
    ///   - words: the words, by index into `pieces`.
    ///   - deliver: called with each word's index into `words` and its shape.
    func shapeTogether(_ words: ArraySlice<Int>, of pieces: UnsafeBufferPointer<WordPiece>,
                       units: UnsafeBufferPointer<UInt16>, item: Item, face: FontFace, style: TextStyle,
                       features: [hb_feature_t], scratch: inout WordScratch, deliver: (Int, ShapedWord) -> Void) {
        var first = words.startIndex
        while first < words.endIndex {
            // The next run of words that fits in one call.
            var last = first + 1, length = pieces[words[first]].word.count
            while last < words.endIndex && length + pieces[words[last]].word.count <= Self.longestJoinedRun {
                length += pieces[words[last]].word.count
                last += 1
            }
            if last - first == 1 {
                deliver(first, shapeAlone(pieces[words[first]], units: units, item: item, face: face, style: style,
                                          features: features))
            } else {
                shapeJoined(words[first..<last], of: pieces, units: units, item: item, face: face, style: style,
                            features: features, scratch: &scratch, deliver: deliver)
            }
            first = last
        }
    }

    /// Orders `words` (indices, ascending) by their shaping run (`run`),
    /// keeping their order within a run: what sorting by run and index
    /// gives, with each word's run computed once and, for the few new words
    /// a text has, an insertion sort (a sort calling `run` per comparison
    /// cost more than the words' bookkeeping).
    /// - Parameter keys: scratch for the runs (contents replaced).
    static func groupByRun(_ words: inout [Int], keys: inout [UInt64], run: (Int) -> UInt64) {
        guard words.count <= 64 else {
            words.sort { (run($0), $0) < (run($1), $1) }
            return
        }
        keys.removeAll(keepingCapacity: true)
        for k in words { keys.append(run(k)) }
        words.withUnsafeMutableBufferPointer { w in
            keys.withUnsafeMutableBufferPointer { r in
                for i in 1..<w.count {
                    let key = r[i], word = w[i]
                    var j = i
                    while j > 0 && r[j - 1] > key {
                        r[j] = r[j - 1]
                        w[j] = w[j - 1]
                        j -= 1
                    }
                    r[j] = key
                    w[j] = word
                }
            }
        }
    }

    private func shapeAlone(_ piece: WordPiece, units: UnsafeBufferPointer<UInt16>, item: Item, face: FontFace,
                            style: TextStyle, features: [hb_feature_t]) -> ShapedWord {
        shape(UnsafeBufferPointer(rebasing: units[piece.word]), key: piece.key, item: item, face: face, style: style,
              features: features)
    }

    private func shapeJoined(_ words: ArraySlice<Int>, of pieces: UnsafeBufferPointer<WordPiece>,
                             units: UnsafeBufferPointer<UInt16>, item: Item, face: FontFace, style: TextStyle,
                             features: [hb_feature_t], scratch: inout WordScratch, deliver: (Int, ShapedWord) -> Void) {
        // The words one after another, and where each starts in the joined text.
        defer {
            scratch.joined.removeAll(keepingCapacity: true)
            scratch.starts.removeAll(keepingCapacity: true)
            scratch.notJoined.removeAll(keepingCapacity: true)
        }
        for k in words {
            scratch.starts.append(scratch.joined.count)
            scratch.joined.append(contentsOf: units[pieces[k].word])
        }
        scratch.starts.append(scratch.joined.count)
        scratch.joined.withUnsafeBufferPointer { text in
            shaper.shapeUnits(text, start: 0, end: text.count,
                              as: ShapingRun(item: item, face: face, style: style, features: features))
        }
        // Each word's shape taken from the joined one where that may be
        // done: a cluster starts at both its ends, neither unsafe to break
        // (the end of the text always may be broken at); the others are
        // shaped alone once the shaper's arrays are free again.
        let breakable = ShapedUnits.clusterStart | ShapedUnits.unsafeToBreak
        shaper.shapedUnits.advances.withUnsafeBufferPointer { advances in
            shaper.shapedUnits.flags.withUnsafeBufferPointer { flags in
                for (k, index) in zip(words.indices, words) {
                    let piece = pieces[index], lo = scratch.starts[k - words.startIndex]
                    let hi = scratch.starts[k - words.startIndex + 1]
                    guard flags[lo] & breakable == ShapedUnits.clusterStart
                        && (hi == flags.count || flags[hi] & breakable == ShapedUnits.clusterStart) else {
                        scratch.notJoined.append(k)
                        continue
                    }
                    let word = ShapedWord(units: UnsafeBufferPointer(rebasing: units[piece.word]),
                                          advances: UnsafeBufferPointer(rebasing: advances[lo..<hi]),
                                          flags: UnsafeBufferPointer(rebasing: flags[lo..<hi]), check: piece.key?.check ?? 0)
                    if let key = piece.key { cache?.store(key, word) }
                    deliver(k, word)
                }
            }
        }
        for k in scratch.notJoined {
            deliver(k, shapeAlone(pieces[words[k]], units: units, item: item, face: face, style: style, features: features))
        }
    }
}
