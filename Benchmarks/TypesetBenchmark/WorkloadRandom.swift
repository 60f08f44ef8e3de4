// Part of the benchmark's generated feed (see Workload.swift).

import Foundation

// MARK: - PRNG

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast, and good enough for test data.
struct SplitMix64: Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// Uniform in 0..<n (multiply-high; the bias is far below anything that matters here).
    mutating func below(_ n: Int) -> Int {
        precondition(n > 0)
        return Int(next().multipliedFullWidth(by: UInt64(n)).high)
    }

    /// Uniform in range.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    mutating func chance(_ p: Double) -> Bool { unit() < p }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// Picks from (item, weight) pairs.
    mutating func weighted<T>(_ items: [(T, Double)]) -> T {
        let total = items.reduce(0) { $0 + $1.1 }
        var u = unit() * total
        for (item, weight) in items {
            if u < weight { return item }
            u -= weight
        }
        return items[items.count - 1].0
    }

    /// Standard normal (Box–Muller).
    mutating func normal() -> Double {
        let u1 = 1 - unit()  // (0, 1]
        let u2 = unit()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// An independent generator derived from this seed and a stream number.
    static func stream(_ seed: UInt64, _ stream: UInt64) -> SplitMix64 {
        var mixer = SplitMix64(seed: seed ^ (stream &* 0xD1B5_4A32_D192_ED03))
        return SplitMix64(seed: mixer.next())
    }
}

// MARK: - Scripts

/// String from code points.
func u(_ codes: UInt32...) -> String {
    var s = ""
    for c in codes { s.unicodeScalars.append(Unicode.Scalar(c)!) }
    return s
}

func scalars(_ range: ClosedRange<UInt32>, excluding: Set<UInt32> = []) -> [String] {
    range.filter { !excluding.contains($0) }.map { u($0) }
}
