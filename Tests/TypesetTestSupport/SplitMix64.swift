/// A small, fast, seedable generator (SplitMix64): the same seed gives the
/// same inputs on every platform and Swift version. Shared by the stress,
/// concurrency and random-edit tests.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    /// A generator starting from `seed`.
    public init(seed: UInt64) { state = seed }
    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
    /// A uniform element of `items`.
    public mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }
    /// A uniform double in `range`.
    public mutating func double(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }
}
