// Pipeline stage: Shaping.
// In: Items and the break opportunities that delimit words.
// Out: one advance per UTF-16 unit, each word shaped by HarfBuzz once and then taken from the shared word cache (ShapeCache).

import CHarfBuzz
import CUnicode

/// Shapes itemized text word by word into one advance per UTF-16 unit, each
/// word from the shared word cache when it is there.
///
/// Preparation uses it once; a prepared text uses it again, on first need,
/// to recover the per-unit advances it does not keep (see `UnitMetrics`).
/// The same inputs always give the same advances.
struct WordShaper {
    let shaper: Shaper
    let cache: ShapeCache?
    /// The prepare context's table in front of `cache` (see `WordFrontCache`), if any.
    let front: WordFrontCache?

    init(shaper: Shaper, cache: ShapeCache?, front: WordFrontCache? = nil) {
        self.shaper = shaper
        self.cache = cache
        self.front = front
    }

    /// Words longer than this are shaped without the cache (they rarely
    /// repeat). Links are one word between spaces, most of them 40–120
    /// units, and a feed repeats them (a shared link, a text prepared
    /// again): they are cached, the cache's byte bound keeping a vocabulary
    /// of long unique words in check.
    static let longestCachedWord = 128

    /// The longest piece cached in a face whose space takes part in its
    /// lookups, where a piece is the text between breaks that are not
    /// spaces (usually a whole item): a text prepared again copies it whole.
    static let longestCachedRun = 1024

    /// Per processed unit: its cluster's advance (glyphs, letter spacing and
    /// CJK punctuation trimming; newlines, carriage returns and tabs take none),
    /// 1/65536 px, whether it starts a glyph cluster, and whether a break
    /// before it would lose a kern (HarfBuzz marks the break unsafe and the
    /// cluster before has an adjusted advance); also the closing brackets
    /// that may still be trimmed at a line end.
    /// - Parameter breaks: the line-break opportunities (shaping never crosses
    ///   one that separates independent words).
    /// - Parameter words: the arrays shaping fills, emptied after (see `WordScratch`).
    func unitAdvances(units: [UInt16], runs: ItemRuns, breaks: [Int32], words: inout WordScratch)
        -> (advances: [Int32], clusterStarts: [Bool], unsafeBefore: [Bool], trimmableClose: [Int32]) {
        var features = StyleFeatures()
        features.fill(for: runs.styles)
        var advances: [Int32] = [], clusterStarts: [Bool] = [], unsafeBefore: [Bool] = []
        let trim = unitAdvances(units: units, runs: runs, breaks: breaks, features: features, words: &words,
                                into: &advances, clusterStarts: &clusterStarts, unsafeBefore: &unsafeBefore)
        return (advances, clusterStarts, unsafeBefore, trim)
    }

