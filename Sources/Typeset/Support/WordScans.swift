// Support: whole-text questions asked of a text's units or flags eight bytes at a time (the prepare driver asks a
// few of them once per text: whether the text is Latin-1, whether it has a unit from some range, where the first
// unit that does not start a cluster is).

/// Scans over a text's per-unit arrays, a machine word at a time: a warm
/// prepare asks each of them once per text, and a unit at a time each
/// would cost a few instructions per unit.
enum WordScans {
    /// Every unit of `units` OR-ed together: each bit set in some unit.
    /// Every unit is below 2ᵏ exactly when the union is (0x100: the text is
    /// Latin-1; below 0x2000: no unit reaches General Punctuation).
    static func bitUnion(_ units: [UInt16]) -> UInt16 {
        units.withUnsafeBufferPointer { u in
            guard let p = u.baseAddress else { return 0 }
            let raw = UnsafeRawPointer(p), n = u.count
            var word: UInt64 = 0, i = 0
            // Sixteen units (four words) per step, then four, then one.
            while i &+ 16 <= n {
                word |= raw.loadUnaligned(fromByteOffset: i &* 2, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: i &* 2 &+ 8, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: i &* 2 &+ 16, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: i &* 2 &+ 24, as: UInt64.self)
                i &+= 16
            }
            while i &+ 4 <= n {
                word |= raw.loadUnaligned(fromByteOffset: i &* 2, as: UInt64.self)
                i &+= 4
            }
            var union = UInt16(truncatingIfNeeded: word) | UInt16(truncatingIfNeeded: word >> 16)
                | UInt16(truncatingIfNeeded: word >> 32) | UInt16(truncatingIfNeeded: word >> 48)
            while i < n {
                union |= p[i]
                i &+= 1
            }
            return union
        }
    }

    /// Whether some unit of `units` is at least `lowest`: the units'
    /// `bitUnion` answers when it is below the highest bit of `lowest`,
    /// and the units are read one by one only when it is not.
    static func hasUnit(atLeast lowest: UInt16, in units: [UInt16]) -> Bool {
        let union = bitUnion(units)
        if union < lowest { return false }
        // (Every unit is below the union's highest bit doubled; none reaches `lowest` when that is at most it.)
        if union.leadingZeroBitCount > 0 && UInt16(1) << (16 - union.leadingZeroBitCount) <= lowest { return false }
        return units.contains { $0 >= lowest }
    }

    /// The first index at or after `start` where `flags` is false, or nil.
    static func firstFalse(in flags: [Bool], from start: Int = 0) -> Int? {
        flags.withUnsafeBufferPointer { b in
            guard let p = b.baseAddress else { return nil }
            let raw = UnsafeRawPointer(p), n = b.count
            var i = max(0, start)
            // Eight flags (each 0 or 1) per word: all true is every byte 1.
            while i &+ 8 <= n && raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) == 0x0101_0101_0101_0101 {
                i &+= 8
            }
            while i < n {
                if !p[i] { return i }
                i &+= 1
            }
            return nil
        }
    }
}
