import CHarfBuzz

/// The advances of a variable instance as Chromium gets them: its web
/// fonts are read by Fontations (Skia's Rust font backend), which adds each
/// glyph's `HVAR` delta to its `hmtx` advance and rounds the sum to a whole
/// font unit, computing in 16.16 fixed point throughout: the design
/// coordinates normalized and mapped through `avar` in 16.16, then rounded
/// to 2.14; region scalars and deltas in 16.16; the delta rounded half up.
///
/// HarfBuzz keeps the delta's fraction (or rounds it at the font's scale)
/// and rounds its normalized coordinates otherwise, so a glyph can differ
/// by a unit: Roboto at `wght` 350 sets "v" 988.499 units wide in HarfBuzz
/// and 989 in Chromium (every one of 1,488 glyph advances of Inter, Roboto,
/// Source Serif 4 and Open Sans at six weights agrees this way, against
/// 1,375 with HarfBuzz's fractions).
struct InstanceAdvances {
    /// Each glyph's advance in font units.
    let advances: [Int32]

    /// The advances at `coordinates` (design values, one per axis of
    /// `axes`), or nil when the face has no `HVAR` table (or one this
    /// reader cannot follow): its advances vary with its outlines.
    init?(face: OpaquePointer, axes: [FontAxis], coordinates: [Double], glyphCount: Int) {
        let hvar = FontTable(face: face, tag: "HVAR")
        let hmtx = FontTable(face: face, tag: "hmtx"), hhea = FontTable(face: face, tag: "hhea")
        guard hvar.count >= 20, hhea.count >= 36, hvar.u16(0) == 1 else { return nil }
        let storeOffset = hvar.u32(4), mapOffset = hvar.u32(8)
        guard let store = ItemVariationStore(hvar, at: storeOffset) else { return nil }
        let normalized = Self.normalized(coordinates, axes: axes, avar: FontTable(face: face, tag: "avar"))
        let metricCount = hhea.u16(34)
        guard metricCount > 0, hmtx.count >= metricCount * 4 else { return nil }
        // Each region's scalar once (a few dozen regions serve every glyph).
        let scalars = store.scalars(coordinates: normalized)
        var out = [Int32](repeating: 0, count: glyphCount)
        // Each delta row once: glyphs share rows, and a hostile map sending
        // every glyph to one long row must not cost glyphs × its length.
        var rows: [Int: Int32] = [:]
        for g in 0..<glyphCount {
            let base = hmtx.u16(min(g, metricCount - 1) * 4)
            let (outer, inner) = mapOffset == 0 ? (0, g) : Self.mapped(hvar, mapOffset, glyph: g)
            let key = outer << 32 | inner
            let delta: Int32
            if let d = rows[key] { delta = d } else {
                delta = store.delta(outer: outer, inner: inner, scalars: scalars)
                rows[key] = delta
            }
            out[g] = Int32(base) + delta
        }
        advances = out
    }

    /// The normalized coordinates in 2.14, as Fontations computes them.
    static func normalized(_ coordinates: [Double], axes: [FontAxis], avar: FontTable) -> [Int32] {
        var result: [Int32] = []
        // avar version 1: per axis, a segment map of 2.14 pairs.
        var segment = avar.count >= 8 && avar.u16(0) == 1 && avar.u16(6) == axes.count ? 8 : -1
        for (i, axis) in axes.enumerated() {
            let fixed = { (v: Double) in Int64((v * 65536).rounded()) }
            let mn = fixed(axis.minimum), df = fixed(axis.defaultValue), mx = fixed(axis.maximum)
            let c = min(max(fixed(i < coordinates.count ? coordinates[i] : axis.defaultValue), mn), mx)
            var n: Int64 = c < df ? -Fixed.div(df - c, df - mn) : c > df ? Fixed.div(c - df, mx - df) : 0
            n = min(max(n, -65536), 65536)
            if segment >= 0, segment + 2 <= avar.count {
                let pairs = avar.u16(segment)
                let start = segment + 2
                segment = start + pairs * 4
                if segment <= avar.count, pairs > 0 {
                    var previous: (Int64, Int64)?
                    for p in 0..<pairs {
                        let from = Int64(avar.i16(start + p * 4)) << 2, to = Int64(avar.i16(start + p * 4 + 2)) << 2
                        if n == from { n = to; break }
                        if n < from {
                            if let (pf, pt) = previous { n = pt + Fixed.mulDiv(n - pf, to - pt, from - pf) }
                            break
                        }
                        previous = (from, to)
                    }
                } else {
                    segment = -1
                }
            }
            result.append(Int32((n + 2) >> 2))
        }
        return result
    }

