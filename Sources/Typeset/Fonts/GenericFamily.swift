import CHarfBuzz

/// The kind of font a CSS generic family (`serif`, `monospace`, `cursive`…)
/// names. A generic family takes only a font of its kind: `monospace`
/// answered with a proportional font would measure a code block wrong
/// without saying so.
enum GenericFamilyKind: String, CustomStringConvertible {
    case serif, sansSerif = "sans-serif", monospace, cursive, fantasy, emoji, math

    var description: String { rawValue }

    /// The CSS generic family names and the kind each names, with what
    /// Fontconfig is asked for it.
    static let byName: [String: (kind: GenericFamilyKind, fontconfig: [String])] = [
        "serif": (.serif, ["serif"]), "ui-serif": (.serif, ["serif"]),
        "sans-serif": (.sansSerif, ["sans-serif"]), "ui-sans-serif": (.sansSerif, ["sans-serif"]),
        "ui-rounded": (.sansSerif, ["sans-serif"]), "system-ui": (.sansSerif, ["system-ui", "sans-serif"]),
        "monospace": (.monospace, ["monospace"]), "ui-monospace": (.monospace, ["monospace"]),
        "cursive": (.cursive, ["cursive"]), "fantasy": (.fantasy, ["fantasy"]),
        "emoji": (.emoji, ["emoji"]), "math": (.math, ["math"]),
    ]
}

extension FontCollection {
    /// The kind a CSS generic family name (any case) names, nil for any other name.
    static func genericKind(of family: String) -> GenericFamilyKind? {
        GenericFamilyKind.byName[family.lowercased()]?.kind
    }
}

extension FontFace {
    /// Whether the face is of a generic family's kind, by what the font says
    /// of itself:
    /// - `monospace`: fixed pitch (`post.isFixedPitch`, or the OS/2 PANOSE
    ///   proportion "monospaced"), not colour;
    /// - `emoji`: colour glyphs (CBDT, sbix, COLR or SVG);
    /// - `math`: a MATH table;
    /// - `cursive` and `fantasy`: PANOSE family "Latin hand written" and
    ///   "Latin decorative";
    /// - `serif`: PANOSE "Latin text" with a serif style (cove to triangle),
    ///   or, without PANOSE, "Serif" in the family name but not "Sans";
    /// - `sans-serif`: any other text face (PANOSE "Latin text" without a
    ///   serif style, or no PANOSE and no "Serif" in its name) that is not a
    ///   colour, fixed-pitch, hand-written or decorative face.
    func isOfKind(_ kind: GenericFamilyKind) -> Bool {
        let panose = panoseBytes()
        let family = panose.map { Int($0[0]) } ?? 0
        let serifStyle = panose.map { Int($0[1]) } ?? 0
        let fixedPitch = isFixedPitch || (family == 2 && panose.map { $0[3] == 9 } == true)
        let colour = isColorBitmap || hasTable("COLR") || hasTable("SVG ")
        let name = familyName.lowercased()
        let serifByName = name.contains("serif") && !name.contains("sans")
        switch kind {
        case .monospace: return fixedPitch && !colour  // (Noto Color Emoji says it is fixed pitch)
        case .emoji: return colour
        case .math: return hasTable("MATH")
        case .cursive: return family == 3
        case .fantasy: return family == 4
        case .serif:
            if family == 2 { return (2...10).contains(serifStyle) || (serifStyle <= 1 && serifByName) }
            return family == 0 && serifByName
        case .sansSerif:
            guard !colour, !fixedPitch else { return false }
            if family == 2 { return !(2...10).contains(serifStyle) && !(serifStyle <= 1 && serifByName) }
            return family == 0 && !serifByName
        }
    }

    /// The 10 PANOSE bytes of the OS/2 table (offset 32), nil without one.
    private func panoseBytes() -> [UInt8]? {
        tableBytes("OS/2", range: 32..<42)
    }

    /// `post.isFixedPitch` (a 32-bit field at offset 12), false without a `post` table.
    private var isFixedPitch: Bool {
        tableBytes("post", range: 12..<16).map { $0.contains { $0 != 0 } } ?? false
    }

    private func hasTable(_ tag: String) -> Bool {
        let blob = hb_face_reference_table(hbFace, Self.tag(tag))
        defer { hb_blob_destroy(blob) }
        return hb_blob_get_length(blob) > 0
    }

    /// Bytes of a table, nil when the table is missing or shorter.
    private func tableBytes(_ tag: String, range: Range<Int>) -> [UInt8]? {
        let blob = hb_face_reference_table(hbFace, Self.tag(tag))
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), Int(length) >= range.upperBound else { return nil }
        let bytes = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self)
        return range.map { bytes[$0] }
    }

    private static func tag(_ s: String) -> UInt32 {
        s.utf8.reduce(UInt32(0)) { ($0 << 8) | UInt32($1) }
    }
}
