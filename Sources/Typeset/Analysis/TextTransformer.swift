// Pipeline stage: Analysis (after white-space processing).
// In: the processed text, its map to source offsets, the style runs.
// Out: the text each run's CSS `text-transform` makes of it, with the map
// to source offsets carried through (a run with no transform costs nothing).

import CUnicode

/// Applies CSS `text-transform` run by run to the processed text, as
/// Chromium does: uppercase and lowercase by ICU's full case mapping for the
/// run's language (Turkish and Azeri, Greek and Lithuanian have rules of
/// their own; every other language the root rules), capitalize by titlecasing
/// (one UTF-16 unit for one) the first unit of each word.
///
/// Every transformed unit keeps the source offset of the character it came
/// from, so answers stay in source offsets: the two units of "SS" both map
/// to the "ß" they came from. As in Chromium, the transformed text is what
/// is broken and hit-tested: `overflow-wrap` and `break-all` may break
/// between the two S (the "ß" then belongs to the line its first S is on,
/// `PreparedCore.lineBoundarySourceOffset`), and a point between them hits
/// the "ß"'s start.
enum TextTransformer {
    /// Whether some run of the text is transformed.
    static func transforms(base: TextStyle, runs: UnsafeBufferPointer<AttributedText.Run>?) -> Bool {
        guard let runs else { return base.textTransform.changesText }
        return runs.contains { $0.style.textTransform.changesText }
    }

    /// Transforms `processed` in place; returns whether its text changed.
    /// - Parameters:
    ///   - runs: the style runs (source offsets); nil for one run of `base`.
    ///   - locale: the paragraph's language, for runs without one of their own.
    @discardableResult
    static func apply(to processed: inout WhiteSpaceProcessor, base: TextStyle,
                      runs: UnsafeBufferPointer<AttributedText.Run>?, locale: String?) -> Bool {
        guard transforms(base: base, runs: runs) else { return false }
        let units = processed.units
        let n = units.count
        guard n > 0 else { return false }
        var out: [UInt16] = []
        var map: [Int32] = []
        out.reserveCapacity(n + n / 8)
        map.reserveCapacity(n + n / 8 + 1)
        var r = 0
        var a = 0
        while a < n {
            // The piece of one run: [a, b).
            var b = a + 1
            let style: TextStyle
            if let runs, !runs.isEmpty {
                while r + 1 < runs.count && processed.sourceOffset(a) >= runs[r].range.upperBound { r += 1 }
                let end = runs[r].range.upperBound
                while b < n && processed.sourceOffset(b) < end { b += 1 }
                style = runs[r].style
            } else {
                b = n
                style = base
            }
            let piece = Array(units[a..<b])
            let language = style.language ?? locale
            switch style.textTransform {
            case .none, .fullWidth:
                append(piece, from: a, count: piece.count, lengths: nil, processed: processed, out: &out, map: &map)
            case .capitalize:
                let previous: UInt16 = a > 0 ? units[a - 1] : 0x20
                append(capitalized(piece, previous: previous), from: a, count: piece.count, lengths: nil, processed: processed,
                       out: &out, map: &map)
            case .uppercase, .lowercase:
                let upper = style.textTransform == .uppercase
                let caseLocale = Self.caseLocale(language)
                let mapped = caseMapped(piece, locale: caseLocale, upper: upper)
                let lengths = mapped.count == piece.count && piece.allSatisfy({ $0 < 0x80 })
                    ? nil : unitLengths(piece, mappedCount: mapped.count, locale: caseLocale, upper: upper)
                append(mapped, from: a, count: piece.count, lengths: lengths, processed: processed, out: &out, map: &map)
            }
            a = b
        }
        guard out != units else { return false }
        map.append(Int32(processed.sourceOffset(n)))
        processed.units = out
        processed.sourceOffsets = map
        processed.isIdentity = false
        return true
    }

    /// The ICU locale Chromium's case mapping uses for a language: Turkish
    /// and Azeri ("tr"), Greek ("el") and Lithuanian ("lt") have rules of
    /// their own; every other language takes the root rules.
    static func caseLocale(_ language: String?) -> String {
        guard let language else { return "" }
        let primary = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        switch primary {
        case "tr", "az": return "tr"
        case "el": return "el"
        case "lt": return "lt"
        default: return ""
        }
    }

    /// ICU's full case mapping of `units`.
    static func caseMapped(_ units: [UInt16], locale: String, upper: Bool) -> [UInt16] {
        var capacity = units.count + units.count / 2 + 8
        while true {
            var out = [UInt16](repeating: 0, count: capacity)
            let n = units.withUnsafeBufferPointer { u in
                out.withUnsafeMutableBufferPointer { o in
                    tsu_case_map(u.baseAddress, Int32(u.count), locale, upper ? 1 : 0, o.baseAddress, Int32(capacity))
                }
            }
            if n < 0 { return units }  // (ICU failed: the text as it is)
            if Int(n) <= capacity { return Array(out[0..<Int(n)]) }
            capacity = Int(n)
        }
    }

