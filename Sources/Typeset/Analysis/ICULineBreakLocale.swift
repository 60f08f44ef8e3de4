/// The ICU locale ID a paragraph's line breaking runs under: its language
/// and the CSS `line-break` and `word-break` values as ICU keywords
/// (`ja@lb=strict`, `@lb=normal;lw=keepall`).
///
/// Found by laying the `options-language` corpus out in Chromium 156, whose
/// bundled ICU is newer than the system's ICU 72 (corpus/options):
/// - `auto` is ICU's `lb=normal` without the language (small kana may start
///   a line; `ja`, `zh` and `ko` text breaks as text without a language);
/// - `normal`, `strict` and `loose` are ICU's keywords of the same names in
///   the paragraph's language, except that Korean takes the Japanese
///   tailoring for `normal` and `loose` (ICU 72 gives Korean none; Chromium's
///   ICU breaks it as Japanese and Chinese) and breaks as `auto` under
///   `strict`;
/// - `anywhere` breaks as `normal` and adds every grapheme boundary (see
///   `BreakOpportunities.addGraphemeBoundaries`).
enum ICULineBreakLocale {
    static func identifier(language: String?, lineBreak: ParagraphStyle.LineBreak,
                           wordBreak: ParagraphStyle.WordBreak) -> String {
        // The default, for every non-ASCII text: a literal, not built.
        if lineBreak == .auto && wordBreak == .normal { return "@lb=normal" }
        // (Built without a keyword array: small strings cost no allocation.)
        var tag = "", keywords: String
        switch lineBreak {
        case .auto:
            keywords = "lb=normal"
        case .normal, .anywhere, .loose:
            tag = sanitized(language)
            if primarySubtag(tag) == "ko" { tag = "ja" }
            keywords = lineBreak == .loose ? "lb=loose" : "lb=normal"
        case .strict:
            tag = sanitized(language)
            let korean = primarySubtag(tag) == "ko"
            if korean { tag = "" }
            keywords = korean ? "lb=normal" : "lb=strict"
        }
        switch wordBreak {
        case .keepAll: keywords += ";lw=keepall"
        case .breakAll: keywords += ";lw=breakall"
        case .normal: break
        }
        return tag + "@" + keywords
    }

    /// A BCP 47 tag as ICU takes it (`zh-Hant-TW` → `zh_Hant_TW`); empty (the
    /// root rules) for nil, empty, over-long or malformed tags.
    static func sanitized(_ language: String?) -> String {
        guard let language, !language.isEmpty, language.utf8.count <= 35,
              language.utf8.allSatisfy({ $0 == 0x2D || $0 == 0x5F || (0x30...0x39).contains($0)
                                           || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) })
        else { return "" }
        return String(language.map { $0 == "-" ? "_" : $0 })
    }

    private static func primarySubtag(_ tag: String) -> Substring {
        tag.split(separator: "_", maxSplits: 1).first.map { $0.lowercased()[...] } ?? ""
    }
}
