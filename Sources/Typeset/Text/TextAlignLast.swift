extension ParagraphStyle {
    /// CSS `text-align-last`: how the paragraph's last line and every line
    /// that ends at a forced break are aligned.
    public enum AlignLast: String, Sendable, Hashable, CaseIterable {
        /// As `alignment`, except that a justified paragraph's last lines are
        /// at the start.
        case auto
        case start, end, left, right, center
        /// Stretched to the box as justified lines are (spaces, and between
        /// CJK characters); a line with nothing to stretch (one word) stays
        /// at the start.
        case justify

        /// The alignment of last lines under `alignment`.
        func resolved(_ alignment: Alignment) -> Alignment {
            switch self {
            case .auto: return alignment == .justify ? .start : alignment
            case .start: return .start
            case .end: return .end
            case .left: return .left
            case .right: return .right
            case .center: return .center
            case .justify: return .justify
            }
        }
    }
}
