// Pipeline stage: Shaping and segmentation in one loop, for plain text in one item whose words are all cached.
// In: the text's units, its one item's shaping parameters, its break opportunities, the word cache and front table.
// Out: the per-unit arrays `unitAdvances` writes and the segments the lean segment walk cuts; nil when a word is
// not cached (the text is then shaped and cut stage by stage).

extension WordShaper {
    /// The words of a text that is one item (a plain text in its style's
    /// first face, whose space takes part in no lookup, without letter or
    /// word spacing, tabs or kept newlines), each copied out of the
    /// context's front table or the shared cache into `out`, and its
    /// segments cut as it is copied, while its advances are in the CPU's
    /// first-level cache: the work of `unitAdvances` and `walkLeanSegments`
    /// in one pass over the words, without the running sums of every unit.
    /// (Before it, the words are found and keyed, and the memory the
    /// lookups of those not in the front table will read is prefetched, as
    /// `unitAdvances` does: looked up one after another, each would wait
    /// for the shared cache's slot and then its word in turn.)
    ///
    /// Words are `collectWords`' (from one separable break to the next, the
    /// last ending at the text's end) and each is looked up under the same
    /// key, so a word copied here is the word the general path copies; the
    /// segments end at `positions`, every one at or inside a word (a word's
    /// end is a break), their widths and flags are `cutWidths`' (without
    /// the ligature corrections, which `PrepareSession.warmLane` adds) and
    /// their metrics index is 0 (the one item's box).
    ///
    /// Returns the natural width and what the lane saw of the segment
    /// ends, or nil, having written part of the arrays and counted
    /// nothing, when some word is in neither table (or too long to be
    /// cached): the general path then does it all.
    /// - Parameters:
    ///   - out: the per-unit arrays, `units.count` long, starting as
    ///     `UnitArrays` says (advances 0, cluster starts, not kerned before).
    ///   - segments: `positions.count` segments, written in turn.
    func laneWords(units: UnsafeBufferPointer<UInt16>, parameters: ShapeParameters,
                   positions: UnsafeBufferPointer<Int32>, mandatory: UnsafeBufferPointer<Bool>, spacesHang: Bool,
                   into out: UnitArrays, segments: UnsafeMutableBufferPointer<Segment>) -> LaneSegments? {
        guard let cache, let front else { return nil }
        let n = units.count, count = positions.count
        precondition(n > 0 && count > 0 && Int(positions[count - 1]) == n && mandatory.count == count
                     && segments.count == count && out.count == n)
        front.begin(with: cache)
        // (Every word ends at a break: at most `count` words.)
        return withUnsafeTemporaryAllocation(of: LaneWord.self, capacity: count) { words -> LaneSegments? in
            // First every word found and keyed, and for those the front table does not have, the shared
            // cache's slot prefetched, then (the slots having had time to arrive) the word's storage:
            // their lookups then wait for memory together, not one after another.
            var start = 0, b = 0, wordCount = 0, frontMisses = 0
            while start < n {
                // The word: to the next separable break (after a space), else to the text's end.
                var stop = n
                while b < count {
                    let p = Int(positions[b])
                    if p >= n { break }
                    b += 1
                    if p > start && Self.isSeparableBreak(units, p) {
                        stop = p
                        break
                    }
                }
                guard stop - start <= Self.longestCachedWord else {
                    front.end(with: cache)
                    return nil
                }
                let key = ShapeKey(units: UnsafeBufferPointer(rebasing: units[start..<stop]), parameters: parameters)
                if !front.contains(key) {
                    cache.prefetch(key)
                    frontMisses += 1
                }
                words[wordCount] = LaneWord(key: key, stop: stop)
                wordCount += 1
                start = stop
            }
            if frontMisses > 0 {
                for w in 0..<wordCount where !front.contains(words[w].key) { cache.prefetchWord(words[w].key) }
            }
            return cut(words: UnsafeBufferPointer(rebasing: words[..<wordCount]), units: units, positions: positions,
                       mandatory: mandatory, spacesHang: spacesHang, cache: cache, front: front, into: out,
                       segments: segments)
        }
    }

    /// A word the lane found: its key and where it ends (it starts where the one before ends).
    private struct LaneWord {
        var key: ShapeKey
        var stop: Int
    }

