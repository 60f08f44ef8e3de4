/// Grapheme boundaries that fall inside a ligature glyph, in order, each with
/// its ligature's first unit and the width of the part before the boundary
/// when shaped on its own (1/65536 px).
///
/// Preparation gathers them in an array of its scratch; a prepared text
/// keeps a copy in its own object (`kept(at:)`), which is then a view of
/// that memory, valid while the object lives.
struct LigatureSplits: @unchecked Sendable {
    // (`@unchecked`: a kept table is written once, before it is shared.)
    struct Split {
        var unit: Int32
        var clusterStart: Int32
        var prefix: Int64
    }
    /// The splits while they are gathered.
    private var gathered: [Split] = []
    /// The splits a prepared text keeps (when `gathered` is empty).
    private var stored = UnsafeBufferPointer<Split>(start: nil, count: 0)

    var isEmpty: Bool { gathered.isEmpty && stored.isEmpty }

    /// The number of splits.
    var count: Int { gathered.isEmpty ? stored.count : gathered.count }

    mutating func append(unit: Int32, clusterStart: Int32, prefix: Int64) {
        precondition(stored.isEmpty, "a kept table is not appended to")
        gathered.append(Split(unit: unit, clusterStart: clusterStart, prefix: prefix))
    }

    /// Empties the table, keeping the gathered array's room (a scratch table, reused text after text).
    mutating func removeAll() {
        gathered.removeAll(keepingCapacity: true)
        stored = UnsafeBufferPointer(start: nil, count: 0)
    }

    /// Empties a scratch table, keeping its room unless it is over `limit` splits (see `Array.recycle(limit:)`).
    mutating func recycle(limit: Int) {
        gathered.recycle(limit: limit)
        stored = UnsafeBufferPointer(start: nil, count: 0)
    }

    /// This scratch table emptied for the next text and handed on (see `Array.emptiedForReuse()`).
    mutating func emptiedForReuse() -> LigatureSplits {
        var taken = LigatureSplits()
        swap(&taken, &self)
        taken.recycle(limit: scratchKeptLimit)
        return taken
    }

    /// The same splits copied to `to` (room for `count` splits placed by
    /// `TailLayout`), as a table reading them there.
    func kept(at to: UnsafeMutableRawPointer) -> LigatureSplits {
        var kept = LigatureSplits()
        let out = to.bindMemory(to: Split.self, capacity: count)
        withSplits { from in
            if let base = from.baseAddress { out.initialize(from: base, count: from.count) }
        }
        kept.stored = UnsafeBufferPointer(start: out, count: count)
        return kept
    }

    @inline(__always)
    private func withSplits<R>(_ body: (UnsafeBufferPointer<Split>) -> R) -> R {
        gathered.isEmpty ? body(stored) : gathered.withUnsafeBufferPointer(body)
    }

    /// Whether a split lies at `a` or at `b` (`a <= b`): `cursor` keeps
    /// the place between calls, whose `a` must only grow (a text's
    /// segments, in order), so that a text's walk is one pass over the table.
    @inline(__always)
    func hasSplit(at a: Int32, or b: Int32, cursor: inout Int) -> Bool {
        withSplits { s in
            while cursor < s.count && s[cursor].unit < a { cursor += 1 }
            var k = cursor
            while k < s.count && s[k].unit < b && s[k].unit != a { k += 1 }
            return k < s.count && (s[k].unit == a || s[k].unit == b)
        }
    }

    /// The split at a processed offset, if it is inside a ligature.
    func split(at unit: Int32) -> (clusterStart: Int32, prefix: Int64)? {
        withSplits { splits in
            var lo = 0, hi = splits.count
            while lo < hi { let m = (lo + hi) / 2; if splits[m].unit < unit { lo = m + 1 } else { hi = m } }
            guard lo < splits.count, splits[lo].unit == unit else { return nil }
            return (splits[lo].clusterStart, splits[lo].prefix)
        }
    }

    /// What a range starting at `a` inside a ligature adds to its advances' sum:
    /// the rest of the ligature after `a` (the ligature's advance is on its first unit).
    @inline(__always)
    func startCorrection(_ a: Int, advances: [Int32]) -> Int64 {
        guard let s = split(at: Int32(a)) else { return 0 }
        return Int64(advances[Int(s.clusterStart)]) - s.prefix
    }

    /// What a range `[a, b)` ending inside a ligature adds to its advances' sum:
    /// the piece before `b`, less the ligature's advance if the range holds it.
    /// Both ends inside one ligature count the piece between them, so that
    /// `width(a, c) == width(a, b) + width(b, c)` for any boundary `b` between.
    @inline(__always)
    func endCorrection(_ a: Int, _ b: Int, advances: [Int32]) -> Int64 {
        guard let s = split(at: Int32(b)) else { return 0 }
        guard Int(s.clusterStart) >= a || split(at: Int32(a))?.clusterStart == s.clusterStart else { return 0 }
        return s.prefix - Int64(advances[Int(s.clusterStart)])
    }

    /// Heap bytes of a gathered table (a kept one is in its text's object).
    var byteCount: Int { arrayBytes(gathered) }
}

extension LigatureSplits {
    /// A view of splits a prepared text keeps (see `kept(at:)`).
    init(kept: UnsafeBufferPointer<Split>) {
        self.init()
        stored = kept
    }
}

extension LigatureSplits: CustomReflectable {
    /// The splits themselves, wherever they are kept.
    var customMirror: Mirror { Mirror(self, children: ["splits": withSplits { Array($0) }]) }
}
