import CPrefetch
import Foundation
import Synchronization

/// A bounded cache of shaped words, shared by every thread.
///
/// Key: the word's UTF-16 text, face, size, features, script, direction and
/// language; for a word shaped with the text around it (it runs into a
/// neighbouring item), also the context HarfBuzz reads (see
/// `WordShaper.contextSpan`: usually none, or the joining letter beside an
/// Arabic word). Value: the advance of every UTF-16 unit of the word (its
/// cluster's glyphs) and which units start a glyph cluster. Words repeat
/// (feeds follow a Zipf distribution), so most words of a new text are found
/// here and never reach HarfBuzz; those that are not are shaped together,
/// one HarfBuzz call per shaping run of the text (`WordShaper.shapeTogether`).
///
/// The cache is split into shards, each behind its own lock held only while
/// a word is found and copied out (or stored), never while shaping. A shard
/// is an open-addressing table addressed by the key's own 64-bit hash (no
/// rehashing, no reference counting on a hit). Each shard keeps two
/// generations: when the young one is full it becomes the old one and the
/// previous old one is dropped, an approximation of least-recently-used
/// eviction that costs nothing per hit (a hit in the old generation is
/// promoted).
///
/// Two bounds hold at once: a word count (which sizes the tables) and the
/// bytes the cached words take, so a vocabulary of long unique words
/// (hostile input) cannot grow the process past `byteLimit` plus the fixed
/// tables (16 bytes a slot, 8 MB at the default capacity). A word larger
/// than a generation's share of `byteLimit` is not cached.
public final class ShapeCache: @unchecked Sendable {
    /// The most words kept (both generations, all shards).
    public let capacity: Int
    /// The most bytes the cached words' storage takes (both generations, all shards).
    public let byteLimit: Int

    private let shards: [Shard]
    /// The shards unretained (the array above keeps them): a lookup reaches
    /// its shard without retaining and releasing it, two writes to a shared
    /// object per word.
    private let shardRefs: UnsafeMutablePointer<Unmanaged<Shard>>
    private static let shardCount = 16

    /// A cache holding up to `capacity` words and `byteLimit` bytes of them
    /// (the defaults hold a feed vocabulary of ~100,000 words with their
    /// punctuation variants without thrashing, in about 16 MB of words).
    public init(capacity: Int = 262_144, byteLimit: Int = 64 << 20) {
        self.capacity = max(Self.shardCount * 2, capacity)
        self.byteLimit = max(Self.shardCount * 2 * 4096, byteLimit)
        let perGeneration = self.capacity / Self.shardCount / 2
        let bytesPerGeneration = self.byteLimit / Self.shardCount / 2
        shards = (0..<Self.shardCount).map { _ in Shard(limit: perGeneration, byteLimit: bytesPerGeneration) }
        shardRefs = .allocate(capacity: Self.shardCount)
        shardRefs.initialize(from: shards.map { Unmanaged.passUnretained($0) }, count: Self.shardCount)
        generationValue = Atomic(Self.nextGeneration.add(1, ordering: .relaxed).newValue)
    }

    deinit { shardRefs.deallocate() }

    /// `body` on the shard `hash` belongs to.
    @inline(__always)
    private func withShard<R>(_ hash: UInt64, _ body: (Shard) -> R) -> R {
        shardRefs[Int(hash % UInt64(Self.shardCount))]._withUnsafeGuaranteedRef(body)
    }

    /// The number of words held.
    public var count: Int { shards.reduce(0) { $0 + $1.statistics().count } }
    /// The bytes the held words' storage takes (at most `byteLimit`; the
    /// tables' fixed 16 bytes a slot are not counted).
    public var bytes: Int { shards.reduce(0) { $0 + $1.statistics().bytes } }
    /// Lookups that found their word (here or in a prepare context's
    /// `WordFrontCache` of it).
    public var hits: Int { shards.reduce(frontHits.load(ordering: .relaxed)) { $0 + $1.statistics().hits } }
    /// Lookups that did not (the word was shaped and stored).
    public var misses: Int { shards.reduce(0) { $0 + $1.statistics().misses } }

