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
    /// HarfBuzz call (up to `longestJoinedRun` units), each word's glyphs then
    /// taken from it, since a call costs about as much as shaping a dozen
    /// letters. A word's glyphs are its own only where HarfBuzz says the
    /// joined text may be broken on both sides of it (a cluster starts there
    /// and is not unsafe to break, so nothing kerned, ligated or reordered
    /// across); any other word is shaped alone, as it would have been.
    /// - Returns: the shapes, in the order of `words`.
    func shapeTogether(_ words: [WordPiece], units: UnsafeBufferPointer<UInt16>, item: Item, face: FontFace,
                       style: TextStyle, features: [hb_feature_t], scratch: inout WordScratch) -> [ShapedWord] {
        var shaped: [ShapedWord] = []
        shaped.reserveCapacity(words.count)
        var first = 0
        while first < words.count {
            // The next run of words that fits in one call.
            var last = first + 1, length = words[first].word.count
            while last < words.count && length + words[last].word.count <= Self.longestJoinedRun {
                length += words[last].word.count
                last += 1
            }
            if last - first == 1 {
                shaped.append(shapeAlone(words[first], units: units, item: item, face: face, style: style, features: features))
            } else {
                shapeJoined(words[first..<last], units: units, item: item, face: face, style: style, features: features,
                            scratch: &scratch, into: &shaped)
            }
            first = last
        }
        return shaped
    }

    /// `elements` grouped by the word (of `words`) the unit `unit(element)`
    /// is in (`wordOfUnit`), those outside the text (`inText` false) left
    /// out: word k's are `grouped[starts[k]..<starts[k + 1]]`, in their order.
    private static func bucket<Element>(_ elements: [Element], by unit: (Element) -> Int32, where inText: (Int32) -> Bool,
                                        words: Int, wordOfUnit: [Int32], starts: inout [Int], next: inout [Int],
                                        into grouped: inout [Element], empty: Element) {
        starts.refill(0, count: words + 1)
        wordOfUnit.withUnsafeBufferPointer { wordOfUnit in
            starts.withUnsafeMutableBufferPointer { starts in
                for e in elements where inText(unit(e)) { starts[Int(wordOfUnit[Int(unit(e))]) + 1] += 1 }
                for k in 0..<words { starts[k + 1] += starts[k] }
            }
            next.removeAll(keepingCapacity: true)
            next.append(contentsOf: starts)
            grouped.refill(empty, count: starts[words])
            grouped.withUnsafeMutableBufferPointer { grouped in
                next.withUnsafeMutableBufferPointer { next in
                    for e in elements where inText(unit(e)) {
                        let k = Int(wordOfUnit[Int(unit(e))])
                        grouped[next[k]] = e
                        next[k] += 1
                    }
                }
            }
        }
    }

    private func shapeAlone(_ piece: WordPiece, units: UnsafeBufferPointer<UInt16>, item: Item, face: FontFace,
                            style: TextStyle, features: [hb_feature_t]) -> ShapedWord {
        shape(UnsafeBufferPointer(rebasing: units[piece.word]), key: piece.key, item: item, face: face, style: style,
              features: features)
    }

    private func shapeJoined(_ words: ArraySlice<WordPiece>, units: UnsafeBufferPointer<UInt16>, item: Item,
                             face: FontFace, style: TextStyle, features: [hb_feature_t], scratch: inout WordScratch,
                             into shaped: inout [ShapedWord]) {
        // The words one after another, and where each starts in the joined text.
        defer {
            scratch.joined.removeAll(keepingCapacity: true)
            scratch.starts.removeAll(keepingCapacity: true)
            scratch.boundaries.removeAll(keepingCapacity: true)
        }
        for piece in words {
            scratch.starts.append(scratch.joined.count)
            scratch.joined.append(contentsOf: units[piece.word])
        }
        scratch.starts.append(scratch.joined.count)

        // Each word's shape taken from the joined one where that may be done;
        // the others (nil) are shaped alone once the shaper is free again.
        var taken = [ShapedWord?](repeating: nil, count: words.count)
        scratch.joined.withUnsafeBufferPointer { text in
            shapeNoting(text, start: 0, end: text.count, item: item, face: face, style: style,
                        features: features) { glyphs, unsafeClusters, adjusted in
                // A word boundary the joined text may be broken at; clusters with an adjusted advance.
                scratch.boundaries.refill(false, count: text.count + 1)
                scratch.adjusted.refill(false, count: text.count)
                scratch.boundaries.withUnsafeMutableBufferPointer { boundaries in
                    for g in glyphs where g.cluster >= 0 && Int(g.cluster) < text.count { boundaries[Int(g.cluster)] = true }
                    boundaries[text.count] = true
                    for c in unsafeClusters where c >= 0 && Int(c) < text.count { boundaries[Int(c)] = false }
                }
                scratch.adjusted.withUnsafeMutableBufferPointer { flags in
                    for c in adjusted where c >= 0 && Int(c) < text.count { flags[Int(c)] = true }
                }
                // Each word's glyphs and unsafe clusters side by side (a counting
                // sort by the word their cluster is in): one pass, not one over
                // the whole run per word.
                scratch.wordOfUnit.refill(0, count: text.count)
                scratch.wordOfUnit.withUnsafeMutableBufferPointer { wordOfUnit in
                    for k in 0..<words.count {
                        for u in scratch.starts[k]..<scratch.starts[k + 1] { wordOfUnit[u] = Int32(k) }
                    }
                }
                let inText = { (c: Int32) in c >= 0 && Int(c) < text.count }
                Self.bucket(glyphs, by: { $0.cluster }, where: inText, words: words.count, wordOfUnit: scratch.wordOfUnit,
                            starts: &scratch.glyphStarts, next: &scratch.glyphNext, into: &scratch.wordGlyphs,
                            empty: ShapedGlyph(glyphID: 0, cluster: 0, advance: 0, xOffset: 0, yOffset: 0))
                Self.bucket(unsafeClusters, by: { $0 }, where: inText, words: words.count, wordOfUnit: scratch.wordOfUnit,
                            starts: &scratch.unsafeStarts, next: &scratch.glyphNext, into: &scratch.wordUnsafe, empty: 0)
                let flags = scratch.adjusted
                for (k, piece) in words.enumerated() {
                    let lo = scratch.starts[k], hi = scratch.starts[k + 1]
                    guard scratch.boundaries[lo] && scratch.boundaries[hi] else { continue }
                    let word = ShapedWord(units: UnsafeBufferPointer(rebasing: units[piece.word]),
                                          glyphs: scratch.wordGlyphs[scratch.glyphStarts[k]..<scratch.glyphStarts[k + 1]],
                                          unsafeClusters: scratch.wordUnsafe[scratch.unsafeStarts[k]..<scratch.unsafeStarts[k + 1]],
                                          isAdjusted: { $0 >= 0 && Int($0) < flags.count && flags[Int($0)] },
                                          clusterOffset: Int32(lo), check: piece.key?.check ?? 0)
                    if let key = piece.key { cache?.store(key, word) }
                    taken[k] = word
                }
            }
        }
        for (piece, word) in zip(words, taken) {
            shaped.append(word ?? shapeAlone(piece, units: units, item: item, face: face, style: style, features: features))
        }
    }
}
