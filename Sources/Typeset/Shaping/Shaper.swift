import CHarfBuzz
import CUnicode

/// A glyph as shaped: advance and offsets in 16.16 fixed-point pixels.
public struct ShapedGlyph: Sendable, Hashable {
    /// The glyph index in its face.
    public var glyphID: UInt32
    /// The UTF-16 offset (in the shaped text) of the cluster the glyph belongs to.
    public var cluster: Int32
    /// Horizontal advance, 1/65536 px.
    public var advance: Int32
    /// Horizontal offset from the pen position, 1/65536 px.
    public var xOffset: Int32
    /// Vertical offset from the pen position, 1/65536 px (y up).
    public var yOffset: Int32
}

/// Shapes items with HarfBuzz. One shaper belongs to one task at a time: it
/// owns a HarfBuzz buffer that is reset, not reallocated, between items.
/// Faces are shared and immutable; the buffer never is.
final class Shaper {
    private let buffer: OpaquePointer
    /// Glyphs of the last word shaped by `WordShaper`, kept between words so
    /// that shaping a word allocates no glyph array.
    var scratchGlyphs: [ShapedGlyph] = []
    /// A second reused glyph array, for `lostKern`'s piece
    /// shaped apart (`scratchGlyphs` holds the pair).
    var pieceGlyphs: [ShapedGlyph] = []
    /// When set, `shape` appends the cluster of every glyph HarfBuzz marks
    /// unsafe to break before (a kern or ligature with what precedes it: a
    /// line broken there is reshaped, as Chromium reshapes it).
    var unsafeClusters: [Int32]?
    /// What `shapeUnits` wrote last (see `ShapedUnits`), kept between pieces.
    var shapedUnits = ShapedUnits()
    /// Glyph advances as their fonts give them (see `nominalAdvance`).
    let nominalAdvances = NominalAdvances()
    nonisolated(unsafe) private static let defaultLanguage = hb_language_from_string("en", -1)

    init() {
        buffer = hb_buffer_create()
    }

    deinit { hb_buffer_destroy(buffer) }

    /// Shapes `units[start..<end]` (with the rest of `units` as context) and
    /// returns its glyphs in visual order, their advances in pixels as
    /// `runHarfBuzz` converts them.
    func shape(_ units: UnsafeBufferPointer<UInt16>, start: Int, end: Int, as run: ShapingRun,
               into glyphs: inout [ShapedGlyph]) {
        if let pieces = Self.stormPiecesInVisualOrder(units, start: start, end: end, rightToLeft: run.rightToLeft) {
            // Room for every piece's glyphs at once (about one per code
            // unit), not regrown per piece: a storm of a million marks
            // copied the glyphs so far for each of its 4,000 pieces.
            reserve(glyphs.count + (end - start), in: &glyphs)
            for piece in pieces {
                shapePiece(units, start: piece.lowerBound, end: piece.upperBound, as: run, into: &glyphs)
            }
            return
        }
        shapePiece(units, start: start, end: end, as: run, into: &glyphs)
    }

    /// Times a glyph array was regrown by ``reserve(_:in:)`` (for tests).
    private(set) var glyphArrayGrowths = 0

    /// Makes room for `count` glyphs, at least doubling the capacity when it
    /// grows (an exact reservation per piece would copy the array each time).
    private func reserve(_ count: Int, in glyphs: inout [ShapedGlyph]) {
        guard glyphs.capacity < count else { return }
        glyphs.reserveCapacity(max(count, glyphs.capacity * 2))
        glyphArrayGrowths += 1
    }

    /// Combining marks HarfBuzz shapes in one piece at most. HarfBuzz's time
    /// grows with the square of a cluster's marks (one `a` and 80,000 U+0301
    /// took 21 s), so a longer run of marks is shaped in pieces of this many,
    /// each with the rest of the text as context (no dotted circles). Marks
    /// have no advance, so widths and breaks are unchanged; only the stacking
    /// offsets of marks past the cap differ from Chromium's, which shapes the
    /// cluster whole (and takes 1.5 s for 20,000 marks).
    static let maxMarksPerPiece = 256

