// Pipeline stage: Itemize (font choice).
// In: processed text, levels, scripts and each run's style (its font stack).
// Out: Items: runs of one bidi level, script, style and face, each cluster in the first stack font covering it or a Fontconfig fallback (cached per collection).

import CUnicode

/// A run of text with one bidi level, script, style and font: the unit
/// HarfBuzz shapes. 16 bytes: a prepared text keeps all of them, and text
/// mixing scripts (Japanese, Hindi with Latin spaces) has dozens.
struct Item: Sendable {
    /// Processed UTF-16 range.
    var start: Int32
    var end: Int32
    /// Index into the prepared text's styles (at most 65,536 of them).
    var styleIndex: UInt16
    /// Index into the prepared text's faces, in order of first use.
    var faceIndex: UInt16
    private var scriptCode: Int16
    /// UAX #9 embedding level (odd is right-to-left).
    var level: UInt8
    /// Index into the prepared text's item line metrics (see
    /// `ItemLineMetrics`), set when the text is prepared; 0 before.
    var metricsIndex: UInt8 = 0

    init(start: Int32, end: Int32, level: UInt8, script: Int32, styleIndex: UInt16, faceIndex: UInt16) {
        self.start = start
        self.end = end
        self.styleIndex = styleIndex
        self.faceIndex = faceIndex
        scriptCode = Int16(clamping: script)
        self.level = level
    }

    /// ICU script code (UScriptCode: a few hundred values).
    var script: Int32 { Int32(scriptCode) }
}

/// Splits analysed text into items, choosing a font for each grapheme cluster:
/// the first face of the style's stack that covers every character of the
/// cluster, itself or through its canonical decomposition (default-ignorable
/// characters such as ZWJ and variation selectors aside), else the collection's fallback, else the stack's first face.
struct Itemizer {
    let fonts: FontCollection
    /// Whether the shortcuts below are taken: a run goes on over the
    /// one-unit clusters that keep its face, style, level and script in one
    /// tight loop, and a cluster of several BMP characters that each take
    /// the same face first takes it from the face table. False goes cluster
    /// by cluster and looks every such cluster up (the reference
    /// `ItemizationTests` compares against).
    var shortcuts = true

    /// The analysed text the itemizer reads, per processed unit.
    struct Text {
        var units: [UInt16]
        /// Grapheme cluster starts, per processed offset 0...n.
        var graphemeStarts: [Bool]
        var levels: [UInt8]
        var scripts: [Int32]
        /// Per processed unit, an index into `stacks`.
        var styleOfUnit: [Int32]
        /// Resolved faces per style, with the style's weight and italic.
        var stacks: [ResolvedStack]
    }

