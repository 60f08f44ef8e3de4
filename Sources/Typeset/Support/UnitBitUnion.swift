extension Array where Element == UInt16 {
    /// Every unit OR-ed together: each bit set in some unit, read sixteen
    /// units (four words) at a time. Every unit is below 2ᵏ exactly when the
    /// union is: below 0x100, the text is Latin-1 (`CompactUTF16.layout`).
    var bitUnion: UInt16 {
        withUnsafeBufferPointer { u in
            guard let p = u.baseAddress else { return 0 }
            let raw = UnsafeRawPointer(p), n = u.count
            var word: UInt64 = 0, i = 0
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
}