    /// The (outer, inner) delta-set index of a glyph through a DeltaSetIndexMap.
    private static func mapped(_ t: FontTable, _ offset: Int, glyph: Int) -> (Int, Int) {
        guard offset + 4 <= t.count else { return (0, glyph) }
        let format = t.u8(offset), entryFormat = t.u8(offset + 1)
        let count = format == 0 ? t.u16(offset + 2) : t.u32(offset + 2)
        let data = offset + (format == 0 ? 4 : 6)
        let size = (entryFormat & 0x30) >> 4 + 1, innerBits = entryFormat & 0x0F + 1
        guard count > 0 else { return (0, glyph) }
        let i = min(glyph, count - 1)
        guard data + (i + 1) * size <= t.count else { return (0, glyph) }
        var entry = 0
        for b in 0..<size { entry = entry << 8 | t.u8(data + i * size + b) }
        return (entry >> innerBits, entry & ((1 << innerBits) - 1))
    }
}

/// An ItemVariationStore (OpenType common variation formats).
private struct ItemVariationStore {
    let table: FontTable
    let offset: Int
    let regionList: Int
    let axisCount: Int
    let regionCount: Int
    let dataOffsets: [Int]

    init?(_ t: FontTable, at offset: Int) {
        guard offset > 0, offset + 8 <= t.count, t.u16(offset) == 1 else { return nil }
        table = t
        self.offset = offset
        regionList = offset + t.u32(offset + 2)
        let dataCount = t.u16(offset + 6)
        guard regionList + 4 <= t.count, offset + 8 + dataCount * 4 <= t.count else { return nil }
        axisCount = t.u16(regionList)
        regionCount = t.u16(regionList + 2)
        guard regionList + 4 + regionCount * axisCount * 6 <= t.count else { return nil }
        dataOffsets = (0..<dataCount).map { offset + t.u32(offset + 8 + $0 * 4) }
    }

    /// The delta of one item in whole units: the sum of each region's
    /// delta times its scalar in 16.16, rounded half up.
    /// Every region's scalar at the coordinates, in 16.16.
    func scalars(coordinates: [Int32]) -> [Int64] {
        (0..<regionCount).map { scalar(region: $0, coordinates: coordinates) }
    }

    func delta(outer: Int, inner: Int, scalars: [Int64]) -> Int32 {
        guard outer < dataOffsets.count else { return 0 }
        let t = table, data = dataOffsets[outer]
        guard data + 6 <= t.count else { return 0 }
        let itemCount = t.u16(data), wordField = t.u16(data + 2), regionIndexCount = t.u16(data + 4)
        let longWords = wordField & 0x8000 != 0, wordCount = wordField & 0x7FFF
        guard inner < itemCount, wordCount <= regionIndexCount else { return 0 }
        let wordSize = longWords ? 4 : 2, smallSize = longWords ? 2 : 1
        let rowSize = wordCount * wordSize + (regionIndexCount - wordCount) * smallSize
        let rows = data + 6 + regionIndexCount * 2
        let row = rows + inner * rowSize
        guard row + rowSize <= t.count else { return 0 }
        var total: Int64 = 0
        for r in 0..<regionIndexCount {
            let value: Int64
            if r < wordCount {
                value = longWords ? Int64(Int32(bitPattern: UInt32(t.u32(row + r * 4)))) : Int64(t.i16(row + r * 2))
            } else {
                let at = row + wordCount * wordSize + (r - wordCount) * smallSize
                value = longWords ? Int64(t.i16(at)) : Int64(Int8(bitPattern: UInt8(t.u8(at))))
            }
            if value == 0 { continue }
            let region = t.u16(data + 6 + r * 2)
            guard region < regionCount else { continue }
            let scalar = scalars[region]
            if scalar != 0 { total += Fixed.mul(scalar, value << 16) }
        }
        return Int32(clamping: (total + 0x8000) >> 16)
    }

    /// A region's scalar at the coordinates, in 16.16.
    private func scalar(region: Int, coordinates: [Int32]) -> Int64 {
        var scalar: Int64 = 65536
        let t = table
        for a in 0..<axisCount {
            let at = regionList + 4 + (region * axisCount + a) * 6
            let start = Int64(t.i16(at)) << 2, peak = Int64(t.i16(at + 2)) << 2, end = Int64(t.i16(at + 4)) << 2
            let c = Int64(a < coordinates.count ? coordinates[a] : 0) << 2
            let factor: Int64
            if start > peak || peak > end || peak == 0 || (start < 0 && end > 0) { factor = 65536 }
            else if c < start || c > end { factor = 0 }
            else if c == peak { factor = 65536 }
            else if c < peak { factor = Fixed.div(c - start, peak - start) }
            else { factor = Fixed.div(end - c, end - peak) }
            if factor == 0 { return 0 }
            scalar = Fixed.mul(scalar, factor)
        }
        return scalar
    }
}