    /// Drops every entry (and every prepare context's copy of them).
    public func removeAll() {
        shards.forEach { $0.removeAll() }
        generationValue.store(Self.nextGeneration.add(1, ordering: .relaxed).newValue, ordering: .relaxed)
    }

    /// The contents' generation: changed by `removeAll()`, and unique in the
    /// process, so that a `WordFrontCache` knows the entries it copied are
    /// this cache's and still current.
    var generation: Int { generationValue.load(ordering: .relaxed) }
    private let generationValue: Atomic<Int>
    private static let nextGeneration = Atomic<Int>(0)

    /// Hits answered by prepare contexts' front tables, added once per text.
    private let frontHits = Atomic<Int>(0)

    func countFrontHits(_ n: Int) { frontHits.add(n, ordering: .relaxed) }

    /// Counts `n` hits of lookups made uncounted (`copyWord(counted: false)`),
    /// once their text is known not to look them up again.
    func countLaneHits(_ n: Int) { if n > 0 { frontHits.add(n, ordering: .relaxed) } }

    /// Copies the cached word `key` names to `offset` of the arrays, if it
    /// is cached and is this text, and hands its storage to `keep` (to be
    /// copied: it is valid only during the call, the shard's lock keeping
    /// the word alive); false if it is not cached. Nothing is retained.
    /// - Parameter counted: false leaves the hit and miss counts as they
    ///   are (a lookup that may be made again: see `countLaneHits`).
    @inline(__always)
    func copyWord(_ key: ShapeKey, units: UnsafeBufferPointer<UInt16>, into out: UnitArrays, at offset: Int,
                  counted: Bool = true, keep: (UnsafeBufferPointer<UInt32>) -> Void) -> Bool {
        withShard(key.hash) { $0.copyWord(key, units: units, into: out, at: offset, counted: counted, keep: keep) }
    }

    func store(_ key: ShapeKey, _ word: ShapedWord) {
        withShard(key.hash) { $0.store(key, word) }
    }

    /// Starts loading the table slot `key` would be found in, so that a
    /// lookup soon after finds it in the CPU cache: a text's words are looked
    /// up one after another, and each lookup is otherwise a wait for memory.
    @inline(__always)
    func prefetch(_ key: ShapeKey) {
        withShard(key.hash) { $0.prefetch(key.hash) }
    }

    /// Starts loading the storage of the word `key` finds, when its table
    /// slot (see `prefetch`) shows it at the first place probed: the second
    /// memory wait of a lookup. Reads the slot without the lock, so call it
    /// once the slot has had time to arrive, for every word of a text before
    /// the first lookup: the lookups' locks order memory, so misses taken
    /// inside them are waited for one after another.
    @inline(__always)
    func prefetchWord(_ key: ShapeKey) {
        withShard(key.hash) { $0.prefetchWord(key.hash) }
    }

    private final class Shard: @unchecked Sendable {
        private var young: WordTable
        private var old: WordTable
        private var hits = 0, misses = 0
        /// The most bytes of words one generation holds.
        private let byteLimit: Int
        /// Held while the generations are read or changed. (A `Mutex`, kept
        /// in the shard: locking it is an atomic exchange, where an `NSLock`
        /// is a call through its class that retains and releases it.)
        private let lock = Mutex(())
        /// Where the young generation's slots are, for `prefetch` (which
        /// reads it without the lock: a stale address is only a wasted hint).
        private let youngSlots = Atomic<UInt>(0)
        /// Where the old generation's slots are while it holds words, else 0
        /// (a first-seen word is probed for in both generations).
        private let oldSlots = Atomic<UInt>(0)
        /// Every generation's slot mask (they all hold `limit` words).
        private let mask: Int
        /// `WordTable.wordOffset` (0 for none), read once here rather than
        /// through a global's lazy initialization check per word.
        private let wordOffset = WordTable.wordOffset ?? 0

        init(limit: Int, byteLimit: Int) {
            young = WordTable(limit: limit)
            mask = young.mask
            old = WordTable(limit: limit)
            self.byteLimit = byteLimit
            youngSlots.store(young.slotsAddress, ordering: .relaxed)
        }