    /// The same per-unit flags and advances written into `advances`,
    /// `clusterStarts` and `unsafeBefore` (their contents replaced, so that a
    /// caller keeping them between texts allocates nothing for them), with
    /// the styles' features given; returns the trimmable closing brackets.
    func unitAdvances(units: [UInt16], runs: ItemRuns, breaks: [Int32], features: StyleFeatures,
                      words scratch: inout WordScratch,
                      into advances: inout [Int32], clusterStarts: inout [Bool], unsafeBefore: inout [Bool]) -> [Int32] {
        let (items, faces, styles) = (runs.items, runs.faces, runs.styles)
        let n = units.count
        advances.refill(0, count: n)
        clusterStarts.refill(true, count: n)  // (see `UnitArrays`)
        unsafeBefore.refill(false, count: n)
        if let cache { front?.begin(with: cache) }
        defer {
            scratch.reset()
            if let cache { front?.end(with: cache) }
        }
        units.withUnsafeBufferPointer { buf in
            // First every word of the text found and keyed, those the
            // context's front table has copied out at once (most of a
            // warm text's), and for the others the memory their lookup
            // will read prefetched, so that those lookups wait for memory
            // together, not in turn (items are often a word long: an
            // Arabic word in its font between spaces in the primary font, a
            // run of kana).
            // (Faces and styles read in place, not copied per item.)
            faces.withUnsafeBufferPointer { faces in styles.withUnsafeBufferPointer { styles in
                UnitArrays.with(&advances, &clusterStarts, &unsafeBefore) { out in
                    // What the last item's face and style were known to do with spaces (a CJK text is a
                    // hundred items, in turn Han, kana and punctuation, of one face and style).
                    var knownPair = (face: -1, style: -1, inContext: false)
                    for (k, item) in items.enumerated() {
                        let style = Int(item.styleIndex), face = faces[Int(item.faceIndex)]
                        let inContext: Bool
                        if knownPair.face == Int(item.faceIndex) && knownPair.style == style {
                            inContext = knownPair.inContext
                        } else if let known = face.knownSpaceTakesPart(in: features.lists[style]) {
                            inContext = known
                            knownPair = (Int(item.faceIndex), style, known)
                        } else {
                            // (A face's lookups are read the first time an item of it holds a space or a newline.)
                            inContext = Self.holdsSpaceOrNewline(buf, item) && face.spaceTakesPart(in: features.lists[style])
                        }
                        let parameters = ShapeParameters(item: item, face: face, style: styles[style],
                                                         styleHash: features.hashes[style])
                        collectWords(item, index: k, parameters: parameters, spacesInContext: inContext, units: buf,
                                     breaks: breaks, copyingInto: out, into: &scratch)
                    }
                }
            } }
            // Then, the shared cache's slots having had time to arrive, the
            // storage of the words found there prefetched: outside the
            // lookups' locks, which would take these misses one at a time.
            if let cache {
                for piece in scratch.pieces {
                    if let key = piece.key, front?.contains(key) != true { cache.prefetchWord(key) }
                }
            }
            // Then each word copied out of the cache, or shaped.
            shapeWords(runs, features: features.lists, units: buf, scratch: &scratch,
                       advances: &advances, clusterStarts: &clusterStarts, unsafeBefore: &unsafeBefore)
            // CSS word-spacing: on spaces and no-break spaces, as Chromium adds it.
            if styles.contains(where: { $0.wordSpacing != 0 }) {
                WordSpacing.apply(units: buf, items: items, styles: styles, to: &advances)
            }
            guard styles.contains(where: { $0.letterSpacing != 0 }) else { return }
            for item in items where styles[Int(item.styleIndex)].letterSpacing != 0 {
                // Chromium spaces out every glyph cluster (at character-level
                // clusters) that does not start with a mark; cursive scripts
                // keep their joins, so only their spaces are spaced out. A
                // negative spacing closes a cluster up to nothing, never
                // further: widths are never negative (PrepareSession's split
                // widths clamp alike).
                let ls = Shaper.clamp(styles[Int(item.styleIndex)].letterSpacing * 65536)
                for c in Int(item.start)..<Int(item.end) where clusterStarts[c] {
                    if UnicodeProps.isLetterSpaced(buf, at: c, script: item.script) {
                        advances[c].addSaturating(ls)
                        if advances[c] < 0 { advances[c] = 0 }
                    }
                }
            }
        }
        // Newlines, carriage returns and tabs take no width of their own.
        // (One pass, in place, that also finds the highest unit.)
        var highest: UInt16 = 0
        units.withUnsafeBufferPointer { u in advances.withUnsafeMutableBufferPointer { a in
            for i in 0..<n {
                let c = u[i]
                highest = max(highest, c)
                if c <= 0x0D && (c == 0x0A || c == 0x0D || c == 0x09) { a[i] = 0 }
            }
        } }

        // Fullwidth CJK punctuation that meets other punctuation is set half-width.
        guard highest >= PunctuationTrim.lowest else { return [] }
        let trim = PunctuationTrim.apply(units: units, advances: &advances) { i in
            // The item holding unit `i` (items are in order and cover the text).
            var lo = 0, hi = items.count - 1
            while lo < hi { let m = (lo + hi) / 2; if Int(items[m].end) <= i { lo = m + 1 } else { hi = m } }
            let st = styles[Int(items[lo].styleIndex)]
            return Shaper.clamp(st.size * 65536 + st.letterSpacing * 65536)
        }
        return trim
    }