    /// The items, and the faces they refer to by index, written into
    /// `items` and `faces` (their contents replaced, so that a caller keeping
    /// them between texts allocates only while they grow), with `scalars`
    /// for a cluster's scalars when it is looked up.
    /// - Parameter clusterFaces: the faces clusters took in earlier texts (kept by the caller between them).
    func itemize(_ text: Text, into items: inout [Item], faces: inout [FontFace],
                 scalars: inout [UInt32], clusterFaces: inout ClusterFaces) {
        let units = text.units, graphemeStarts = text.graphemeStarts, levels = text.levels, scripts = text.scripts
        let styleOfUnit = text.styleOfUnit, stacks = text.stacks
        let n = units.count
        items.removeAll(keepingCapacity: true)
        faces.removeAll(keepingCapacity: true)
        guard n > 0 else { return }
        func append(_ start: Int, _ end: Int, _ level: UInt8, _ script: Int32, _ style: Int32, _ faceIndex: Int) {
            items.append(Item(start: Int32(start), end: Int32(end), level: level, script: script,
                              styleIndex: UInt16(truncatingIfNeeded: style), faceIndex: UInt16(faceIndex)))
        }
        // The index in `faces` of the face with identity `id`, appended
        // (`face()`) the first time: faces are in order of the runs that
        // first use them. (Found by identity, so that a run retains no face.)
        func faceIndex(_ id: ObjectIdentifier, _ face: () -> FontFace) -> Int {
            if let k = faces.firstIndex(where: { ObjectIdentifier($0) == id }) { return k }
            // More distinct faces than a UInt16 counts cannot occur (a text
            // would need 65,536 installed fonts); past that, the first face.
            guard faces.count <= Int(UInt16.max) else { return 0 }
            faces.append(face())
            return faces.count - 1
        }
        // The run being built; an item is appended when any of its properties change.
        var runStart = 0, runStyle: Int32 = -1, runLevel: UInt8 = 0, runScript: Int32 = 0
        var runFaceIndex = -1  // in `faces`; -1 before the first cluster
        var runFaceID: ObjectIdentifier? = nil
        var stackIndex: Int32 = -1
        var stack = stacks[0]
        // The stack's tables, held apart from it (read per unit without retaining the stack's arrays).
        var asciiFaces = stack.asciiFace, faceIDs = stack.faceIDs
        var bmpFaces: [UInt8] = []  // the stack's BMP table, fetched on the first non-ASCII character
        var g = 0
        // (The per-unit arrays read through buffers: see the Architecture article's hot paths.)
        units.withUnsafeBufferPointer { units in graphemeStarts.withUnsafeBufferPointer { graphemeStarts in
        levels.withUnsafeBufferPointer { levels in scripts.withUnsafeBufferPointer { scripts in
        styleOfUnit.withUnsafeBufferPointer { styleOfUnit in
        while g < n {
            var e = g + 1
            while e < n && !graphemeStarts[e] { e += 1 }
            // A grapheme is never split, but style and level changes may fall inside
            // one (a combining mark in another style): cut there too.
            if e > g + 1 {
                for k in (g + 1)..<e where styleOfUnit[k] != styleOfUnit[g] || levels[k] != levels[g] {
                    e = k
                    break
                }
            }
            let styleIndex = styleOfUnit[g]
            if styleIndex != stackIndex {
                stackIndex = styleIndex
                stack = stacks[Int(styleIndex)]
                asciiFaces = stack.asciiFace
                faceIDs = stack.faceIDs
                bmpFaces = []
            }
            let u = units[g]
            var faceID: ObjectIdentifier
            var face: FontFace? = nil
            // A one-unit cluster takes the precomputed first covering face.
            var k = ResolvedStack.FaceTable.none
            if e == g + 1 && u != 0xFFFC {
                if u < 0x80 {
                    k = asciiFaces[Int(u)]
                } else {
                    if bmpFaces.isEmpty { bmpFaces = stack.bmpFaces.index }
                    k = bmpFaces[Int(u)]
                }
            } else if e > g + 1 && u != 0xFFFC && shortcuts {
                // So does a cluster of BMP characters (a letter and its marks,
                // an Indic or Thai syllable) whose every character has that
                // face first: it covers them all, and each face before it
                // lacks one of them. A surrogate, control or default-ignorable
                // character (a variation selector, a joiner) is special, and
                // a keycap asks for emoji presentation: the cluster is looked up.
                if bmpFaces.isEmpty { bmpFaces = stack.bmpFaces.index }
                k = bmpFaces[Int(u)]
                if k < ResolvedStack.FaceTable.special {
                    for j in (g + 1)..<e where units[j] == 0x20E3 || bmpFaces[Int(units[j])] != k {
                        k = ResolvedStack.FaceTable.none
                        break
                    }
                }
            }
            if k < ResolvedStack.FaceTable.special {
                faceID = faceIDs[Int(k)]
            } else {
                scalars.removeAll(keepingCapacity: true)
                decodeScalars(units, g, e, into: &scalars)
                let chosen = chooseFace(scalars, stack: stack, current: runFaceIndex >= 0 ? faces[runFaceIndex] : nil,
                                        cache: &clusterFaces)
                faceID = ObjectIdentifier(chosen)
                face = chosen
            }
            let level = levels[g], script = scripts[g]
            if faceID != runFaceID || level != runLevel || styleIndex != runStyle || script != runScript {
                if runFaceIndex >= 0 && g > runStart { append(runStart, g, runLevel, runScript, runStyle, runFaceIndex) }
                runStart = g
                runFaceIndex = faceIndex(faceID) { face ?? stack.faces[Int(k)] }
                runFaceID = faceID
                runLevel = level; runStyle = styleIndex; runScript = script
            }
            if shortcuts {
                // One-unit clusters (the next unit starts one too) whose first
                // face is the run's, in its style, level and script (CJK,
                // Cyrillic, Arabic letters): the run goes on.
                while e < n && graphemeStarts[e + 1] && styleOfUnit[e] == runStyle && levels[e] == runLevel
                        && scripts[e] == runScript {
                    let v = units[e]
                    if v == 0xFFFC { break }
                    let kv: UInt8
                    if v < 0x80 {
                        kv = asciiFaces[Int(v)]
                    } else {
                        if bmpFaces.isEmpty { bmpFaces = stack.bmpFaces.index }
                        kv = bmpFaces[Int(v)]
                    }
                    if kv >= ResolvedStack.FaceTable.special || faceIDs[Int(kv)] != runFaceID { break }
                    e += 1
                }
            }
            g = e
        }
        } } } } }
        if runFaceIndex >= 0 && n > runStart { append(runStart, n, runLevel, runScript, runStyle, runFaceIndex) }
    }