        @inline(__always)
        func prefetch(_ hash: UInt64) {
            let offset = WordTable.slotOffset(hash, mask: mask)
            tsp_prefetch(UnsafeRawPointer(bitPattern: youngSlots.load(ordering: .relaxed) &+ offset))
            let old = oldSlots.load(ordering: .relaxed)
            if old != 0 { tsp_prefetch(UnsafeRawPointer(bitPattern: old &+ offset)) }
        }

        /// Reads the young generation's first slot for `hash` without the
        /// lock: safe because a shard's slot memory is never freed while the
        /// shard lives (generations are recycled, see `insert`), so a stale
        /// address still points into mapped memory; what it reads is only
        /// prefetched, never used.
        @inline(__always)
        func prefetchWord(_ hash: UInt64) {
            guard wordOffset != 0 else { return }
            let base = youngSlots.load(ordering: .relaxed)
            let slot = base &+ WordTable.slotOffset(hash, mask: mask)
            tsp_prefetch_pointee_if(UnsafeRawPointer(bitPattern: slot), WordTable.slotKey(hash),
                                    UnsafeRawPointer(bitPattern: slot &+ wordOffset))
        }

        func statistics() -> (count: Int, bytes: Int, hits: Int, misses: Int) {
            return lock.withLock { _ in (young.count + old.count, young.bytes + old.bytes, hits, misses) }
        }

        func removeAll() {
            lock.withLock { _ in
                young.removeAll()
                old.removeAll()
                oldSlots.store(0, ordering: .relaxed)
            }
        }

        @inline(__always)
        func copyWord(_ key: ShapeKey, units: UnsafeBufferPointer<UInt16>, into out: UnitArrays, at offset: Int,
                      counted: Bool, keep: (UnsafeBufferPointer<UInt32>) -> Void) -> Bool {
            func deliver(_ storage: UnsafeBufferPointer<UInt32>) {
                ShapedWord.copy(storage, into: out, at: offset)
                keep(storage)
            }
            return lock.withLock { _ in
                if young.withStorage(for: key.hash, matching: units, check: key.check, deliver) == nil {
                    // Found in the old generation only: promoted.
                    guard old.count > 0, let word = old.word(for: key.hash, matching: units, check: key.check) else {
                        if counted { misses &+= 1 }
                        return false
                    }
                    insert(key.hash, word)
                    word.withStorage(deliver)
                }
                if counted { hits &+= 1 }
                return true
            }
        }

        func store(_ key: ShapeKey, _ word: ShapedWord) {
            lock.withLock { _ in insert(key.hash, word) }
        }

        private func insert(_ hash: UInt64, _ word: ShapedWord) {
            let size = word.byteCount
            guard size <= byteLimit else { return }
            if young.count >= young.limit || young.bytes + size > byteLimit {
                // The old generation is emptied and becomes the young one: its
                // slot memory is reused, never freed (see `prefetchWord`).
                let recycled = old
                recycled.removeAll()
                old = young
                young = recycled
                youngSlots.store(young.slotsAddress, ordering: .relaxed)
                oldSlots.store(old.slotsAddress, ordering: .relaxed)
            }
            young.insert(hash, word)
        }
    }
}

/// One generation of a shard: linear probing over a power-of-two table at
/// most half full, keyed by a word's 64-bit hash (0 marks an empty slot).
/// A slot holds the hash and the word's storage side by side, so a probe
/// that finds its word reads one cache line before the word's own.
private final class WordTable {
    private struct Slot {
        var hash: UInt64
        var word: ShapedWord?
    }

    let limit: Int
    private(set) var count = 0
    /// The bytes of the words held (their storage arrays).
    private(set) var bytes = 0
    let mask: Int
    private let slots: UnsafeMutablePointer<Slot>

    /// The address of the slots (for prefetching).
    var slotsAddress: UInt { UInt(bitPattern: slots) }

    /// The byte offset of the slot where a probe for `hash` starts.
    @inline(__always)
    static func slotOffset(_ hash: UInt64, mask: Int) -> UInt {
        UInt(Int(truncatingIfNeeded: slotKey(hash) >> 17) & mask) &* UInt(MemoryLayout<Slot>.stride)
    }

