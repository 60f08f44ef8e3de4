import CUnicode

/// A run of text with one bidi level, script, style and font: the unit HarfBuzz shapes.
struct Item: Sendable {
    /// Processed UTF-16 range.
    var start: Int32
    var end: Int32
    /// UAX #9 embedding level (odd is right-to-left).
    var level: UInt8
    /// ICU script code.
    var script: Int32
    /// Index into the prepared text's styles.
    var styleIndex: Int32
    /// The face the run is set in.
    var face: FontFace
}

/// Splits analysed text into items, choosing a font for each grapheme cluster:
/// the first face of the style's stack that covers every character of the
/// cluster (default-ignorable characters such as ZWJ and variation selectors
/// aside), else the collection's fallback, else the stack's first face.
struct Itemizer {
    let fonts: FontCollection

    /// - Parameters:
    ///   - styleOfUnit: per processed unit, an index into `stacks`.
    ///   - stacks: resolved faces per style, with the style's weight and italic.
    func itemize(units: [UInt16], graphemeStarts: [Bool], levels: [UInt8], scripts: [Int32],
                 styleOfUnit: [Int32], stacks: [ResolvedStack]) -> [Item] {
        let n = units.count
        var items: [Item] = []
        guard n > 0 else { return items }
        var scalars: [UInt32] = []
        scalars.reserveCapacity(8)
        var g = 0
        var currentFace: FontFace? = nil
        while g < n {
            var e = g + 1
            while e < n && !graphemeStarts[e] { e += 1 }
            // A grapheme is never split, but style, level and script changes may fall
            // inside one (a combining mark in another style): cut there too.
            var cut = e
            for k in (g + 1)..<e where styleOfUnit[k] != styleOfUnit[g] || levels[k] != levels[g] {
                cut = k
                break
            }
            e = cut
            let styleIndex = styleOfUnit[g]
            let stack = stacks[Int(styleIndex)]
            let face: FontFace
            let u = units[g]
            if e == g + 1, u >= 0x20, u < 0x7F, stack.asciiFace[Int(u)] >= 0 {
                face = stack.faces[Int(stack.asciiFace[Int(u)])]  // printable ASCII: the precomputed first covering face
            } else {
                scalars.removeAll(keepingCapacity: true)
                decodeScalars(units, g, e, into: &scalars)
                face = chooseFace(scalars, stack: stack, current: currentFace)
            }
            currentFace = face
            let level = levels[g]
            let script = scripts[g]
            if var last = items.last, last.end == Int32(g), last.face === face, last.level == level,
               last.styleIndex == styleIndex, last.script == script {
                last.end = Int32(e)
                items[items.count - 1] = last
            } else {
                items.append(Item(start: Int32(g), end: Int32(e), level: level, script: script,
                                  styleIndex: styleIndex, face: face))
            }
            g = e
        }
        return items
    }

    private func chooseFace(_ scalars: [UInt32], stack: ResolvedStack, current: FontFace?) -> FontFace {
        // Controls and lone ignorables (newline, tab, ZWJ) stay with the run they are in.
        if scalars.allSatisfy({ $0 < 0x20 || UnicodeProps.isDefaultIgnorable($0) }) {
            if let current { return current }
        }
        if Self.prefersEmojiPresentation(scalars) {
            // A colour font wins over an earlier text font that also covers the character.
            for face in stack.faces where face.isColorBitmap && covers(face, scalars) { return face }
            if let fb = fonts.fallbackFace(for: scalars, weight: stack.weight, italic: stack.italic, preferColor: true),
               fb.isColorBitmap { return fb }
        }
        for face in stack.faces where covers(face, scalars) { return face }
        if let fb = fonts.fallbackFace(for: scalars, weight: stack.weight, italic: stack.italic) { return fb }
        return stack.faces[0]
    }

    /// Whether a cluster asks for emoji presentation explicitly: a VS16 or a
    /// keycap. Chromium does not go by the Emoji_Presentation property: `⚽`
    /// alone takes the first stack font that has it (a CJK face), `⚽️` the
    /// emoji font.
    static func prefersEmojiPresentation(_ scalars: [UInt32]) -> Bool {
        guard scalars.count > 1, !scalars.contains(0xFE0E) else { return false }
        return scalars.contains(0xFE0F) || scalars.contains(0x20E3)
    }

    @inline(__always)
    private func covers(_ face: FontFace, _ scalars: [UInt32]) -> Bool {
        for s in scalars where !face.covers(s) {
            if s < 0x20 || UnicodeProps.isDefaultIgnorable(s) { continue }
            return false
        }
        return true
    }

    private func decodeScalars(_ units: [UInt16], _ a: Int, _ b: Int, into out: inout [UInt32]) {
        var i = a
        while i < b {
            let u = UInt32(units[i])
            if u >= 0xD800, u <= 0xDBFF, i + 1 < b, units[i + 1] >= 0xDC00, units[i + 1] <= 0xDFFF {
                out.append(0x10000 + ((u - 0xD800) << 10) + (UInt32(units[i + 1]) - 0xDC00))
                i += 2
            } else {
                out.append(u)
                i += 1
            }
        }
    }
}