    /// Copies an item's words that the front table has into `out`, and
    /// appends the others to `scratch.pieces`, each with the span it is
    /// shaped in and its cache key, what its lookup reads prefetched
    /// (from `scratch.nextBreak`, where the search for the item's first
    /// break starts). A word ends at
    /// a line-break opportunity (after its trailing spaces, or between two
    /// ideographs, or between two Thai words): where lines may break, shaping
    /// must not depend on what follows anyway. In a face whose space takes
    /// part in its lookups (`spacesInContext`, see `FontFace.spaceTakesPart`)
    /// a space does not end a word: the text between other such breaks
    /// (usually the whole item) is shaped as one piece, as Chromium shapes it.
    /// - Parameter parameters: the item's shaping parameters, mixed into every word's key.
    private func collectWords(_ item: Item, index: Int, parameters: ShapeParameters, spacesInContext: Bool,
                              units: UnsafeBufferPointer<UInt16>, breaks: [Int32],
                              copyingInto out: UnitArrays, into scratch: inout WordScratch) {
        let end = Int(item.end)
        var start = Int(item.start)
        var b = scratch.nextBreak
        defer { scratch.nextBreak = b }
        // The first break opportunity after the item's start (items come in
        // order: from where the previous item's search ended).
        while b < breaks.count && Int(breaks[b]) <= start { b += 1 }
        // Whether the item's script joins across a word's edges (read once an item, not once a word).
        let joins = Self.readsJoiningContext(item.script)
        while start < end {
            // A run of ideographs the context's table has: copied in one loop.
            if start + 1 < end, UnicodeProps.isHanIdeograph(units[start]), UnicodeProps.isHanIdeograph(units[start + 1]),
               let front {
                (start, b) = front.ideographs.copyRun(units, from: start, end: end, breaks: breaks, next: b,
                                                parameters: parameters, script: item.script, into: out)
            }
            // The next break opportunity where shaping is known to be separable.
            var stop = end
            while b < breaks.count && Int(breaks[b]) < end {
                let p = Int(breaks[b])
                b += 1
                guard p > start else { continue }
                if Self.isSeparableBreak(units, p) {
                    // After a space: apart, unless the face shapes its spaces in context.
                    if spacesInContext && units[p - 1] == 0x20 && !Self.isSeparableInContext(units, p) { continue }
                    stop = p
                    break
                }
                // After a forced break: apart in such a face (Chromium's items end there).
                if spacesInContext && (units[p - 1] == 0x0A || units[p - 1] == 0x0D) {
                    stop = p
                    break
                }
            }
            // A word that runs on into the next or previous item (a style or
            // font change inside it) is shaped with its neighbours as context,
            // so that Arabic letters still join across the change.
            let inContext = (start == Int(item.start) && start > 0 && !Self.isSeparableBreak(units, start))
                || (stop == end && stop < units.count && !Self.isSeparableBreak(units, stop))
            let span = inContext && joins ? Self.contextSpan(units, start: start, end: stop) : start..<stop
            // Without context the piece shapes as it would alone: the plain word's entry serves.
            let key = self.key(UnsafeBufferPointer(rebasing: units[span]), wordLength: stop - start, parameters: parameters,
                               context: span == start..<stop ? nil : (start - span.lowerBound, span.upperBound - stop),
                               longest: spacesInContext ? Self.longestCachedRun : Self.longestCachedWord)
            // A word in the context's front table is copied out at once;
            // the others have their shared cache slot prefetched.
            if let key {
                if let front, span == start..<stop,
                   front.copy(key, units: UnsafeBufferPointer(rebasing: units[span]), into: out, at: start) {
                    if stop == start + 1 && UnicodeProps.isHanIdeograph(units[start]) {
                        front.ideographs.note(units, at: start, parameters: parameters, script: item.script, from: out)
                    }
                    start = stop
                    continue
                }
                cache?.prefetch(key)
            }
            scratch.pieces.append(WordPiece(word: start..<stop, span: span, key: key, item: Int32(index)))
            start = stop
        }
    }