    init(limit: Int) {
        self.limit = limit
        var size = 16
        while size < 2 * limit { size *= 2 }
        mask = size - 1
        // An empty slot is all zero bits (no hash, no word), so the table
        // comes zeroed from calloc: fresh pages from the kernel, touched only
        // as words arrive, instead of 8 MB written at start (5-14 ms of every
        // process that makes a typesetter).
        guard let raw = calloc(size, MemoryLayout<Slot>.stride) else { fatalError("word cache: out of memory") }
        slots = raw.bindMemory(to: Slot.self, capacity: size)
        if !Self.emptySlotIsZero { slots.initialize(repeating: Slot(hash: 0, word: nil), count: size) }
    }

    deinit {
        slots.deinitialize(count: mask + 1)
        free(slots)
    }

    /// Drops every word, keeping the slot memory.
    func removeAll() {
        slots.deinitialize(count: mask + 1)
        if Self.emptySlotIsZero {
            memset(slots, 0, (mask + 1) * MemoryLayout<Slot>.stride)
        } else {
            slots.initialize(repeating: Slot(hash: 0, word: nil), count: mask + 1)
        }
        count = 0
        bytes = 0
    }

    /// Whether an empty slot's bytes are all zero (a nil reference is).
    private static let emptySlotIsZero = withUnsafeBytes(of: Slot(hash: 0, word: nil)) { $0.allSatisfy { $0 == 0 } }

    /// Where a slot's word reference is, for `Shard.prefetchWord`, which
    /// reads the key at the slot's start and the object address there
    /// (`tsp_prefetch_pointee_if`); nil when the slot is not laid out so
    /// (the key first, the reference a bare object address).
    static let wordOffset: UInt? = MemoryLayout<Slot>.offset(of: \Slot.hash) == 0 && MemoryLayout<ShapedWord?>.size == 8
        ? MemoryLayout<Slot>.offset(of: \Slot.word).map(UInt.init) : nil

    /// What a slot holding `hash` stores as its key (never 0, the empty mark).
    @inline(__always)
    static func slotKey(_ hash: UInt64) -> UInt64 { hash | 1 }

    /// The slot of the word stored under `hash` and its storage, if it is
    /// this text. (The storage's address only, taken and used under the
    /// shard's lock, which keeps the word alive: a reference loaded out of
    /// the slot would be retained and released.)
    @inline(__always)
    private func find(_ hash: UInt64, matching units: UnsafeBufferPointer<UInt16>,
                      check: UInt64) -> (slot: Int, storage: UnsafeBufferPointer<UInt32>)? {
        let k = Self.slotKey(hash)
        var i = Int(truncatingIfNeeded: k >> 17) & mask
        while true {
            let h = slots[i].hash
            if h == k {
                guard let s = slots[i].word?.storageAddress, ShapedWord.matches(s, units, check: check) else { return nil }
                return (i, s)
            }
            if h == 0 { return nil }
            i = (i + 1) & mask
        }
    }

    /// The word stored under `hash`, if it is this text (compared in place,
    /// so that only the word returned is retained).
    @inline(__always)
    func word(for hash: UInt64, matching units: UnsafeBufferPointer<UInt16>, check: UInt64) -> ShapedWord? {
        find(hash, matching: units, check: check).flatMap { slots[$0.slot].word }
    }

    /// `body` with the storage of the word stored under `hash`, if it is
    /// this text; nil if not. (Read in place: nothing is retained.)
    @inline(__always)
    func withStorage<R>(for hash: UInt64, matching units: UnsafeBufferPointer<UInt16>, check: UInt64,
                        _ body: (UnsafeBufferPointer<UInt32>) -> R) -> R? {
        find(hash, matching: units, check: check).map { body($0.storage) }
    }

