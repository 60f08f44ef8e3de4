extension Array where Element == Bool {
    /// Whether any element is true, read eight at a time (a per-unit flag
    /// array of a few hundred elements in a few dozen loads, where
    /// `contains(true)` takes each in turn).
    var containsTrue: Bool {
        withUnsafeBytes { raw in
            let n = raw.count
            var i = 0
            while i + 8 <= n {
                if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) != 0 { return true }
                i += 8
            }
            while i < n {
                if raw[i] != 0 { return true }
                i += 1
            }
            return false
        }
    }

    /// The first index at or after `start` holding false, or nil, read
    /// eight elements at a time while they are all true (a per-unit flag
    /// array whose elements are mostly true, as cluster starts are).
    func firstFalse(from start: Int = 0) -> Int? {
        withUnsafeBytes { raw in
            let n = raw.count
            var i = Swift.max(0, start)
            // (Each element is the byte 0 or 1: eight true ones are every byte 1.)
            while i &+ 8 <= n && raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) == 0x0101_0101_0101_0101 {
                i &+= 8
            }
            while i < n {
                if raw[i] == 0 { return i }
                i &+= 1
            }
            return nil
        }
    }
}