    /// Writes the advances of the text's words (`scratch.pieces`): each
    /// copied out of the cache, or shaped. Words to be cached and shaped
    /// alone are shaped after the others, together: all those with the same
    /// face, script, direction and style in one HarfBuzz call
    /// (`shapeTogether`), whichever items they are in (an Arabic post's
    /// words are items of their own between spaces in the primary font); a
    /// word that repeats one of them is copied from the cache once that is
    /// stored.
    private func shapeWords(_ runs: ItemRuns, features: [[hb_feature_t]], units: UnsafeBufferPointer<UInt16>,
                            scratch: inout WordScratch,
                            advances: inout [Int32], clusterStarts: inout [Bool], unsafeBefore: inout [Bool]) {
        let (items, faces, styles) = (runs.items, runs.faces, runs.styles)
        // Cached words are copied out first thing (a warm text's every
        // word), into the arrays held in place and with the cache and the
        // front table unretained: a word's face is looked at only when it
        // is not cached. Words shaped alone (in context, or in a colour
        // bitmap face) are shaped after the loop.
        let pieces = scratch.pieces
        UnitArrays.with(&advances, &clusterStarts, &unsafeBefore) { out in
            pieces.withUnsafeBufferPointer { pieces in
                withCache { cache, front in
                    for k in pieces.indices {
                        let piece = pieces[k]
                        if let key = piece.key, let cache {
                            let pending = !scratch.unshapedKeys.isEmpty && scratch.unshapedKeys.contains(key.hash)
                                && piece.span == piece.word && !faces[Int(items[Int(piece.item)].faceIndex)].isColorBitmap
                            if pending {
                                scratch.repeats.append(k)
                                continue
                            }
                            if Self.copyCached(key, units: UnsafeBufferPointer(rebasing: units[piece.span]), from: cache,
                                               front: front, into: out, at: piece.word.lowerBound) {
                                continue
                            }
                        }
                        let face = faces[Int(items[Int(piece.item)].faceIndex)]
                        if let key = piece.key, cache != nil && !face.isColorBitmap && piece.span == piece.word {
                            scratch.unshapedKeys.insert(key.hash)
                            scratch.unshaped.append(k)
                        } else {
                            scratch.alone.append(k)
                        }
                    }
                }
            }
        }
        for k in scratch.alone {
            let piece = pieces[k], item = items[Int(piece.item)], style = Int(item.styleIndex)
            shape(UnsafeBufferPointer(rebasing: units[piece.span]),
                  context: (piece.word.lowerBound - piece.span.lowerBound, piece.span.upperBound - piece.word.upperBound),
                  key: piece.key, item: item, face: faces[Int(item.faceIndex)], style: styles[style], features: features[style])
                .copy(into: &advances, clusterStarts: &clusterStarts, unsafeBefore: &unsafeBefore, at: piece.word.lowerBound)
        }
        // The unshaped words grouped by shaping run (face, script, direction,
        // style), in text order within each. (`pieces` is read while
        // `scratch.unshaped` is sorted and `shapeTogether` fills the rest.)
        func run(_ k: Int) -> UInt64 {
            let item = items[Int(pieces[k].item)]
            // (ICU script codes are below 2^16.)
            return UInt64(item.faceIndex) << 48 | UInt64(UInt16(truncatingIfNeeded: item.script)) << 32
                | UInt64(item.styleIndex) << 16 | UInt64(item.level & 1)
        }
        if scratch.unshaped.count > 1 { Self.groupByRun(&scratch.unshaped, keys: &scratch.runKeys, run: run) }
        var first = 0
        while first < scratch.unshaped.count {
            let r = run(scratch.unshaped[first])
            var next = first + 1
            while next < scratch.unshaped.count && run(scratch.unshaped[next]) == r { next += 1 }
            let item = items[Int(pieces[scratch.unshaped[first]].item)], style = Int(item.styleIndex)
            let words = scratch.unshaped[first..<next]
            pieces.withUnsafeBufferPointer { pieces in
                UnitArrays.with(&advances, &clusterStarts, &unsafeBefore) { out in
                    shapeTogether(words, of: pieces, units: units, item: item, face: faces[Int(item.faceIndex)],
                                  style: styles[style], features: features[style], scratch: &scratch) { k, shaped in
                        shaped.copy(into: out, at: pieces[words[k]].word.lowerBound)
                    }
                }
            }
            first = next
        }
        for k in scratch.repeats {
            let piece = pieces[k], span = UnsafeBufferPointer(rebasing: units[piece.word])
            if let key = piece.key, cache != nil, UnitArrays.with(&advances, &clusterStarts, &unsafeBefore, { out in
                withCache { cache, front in
                    Self.copyCached(key, units: span, from: cache!, front: front, into: out, at: piece.word.lowerBound)
                }
            }) {
                continue
            }
            // Not stored after all (too large for the cache, or a hash collision): shaped alone.
            let item = items[Int(piece.item)], style = Int(item.styleIndex)
            shape(span, key: piece.key, item: item, face: faces[Int(item.faceIndex)], style: styles[style],
                  features: features[style])
                .copy(into: &advances, clusterStarts: &clusterStarts, unsafeBefore: &unsafeBefore, at: piece.word.lowerBound)
        }
    }

