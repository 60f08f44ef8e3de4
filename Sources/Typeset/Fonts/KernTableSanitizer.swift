// Pipeline stage: Fonts. What the font sanitizer a browser passes every web
// font through leaves of a face's legacy `kern` table.

/// The rules of the OpenType Sanitizer (OTS, which Chromium runs on every
/// web font before HarfBuzz sees it) that change layout: the ones that drop
/// the legacy `kern` table. GSUB, GPOS and GDEF reach HarfBuzz untouched
/// (Chromium passes them through), so `kern` is the one layout table whose
/// fate differs from HarfBuzz's reading of the file.
///
/// HarfBuzz applies `kern` only to faces whose GPOS has no `kern` feature;
/// for those, a dropped table is text set without kerning: Open Sans 1.10
/// (one subtable of 18,694 pairs) sets "AV" at 100 px 122.813 px wide in
/// Chromium, 118.813 px kerned.
///
/// The table is read as OTS 9 reads it (`src/kern.cc`) and dropped when:
/// - its version is not 0 (an Apple `kern` table, version 1.0);
/// - it has no subtables;
/// - a horizontal format-0 subtable has no pairs, more than 10,922 (65,536 / 6:
///   its length must fit 16 bits), reserved coverage bits set, or pairs not
///   sorted by (left, right);
/// - no subtable is left once vertical, non-zero-format and non-zero-version
///   subtables are skipped;
/// - the face has no `glyf` table (OTS keeps `kern` for TrueType outlines only).
///
/// Tables OTS rejects outright (a truncated table, a wrong `entrySelector`,
/// a subtable of 10,921 or 10,922 pairs, too long to write back) make
/// Chromium refuse the whole font; those are left as HarfBuzz reads them.
enum KernTableSanitizer {
    /// Why the sanitizer drops the table, or nil when it keeps it (or the
    /// face has none).
    /// - Parameters:
    ///   - table: the `kern` table's bytes (empty when the face has none).
    ///   - hasGlyf: whether the face has TrueType outlines.
    static func dropReason(_ table: UnsafeRawBufferPointer, hasGlyf: Bool) -> String? {
        guard !table.isEmpty else { return nil }
        if !hasGlyf { return "kern table in a font without TrueType outlines" }
        var reader = Reader(bytes: table)
        guard let version = reader.u16(), let tableCount = reader.u16() else { return nil }
        if version > 0 { return "kern table version \(version) (not 0)" }
        if tableCount == 0 { return "kern table with no subtables" }
        var kept = 0
        for _ in 0..<tableCount {
            guard let subVersion = reader.u16(), let subLength = reader.u16() else { return nil }
            // (As OTS: a skipped subtable's bytes are not skipped; the next
            // header is read where this one's stopped.)
            if subVersion > 0 { continue }
            if reader.offset - 4 + Int(subLength) > table.count { return nil }
            guard let coverage = reader.u16() else { return nil }
            if coverage & 0x1 == 0 { continue }
            if coverage & 0xF0 != 0 { return "kern subtable with reserved coverage bits set" }
            if coverage >> 8 != 0 { continue }
            guard let pairs = reader.u16(), reader.u16() != nil, let entrySelector = reader.u16(),
                  reader.u16() != nil else { return nil }
            if pairs == 0 { return "kern subtable with no pairs" }
            if Int(pairs) > 65536 / 6 { return "kern subtable of \(pairs) pairs (more than 10922)" }
            var maxPow2 = 0
            while 1 << (maxPow2 + 1) <= Int(pairs) { maxPow2 += 1 }
            if Int(entrySelector) != maxPow2 { return nil }
            var last: UInt32 = 0
            for j in 0..<Int(pairs) {
                guard let left = reader.u16(), let right = reader.u16(), reader.u16() != nil else { return nil }
                let pair = UInt32(left) << 16 | UInt32(right)
                if j != 0 && pair <= last { return "kern pairs not sorted" }
                last = pair
            }
            kept += 1
        }
        return kept == 0 ? "kern table with no usable subtable" : nil
    }

    /// Whether a pair of the table's horizontal format-0 subtables starts or
    /// ends with `glyph` (the table as HarfBuzz applies it).
    static func hasPair(with glyph: UInt32, in table: UnsafeRawBufferPointer) -> Bool {
        var reader = Reader(bytes: table)
        guard let version = reader.u16(), version == 0, let tableCount = reader.u16() else { return false }
        var start = 4
        for _ in 0..<tableCount {
            reader.offset = start
            guard reader.u16() != nil, let length = reader.u16(), let coverage = reader.u16() else { return false }
            if coverage & 0x1 != 0, coverage >> 8 == 0, let pairs = reader.u16() {
                reader.offset += 6
                for _ in 0..<Int(pairs) {
                    guard let left = reader.u16(), let right = reader.u16(), reader.u16() != nil else { return false }
                    if UInt32(left) == glyph || UInt32(right) == glyph { return true }
                }
                // (A subtable longer than 16 bits can count ends after its pairs.)
                start = reader.offset
            } else {
                guard length >= 6 else { return false }
                start += Int(length)
            }
        }
        return false
    }

    /// Big-endian reads that fail past the end.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        mutating func u16() -> UInt16? {
            guard offset + 2 <= bytes.count else { return nil }
            defer { offset += 2 }
            return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
        }
    }
}