    /// Stores `word` under `hash` (replacing a word with the same hash).
    func insert(_ hash: UInt64, _ word: ShapedWord) {
        let k = Self.slotKey(hash)
        var i = Int(truncatingIfNeeded: k >> 17) & mask
        while slots[i].hash != 0 && slots[i].hash != k { i = (i + 1) & mask }
        if slots[i].hash == 0 { count += 1 }
        bytes += word.byteCount - (slots[i].word?.byteCount ?? 0)
        slots[i] = Slot(hash: k, word: word)
    }
}

/// Two independent 64-bit hashes of a word and its shaping parameters: one
/// addresses the cache, the other is checked on a hit (with the text itself).
struct ShapeKey {
    var hash: UInt64
    var check: UInt64

    /// - Parameter context: for a word shaped with the text around it as
    ///   context (`units` then holds the context too), how many of `units`
    ///   come before the word and after it; nil for a word shaped alone.
    @inline(__always)
    init(units: UnsafeBufferPointer<UInt16>, parameters: ShapeParameters, context: (before: Int, after: Int)? = nil) {
        var h = FNV1aHash()
        var c: UInt64 = 0x9e37_79b9_7f4a_7c15  // the check: a second, independent mix
        // Four units at a time; then the last four (overlapping the ones
        // before when the length is not a multiple of four: they are a
        // function of the units all the same), or the fewer a short word
        // has; and the length.
        let n = units.count
        var last = UInt64(n) << 48
        if let base = units.baseAddress {
            let raw = UnsafeRawPointer(base)
            var i = 0
            while i + 4 < n {
                let v = raw.loadUnaligned(fromByteOffset: 2 * i, as: UInt64.self)
                h.mix(v)
                c = ShapeParameters.mixCheck(c, v)
                i += 4
            }
            if n >= 4 {
                last ^= raw.loadUnaligned(fromByteOffset: 2 * (n - 4), as: UInt64.self)
            } else {
                for k in 0..<n { last ^= UInt64(base[k]) << (16 * k) }
            }
        }
        h.mix(last)
        c = ShapeParameters.mixCheck(c, last)
        h.mix(parameters.hash)
        c = ShapeParameters.mixCheck(c, parameters.check)
        if let context {
            let v = 1 << 40 | UInt64(context.before) << 20 | UInt64(context.after)
            h.mix(v)
            c = ShapeParameters.mixCheck(c, v)
        }
        // FNV-1a's multiply carries a value's bits upwards only: mixed down,
        // so that the low bits (the shard) and the high ones (the slot) both
        // depend on every unit.
        var v = h.value
        v ^= v >> 33
        v &*= 0xff51_afd7_ed55_8ccd
        v ^= v >> 33
        hash = v
        check = c
    }
}

/// What a word's cache key holds besides its text: the face, size,
/// features, script, direction and language it is shaped with, as the two
/// independent hashes `ShapeKey` mixes in. The same for every word of an
/// item, so mixed once per item.
struct ShapeParameters {
    var hash: UInt64
    var check: UInt64

    /// The parameters of `item`'s words, in `face` at `style`'s size.
    /// - Parameter styleHash: the style's features and language (`StyleFeatures.hashes`).
    init(item: Item, face: FontFace, style: borrowing TextStyle, styleHash: UInt64) {
        self.init(faceSerial: face.serial, size: style.size, styleHash: styleHash, script: item.script,
                  rtl: item.level & 1 == 1)
    }

    /// - Parameter styleHash: the style's features and language (`StyleFeatures.hashes`).
    private init(faceSerial: UInt64, size: Double, styleHash: UInt64, script: Int32, rtl: Bool) {
        var h = FNV1aHash()
        var c: UInt64 = 0xc2b2_ae3d_27d4_eb4f
        @inline(__always) func mix(_ v: UInt64) {
            h.mix(v)
            c = Self.mixCheck(c, v)
        }
        mix(faceSerial)
        mix(size.bitPattern)
        mix(styleHash)
        mix(UInt64(UInt32(bitPattern: script)) << 1 | (rtl ? 1 : 0))
        hash = h.value
        check = c
    }

    /// One step of the check's mix (independent of FNV-1a).
    @inline(__always)
    static func mixCheck(_ c: UInt64, _ v: UInt64) -> UInt64 {
        var c = (c ^ v) &* 0xff51_afd7_ed55_8ccd
        c ^= c >> 29
        return c
    }
}

