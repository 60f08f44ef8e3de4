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
    /// Ascent and descent are each rounded to whole pixels (a line holding
    /// several fonts is as tall as the largest rounded ascent plus the largest
    /// rounded descent, which the corpus confirms). `lineSpacing` is
    /// round(ascent) + round(descent) + round(lineGap): the height of a
    /// `line-height: normal` line.
    public func rounded(atSize size: Double) -> RoundedFontMetrics {
        let a = ascent * size, d = descent * size
        let ra = a.rounded(), rd = d.rounded()
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