    private func chooseFace(_ scalars: [UInt32], stack: ResolvedStack, current: FontFace?,
                            cache: inout ClusterFaces) -> FontFace {
        // An attachment's U+FFFC draws no glyph: it is set in the style's
        // primary font, whose box the style's text has anyway (not in the
        // font of the text before it, which may be taller).
        if scalars.count == 1 && scalars[0] == 0xFFFC { return stack.faces[0] }
        // Controls and lone ignorables (newline, tab, ZWJ) stay with the run they are in.
        if scalars.allSatisfy({ $0 < 0x20 || UnicodeProps.isDefaultIgnorable($0) }) {
            if let current { return current }
        }
        if let face = cache.face(for: scalars, in: stack) { return face }
        let face = firstCovering(scalars, stack: stack)
        cache.store(face, for: scalars, in: stack)
        return face
    }

    /// The face a cluster takes in the stack, whatever run it is in.
    private func firstCovering(_ scalars: [UInt32], stack: ResolvedStack) -> FontFace {
        if Self.prefersEmojiPresentation(scalars) {
            // A colour font wins over an earlier text font that also covers the character.
            for face in stack.faces where face.isColorBitmap && covers(face, scalars) { return face }
            if let fb = fonts.fallbackFace(for: scalars, weight: stack.weight, italic: stack.italic, preferColor: true),
               fb.isColorBitmap { return stack.instance(of: fb) }
        }
        for face in stack.faces where covers(face, scalars) { return face }
        if let fb = fonts.fallbackFace(for: scalars, weight: stack.weight, italic: stack.italic) { return stack.instance(of: fb) }
        return stack.faces[0]
    }

    /// Whether a cluster asks for emoji presentation explicitly: a VS16 or a
    /// keycap. Chromium does not go by the Emoji_Presentation property: `⚽`
    /// alone takes the first stack font that has it (a CJK face), `⚽️` the
    /// emoji font.
    static func prefersEmojiPresentation(_ scalars: [UInt32]) -> Bool {
        guard scalars.count > 1, !scalars.contains(0xFE0E) else { return false }
        return scalars.contains(0xFE0F) || scalars.contains(0x20E3)
    }

    @inline(__always)
    private func covers(_ face: FontFace, _ scalars: [UInt32]) -> Bool {
        for s in scalars where !face.covers(s) {
            if s < 0x20 || UnicodeProps.isDefaultIgnorable(s) || ResolvedStack.draws(face, s) { continue }
            return false
        }
        return true
    }

    private func decodeScalars(_ units: UnsafeBufferPointer<UInt16>, _ a: Int, _ b: Int, into out: inout [UInt32]) {
        var i = a
        while i < b {
            let s = UnicodeProps.scalar(units, at: i, end: b)
            out.append(s.value)
            i += s.length
        }
    }
}

extension Itemizer {
    /// The faces clusters of up to four scalars took, per stack: emoji,
    /// their modifiers and sequences, and characters with marks come back
    /// from text to text, and finding their face asks every face of the
    /// stack (and Fontconfig) again. Kept by a `PrepareContext` between
    /// texts; at most `limit` clusters, then emptied.
    struct ClusterFaces {
        private struct Key: Hashable {
            let stack: ObjectIdentifier
            let count: Int
            let s0: UInt32, s1: UInt32, s2: UInt32, s3: UInt32
        }
        /// (The stack is held so that its identity stays its own while its entries last.)
        private var entries: [Key: (stack: ResolvedStack, face: FontFace)] = [:]

        /// The most clusters kept.
        static let limit = 4096

        private static func key(_ scalars: [UInt32], _ stack: ResolvedStack) -> Key? {
            guard scalars.count <= 4 else { return nil }
            func at(_ k: Int) -> UInt32 { k < scalars.count ? scalars[k] : 0 }
            return Key(stack: ObjectIdentifier(stack), count: scalars.count, s0: at(0), s1: at(1), s2: at(2), s3: at(3))
        }

        func face(for scalars: [UInt32], in stack: ResolvedStack) -> FontFace? {
            guard !entries.isEmpty, let key = Self.key(scalars, stack) else { return nil }
            return entries[key]?.face
        }

        mutating func store(_ face: FontFace, for scalars: [UInt32], in stack: ResolvedStack) {
            guard let key = Self.key(scalars, stack) else { return }
            if entries.count >= Self.limit { entries.removeAll(keepingCapacity: true) }
            entries[key] = (stack, face)
        }
    }
}