    /// `body` with the cache and the front table, unretained (the word
    /// shaper holds them).
    @inline(__always)
    private func withCache<R>(_ body: (Unmanaged<ShapeCache>?, Unmanaged<WordFrontCache>?) -> R) -> R {
        withExtendedLifetime(self) {
            body(cache.map { Unmanaged.passUnretained($0) }, front.map { Unmanaged.passUnretained($0) })
        }
    }

    /// Copies the cached word `key` names (its advances, cluster starts and
    /// kerned-before units) to `offset` of the arrays: from the context's
    /// front table when it has it, else from the shared cache (and kept in
    /// the front table); false if neither has it. (Both passed unretained:
    /// see the Architecture article's hot paths.)
    @inline(__always)
    private static func copyCached(_ key: ShapeKey, units: UnsafeBufferPointer<UInt16>, from cache: Unmanaged<ShapeCache>,
                                   front: Unmanaged<WordFrontCache>?, into out: UnitArrays, at offset: Int) -> Bool {
        if let front, front._withUnsafeGuaranteedRef({ $0.copy(key, units: units, into: out, at: offset) }) { return true }
        return cache._withUnsafeGuaranteedRef {
            $0.copyWord(key, units: units, into: out, at: offset) { storage in
                front?._withUnsafeGuaranteedRef { $0.insert(key, storage: storage) }
            }
        }
    }

    /// Whether shaping on either side of a break opportunity is independent:
    /// after a space, or between two Han ideographs or two Thai letters (the
    /// Japanese face kerns kana, so kana stay together).
    @inline(__always)
    static func isSeparableBreak(_ units: UnsafeBufferPointer<UInt16>, _ p: Int) -> Bool {
        let a = units[p - 1], b = units[p]
        if a == 0x20 { return true }
        return (UnicodeProps.isHanIdeograph(a) && UnicodeProps.isHanIdeograph(b))
            || (UnicodeProps.isThai(a) && UnicodeProps.isThai(b))
    }

    /// Whether the item holds a space or a newline: whether the word
    /// shaper needs to know if its face's space takes part in shaping.
    static func holdsSpaceOrNewline(_ units: UnsafeBufferPointer<UInt16>, _ item: Item) -> Bool {
        units[Int(item.start)..<Int(item.end)].contains { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D }
    }

    /// Whether text in a face whose space takes part in shaping is shaped
    /// apart on either side of a break opportunity: between two Han
    /// ideographs or two Thai letters, after a forced break (Chromium shapes
    /// the text between forced breaks as items of its own), and after the
    /// spaces that start a paragraph or follow a forced break (Chromium shapes
    /// such a run apart: Lato's " Y" in `pre-wrap` is 88.016 px at 100 px,
    /// unkerned, where "x Y" keeps its kern), never after other spaces.
    static func isSeparableInContext(_ units: UnsafeBufferPointer<UInt16>, _ p: Int) -> Bool {
        let a = units[p - 1]
        if a == 0x0A || a == 0x0D { return true }
        guard a == 0x20 else { return isSeparableBreak(units, p) }
        var k = p - 1
        while k > 0 && units[k - 1] == 0x20 { k -= 1 }
        return k == 0 || units[k - 1] == 0x0A || units[k - 1] == 0x0D
    }