    /// The pieces `start..<end` is shaped in when it holds a run of more than
    /// `maxMarksPerPiece` combining marks, nil when it holds none.
    static func markStormPieces(_ units: UnsafeBufferPointer<UInt16>, start: Int, end: Int) -> [Range<Int>]? {
        var pieces: [Range<Int>] = []
        var pieceStart = start, marks = 0, i = start
        while i < end {
            var scalar = UInt32(units[i]), width = 1
            if units[i] & 0xFC00 == 0xD800, i + 1 < end, units[i + 1] & 0xFC00 == 0xDC00 {
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(units[i + 1]) - 0xDC00)
                width = 2
            }
            if let s = Unicode.Scalar(scalar), Self.isMark(s) {
                if marks == maxMarksPerPiece {
                    pieces.append(pieceStart..<i)
                    pieceStart = i
                    marks = 0
                }
                marks += 1
            } else {
                marks = 0
            }
            i += width
        }
        guard !pieces.isEmpty else { return nil }
        pieces.append(pieceStart..<end)
        return pieces
    }

    /// `markStormPieces` in visual order (an RTL run's last piece first),
    /// nil when `start..<end` is shaped whole (no storm of marks).
    static func stormPiecesInVisualOrder(_ units: UnsafeBufferPointer<UInt16>, start: Int, end: Int,
                                         rightToLeft: Bool) -> [Range<Int>]? {
        guard end - start > maxMarksPerPiece, let pieces = markStormPieces(units, start: start, end: end) else { return nil }
        return rightToLeft ? pieces.reversed() : pieces
    }

    private static func isMark(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    private func shapePiece(_ units: UnsafeBufferPointer<UInt16>, start: Int, end: Int, as run: ShapingRun,
                            into glyphs: inout [ShapedGlyph]) {
        guard let out = runHarfBuzz(units, start: start, end: end, as: run) else { return }
        let (infos, positions, count) = (out.infos, out.positions, out.count)
        reserve(glyphs.count + count, in: &glyphs)
        for k in 0..<count {
            let pos = positions[k]
            // (Most glyphs have no offset: no conversion for them, whose answer is 0 either way.)
            glyphs.append(ShapedGlyph(glyphID: infos[k].codepoint, cluster: Int32(infos[k].cluster),
                                      advance: out.advance(k),
                                      xOffset: pos.x_offset == 0 ? 0 : Self.clamp(Double(pos.x_offset) * out.offsetScale),
                                      yOffset: pos.y_offset == 0 ? 0 : Self.clamp(Double(pos.y_offset) * out.offsetScale)))
        }
        if unsafeClusters != nil && !out.bitmap {
            for k in 0..<count where infos[k].mask & Self.unsafeToBreakFlag != 0 {
                unsafeClusters!.append(Int32(infos[k].cluster))
            }
        }
    }

    /// HarfBuzz's flag for a glyph unsafe to break before, read from the
    /// glyph's mask as `hb_glyph_info_get_glyph_flags` reads it (a call per
    /// glyph otherwise).
    static let unsafeToBreakFlag = HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue

    /// What HarfBuzz returned for a piece (valid until the buffer is used
    /// again), with the factors that turn its positions into pixels.
    struct HarfBuzzOutput {
        let infos: UnsafeMutablePointer<hb_glyph_info_t>
        let positions: UnsafeMutablePointer<hb_glyph_position_t>
        let count: Int
        /// Font units to 1/65536 px for advances (see `runHarfBuzz`) and for offsets.
        let advanceScale: Double
        let offsetScale: Double
        /// Whether the face is a colour bitmap face, whose advances are its strike's.
        let bitmap: Bool
        let face: FontFace
        let size: Double

        /// Glyph `k`'s advance, 1/65536 px.
        @inline(__always)
        func advance(_ k: Int) -> Int32 {
            if bitmap, Int(infos[k].codepoint) < face.bitmapAdvances.count {
                // (A bitmap strike scales by the size in hundredths, not truncated to 26.6.)
                return Shaper.clamp(Double(face.bitmapAdvances[Int(infos[k].codepoint)]) * Shaper.fontSizeHundredths(size) * 65536)
            }
            return Shaper.clamp(Double(positions[k].x_advance) * advanceScale)
        }
    }

    /// Shapes `units[start..<end]` (the rest of `units` as context) in the
    /// shaper's buffer; nil when HarfBuzz returns nothing.
    ///
    /// Advances are converted to pixels as Chromium gets them from Skia and
    /// FreeType: each glyph's unhinted advance at `size` with FreeType's
    /// rounded scale, rounded to 1/65536 px. Colour bitmap faces use the
    /// bitmap strike's advance.
    func runHarfBuzz(_ units: UnsafeBufferPointer<UInt16>, start: Int, end: Int, as run: ShapingRun) -> HarfBuzzOutput? {
        let face = run.face
        // An `@font-face` rule's size-adjust sets the face at a multiple of
        // the size, multiplied in float32 as Chromium does (17 px at 90% is
        // 15.299999 px, so set at 15.29 px: 204.328125 px where 15.3 px
        // would give 204.546875).
        let size = face.sizeAdjust == 1 ? run.size : Double(Float(run.size) * Float(face.sizeAdjust))
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf16(buffer, units.baseAddress, Int32(units.count), UInt32(start), Int32(end - start))
        hb_buffer_set_direction(buffer, run.rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_from_iso15924_tag(tsu_script_tag(run.script)))
        // Only the language system the tag selects in this face reaches
        // HarfBuzz (see ShapingLanguage): HarfBuzz keeps every language for good.
        hb_buffer_set_language(buffer, run.language.map { ShapingLanguage.language(for: $0, face: face) } ?? Self.defaultLanguage)
        // Character-level clusters, as Chromium shapes: a conjunct's half form
        // and the consonant after it are separate clusters.
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
        run.features.withUnsafeBufferPointer { f in
            hb_shape(face.hbFont, buffer, f.baseAddress, UInt32(f.count))
        }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return nil }
        // The size the font is set at: Chromium's, in whole 1/64 px (see `fontSize26Dot6`).
        let size26Dot6 = Self.fontSize26Dot6(size)
        let setSize = size26Dot6 / 64
        // (A variable instance's HarfBuzz font counts `unitScale` units per
        // font unit: its varied advances keep their fractions.)
        let scale = setSize * 65536 / Double(face.unitsPerEm) / face.unitScale
        // Chromium's advances come from FreeType (through Skia): design units
        // times FreeType's 16.16 scale for the 26.6 size, rounded to a whole
        // 16.16 value, so they are not exact: Noto Sans CJK's 1000-unit
        // ideograph is 15.000105 px at 15 px (eight of them report 120.015625
        // px) and 16.99996 px at 17 px.
        let advanceScale = (size26Dot6 * 65536 / Double(face.unitsPerEm)).rounded() / 64 / face.unitScale
        return HarfBuzzOutput(infos: infos, positions: positions, count: Int(count), advanceScale: advanceScale,
                              offsetScale: scale, bitmap: face.isColorBitmap, face: face, size: size)
    }

    /// The size Chromium sets a font at for a CSS font size, in 26.6 units
    /// (1/64 px): the size in whole hundredths of a pixel (its font cache
    /// keys sizes so, in float32), then truncated to 1/64 px for FreeType.
    /// Sizes in quarter pixels are kept (13, 22.5, 15 × 2, 15 × 3); others
    /// lose up to 1/32 px: 13 × 2.625 = 34.125 px is set at 34.109375 px,
    /// 13.1 px at 13.09375 (measured in Chromium 156 at 1x and at 2.625x).
    static func fontSize26Dot6(_ size: Double) -> Double {
        guard size < 1e6 else { return (size * 64).rounded(.down) }
        return Double((Float(fontSizeHundredths(size)) * 64).rounded(.down))
    }

    /// A CSS font size in whole hundredths of a pixel, as Chromium's font
    /// cache keys it (float32): 34.125 px is 34.12.
    static func fontSizeHundredths(_ size: Double) -> Double {
        guard size < 1e6 else { return size }
        return Double((Float(size) * 100).rounded(.down) / 100)
    }

    @inline(__always)
    static func clamp(_ v: Double) -> Int32 {
        // NaN (a size near Double.greatestFiniteMagnitude times a zero advance) is 0, never a trap.
        guard !v.isNaN else { return 0 }
        if v >= Double(Int32.max) { return Int32.max }
        if v <= Double(Int32.min) { return Int32.min }
        // Rounded half away from zero (as `rounded()`, without its call to
        // libm's round, three per glyph): the truncation is exact here.
        let t = Int64(v), f = v - Double(t)
        if f >= 0.5 { return Int32(clamping: t + 1) }
        if f <= -0.5 { return Int32(clamping: t - 1) }
        return Int32(t)
    }

    /// HarfBuzz features for a style: its own, plus common ligatures and
    /// contextual alternates off when letter spacing is set, as Chromium
    /// does (Inter's "->" arrow, a `calt` ligature, is set as two glyphs).
    static func features(for style: TextStyle) -> [hb_feature_t] {
        var out: [hb_feature_t] = []
        if style.letterSpacing != 0 {
            for tag in ["liga", "clig", "calt"] { out.append(feature(tag, 0)) }
        }
        for f in style.features { out.append(feature(f.tag, f.value)) }
        return out
    }

    private static func feature(_ tag: String, _ value: UInt32) -> hb_feature_t {
        let bytes = Array(tag.utf8.prefix(4)) + Array(repeating: UInt8(0x20), count: max(0, 4 - tag.utf8.count))
        let t = bytes.reduce(UInt32(0)) { ($0 << 8) | UInt32($1) }
        return hb_feature_t(tag: t, value: value, start: 0, end: UInt32.max)
    }
}