    /// How many mapped units each source unit gives (a code point's units
    /// after the first give 0 when it maps to fewer, the first the rest),
    /// when the code points mapped one by one add up to the whole text's
    /// mapping; else nil, and units are spread evenly (a mapping that
    /// depends on context and changes the length, rare).
    private static func unitLengths(_ units: [UInt16], mappedCount: Int, locale: String, upper: Bool) -> [Int]? {
        var lengths = [Int](repeating: 0, count: units.count)
        var i = 0, total = 0
        while i < units.count {
            let width = UTF16.isLeadSurrogate(units[i]) && i + 1 < units.count && UTF16.isTrailSurrogate(units[i + 1]) ? 2 : 1
            let one: Int
            if width == 1 && units[i] < 0x80 && locale.isEmpty {
                one = 1
            } else {
                one = caseMapped(Array(units[i..<i + width]), locale: locale, upper: upper).count
            }
            if one == width {
                for k in 0..<width { lengths[i + k] = 1 }
            } else {
                lengths[i] = one
            }
            total += one
            i += width
        }
        return total == mappedCount ? lengths : nil
    }

    /// Appends the transformed units of the `count` processed units
    /// starting at `start`, each with the source offset it came from.
    /// `lengths`: per piece unit, how many transformed units it gave (nil:
    /// one each when the counts agree, else spread evenly).
    private static func append(_ transformed: [UInt16], from start: Int, count: Int, lengths: [Int]?,
                               processed: WhiteSpaceProcessor, out: inout [UInt16], map: inout [Int32]) {
        out.append(contentsOf: transformed)
        if let lengths {
            for (k, len) in lengths.enumerated() where len > 0 {
                let s = Int32(processed.sourceOffset(start + k))
                for _ in 0..<len { map.append(s) }
            }
        } else if count == transformed.count {
            for k in 0..<count { map.append(Int32(processed.sourceOffset(start + k))) }
        } else {
            for j in 0..<transformed.count {
                map.append(Int32(processed.sourceOffset(start + min(count - 1, j * count / transformed.count))))
            }
        }
    }

    /// Chromium's capitalize: the word boundaries of the piece with the
    /// previous character in front (a no-break space read as a space, a full
    /// stop as a comma: Chromium's word rules end a word at a full stop),
    /// and the unit after each boundary titlecased (a no-break space kept).
    static func capitalized(_ units: [UInt16], previous: UInt16) -> [UInt16] {
        func forBreaking(_ u: UInt16) -> UInt16 { u == 0xA0 ? 0x20 : u == 0x2E ? 0x2C : u }
        var text = [forBreaking(previous)]
        text.reserveCapacity(units.count + 1)
        for u in units { text.append(forBreaking(u)) }
        var starts = [UInt8](repeating: 0, count: text.count + 1)
        let status = text.withUnsafeBufferPointer { t in
            starts.withUnsafeMutableBufferPointer { s in tsu_word_boundaries(t.baseAddress, Int32(t.count), s.baseAddress) }
        }
        guard status == 0 else { return units }
        var out = units
        for p in 1..<text.count where starts[p] != 0 && units[p - 1] != 0xA0 {
            let u = units[p - 1]
            let title = tsu_totitle(UInt32(u))
            if title <= 0xFFFF { out[p - 1] = UInt16(title) }
        }
        return out
    }
}

extension TextTransform {
    /// Whether the transform can change the text (`full-width` is measured as `none`, as Chromium does).
    var changesText: Bool { self == .uppercase || self == .lowercase || self == .capitalize }
}

extension PreparedCore {
    /// The source offset of a line boundary at processed offset `p`: its
    /// source offset, except inside the units one source character became
    /// under a text transform (a break between the two S of "ß" → "SS"),
    /// where the character belongs to the line its first unit is on and the
    /// boundary is after it. The identity, at no cost, for untransformed text.
    @inline(__always)
    func lineBoundarySourceOffset(_ p: Int) -> Int {
        guard !facts.sourceIsIdentity else { return p }
        let map = text.sourceOffsets
        guard p > 0 && p < map.count - 1 && map[p] == map[p - 1] else { return sourceOffset(p) }
        var q = p + 1
        while q < map.count - 1 && map[q] == map[p] { q += 1 }
        return Int(map[q])
    }
}

extension PreparedCore {
    /// Whether processed offset `p` falls between two units one source
    /// character became under a text transform (never, at no cost, for
    /// untransformed text): a hit there is at the character's start, as in Chromium.
    @inline(__always)
    func isInsideExpansion(_ p: Int) -> Bool {
        guard !facts.sourceIsIdentity else { return false }
        let map = text.sourceOffsets
        return p > 0 && p < map.count - 1 && map[p] == map[p - 1]
    }
}
