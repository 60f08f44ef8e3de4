import CHarfBuzz

/// A HarfBuzz font limited to a `unicode-range`: a sub-font whose character
/// map answers only for the range's characters (glyphs, advances, kerning
/// and variations are its parent's).
///
/// Chromium's HarfBuzz fonts check a face's `unicode-range` in the same
/// place, so HarfBuzz's normalization never composes into a character the
/// range leaves out: "c" + U+0301 stays two characters in a Cabin face whose
/// range has U+0301 but not "ć" (476.703125 px at 100 px for "być zawsze",
/// where the composed "ć" kerns to 477.703125).
enum UnicodeRangeFont {
    /// The range a limited font answers for (kept alive by the font).
    private final class Range {
        let set: UnicodeRangeSet
        init(_ set: UnicodeRangeSet) { self.set = set }
    }

    /// The functions of every limited font: the character map only.
    nonisolated(unsafe) private static let funcs: OpaquePointer = {
        let funcs = hb_font_funcs_create()!
        hb_font_funcs_set_nominal_glyph_func(funcs, { font, data, unicode, glyph, _ in
            guard let data, let font,
                  Unmanaged<Range>.fromOpaque(data).takeUnretainedValue().set.contains(unicode) else { return 0 }
            return hb_font_get_nominal_glyph(hb_font_get_parent(font), unicode, glyph)
        }, nil, nil)
        hb_font_funcs_make_immutable(funcs)
        return funcs
    }()

    /// A font over `parent` that maps only the characters of `range`; takes
    /// over the caller's reference to `parent` (the new font keeps its own).
    static func limiting(_ parent: OpaquePointer, to range: UnicodeRangeSet) -> OpaquePointer {
        let limited = hb_font_create_sub_font(parent)!
        hb_font_destroy(parent)
        let data = Unmanaged.passRetained(Range(range)).toOpaque()
        hb_font_set_funcs(limited, funcs, data, { Unmanaged<Range>.fromOpaque($0!).release() })
        return limited
    }
}
