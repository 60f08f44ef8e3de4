import CHarfBuzz
import Foundation

/// A variation axis of a variable face (its `fvar` table), e.g. `wght`
/// 100…900 with default 400.
public struct FontAxis: Sendable, Hashable {
    /// The four-character axis tag: `wght`, `wdth`, `opsz`, `slnt`, `ital`, or a custom one (`GRAD`).
    public var tag: String
    /// The smallest value the axis takes.
    public var minimum: Double
    /// The value of the face's default instance.
    public var defaultValue: Double
    /// The largest value the axis takes.
    public var maximum: Double
    /// Whether the face marks the axis hidden from users (it is still set by `font-variation-settings`).
    public var isHidden: Bool

    /// An axis; `defaultValue` is not required to lie in the range (a font may be malformed).
    public init(tag: String, minimum: Double, defaultValue: Double, maximum: Double, isHidden: Bool = false) {
        self.tag = tag
        self.minimum = minimum
        self.defaultValue = defaultValue
        self.maximum = maximum
        self.isHidden = isHidden
    }

    /// The axis's range.
    public var range: ClosedRange<Double> { minimum...max(minimum, maximum) }

    /// `value` clamped to the axis's range.
    public func clamp(_ value: Double) -> Double {
        guard !value.isNaN else { return defaultValue }
        return min(max(value, minimum), max(minimum, maximum))
    }
}

/// A named instance of a variable face (`fvar`): a style the font designer
/// named, e.g. "SemiBold" at `wght` 600.
public struct FontNamedInstance: Sendable, Hashable {
    /// The instance's subfamily name, e.g. "SemiBold Italic".
    public var name: String
    /// Its coordinates, one per axis of ``FontFace/axes``, in the same order.
    public var coordinates: [Double]

    /// A named instance.
    public init(name: String, coordinates: [Double]) {
        self.name = name
        self.coordinates = coordinates
    }
}

/// One `font-variation-settings` value: an axis tag and the value it is set to.
public struct FontVariation: Sendable, Hashable {
    /// The four-character axis tag, e.g. `wght` or `GRAD`.
    public var tag: String
    /// The axis value.
    public var value: Double

    /// A variation setting: `FontVariation("wght", 650)`.
    public init(_ tag: String, _ value: Double) {
        self.tag = tag
        self.value = value
    }

    /// The tag as HarfBuzz takes it (padded with spaces to four characters).
    var hbTag: hb_tag_t { FontVariation.tag(tag) }

    static func tag(_ tag: String) -> hb_tag_t {
        let bytes = Array(tag.utf8.prefix(4)) + Array(repeating: UInt8(0x20), count: max(0, 4 - tag.utf8.count))
        return bytes.reduce(UInt32(0)) { ($0 << 8) | UInt32($1) }
    }

    static func string(_ tag: hb_tag_t) -> String {
        String(decoding: [UInt8(tag >> 24), UInt8(tag >> 16 & 0xFF), UInt8(tag >> 8 & 0xFF), UInt8(tag & 0xFF)],
               as: UTF8.self)
    }
}

extension FontVariation {
    /// The settings of CSS `font-variation-settings` text: `normal` (none)
    /// or a comma-separated list of a quoted four-character axis tag and a
    /// number, e.g. `'wght' 650, "GRAD" 50`. A later setting of an axis
    /// overrides an earlier one when applied.
    /// - Throws: ``TypesetError/invalidFontVariationSettings(_:reason:)``
    ///   naming the text and what is wrong (a tag not of four printable
    ///   ASCII characters, a missing or non-finite number, a stray character).
    public static func settings(css text: String) throws -> [FontVariation] {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty || trimmed.lowercased() == "normal" { return [] }
        func fail(_ why: String) -> TypesetError { .invalidFontVariationSettings(text, reason: why) }
        var result: [FontVariation] = []
        for item in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            let part = item.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let quote = part.first, quote == "'" || quote == "\"" else {
                throw fail("each setting is a quoted axis tag and a number, e.g. 'wght' 650 (got \"\(part)\")")
            }
            let rest = part.dropFirst()
            guard let close = rest.firstIndex(of: quote) else { throw fail("the tag in \"\(part)\" is not closed") }
            let tag = String(rest[..<close])
            guard tag.unicodeScalars.count == 4, tag.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) }) else {
                throw fail("an axis tag is four printable ASCII characters, not '\(tag)'")
            }
            let number = rest[rest.index(after: close)...].trimmingCharacters(in: .whitespaces)
            guard let value = Double(number), value.isFinite else {
                throw fail("the value of '\(tag)' must be a number, not \"\(number)\"")
            }
            result.append(FontVariation(tag, value))
        }
        return result
    }

    /// Settings as CSS `font-variation-settings` text: `'wght' 650, 'GRAD' 50`, or `normal` for none.
    public static func css(_ settings: [FontVariation]) -> String {
        guard !settings.isEmpty else { return "normal" }
        return settings.map { "'\($0.tag)' \(FaceDescriptors.number($0.value))" }.joined(separator: ", ")
    }
}
