// Pipeline stage: Shaping.
// A prepare context's own table of the words it looked up last, in front of the shared word cache.

import Foundation

/// The words one prepare context found in the shared `ShapeCache` lately,
/// kept where only that context reads them: a lookup here takes no lock,
/// touches no memory another thread writes, and retains nothing.
///
/// A context is used by one task at a time (`Typesetter` pools them), so
/// the table needs no synchronization. It is direct-mapped by the word's
/// key: the keys' hashes in one small array (64 KB, which stays in the
/// CPU's cache, so that telling whether a word is here costs no wait for
/// memory), and beside it an entry per key holding a copy of the word's
/// storage (see `ShapedWord`), not a reference to the shared word: keeping
/// or replacing a word is a copy of a few cache lines, never a retain or a
/// release (atomic writes, the release of a replaced word on memory long
/// out of the CPU's cache),
/// and the copy is made while the shared cache's lock keeps the word alive
/// (`ShapeCache.copyWord`). Only words found in the shared cache come here,
/// so what a lookup returns is what the shared cache returned before. A
/// word of more than `longestWord` units (its context included) is never
/// kept; the entries are `capacity` × 128 bytes (1 MB, their pages
/// touched as words arrive).
///
/// `ShapeCache.removeAll()` empties every context's table too: each table
/// notes the shared cache's generation and starts afresh when it changes
/// (checked once per text, `begin(with:)`).
final class WordFrontCache {
    /// The number of entries (a power of two).
    static let capacity = 8192
    /// The longest word kept, in UTF-16 units (a feed's words are shorter;
    /// longer ones are looked up in the shared cache).
    static let longestWord = 14

    /// An entry, in 32-bit words: the word's storage, up to 32 words, so
    /// that entries are 128 bytes and start on a cache line.
    private static let entryWords = 32
    /// The storage words of the longest word kept.
    private static let longestStorage = ShapedWord.storageWords(units: longestWord)

    /// Each entry's key hash (0 in an entry that never held a word: no
    /// word matches it, having no units).
    private let hashes: UnsafeMutablePointer<UInt64>
    /// Whether each entry's word was found since it came or was last spared (see `insert`).
    private let used: UnsafeMutablePointer<Bool>
    private let entries: UnsafeMutablePointer<UInt32>
    /// Whether no word has been kept since the table was made (its memory is still zero).
    private var untouched = true
    /// The shared cache's generation the entries came from.
    private var generation = -1
    /// Lookups answered here since the last `end(with:)`.
    private var hits = 0
    /// The advances of Han ideographs copied from here as words of their own.
    let ideographs = IdeographAdvances()

    init() {
        // Zeroed pages from the kernel: an all-zero entry holds no word (no
        // word has length 0), and a context that prepares little touches little.
        guard let raw = calloc(Self.capacity, Self.entryWords * MemoryLayout<UInt32>.stride) else {
            fatalError("word cache: out of memory")
        }
        entries = raw.bindMemory(to: UInt32.self, capacity: Self.capacity * Self.entryWords)
        hashes = .allocate(capacity: Self.capacity)
        hashes.initialize(repeating: 0, count: Self.capacity)
        used = .allocate(capacity: Self.capacity)
        used.initialize(repeating: false, count: Self.capacity)
        assert(Self.longestStorage <= Self.entryWords)
    }

    deinit {
        free(entries)
        hashes.deallocate()
        used.deallocate()
    }

    /// Readies the table for a text prepared with `cache`: emptied if the
    /// cache was emptied since (or the table last served another cache).
    func begin(with cache: ShapeCache) {
        let current = cache.generation
        guard current != generation else { return }
        ideographs.removeAll()
        if !untouched {
            memset(entries, 0, Self.capacity * Self.entryWords * MemoryLayout<UInt32>.stride)
            hashes.update(repeating: 0, count: Self.capacity)
            used.update(repeating: false, count: Self.capacity)
        }
        generation = current
    }

    /// The hits counted since the last `end(with:)`.
    var hitCount: Int { hits }

    /// Takes back the hits counted since `hitCount` was `count` (lookups a
    /// declined lane made, which the general path makes again).
    func uncountHits(since count: Int) { hits = count }

    /// Adds the text's hits here to the shared cache's count.
    func end(with cache: ShapeCache) {
        guard hits > 0 else { return }
        cache.countFrontHits(hits)
        hits = 0
    }

    /// The index of the entry `key` maps to.
    @inline(__always)
    private static func index(_ key: ShapeKey) -> Int {
        Int(truncatingIfNeeded: key.hash >> 40) & (capacity - 1)
    }

    @inline(__always)
    private func entry(_ index: Int) -> UnsafeMutablePointer<UInt32> {
        entries + index * Self.entryWords
    }

    /// Whether the entry `key` maps to has its hash (the word is probably here).
    @inline(__always)
    func contains(_ key: ShapeKey) -> Bool {
        hashes[Self.index(key)] == key.hash
    }

    /// Copies the word `key` names to `offset` of the arrays, if the table
    /// has it (see `ShapedWord.copy`).
    @inline(__always)
    func copy(_ key: ShapeKey, units: UnsafeBufferPointer<UInt16>, into out: UnitArrays, at offset: Int) -> Bool {
        let index = Self.index(key)
        guard hashes[index] == key.hash else { return false }
        let entry = entry(index)
        guard ShapedWord.copy(UnsafePointer(entry), ifMatching: units, check: key.check,
                              into: out, at: offset) else { return false }
        used[index] = true
        hits &+= 1
        return true
    }

    /// `copy`, returning the sum of the word's advances (1/65536 px), in
    /// the same pass as the match and the copy; nil, having written the
    /// advances of some units but no flag, when the table does not have it
    /// (see `ShapedWord.copySummed`).
    @inline(__always)
    func copySummed(_ key: ShapeKey, units: UnsafeBufferPointer<UInt16>, into out: UnitArrays, at offset: Int) -> Int64? {
        let index = Self.index(key)
        guard hashes[index] == key.hash,
              let sum = ShapedWord.copySummed(UnsafePointer(entry(index)), ifMatching: units, check: key.check,
                                              into: out, at: offset) else { return nil }
        used[index] = true
        hits &+= 1
        return sum
    }

    /// Keeps a copy of the word `storage` holds (a `ShapedWord`'s, found in
    /// the shared cache under `key`), unless its entry holds a word found
    /// since it came: that word is spared once (a second chance), so that a
    /// feed's frequent words are not displaced by its rare ones, each met
    /// once. A word longer than `longestWord` is not kept.
    @inline(__always)
    func insert(_ key: ShapeKey, storage: UnsafeBufferPointer<UInt32>) {
        guard storage.count <= Self.longestStorage, let source = storage.baseAddress else { return }
        let index = Self.index(key)
        if used[index] {
            used[index] = false
            return
        }
        untouched = false
        hashes[index] = key.hash
        entry(index).update(from: source, count: storage.count)
    }
}
