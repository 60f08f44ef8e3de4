/// A face's vertical metrics in em units (multiply by the font size for pixels).
public struct FontMetrics: Sendable, Hashable {
    /// Distance from the baseline up to the ascender line, in em.
    public var ascent: Double
    /// Distance from the baseline down to the descender line, in em (positive).
    public var descent: Double
    /// Extra line gap, in em.
    public var lineGap: Double

    /// The metrics at a font size as Chromium rounds them on Linux.
    ///
    /// Ascent and descent are each rounded to whole pixels; with subpixel
    /// positioning, a descent that was rounded down borrows a pixel from the
    /// ascent (so glyph bottoms are not clipped). `lineSpacing` is
    /// round(ascent) + round(descent) + round(lineGap): the height of a
    /// `line-height: normal` line.
    public func rounded(atSize size: Double) -> RoundedFontMetrics {
        let a = ascent * size, d = descent * size
        var ra = a.rounded(), rd = d.rounded()
        if rd < d && ra >= 1 { rd += 1; ra -= 1 }
        let gap = (lineGap * size).rounded()
        return RoundedFontMetrics(ascent: ra, descent: rd, lineGap: gap)
    }
}

/// Pixel metrics of a face at one size, rounded as a browser does.
public struct RoundedFontMetrics: Sendable, Hashable {
    /// Whole-pixel ascent.
    public var ascent: Double
    /// Whole-pixel descent.
    public var descent: Double
    /// Whole-pixel line gap.
    public var lineGap: Double
    /// The `line-height: normal` height: ascent + descent + line gap.
    public var lineSpacing: Double { ascent + descent + lineGap }
}
