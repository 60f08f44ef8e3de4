/// The characters a CSS `unicode-range` lets a face set: a union of ranges
/// of code points (`U+0-FF, U+131, U+4??`).
public struct UnicodeRangeSet: Sendable, Hashable, CustomStringConvertible {
    /// The ranges, sorted and merged (no two overlap or touch).
    public let ranges: [ClosedRange<UInt32>]

    /// Every code point (`U+0-10FFFF`, the initial value).
    public static let all = UnicodeRangeSet(ranges: [0...0x10FFFF])

    /// The union of the given ranges (clamped to U+10FFFF).
    public init(ranges: [ClosedRange<UInt32>]) {
        var merged: [ClosedRange<UInt32>] = []
        for r in ranges.filter({ $0.lowerBound <= 0x10FFFF }).map({ $0.lowerBound...min($0.upperBound, 0x10FFFF) })
            .sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, r.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, r.upperBound)
            } else {
                merged.append(r)
            }
        }
        self.ranges = merged
    }

    /// Whether every code point is in the set.
    public var coversEverything: Bool { ranges == [0...0x10FFFF] }

    /// Whether the code point is in the set.
    public func contains(_ scalar: UInt32) -> Bool {
        var lo = 0, hi = ranges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ranges[mid].upperBound < scalar { lo = mid + 1 } else { hi = mid }
        }
        return lo < ranges.count && ranges[lo].contains(scalar)
    }

    /// "U+0-FF, U+131".
    public var description: String {
        ranges.map { r in
            r.lowerBound == r.upperBound ? "U+" + String(r.lowerBound, radix: 16, uppercase: true)
                : "U+" + String(r.lowerBound, radix: 16, uppercase: true) + "-" + String(r.upperBound, radix: 16, uppercase: true)
        }.joined(separator: ", ")
    }

    /// Parses a `unicode-range` value: comma-separated `U+hex`, `U+hex-hex`
    /// and `U+hex?` (up to six hex digits, `?` wildcards only at the end).
    /// - Returns: the set, or a message saying which entry is malformed.
    static func parse(_ value: String) -> Result<UnicodeRangeSet, FontFaceRuleError> {
        var ranges: [ClosedRange<UInt32>] = []
        for raw in value.split(separator: ",", omittingEmptySubsequences: false) {
            let entry = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let range = parseEntry(entry) else {
                return .failure(FontFaceRuleError("unicode-range: \"\(entry)\" is not a range (U+hex, U+hex-hex or U+hex??)"))
            }
            ranges.append(range)
        }
        return .success(UnicodeRangeSet(ranges: ranges))
    }

    private static func parseEntry(_ entry: String) -> ClosedRange<UInt32>? {
        guard entry.count > 2, entry.prefix(2).uppercased() == "U+" else { return nil }
        let body = entry.dropFirst(2)
        func hex(_ s: Substring) -> UInt32? {
            guard (1...6).contains(s.count), s.allSatisfy(\.isHexDigit) else { return nil }
            return UInt32(s, radix: 16)
        }
        if let dash = body.firstIndex(of: "-") {
            guard let lo = hex(body[..<dash]), let hi = hex(body[body.index(after: dash)...]), lo <= hi,
                  lo <= 0x10FFFF else { return nil }
            return lo...hi
        }
        if body.contains("?") {
            guard let q = body.firstIndex(of: "?"), body[q...].allSatisfy({ $0 == "?" }), body.count <= 6 else { return nil }
            let digits = body[..<q]
            guard digits.isEmpty || hex(digits) != nil else { return nil }
            let wild = body.count - digits.count
            let lo = (digits.isEmpty ? 0 : UInt32(digits, radix: 16)!) << (4 * UInt32(wild))
            let hi = lo | ((1 << (4 * UInt32(wild))) - 1)
            guard lo <= 0x10FFFF else { return nil }
            return lo...hi
        }
        guard let v = hex(body), v <= 0x10FFFF else { return nil }
        return v...v
    }
}
