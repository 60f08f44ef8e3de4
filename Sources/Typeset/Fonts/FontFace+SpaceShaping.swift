// Pipeline stage: Fonts. Whether a face's space glyph takes part in shaping,
// which decides whether its text may be shaped word by word.

import CHarfBuzz
import Foundation

extension FontFace {
    /// Whether the space glyph takes part in a GSUB or GPOS lookup that
    /// `features` (a style's HarfBuzz features, on top of those HarfBuzz
    /// turns on by default) apply, or in a pair of the legacy `kern` table
    /// HarfBuzz applies: then a word's shape depends on the words beside it
    /// (Roboto, Lato and Liberation kern the space with a following "T",
    /// "A" or "Y"; Lato and Inter have contextual alternates that look at
    /// it), and its text is shaped whole, as Chromium shapes an item.
    /// Decided once per face (the lookups' glyphs read on the first call;
    /// a feature the style turns on, on the first text that has it), as
    /// Firefox decides whether its word cache may split at spaces.
    func spaceTakesPart(in features: [hb_feature_t]) -> Bool {
        let found = spaceParticipation
        if found.byDefault { return true }
        if !found.anyLookup || features.isEmpty { return false }
        return features.contains { $0.value != 0 && found.feature($0.tag, hbFace) }
    }

    /// `spaceTakesPart(in:)` once some text has asked it, nil before (one
    /// atomic load for most faces: the word shaper's per-item question).
    @inline(__always)
    func knownSpaceTakesPart(in features: [hb_feature_t]) -> Bool? {
        switch spaceShapingState.load(ordering: .relaxed) {
        case Self.spaceNever: return false
        case Self.spaceAlways: return true
        case Self.spaceByFeature: return spaceTakesPart(in: features)
        default: return nil
        }
    }

    /// `spaceShapingState`'s values once known: the space takes part in no
    /// lookup; in one a default feature reaches; only in other features'.
    static let spaceNever: UInt8 = 1, spaceAlways: UInt8 = 2, spaceByFeature: UInt8 = 3

    /// The lookups that involve the space, read on first use.
    private var spaceParticipation: SpaceParticipation {
        if let read = storedSpaceParticipation.value { return read }
        let found = storedSpaceParticipation.storeIfAbsent(SpaceParticipation(face: hbFace, font: hbFont))
        spaceShapingState.store(found.byDefault ? Self.spaceAlways : found.anyLookup ? Self.spaceByFeature : Self.spaceNever,
                                ordering: .relaxed)
        return found
    }
}

/// The GSUB and GPOS lookups of a face that involve the space glyph (in
/// their coverage, backtrack, input, lookahead or output), and whether one
/// of them is reached by a feature HarfBuzz applies by default (or the
/// legacy `kern` table has a pair with the space and is applied).
final class SpaceParticipation: @unchecked Sendable {
    /// A default feature's lookup (or a legacy `kern` pair HarfBuzz applies) involves the space.
    let byDefault: Bool
    /// Some lookup involves the space.
    let anyLookup: Bool
    /// The lookups that involve the space, in GSUB (0) and GPOS (1).
    private let involved: [Set<UInt32>]
    /// Other features' answers, found as styles ask (under `lock`).
    private var answers: [UInt32: Bool] = [:]
    private let lock = NSLock()

    /// Features HarfBuzz turns on without being asked, in any of its
    /// shapers (the common and horizontal ones, and the joining, Indic,
    /// Khmer, Myanmar, Hangul and Universal shapers' own); `frac` and its
    /// kin, applied only around a fraction slash, are left out.
    static let defaultFeatures: [UInt32] = [
        "abvm", "blwm", "ccmp", "locl", "mark", "mkmk", "rlig", "calt", "clig", "curs", "dist", "kern", "liga",
        "rclt", "rvrn", "ltra", "ltrm", "rtla", "rtlm", "isol", "fina", "fin2", "fin3", "medi", "med2", "init",
        "mset", "stch", "nukt", "akhn", "rphf", "rkrf", "pref", "blwf", "abvf", "half", "pstf", "vatu", "cjct",
        "pres", "abvs", "blws", "psts", "haln", "ljmo", "vjmo", "tjmo", "cfar",
    ].map(SpaceParticipation.tag)

    private static let tables = [tag("GSUB"), tag("GPOS")]

    init(face: OpaquePointer, font: OpaquePointer) {
        var space: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font, 0x20, &space) != 0 else {
            (byDefault, anyLookup, involved) = (false, false, [[], []])
            return
        }
        let sets = (0..<4).map { _ in hb_set_create()! }
        defer { sets.forEach { hb_set_destroy($0) } }
        var involved: [Set<UInt32>] = [[], []]
        for (t, table) in Self.tables.enumerated() {
            for i in 0..<hb_ot_layout_table_get_lookup_count(face, table) {
                sets.forEach { hb_set_clear($0) }
                hb_ot_layout_lookup_collect_glyphs(face, table, i, sets[0], sets[1], sets[2], sets[3])
                if sets.contains(where: { hb_set_has($0, space) != 0 }) { involved[t].insert(i) }
            }
        }
        self.involved = involved
        anyLookup = !involved.allSatisfy(\.isEmpty)
        var byDefault = anyLookup && Self.reaches(Self.defaultFeatures, involved, face)
        // The legacy `kern` table, which HarfBuzz applies only to a face whose GPOS has no `kern` feature.
        let kern = Self.tag("kern")
        if !byDefault && !Self.hasFeature(kern, table: Self.tables[1], face) {
            let blob = hb_face_reference_table(face, kern)
            defer { hb_blob_destroy(blob) }
            var length: UInt32 = 0
            if let data = hb_blob_get_data(blob, &length), length > 0 {
                byDefault = KernTableSanitizer.hasPair(with: space, in: UnsafeRawBufferPointer(start: data, count: Int(length)))
            }
        }
        self.byDefault = byDefault
    }

    /// Whether feature `tag` reaches a lookup that involves the space
    /// (found once per feature, the first time a style turns it on).
    func feature(_ tag: UInt32, _ face: OpaquePointer) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if let known = answers[tag] { return known }
        let found = Self.reaches([tag], involved, face)
        answers[tag] = found
        return found
    }

    /// Whether the lookups `features` reach (nested lookups included) hold one of `involved`.
    private static func reaches(_ features: [UInt32], _ involved: [Set<UInt32>], _ face: OpaquePointer) -> Bool {
        let lookups = hb_set_create()!
        defer { hb_set_destroy(lookups) }
        let list = features + [0]
        for (t, table) in tables.enumerated() where !involved[t].isEmpty {
            hb_set_clear(lookups)
            hb_ot_layout_collect_lookups(face, table, nil, nil, list, lookups)
            var index: hb_codepoint_t = UInt32.max  // HB_SET_VALUE_INVALID: from the start
            while hb_set_next(lookups, &index) != 0 {
                if involved[t].contains(index) { return true }
            }
        }
        return false
    }

    /// Whether a face's GSUB or GPOS table has feature `tag`.
    private static func hasFeature(_ tag: hb_tag_t, table: hb_tag_t, _ face: OpaquePointer) -> Bool {
        var count = hb_ot_layout_table_get_feature_tags(face, table, 0, nil, nil)
        var tags = [hb_tag_t](repeating: 0, count: Int(count))
        hb_ot_layout_table_get_feature_tags(face, table, 0, &count, &tags)
        return tags.prefix(Int(count)).contains(tag)
    }

    static func tag(_ s: String) -> UInt32 {
        s.utf8.reduce(UInt32(0)) { ($0 << 8) | UInt32($1) }
    }
}