/// A shaped word in one contiguous buffer (one heap object, so a cache hit
/// touches little memory): a 64-bit check, the length, the context lengths
/// (for a word shaped with the text around it: how many of its units are
/// context before it, bits 0–15, and after it, bits 16–31), then per UTF-16
/// unit its advance (1/65536 px) and its code unit with a "starts a glyph
/// cluster" flag in bit 16. Context units are stored to be matched; they take
/// no advance and are never copied out.
struct ShapedWord: Sendable {
    let storage: [UInt32]
    /// Header words before the per-unit pairs.
    private static let header = 4

    /// The heap bytes the word takes (its storage array).
    var byteCount: Int { arrayBytes(storage) }

    /// A word from the per-unit advances and flags its text was shaped
    /// into (`Shaper.shapeUnits`; `advances` and `flags` start at the
    /// word's first unit, its context's for a word shaped in context): a
    /// unit starts a glyph cluster when a glyph's cluster is that unit, and
    /// is marked `kernedBefore` when a break before it would need reshaping
    /// (HarfBuzz's unsafe-to-break) and its cluster or the one before has an
    /// advance its font did not give (a kern, which right-to-left text puts
    /// in the later glyph). One pass, into the storage as it is allocated.
    /// - Parameter context: units of `units` before and after the word that
    ///   are context only (not shaped: they hold no advance).
    init(units: UnsafeBufferPointer<UInt16>, advances: UnsafeBufferPointer<Int32>, flags: UnsafeBufferPointer<UInt8>,
         check: UInt64, context: (before: Int, after: Int) = (0, 0)) {
        let h = Self.header, n = units.count
        precondition(advances.count >= n && flags.count >= n)
        // (Written on the stack and copied into an array of its size: an
        // array allocated uninitialized looks up its type's metadata in the
        // runtime, some 600 instructions a word.)
        storage = withUnsafeTemporaryAllocation(of: UInt32.self, capacity: h + 2 * n) { s in
            s[0] = UInt32(truncatingIfNeeded: check)
            s[1] = UInt32(truncatingIfNeeded: check >> 32)
            s[2] = UInt32(n)
            s[3] = UInt32(context.before) | UInt32(context.after) << 16
            let first = context.before, end = n - context.after
            // The cluster before a unit: the nearest cluster start after the
            // word's first unit and below it, else the first unit.
            var before = first
            for k in 0..<n {
                let f = flags[k]
                var pair = UInt32(units[k])
                if f & ShapedUnits.clusterStart != 0 { pair |= 0x1_0000 }
                if f & ShapedUnits.unsafeToBreak != 0 && k > first && k < end
                    && (f | flags[before]) & ShapedUnits.adjusted != 0 {
                    pair |= 0x2_0000
                }
                if k > first && f & ShapedUnits.clusterStart != 0 { before = k }
                s[h + 2 * k] = UInt32(bitPattern: advances[k])
                s[h + 2 * k + 1] = pair
            }
            return Array(UnsafeBufferPointer(s))
        }
    }

    /// Whether the word stored in `s` (with its context) is this text.
    @inline(__always)
    static func matches(_ s: UnsafeBufferPointer<UInt32>, _ units: UnsafeBufferPointer<UInt16>, check: UInt64) -> Bool {
        guard s[2] == UInt32(units.count), (UInt64(s[0]) | UInt64(s[1]) << 32) == check else { return false }
        for k in 0..<units.count where UInt16(truncatingIfNeeded: s[header + 1 + 2 * k]) != units[k] { return false }
        return true
    }

    /// The storage words of a word (with its context) of `units` UTF-16 units.
    static func storageWords(units: Int) -> Int { header + 2 * units }

    /// Where the word's storage is: valid, and unchanged, as long as this
    /// value (or a copy of it) lives, since the storage is never mutated.
    var storageAddress: UnsafeBufferPointer<UInt32> { storage.withUnsafeBufferPointer { $0 } }

