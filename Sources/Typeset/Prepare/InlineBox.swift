// Pipeline stage: Prepare.
// In: a style, its primary face and a face its text uses.
// Out: how far that text's inline box reaches above and below the baseline (CSS 2.1 §10.8).

/// The vertical extent of an inline box about the shared baseline, in px: the
/// CSS inline box model as Chromium applies it.
///
/// Every line has the block's *strut* (an empty box in the block's style);
/// every run of text is a box in its own style. A line box runs from the
/// highest box top to the lowest box bottom, so its height is the largest
/// `ascent` plus the largest `descent` among the boxes on it.
///
/// - `line-height: normal`: a box reaches its fonts' rounded ascent and
///   descent (line gap split above and below): the style's primary font (the
///   first family's face, counted even where no glyph uses it) and the
///   fallback face its text uses.
/// - A fixed line height `L`: the box is exactly `L` tall about the primary
///   font's rounded ascent `A` and descent `D`: the half-leading
///   `(L − (A + D)) / 2` is floored to a whole pixel above the text, the rest
///   goes below (it can be negative). Fallback faces do not count.
struct InlineBox: Sendable, Hashable {
    /// Distance above the baseline, px.
    var ascent: Double
    /// Distance below the baseline, px.
    var descent: Double

    /// The box of text in `style` drawn with `used` (nil: no text, the strut),
    /// whose style's primary face is `primary`.
    /// (The style is borrowed, not copied per box.)
    init(style: borrowing TextStyle, primary: FontFace, used: FontFace?) {
        // The line height in layout units, as Chromium rounds it per line box.
        guard let lineHeight = style.lineHeight.lineBoxHeight(fontSize: style.size) else {
            var box = Self.normal(primary, size: style.size)
            if let used, used !== primary {
                let other = Self.normal(used, size: style.size)
                box = InlineBox(ascent: max(box.ascent, other.ascent), descent: max(box.descent, other.descent))
            }
            self = box
            return
        }
        let m = primary.metrics.rounded(atSize: style.size)
        let leading = lineHeight - (m.ascent + m.descent)
        // Chromium halves the leading in layout units (1/64 px, toward zero),
        // then floors the part above the text to a whole pixel.
        let half = (leading * 32).rounded(.towardZero) / 64
        let above = half.rounded(.down)
        self.init(ascent: m.ascent + above, descent: m.descent + (leading - above))
    }

    init(ascent: Double, descent: Double) {
        self.ascent = ascent
        self.descent = descent
    }

    /// A font's `line-height: normal` box: rounded ascent and descent, its
    /// line gap split above and below.
    static func normal(_ face: FontFace, size: Double) -> InlineBox {
        let m = face.metrics.rounded(atSize: size)
        let halfGap = (m.lineGap / 2).rounded(.down)
        return InlineBox(ascent: m.ascent + halfGap, descent: m.descent + (m.lineGap - halfGap))
    }
}
