// Pipeline stage: Shaping.
// A prepare context's advances of Han ideographs met as words of their own, per shaping parameters.

/// The advance each Han ideograph took as a word of its own, per shaping
/// parameters, kept by a prepare context beside its word table
/// (`WordFrontCache.ideographs`).
///
/// A run of Han ideographs may break between any two of them, and shaping
/// is separable there (`WordShaper.isSeparableBreak`), so each ideograph
/// but the run's last is a one-unit word; copying it from the word table
/// costs a key's hash and a lookup per ideograph, most of a Chinese post's
/// shaping. Here a run's ideographs are copied in one loop, each a read of
/// a direct-mapped table by the ideograph and its item's parameters. Only
/// what the word table copied for the same ideograph alone under the same
/// parameters is kept (`note`), so what is copied from here is what the
/// word table (and the shared cache before it) would have copied.
/// Emptied with the word table (`WordFrontCache.begin(with:)`).
final class IdeographAdvances {
    /// The number of entries (a power of two): 64 KB.
    static let capacity = 8192
    /// The most parameter sets told apart before the table starts afresh (tags are 15 bits).
    static let tagLimit = 0x7FFF

    /// Per entry: its parameters' tag (bits 17–31), whether the ideograph
    /// starts a glyph cluster (bit 16) and the ideograph (bits 0–15); 0 when empty.
    private let keys: UnsafeMutablePointer<UInt32>
    private let advances: UnsafeMutablePointer<Int32>
    /// The parameter sets met, by tag − 1, and whether their script lets
    /// an ideograph's word be shaped without context.
    private var parameterSets: [(hash: UInt64, check: UInt64, alone: Bool)] = []
    /// The sets asked for lately and their tags (0: ideographs are not kept
    /// under it), direct-mapped by hash: a text's items alternate between a
    /// few (Japanese: Han, hiragana, katakana).
    private var recent = [(hash: UInt64, check: UInt64, tag: UInt32)](repeating: (0, 0, 0), count: 16)
    /// Whether no ideograph has been kept since the table was made or emptied.
    private var untouched = true

    init() {
        keys = .allocate(capacity: Self.capacity)
        keys.initialize(repeating: 0, count: Self.capacity)
        advances = .allocate(capacity: Self.capacity)
        advances.initialize(repeating: 0, count: Self.capacity)
    }

    deinit {
        keys.deallocate()
        advances.deallocate()
    }

    /// Forgets every ideograph and parameter set.
    func removeAll() {
        if !untouched { keys.update(repeating: 0, count: Self.capacity) }
        untouched = true
        parameterSets.removeAll(keepingCapacity: true)
        for k in recent.indices { recent[k] = (0, 0, 0) }
    }

    /// The tag of `parameters` (`script`'s words): 0 when a script's words
    /// may be shaped with context (`WordShaper.readsJoiningContext`).
    @inline(__always)
    private func tag(_ parameters: ShapeParameters, script: Int32) -> UInt32 {
        let memo = recent.withUnsafeBufferPointer { $0[Int(truncatingIfNeeded: parameters.hash) & 15] }
        if parameters.hash == memo.hash && parameters.check == memo.check && memo.tag != 0 { return memo.tag }
        return findTag(parameters, script: script)
    }

    private func findTag(_ parameters: ShapeParameters, script: Int32) -> UInt32 {
        var index = parameterSets.firstIndex { $0.hash == parameters.hash && $0.check == parameters.check }
        if index == nil {
            if parameterSets.count >= Self.tagLimit { removeAll() }
            parameterSets.append((parameters.hash, parameters.check, !WordShaper.readsJoiningContext(script)))
            index = parameterSets.count - 1
        }
        let tag = parameterSets[index!].alone ? UInt32(index! + 1) : 0
        recent[Int(truncatingIfNeeded: parameters.hash) & 15] = (parameters.hash, parameters.check, tag)
        return tag
    }

    @inline(__always)
    private static func index(_ unit: UInt16, _ tag: UInt32) -> Int {
        Int(truncatingIfNeeded: ((UInt32(unit) | tag << 16) &* 0x9E37_79B1) >> 19) & (capacity - 1)
    }

    /// Copies the one-ideograph words from `start` on into `out` while the
    /// table has them: each a Han ideograph with a break before the next
    /// unit (`breaks[next]`), itself an ideograph before `end`, the item's.
    /// Moves `start` and `next` past them.
    @inline(__always)
    func copyRun(_ units: UnsafeBufferPointer<UInt16>, from start: inout Int, end: Int, breaks: [Int32], next: inout Int,
                 parameters: ShapeParameters, script: Int32, into out: UnitArrays) {
        guard !untouched, start + 1 < end, UnicodeProps.isHanIdeograph(units[start]) else { return }
        copyRunFound(units, from: &start, end: end, breaks: breaks, next: &next, parameters: parameters, script: script,
                     into: out)
    }

    private func copyRunFound(_ units: UnsafeBufferPointer<UInt16>, from start: inout Int, end: Int, breaks: [Int32],
                              next: inout Int, parameters: ShapeParameters, script: Int32, into out: UnitArrays) {
        let tag = tag(parameters, script: script)
        guard tag != 0 else { return }
        breaks.withUnsafeBufferPointer { breaks in
            var s = start, b = next
            while s + 1 < end && b < breaks.count && Int(breaks[b]) == s + 1 {
                let u = units[s]
                guard UnicodeProps.isHanIdeograph(u) && UnicodeProps.isHanIdeograph(units[s + 1]) else { break }
                let i = Self.index(u, tag), key = keys[i]
                guard key & ~0x1_0000 == tag << 17 | UInt32(u) else { break }
                out.advances[s] = advances[i]
                out.clusterStarts[s] = key & 0x1_0000 != 0
                out.unsafeBefore[s] = false
                s += 1
                b += 1
            }
            start = s
            next = b
        }
    }

    /// Keeps the advance of the word `units[start..<stop]` the word table
    /// just copied into `out` under `parameters` (shaped alone, without
    /// context), when it is one Han ideograph.
    @inline(__always)
    func note(_ units: UnsafeBufferPointer<UInt16>, start: Int, stop: Int, parameters: ShapeParameters, script: Int32,
              from out: UnitArrays) {
        guard stop == start + 1, UnicodeProps.isHanIdeograph(units[start]), !out.unsafeBefore[start] else { return }
        let tag = tag(parameters, script: script)
        guard tag != 0 else { return }
        let u = units[start], i = Self.index(u, tag)
        keys[i] = tag << 17 | (out.clusterStarts[start] ? 0x1_0000 : 0) | UInt32(u)
        advances[i] = out.advances[start]
        untouched = false
    }
}
