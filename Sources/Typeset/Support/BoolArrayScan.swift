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
}
