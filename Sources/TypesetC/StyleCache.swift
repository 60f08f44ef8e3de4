// The last `ts_style` a typesetter converted, kept: a server or layout
// engine prepares text after text in one style, and parsing the family list
// and building the font stack again for each was a tenth of a short text's
// prepare.
import CTypeset
import Foundation
import Synchronization
import Typeset

/// One `ts_style` and the `TextStyle` it gave, compared field by field and
/// byte by byte (the caller's strings may change between calls).
final class StyleCache: Sendable {
    private struct Entry: Sendable {
        /// The numbers: size, letter spacing and line height as bit patterns, weight, italic, line height kind.
        var numbers: [UInt64]
        var family: [CChar]
        var lang: [CChar]?
        var style: TextStyle
    }
    private let last = Mutex<Entry?>(nil)

    /// The text style of `c` (its fields checked as `TextStyle(_:_:)` checks
    /// them; `name` prefixes the messages), from the cache when `c` is the
    /// style converted last.
    func style(_ c: ts_style, _ name: String) throws -> TextStyle {
        if let hit = last.withLock({ entry -> TextStyle? in
            guard let entry, Self.same(c, entry) else { return nil }
            return entry.style
        }) {
            return hit
        }
        let style = try TextStyle(c, name)
        let family = Self.bytes(c.font_family) ?? []
        let entry = Entry(numbers: Self.numbers(c), family: family, lang: Self.bytes(c.lang), style: style)
        last.withLock { $0 = entry }
        return style
    }

    private static func numbers(_ c: ts_style) -> [UInt64] {
        [c.size.bitPattern, c.letter_spacing.bitPattern, c.line_height.bitPattern,
         UInt64(UInt32(bitPattern: c.weight)), UInt64(UInt32(bitPattern: c.italic)),
         UInt64(UInt32(bitPattern: c.line_height_kind))]
    }

    private static func same(_ c: ts_style, _ e: Entry) -> Bool {
        let n = e.numbers
        guard c.size.bitPattern == n[0], c.letter_spacing.bitPattern == n[1], c.line_height.bitPattern == n[2],
              UInt64(UInt32(bitPattern: c.weight)) == n[3], UInt64(UInt32(bitPattern: c.italic)) == n[4],
              UInt64(UInt32(bitPattern: c.line_height_kind)) == n[5],
              let family = c.font_family, e.family.withUnsafeBufferPointer({ strcmp(family, $0.baseAddress!) }) == 0
        else { return false }
        switch (c.lang, e.lang) {
        case (nil, nil): return true
        case (let lang?, let cached?): return cached.withUnsafeBufferPointer { strcmp(lang, $0.baseAddress!) } == 0
        default: return false
        }
    }

    /// A NUL-terminated string's bytes, its NUL included.
    private static func bytes(_ pointer: UnsafePointer<CChar>?) -> [CChar]? {
        guard let pointer else { return nil }
        return Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer) + 1))
    }
}