    /// One word's advances, cluster starts and unsafe-to-break flags per
    /// unit, from the cache or shaped with HarfBuzz (and cached), written
    /// into the arrays given, their contents replaced: a caller keeping them
    /// allocates nothing for them.
    func wordAdvances(_ word: UnsafeBufferPointer<UInt16>, item: Item, face: FontFace, style: TextStyle,
                      features: [hb_feature_t], featureHash: UInt64, into out: inout WordUnitArrays) {
        out.advances.refill(0, count: word.count)
        out.clusterStarts.refill(true, count: word.count)  // (see `UnitArrays`)
        out.unsafeBefore.refill(false, count: word.count)
        let key = self.key(word, wordLength: word.count, item: item, face: face, style: style, featureHash: featureHash)
        if let key, cache != nil, UnitArrays.with(&out.advances, &out.clusterStarts, &out.unsafeBefore, { arrays in
            withCache { cache, front in Self.copyCached(key, units: word, from: cache!, front: front, into: arrays, at: 0) }
        }) {
            return
        }
        shape(word, key: key, item: item, face: face, style: style, features: features)
            .copy(into: &out.advances, clusterStarts: &out.clusterStarts, unsafeBefore: &out.unsafeBefore, at: 0)
    }

    /// The word's cache key, nil when it is not cached (no cache, or too long).
    /// - Parameters:
    ///   - units: the word, and its context when it is shaped in context.
    ///   - wordLength: the word's own length.
    @inline(__always)
    private func key(_ units: UnsafeBufferPointer<UInt16>, wordLength: Int, item: Item, face: FontFace, style: TextStyle,
                     featureHash: UInt64, context: (before: Int, after: Int)? = nil) -> ShapeKey? {
        guard cache != nil && wordLength <= Self.longestCachedWord else { return nil }
        return key(units, wordLength: wordLength,
                   parameters: ShapeParameters(item: item, face: face, style: style, styleHash: featureHash), context: context)
    }

    /// The same key from the shaping parameters, mixed once for a whole item.
    @inline(__always)
    private func key(_ units: UnsafeBufferPointer<UInt16>, wordLength: Int, parameters: ShapeParameters,
                     context: (before: Int, after: Int)? = nil, longest: Int = longestCachedWord) -> ShapeKey? {
        guard cache != nil && wordLength <= longest else { return nil }
        return ShapeKey(units: units, parameters: parameters, context: context)
    }

    /// The most code points HarfBuzz reads around a shaped piece as its pre-
    /// and post-context (`HB_BUFFER_CONTEXT_LENGTH`).
    static let contextLength = 5

    /// `start..<end` widened by the context its shape can depend on. The piece
    /// is shaped with this span as its whole text, so its shape is a function
    /// of these units alone and can be cached under them.
    ///
    /// HarfBuzz reads context only to join cursive letters (its Arabic
    /// shaper: Arabic, Syriac, N'Ko, Mongolian…; `arabic_joining`), and only
    /// the first character on each side that is not transparent (a mark):
    /// so the span takes, up to `contextLength` code points, the marks and
    /// default-ignorables next to the piece and the first other character.
    /// Other scripts take no context (the piece shapes as it would alone:
    /// only a piece whose script `readsJoiningContext` is asked for its span),
    /// and neither does a side where that character is a space, or where the
    /// piece itself starts or ends with one: a space never joins, and
    /// joining treats it as it treats the text's edge. So an Arabic word
    /// between spaces shapes, and is cached, as the word alone.
    static func contextSpan(_ units: UnsafeBufferPointer<UInt16>, start: Int, end: Int) -> Range<Int> {
        var lo = start, hi = end
        if units[start] != 0x20 {
            var taken = 0
            while lo > 0 && taken < contextLength {
                lo -= 1
                if lo > 0 && units[lo] & 0xFC00 == 0xDC00 && units[lo - 1] & 0xFC00 == 0xD800 { lo -= 1 }
                taken += 1
                let v = UnicodeProps.scalar(units, at: lo, end: units.count).value
                if v == 0x20 { lo = start; break }
                if !isTransparent(v) { break }
            }
        }
        if units[end - 1] != 0x20 {
            var taken = 0
            while hi < units.count && taken < contextLength {
                let s = UnicodeProps.scalar(units, at: hi, end: units.count)
                taken += 1
                if s.value == 0x20 { hi = end; break }
                hi += s.length
                if !isTransparent(s.value) { break }
            }
        }
        return lo..<hi
    }

    /// Marks and default-ignorables: HarfBuzz's joining looks past the
    /// transparent ones (and past them is harmless for the rest).
    private static func isTransparent(_ v: UInt32) -> Bool {
        UnicodeProps.isMark(v) || UnicodeProps.isDefaultIgnorable(v)
    }

