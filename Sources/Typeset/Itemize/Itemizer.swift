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
    /// one-unit clusters that take their face from the face table in one
    /// tight loop (`extendRun`, which also starts the next run there when
    /// the face, level or script changes), and a cluster of several BMP
    /// characters that each take the same face first takes it from the
    /// face table. False goes cluster by cluster and looks every such
    /// cluster up (the reference `ItemizationTests` compares against).
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
        var run = Run()
        var stackIndex: Int32 = -1
        var stack = stacks[0]
        // The stack's tables, held apart from it (read per unit without
        // retaining the stack's arrays): its ASCII face table, then its BMP
        // table from the first character past ASCII on (whose first 128
        // entries are the ASCII table's).
        var table = stack.asciiFace, faceIDs = stack.faceIDs
        // Per face of the stack, its index in `faces` once a run has used it (-1 before).
        var slots: [Int] = []
        var g = 0
        // (The per-unit arrays read through buffers: see the Architecture article's hot paths.)
        units.withUnsafeBufferPointer { units in graphemeStarts.withUnsafeBufferPointer { graphemeStarts in
        levels.withUnsafeBufferPointer { levels in scripts.withUnsafeBufferPointer { scripts in
        styleOfUnit.withUnsafeBufferPointer { styleOfUnit in
        let text = UnitPointers(units: units.baseAddress!, graphemeStarts: graphemeStarts.baseAddress!,
                                levels: levels.baseAddress!, scripts: scripts.baseAddress!,
                                styleOfUnit: styleOfUnit.baseAddress!, count: n)
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
                table = stack.asciiFace
                faceIDs = stack.faceIDs
                slots.removeAll(keepingCapacity: true)
                slots.append(contentsOf: repeatElement(-1, count: faceIDs.count))
            }
            let u = units[g]
            // A one-unit cluster takes the precomputed first covering face.
            var k = ResolvedStack.FaceTable.none
            if e == g + 1 && u != 0xFFFC {
                if Int(u) >= table.count { table = stack.bmpFaces.index }
                k = table[Int(u)]
            } else if e > g + 1 && u != 0xFFFC && shortcuts {
                // So does a cluster of BMP characters (a letter and its marks,
                // an Indic or Thai syllable) whose every character has that
                // face first: it covers them all, and each face before it
                // lacks one of them. A surrogate, control or default-ignorable
                // character (a variation selector, a joiner) is special, and
                // a keycap asks for emoji presentation: the cluster is looked up.
                if table.count <= 0xFFFF { table = stack.bmpFaces.index }
                k = table[Int(u)]
                if k < ResolvedStack.FaceTable.special {
                    for j in (g + 1)..<e where units[j] == 0x20E3 || table[Int(units[j])] != k {
                        k = ResolvedStack.FaceTable.none
                        break
                    }
                }
            }
            let level = levels[g], script = scripts[g]
            if k < ResolvedStack.FaceTable.special {
                let faceID = faceIDs[Int(k)]
                if faceID != run.faceID || level != run.level || styleIndex != run.style || script != run.script {
                    if run.faceIndex >= 0 && g > run.start { run.close(at: g, into: &items) }
                    if slots[Int(k)] < 0 { slots[Int(k)] = faceIndex(faceID) { stack.faces[Int(k)] } }
                    run = Run(start: g, style: styleIndex, level: level, script: script, faceIndex: slots[Int(k)],
                              faceID: faceID)
                }
            } else {
                scalars.removeAll(keepingCapacity: true)
                decodeScalars(units, g, e, into: &scalars)
                let chosen = chooseFace(scalars, stack: stack, current: run.faceIndex >= 0 ? faces[run.faceIndex] : nil,
                                        cache: &clusterFaces)
                let faceID = ObjectIdentifier(chosen)
                if faceID != run.faceID || level != run.level || styleIndex != run.style || script != run.script {
                    if run.faceIndex >= 0 && g > run.start { run.close(at: g, into: &items) }
                    run = Run(start: g, style: styleIndex, level: level, script: script,
                              faceIndex: faceIndex(faceID) { chosen }, faceID: faceID)
                }
            }
            if shortcuts && e < n {
                e = Self.extendRun(from: e, text, table: table, faceIDs: faceIDs, slots: slots, run: &run, items: &items)
            }
            g = e
        }
        } } } } }
        if run.faceIndex >= 0 && n > run.start { run.close(at: n, into: &items) }
    }

    /// The run being built: its start, properties and face.
    private struct Run {
        var start = 0
        var style: Int32 = -1
        var level: UInt8 = 0
        var script: Int32 = 0
        /// In `faces`; -1 before the first cluster.
        var faceIndex = -1
        var faceID: ObjectIdentifier? = nil

        /// Appends the run, ending at `end`, to `items`.
        @inline(__always)
        func close(at end: Int, into items: inout [Item]) {
            items.append(Item(start: Int32(start), end: Int32(end), level: level, script: script,
                              styleIndex: UInt16(truncatingIfNeeded: style), faceIndex: UInt16(faceIndex)))
        }
    }

    /// The per-unit arrays, read through their addresses.
    private struct UnitPointers {
        let units: UnsafePointer<UInt16>
        /// Per processed offset `0...count`.
        let graphemeStarts: UnsafePointer<Bool>
        let levels: UnsafePointer<UInt8>
        let scripts: UnsafePointer<Int32>
        let styleOfUnit: UnsafePointer<Int32>
        let count: Int
    }

    /// The one-unit clusters from `e` on that take their face from `table`
    /// (the run's stack's) and a face a run has already used, in the run's
    /// style: the run goes on over those with its face, level and script,
    /// and one whose face, level or script differs closes it and starts
    /// the next (CJK text changes script every few characters: Han, kana).
    /// Returns where the first other cluster starts; the caller's loop
    /// takes it as it would have taken each of these.
    /// (A function of its own, so that its loop's state is in registers.)
    @inline(never)
    private static func extendRun(from e: Int, _ text: UnitPointers, table: [UInt8], faceIDs: [ObjectIdentifier],
                                  slots: [Int], run: inout Run, items: inout [Item]) -> Int {
        table.withUnsafeBufferPointer { table in
            var e = e
            let n = text.count, limit = table.count, style = run.style
            var level = run.level, script = run.script, face = run.faceID
            // The table index of a face known to be the run's (-1: none yet).
            var faceK = -1
            while e < n && text.graphemeStarts[e + 1] && text.styleOfUnit[e] == style {
                let v = Int(text.units[e])
                if v >= limit || v == 0xFFFC { break }
                let kv = Int(table[v])
                if kv >= Int(ResolvedStack.FaceTable.special) { break }
                let l = text.levels[e], s = text.scripts[e]
                if kv != faceK || l != level || s != script {
                    let id = faceIDs[kv]
                    if id != face || l != level || s != script {
                        guard slots[kv] >= 0 else { break }
                        run.close(at: e, into: &items)
                        run = Run(start: e, style: style, level: l, script: s, faceIndex: slots[kv], faceID: id)
                        level = l; script = s; face = id
                    }
                    faceK = kv
                }
                e += 1
            }
            return e
        }
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