    /// `body` with the word's storage (see `ShapedWord`).
    @inline(__always)
    func withStorage<R>(_ body: (UnsafeBufferPointer<UInt32>) -> R) -> R {
        storage.withUnsafeBufferPointer(body)
    }

    /// `copy(into:at:)` of the word whose storage starts at `base` if
    /// it is this text (one read of the storage for both); false, writing
    /// nothing, if not.
    @inline(__always)
    static func copy(_ base: UnsafePointer<UInt32>, ifMatching units: UnsafeBufferPointer<UInt16>, check: UInt64,
                     into out: UnitArrays, at offset: Int) -> Bool {
        let s = UnsafeBufferPointer(start: base, count: header + 2 * Int(base[2]))
        guard matches(s, units, check: check) else { return false }
        copy(s, into: out, at: offset)
        return true
    }

    /// `copy(_:ifMatching:check:into:at:)` of a word stored without
    /// context, matched, copied and summed in one pass over its units:
    /// returns the sum of its advances, or nil when the storage is not this
    /// text (having written the advances of the units before the first that
    /// differs, and set their flags back to what `UnitArrays` starts with).
    @inline(__always)
    static func copySummed(_ base: UnsafePointer<UInt32>, ifMatching units: UnsafeBufferPointer<UInt16>, check: UInt64,
                           into out: UnitArrays, at offset: Int) -> Int64? {
        let n = units.count
        guard base[2] == UInt32(n), base[3] == 0, (UInt64(base[0]) | UInt64(base[1]) << 32) == check,
              let u = units.baseAddress else { return nil }
        precondition(offset >= 0 && offset + n <= out.count)
        let pairs = base + header
        let a = out.advances.baseAddress! + offset, c = out.clusterStarts.baseAddress! + offset
        let kerned = out.unsafeBefore.baseAddress! + offset
        var sum: Int64 = 0
        for k in 0..<n {
            let flags = pairs[2 * k + 1]
            guard UInt16(truncatingIfNeeded: flags) == u[k] else {
                for j in 0..<k {
                    c[j] = true
                    kerned[j] = false
                }
                return nil
            }
            let advance = Int32(bitPattern: pairs[2 * k])
            a[k] = advance
            sum &+= Int64(advance)
            if flags & 0x3_0000 != 0x1_0000 {
                c[k] = flags & 0x1_0000 != 0
                kerned[k] = flags & 0x2_0000 != 0
            }
        }
        return sum
    }

    /// Writes the word's advances, cluster starts and kerned-before units at
    /// `offset` (its context units, if any, are not written).
    func copy(into advances: inout [Int32], clusterStarts: inout [Bool], unsafeBefore: inout [Bool], at offset: Int) {
        UnitArrays.with(&advances, &clusterStarts, &unsafeBefore) { copy(into: $0, at: offset) }
    }

    /// The same, into arrays held in place.
    func copy(into out: UnitArrays, at offset: Int) {
        storage.withUnsafeBufferPointer { Self.copy($0, into: out, at: offset) }
    }

    /// Writes the word stored in `s` (a word's storage) at `offset`: its
    /// advances, and the cluster starts and kerned-before flags of the units
    /// that are not cluster starts or are kerned before (the arrays start out
    /// as cluster starts not kerned before, what most units are: see
    /// `UnitArrays`).
    @inline(__always)
    static func copy(_ s: UnsafeBufferPointer<UInt32>, into out: UnitArrays, at offset: Int) {
        let before = Int(s[3] & 0xFFFF)
        let count = Int(s[2]) - before - Int(s[3] >> 16)
        let pairs = s.baseAddress! + header + 2 * before
        precondition(offset >= 0 && offset + count <= out.count)
        let a = out.advances.baseAddress! + offset, c = out.clusterStarts.baseAddress! + offset
        let u = out.unsafeBefore.baseAddress! + offset
        for k in 0..<count {
            a[k] = Int32(bitPattern: pairs[2 * k])
            let flags = pairs[2 * k + 1]
            if flags & 0x3_0000 != 0x1_0000 {
                c[k] = flags & 0x1_0000 != 0
                u[k] = flags & 0x2_0000 != 0
            }
        }
    }
}
