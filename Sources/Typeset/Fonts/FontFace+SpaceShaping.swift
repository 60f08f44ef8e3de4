// Pipeline stage: Fonts. Whether a face's space glyph takes part in shaping,
// which decides whether its text may be shaped word by word.

import CHarfBuzz

extension FontFace {
    /// Whether the space glyph takes part in a GSUB or GPOS lookup that
    /// `features` (a style's HarfBuzz features, on top of those HarfBuzz
    /// turns on by default) apply, or in a pair of the legacy `kern` table
    /// HarfBuzz applies: then a word's shape depends on the words beside it
    /// (Roboto, Lato and Liberation kern the space with a following "T",
    /// "A" or "Y"; Lato and Inter have contextual alternates that look at
    /// it), and its text is shaped whole, as Chromium shapes an item.
    /// Decided once per face (the lookups' glyphs read on the first call),
    /// as Firefox decides whether its word cache may split at spaces.
    func spaceTakesPart(in features: [hb_feature_t]) -> Bool {
        let found = spaceParticipation
        if found.byDefault { return true }
        if found.features.isEmpty || features.isEmpty { return false }
        return features.contains { $0.value != 0 && found.features.contains($0.tag) }
    }

    /// The features whose lookups involve the space glyph, read on first use.
    private var spaceParticipation: SpaceParticipation {
        if let read = storedSpaceParticipation.value { return read }
        return storedSpaceParticipation.storeIfAbsent(SpaceParticipation(face: hbFace, font: hbFont))
    }
}

/// The features of a face whose lookups involve the space glyph (its
/// coverage, backtrack, input, lookahead or output), and whether any is one
/// HarfBuzz applies by default.
final class SpaceParticipation: Sendable {
    /// A default feature's lookup (or a legacy `kern` pair HarfBuzz applies) involves the space.
    let byDefault: Bool
    /// Every feature tag whose lookups involve the space.
    let features: Set<UInt32>

    /// Features HarfBuzz turns on without being asked, in any of its
    /// shapers (the common and horizontal ones, and the joining, Indic,
    /// Khmer, Myanmar, Hangul and Universal shapers' own); `frac` and its
    /// kin, applied only around a fraction slash, are left out.
    static let defaultFeatures: Set<UInt32> = Set([
        "abvm", "blwm", "ccmp", "locl", "mark", "mkmk", "rlig", "calt", "clig", "curs", "dist", "kern", "liga",
        "rclt", "rvrn", "ltra", "ltrm", "rtla", "rtlm", "isol", "fina", "fin2", "fin3", "medi", "med2", "init",
        "mset", "stch", "nukt", "akhn", "rphf", "rkrf", "pref", "blwf", "abvf", "half", "pstf", "vatu", "cjct",
        "pres", "abvs", "blws", "psts", "haln", "ljmo", "vjmo", "tjmo", "cfar",
    ].map(SpaceParticipation.tag))

    init(face: OpaquePointer, font: OpaquePointer) {
        var space: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font, 0x20, &space) != 0 else {
            byDefault = false
            features = []
            return
        }
        var tags = Set<UInt32>()
        let sets = (0..<5).map { _ in hb_set_create()! }
        defer { sets.forEach { hb_set_destroy($0) } }
        let (before, input, after, output, lookups) = (sets[0], sets[1], sets[2], sets[3], sets[4])
        for table in [Self.tag("GSUB"), Self.tag("GPOS")] {
            let featureTags = Self.featureTags(face, table)
            let lookupCount = hb_ot_layout_table_get_lookup_count(face, table)
            guard lookupCount > 0 else { continue }
            // The lookups that involve the space.
            var involved = Set<UInt32>()
            for i in 0..<lookupCount {
                for s in [before, input, after, output] { hb_set_clear(s) }
                hb_ot_layout_lookup_collect_glyphs(face, table, i, before, input, after, output)
                if [before, input, after, output].contains(where: { hb_set_has($0, space) != 0 }) { involved.insert(i) }
            }
            guard !involved.isEmpty else { continue }
            // The features that reach them (nested lookups included).
            for feature in featureTags where !tags.contains(feature) {
                hb_set_clear(lookups)
                let list: [hb_tag_t] = [feature, 0]
                hb_ot_layout_collect_lookups(face, table, nil, nil, list, lookups)
                var index: hb_codepoint_t = UInt32.max  // HB_SET_VALUE_INVALID: from the start
                while hb_set_next(lookups, &index) != 0 {
                    if involved.contains(index) {
                        tags.insert(feature)
                        break
                    }
                }
            }
        }
        // The legacy `kern` table, which HarfBuzz applies only to a face whose GPOS has no `kern` feature.
        let kern = Self.tag("kern")
        if !Self.featureTags(face, Self.tag("GPOS")).contains(kern) {
            let blob = hb_face_reference_table(face, kern)
            defer { hb_blob_destroy(blob) }
            var length: UInt32 = 0
            if let data = hb_blob_get_data(blob, &length), length > 0,
               KernTableSanitizer.hasPair(with: space, in: UnsafeRawBufferPointer(start: data, count: Int(length))) {
                tags.insert(kern)
            }
        }
        features = tags
        byDefault = !tags.isDisjoint(with: Self.defaultFeatures)
    }

    /// The feature tags of a face's GSUB or GPOS table.
    private static func featureTags(_ face: OpaquePointer, _ table: hb_tag_t) -> Set<hb_tag_t> {
        var count = hb_ot_layout_table_get_feature_tags(face, table, 0, nil, nil)
        var tags = [hb_tag_t](repeating: 0, count: Int(count))
        hb_ot_layout_table_get_feature_tags(face, table, 0, &count, &tags)
        return Set(tags.prefix(Int(count)))
    }

    static func tag(_ s: String) -> UInt32 {
        s.utf8.reduce(UInt32(0)) { ($0 << 8) | UInt32($1) }
    }
}