    /// The lane's second pass: each word copied and its segments cut (see `laneWords`).
    @inline(__always)
    private func cut(words: UnsafeBufferPointer<LaneWord>, units: UnsafeBufferPointer<UInt16>,
                     positions: UnsafeBufferPointer<Int32>, mandatory: UnsafeBufferPointer<Bool>, spacesHang: Bool,
                     cache: ShapeCache, front: WordFrontCache,
                     into out: UnitArrays, segments: UnsafeMutableBufferPointer<Segment>) -> LaneSegments? {
        let n = units.count, count = positions.count
        let frontHits = front.hitCount
        var sharedHits = 0
        let advances = out.advances, clusterStarts = out.clusterStarts, unsafeBefore = out.unsafeBefore
        var start = 0, k = 0, segmentStart = 0
        var natural: Int64 = 0, pen: Int64 = 0
        var mayReshape = false, mayCorrectLigatures = false
        for w in words.indices {
            let key = words[w].key, stop = words[w].stop
            let word = UnsafeBufferPointer(rebasing: units[start..<stop])
            // The word's advances summed (from the front table, in its copy's pass).
            var wordWidth: Int64
            if let sum = front.copySummed(key, units: word, into: out, at: start) {
                wordWidth = sum
            } else {
                guard cache.copyWord(key, units: word, into: out, at: start, counted: false, keep: { storage in
                    front.insert(key, storage: storage)
                }) else {
                    front.uncountHits(since: frontHits)
                    front.end(with: cache)
                    return nil
                }
                sharedHits += 1
                wordWidth = 0
                for i in start..<stop { wordWidth &+= Int64(advances[i]) }
            }
            // The segments that end in this word (every segment lies inside one word).
            while k < count && Int(positions[k]) <= stop {
                let end = Int(positions[k])
                var contentEnd = end, hasTab = false
                var trailing: Int64 = 0
                while contentEnd > segmentStart {
                    let c = units[contentEnd - 1]
                    guard BreakOpportunities.isBreakableSpaceOrBreak(c), spacesHang || c != 0x20 else { break }
                    hasTab = hasTab || c == 0x09
                    contentEnd -= 1
                    trailing &+= Int64(advances[contentEnd])
                }
                var width: Int64
                if segmentStart == start && end == stop {
                    // The whole word (most segments): its sum less the trailing spaces.
                    width = wordWidth &- trailing
                } else {
                    width = 0
                    for i in segmentStart..<contentEnd { width &+= Int64(advances[i]) }
                }
                natural = max(natural, pen &+ width)
                let mandatoryBreak = mandatory[k]
                pen = mandatoryBreak ? 0 : pen &+ width &+ trailing
                let flags = Segment.Flags(mandatoryBreak: mandatoryBreak,
                                              lastContent: contentEnd > segmentStart ? units[contentEnd - 1] : nil, hasTab: hasTab)
                segments[k] = Segment(contentEnd: Int32(truncatingIfNeeded: contentEnd),
                                      end: Int32(truncatingIfNeeded: end), width: width, trailing: trailing,
                                      metrics: 0, flags: flags)
                // A line may end here inside a shaped word (nothing hangs): reshaped if HarfBuzz marks the break
                // unsafe or it is inside a ligature (the next word's units are not copied yet: taken as maybe).
                if contentEnd == end && !mandatoryBreak && end < n
                    && (end == stop || unsafeBefore[end] || !clusterStarts[end]) {
                    mayReshape = true
                }
                // A ligature split at the content's start or end changes its width (see `LigatureSplits`).
                if !clusterStarts[segmentStart] || (contentEnd < n && (contentEnd >= stop || !clusterStarts[contentEnd])) {
                    mayCorrectLigatures = true
                }
                segmentStart = end
                k += 1
            }
            start = stop
        }
        cache.countLaneHits(sharedHits)
        front.end(with: cache)
        return LaneSegments(natural: natural, mayReshape: mayReshape, mayCorrectLigatures: mayCorrectLigatures)
    }

    /// What `laneWords` found besides the segments.
    struct LaneSegments {
        /// The natural width (see `SegmentedText.naturalWidth`).
        var natural: Int64
        /// Some segment end is a break inside a shaped word that HarfBuzz
        /// marks unsafe or that is inside a ligature (else the text has no
        /// reshaped end, `PrepareSession.reshapedEnds`).
        var mayReshape: Bool
        /// Some segment's content starts or ends inside a ligature (else no
        /// segment's width takes a ligature correction).
        var mayCorrectLigatures: Bool
    }
}
