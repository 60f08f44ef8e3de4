extension Int32 {
    /// Adds `other`, pinned to `Int32.min...Int32.max` instead of wrapping
    /// around (an advance of 32768 px stays 32768 px, it does not turn negative).
    @inline(__always)
    mutating func addSaturating(_ other: Int32) {
        let (sum, overflow) = addingReportingOverflow(other)
        self = overflow ? (other > 0 ? .max : .min) : sum
    }
}