    /// Scripts HarfBuzz shapes with its Arabic shaper, the only one that
    /// reads the context around a piece: the cursive scripts, and Manichaean,
    /// Psalter Pahlavi, Chorasmian and Old Uyghur.
    /// (Read from `joiningScripts` for the script codes it covers: asked
    /// once per item, and a CJK text is a hundred items.)
    @inline(__always)
    static func readsJoiningContext(_ script: Int32) -> Bool {
        if script >= 0 && script < Int32(joiningScripts.count) { return joiningScripts[Int(script)] }
        return readsJoiningContextUncached(script)
    }

    /// `readsJoiningContext` for the script codes below 256 (every code ICU has), made once.
    static let joiningScripts: [Bool] = (0..<256).map { readsJoiningContextUncached(Int32($0)) }

    /// `readsJoiningContext` asked of the script's tag.
    static func readsJoiningContextUncached(_ script: Int32) -> Bool {
        if UnicodeProps.isCursive(script) { return true }
        switch tsu_script_tag(script) {
        case 0x4D616E69, 0x50686C70, 0x43687273, 0x4F756772: return true  // Mani Phlp Chrs Ougr
        default: return false
        }
    }

    /// Shapes a word with HarfBuzz, with the text around it (`context`
    /// units of `text` before and after it; none for a word shaped alone) as
    /// HarfBuzz's pre- and post-context, and caches it under `key` (the
    /// result holds the context units, to be matched).
    func shape(_ text: UnsafeBufferPointer<UInt16>, context: (before: Int, after: Int) = (0, 0), key: ShapeKey?,
               item: Item, face: FontFace, style: TextStyle, features: [hb_feature_t]) -> ShapedWord {
        shaper.shapeUnits(text, start: context.before, end: text.count - context.after,
                          as: ShapingRun(item: item, face: face, style: style, features: features))
        let shaped = shaper.shapedUnits.advances.withUnsafeBufferPointer { advances in
            shaper.shapedUnits.flags.withUnsafeBufferPointer { flags in
                ShapedWord(units: text, advances: advances, flags: flags, check: key?.check ?? 0, context: context)
            }
        }
        if let key { cache?.store(key, shaped) }
        return shaped
    }

    /// A hash of a style's feature list and language, part of the word
    /// cache's key (`StyleFeatures.hashes`).
    static func hash(_ features: [hb_feature_t], language: String?) -> UInt64 {
        var h = FNV1aHash()
        for f in features {
            h.mix(UInt64(f.tag))
            h.mix(UInt64(f.value))
        }
        if let language { for b in language.utf8 { h.mix(UInt64(b) | 0x100) } }
        return h.value
    }
}

/// Each style's HarfBuzz features (`Shaper.features(for:)`) and a hash of them and its language
/// (part of the word cache's key), by style index: made once per text, or kept from the last text when
/// its styles are the very same array (a feed's texts in one style share the block style's array).
struct StyleFeatures {
    var lists: [[hb_feature_t]] = []
    var hashes: [UInt64] = []
    /// The styles `lists` and `hashes` were made for. Held, so that their
    /// buffer cannot change while it is held (an array is written in place
    /// only when nothing else holds its buffer): the same buffer given again
    /// holds the same styles.
    private var madeFor: [TextStyle] = []

    /// Replaces the contents with the features of `styles` (capacity kept),
    /// unless they were made for this very array.
    mutating func fill(for styles: [TextStyle]) {
        if !styles.isEmpty && Self.sameBuffer(styles, madeFor) { return }
        lists.removeAll(keepingCapacity: true)
        hashes.removeAll(keepingCapacity: true)
        styles.withUnsafeBufferPointer { styles in  // (each style read in place, not copied)
            for k in styles.indices {
                let f = Shaper.features(for: styles[k])
                lists.append(f)
                hashes.append(WordShaper.hash(f, language: styles[k].language))
            }
        }
        madeFor = styles
    }

    /// Whether `a` and `b` are views of one buffer (both alive, so no other array is at its address).
    private static func sameBuffer(_ a: [TextStyle], _ b: [TextStyle]) -> Bool {
        a.count == b.count && a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pb in pa.baseAddress == pb.baseAddress } }
    }

    /// Empties both for the next text (see `Array.recycle(limit:)`).
    mutating func recycle(limit: Int) {
        lists.recycle(limit: limit)
        hashes.recycle(limit: limit)
        madeFor = []
    }
}
