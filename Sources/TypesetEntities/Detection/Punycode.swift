import Typeset

/// The length of a domain label's punycode form (RFC 3492), which decides whether an
/// internationalised label fits DNS's 63-character limit.
enum EntityPunycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN: UInt32 = 0x80

    /// The number of characters punycode needs for `scalars` (without the `xn--`
    /// prefix), or `nil` once it exceeds `limit`.
    static func encodedLength(of scalars: [UInt32], limit: Int) -> Int? {
        let basicCount = scalars.reduce(0) { $0 + ($1 < 0x80 ? 1 : 0) }
        var length = basicCount + (basicCount > 0 ? 1 : 0)
        var n = initialN
        var delta = 0
        var bias = initialBias
        var handled = basicCount
        while handled < scalars.count {
            guard let next = scalars.lazy.filter({ $0 >= n }).min() else { break }
            let (step, overflow) = Int(next - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow else { return nil }
            delta += step
            n = next
            for value in scalars {
                if value < n { delta += 1 }
                guard value == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < t { break }
                    length += 1
                    q = (q - t) / (base - t)
                    k += base
                }
                length += 1
                if length > limit { return nil }
                bias = adapt(delta: delta, points: handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return length <= limit ? length : nil
    }

    private static func adapt(delta: Int, points: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / points
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }
}
