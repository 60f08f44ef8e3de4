/// CSS `text-transform`: the case a run of text is shown in. Offsets in
/// every answer stay in the source text, whatever the transform makes of
/// it (ß becomes SS, ŉ becomes ʼN: each source character's glyphs answer
/// for it, and no line breaks inside them).
public enum TextTransform: String, Sendable, Hashable, CaseIterable {
    /// The text as it is.
    case none
    /// Every letter in its uppercase form, by Unicode's full case mapping
    /// for the run's language (`TextStyle.language`): Turkish and Azeri map
    /// i to İ, Greek drops accents, German ß becomes SS.
    case uppercase
    /// Every letter in its lowercase form (Turkish and Azeri map I to ı;
    /// a final Greek sigma becomes ς).
    case lowercase
    /// The first character of each word in its titlecase form (one
    /// character for one: "ﬁ" and "ß" stay), the rest as they are. As
    /// Chromium: a word is a Unicode word (UAX #29) except that a full stop
    /// ends one ("e.g." → "E.G."); an apostrophe does not ("don't" →
    /// "Don't"); the run's first word continues the previous run's when
    /// no boundary falls between them.
    case capitalize
    /// CSS `full-width`. Chromium does not implement it: the text is
    /// measured as it is, as `none`.
    case fullWidth = "full-width"
}
