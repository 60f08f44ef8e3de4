// Pipeline stage: Shaping.
// A prepare context's own table of the words it looked up last, in front of the shared word cache.

import CUnicode

/// The words one prepare context found in the shared `ShapeCache` lately,
/// kept where only that context reads them: a lookup here takes no lock,
/// touches no memory another thread writes, and retains nothing.
///
/// A context is used by one task at a time (`Typesetter` pools them), so
/// the table needs no synchronization. It is direct-mapped by the word's
/// key: an entry holds the key's hash and the shared word's storage
/// (a reference: the words are not copied, and live as long as an entry or
/// the shared cache holds them). Only words found in the shared cache come
/// here, so what a lookup returns is what the shared cache returned before;
/// a word of more than `longestWord` units is never kept, so the table holds
/// at most `capacity` × 248 bytes of words (2 MB) beyond its own 256 KB.
///
/// `ShapeCache.removeAll()` empties every context's table too: each table
/// notes the shared cache's generation and starts afresh when it changes
/// (checked once per text, `begin(with:)`).
final class WordFrontCache {
    private struct Entry {
        var hash: UInt64
        /// The word's storage, read through `base` (no retain per lookup).
        var word: ShapedWord?
        var base: UnsafePointer<UInt32>?
        /// Found since it came or was last spared (see `insert`).
        var used: Bool
    }

    /// The number of entries (a power of two).
    static let capacity = 8192
    /// The longest word kept, in UTF-16 units (a feed's words are shorter;
    /// longer ones are looked up in the shared cache).
    static let longestWord = 24

    private let entries: UnsafeMutablePointer<Entry>
    /// The shared cache's generation the entries came from.
    private var generation = -1
    /// Lookups answered here since the last `end(with:)`.
    private var hits = 0

    init() {
        entries = .allocate(capacity: Self.capacity)
        entries.initialize(repeating: Entry(hash: 0, word: nil, base: nil, used: false), count: Self.capacity)
    }

    deinit {
        entries.deinitialize(count: Self.capacity)
        entries.deallocate()
    }

    /// Readies the table for a text prepared with `cache`: emptied if the
    /// cache was emptied since (or the table last served another cache).
    func begin(with cache: ShapeCache) {
        let current = cache.generation
        guard current != generation else { return }
        for i in 0..<Self.capacity { entries[i] = Entry(hash: 0, word: nil, base: nil, used: false) }
        generation = current
    }

    /// Adds the text's hits here to the shared cache's count.
    func end(with cache: ShapeCache) {
        guard hits > 0 else { return }
        cache.countFrontHits(hits)
        hits = 0
    }

    @inline(__always)
    private static func index(_ key: ShapeKey) -> Int {
        Int(truncatingIfNeeded: key.hash >> 40) & (capacity - 1)
    }

    /// Starts loading the storage of the word `key` finds here, if the
    /// entry has its hash; false if not (the word is not here).
    @inline(__always)
    func prefetchWord(_ key: ShapeKey) -> Bool {
        let entry = entries + Self.index(key)
        guard entry.pointee.hash == key.hash, let base = entry.pointee.base else { return false }
        tsu_prefetch(base)
        return true
    }

    /// Whether an entry has `key`'s hash (the word is probably here).
    @inline(__always)
    func contains(_ key: ShapeKey) -> Bool {
        entries[Self.index(key)].hash == key.hash
    }

    /// Copies the word `key` names to `offset` of the arrays, if the table
    /// has it (see `ShapedWord.copy`).
    @inline(__always)
    func copy(_ key: ShapeKey, units: UnsafeBufferPointer<UInt16>, into out: UnitArrays, at offset: Int) -> Bool {
        let entry = entries + Self.index(key)
        guard entry.pointee.hash == key.hash, let base = entry.pointee.base,
              ShapedWord.copy(base, ifMatching: units, check: key.check, into: out, at: offset) else { return false }
        entry.pointee.used = true
        hits &+= 1
        return true
    }

    /// Keeps `word`, found in the shared cache under `key`, unless its
    /// entry holds a word found since it came: that word is spared once (a
    /// second chance), so that a feed's frequent words are not displaced
    /// by its rare ones, each met once. A longer word than `longestWord` is
    /// not kept.
    @inline(__always)
    func insert(_ key: ShapeKey, _ word: consuming ShapedWord, length: Int) {
        guard length <= Self.longestWord else { return }
        let entry = entries + Self.index(key)
        if entry.pointee.used {
            entry.pointee.used = false
            return
        }
        let base = word.storageBase
        entry.pointee = Entry(hash: key.hash, word: word, base: base, used: false)
    }
}