/// 16.16 fixed-point arithmetic as Fontations (and FreeType) round it.
private enum Fixed {
    static func div(_ a: Int64, _ b: Int64) -> Int64 {
        guard b != 0 else { return 0x7FFF_FFFF }
        let negative = (a < 0) != (b < 0)
        let q = ((abs(a) << 16) + (abs(b) >> 1)) / abs(b)
        return negative ? -q : q
    }

    static func mul(_ a: Int64, _ b: Int64) -> Int64 {
        let ab = a * b
        return (ab + 0x8000 - (ab < 0 ? 1 : 0)) >> 16
    }

    static func mulDiv(_ a: Int64, _ b: Int64, _ c: Int64) -> Int64 {
        guard c != 0 else { return 0x7FFF_FFFF }
        let negative = ((a < 0) != (b < 0)) != (c < 0)
        let d = (abs(a) * abs(b) + (abs(c) >> 1)) / abs(c)
        return negative ? -d : d
    }
}

/// A font table's bytes, read big-endian with bounds left to the caller.
struct FontTable {
    private let blob: Blob
    let count: Int
    private let bytes: UnsafePointer<UInt8>?

    private final class Blob {
        let pointer: OpaquePointer
        init(_ p: OpaquePointer) { pointer = p }
        deinit { hb_blob_destroy(pointer) }
    }

    init(face: OpaquePointer, tag: String) {
        let b = hb_face_reference_table(face, FontVariation.tag(tag))!
        blob = Blob(b)
        var length: UInt32 = 0
        let data = hb_blob_get_data(b, &length)
        bytes = data.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }
        count = data == nil ? 0 : Int(length)
    }

    func u8(_ o: Int) -> Int { o >= 0 && o < count ? Int(bytes![o]) : 0 }
    func u16(_ o: Int) -> Int { u8(o) << 8 | u8(o + 1) }
    func i16(_ o: Int) -> Int16 { Int16(bitPattern: UInt16(u16(o))) }
    func u32(_ o: Int) -> Int { u16(o) << 16 | u16(o + 2) }
}

extension InstanceAdvances {
    /// A HarfBuzz font over `parent` whose horizontal advances are these
    /// (font units) times `scale`; everything else is the parent's.
    func font(over parent: OpaquePointer, scale: Int32) -> OpaquePointer {
        let font = hb_font_create_sub_font(parent)!
        let table = UnsafeMutablePointer<Int32>.allocate(capacity: advances.count + 1)
        table[0] = Int32(advances.count)
        for (i, a) in advances.enumerated() { table[i + 1] = Int32(clamping: Int64(a) * Int64(scale)) }
        hb_font_set_funcs(font, Self.funcs, table, { $0?.assumingMemoryBound(to: Int32.self).deallocate() })
        return font
    }

    /// The functions: one glyph's and many glyphs' advances from the table.
    nonisolated(unsafe) private static let funcs: OpaquePointer = {
        let f = hb_font_funcs_create()!
        hb_font_funcs_set_glyph_h_advance_func(f, { _, data, glyph, _ in
            InstanceAdvances.advance(data, glyph)
        }, nil, nil)
        hb_font_funcs_set_glyph_h_advances_func(f, { _, data, count, glyphs, glyphStride, advances, advanceStride, _ in
            var g = UnsafeRawPointer(glyphs!), a = UnsafeMutableRawPointer(advances!)
            for _ in 0..<count {
                a.assumingMemoryBound(to: hb_position_t.self).pointee =
                    InstanceAdvances.advance(data, g.assumingMemoryBound(to: hb_codepoint_t.self).pointee)
                g += Int(glyphStride)
                a += Int(advanceStride)
            }
        }, nil, nil)
        hb_font_funcs_make_immutable(f)
        return f
    }()

    @inline(__always)
    private static func advance(_ data: UnsafeMutableRawPointer?, _ glyph: hb_codepoint_t) -> hb_position_t {
        let table = data!.assumingMemoryBound(to: Int32.self)
        return glyph < UInt32(table[0]) ? table[Int(glyph) + 1] : 0
    }
}
