// Pipeline stage: Layout. How a layout engine constrains a text's width.

/// A width constraint as layout engines (Yoga, Flexbox) express it.
public enum WidthConstraint: Sendable, Hashable {
    /// The box is exactly this wide.
    case exactly(Double)
    /// The box may be at most this wide; it shrinks to its widest line (a
    /// measure function's answer). Lines are placed as in a box of this
    /// width: right-to-left, right-aligned and centred lines stay against
    /// it, not the narrower box reported; `.longestLine` places them in
    /// that box.
    case atMost(Double)
    /// Lines broken at this width, in a box as wide as the longest of them,
    /// where they are aligned (a chat bubble hugging its widest line, not the
    /// width it wrapped in; Flutter's `TextWidthBasis.longestLine`). With
    /// `text-align: start` in a left-to-right text the lines are those of
    /// `.atMost`; centred, right-aligned or right-to-left lines move into
    /// the narrower box.
    case longestLine(Double)
    /// No limit: one line per paragraph (CSS max-content).
    case unconstrained
    /// As narrow as the text allows: its widest unbreakable piece (CSS
    /// min-content, a flex item's automatic minimum width).
    case minContent
}
