// Pipeline stage: Layout.
// In: a PreparedText and a width. Out: its measurement with the widths that keep its lines.

extension PreparedText {
    /// The measurement at `width` (as ``measure(width:)``) with, when
    /// `reportingSameLinesWidths`, the interval of box widths that break the
    /// text into the same lines (``TextMeasurement/sameLinesWidths``): a
    /// layout engine keeps it and answers any width inside it without
    /// measuring again. Finding the interval costs a few lines' breaking
    /// more than the measurement (each line is broken again at the widths
    /// around its bounds).
    /// - Throws: `TypesetError.invalidWidth` for a negative, NaN or infinite width.
    public func measure(width: Double?, reportingSameLinesWidths: Bool) throws -> TextMeasurement {
        var m = try measure(width: width)
        if reportingSameLinesWidths { m.sameLinesWidths = try sameLinesWidths(width: width) }
        return m
    }

    /// The box widths that break the text into the same lines as `width`
    /// px (nil: unbounded, one line per paragraph); see ``SameLinesWidths``.
    /// - Throws: `TypesetError.invalidWidth` for a negative, NaN or infinite width.
    public func sameLinesWidths(width: Double?) throws -> SameLinesWidths {
        if let width {
            guard width.isFinite, width >= 0 else { throw TypesetError.invalidWidth(width) }
        }
        return core.sameLinesWidths(width: width)
    }
}

extension TextLayout {
    /// The box widths that break the text into this layout's lines: those
    /// of ``constraintWidth`` (the width the lines were broken at; nil:
    /// unbounded), see ``SameLinesWidths``. Computed when asked.
    public var sameLinesWidths: SameLinesWidths { core.sameLinesWidths(width: constraintWidth) }
}

extension PreparedCore {
    /// ``SameLinesWidths`` of a CSS width (checked by the caller) at the text's scale.
    func sameLinesWidths(width: Double?) -> SameLinesWidths {
        let s = facts.scale
        // A justified last line (`text-align-last: justify`) is as wide as the box too.
        let followsBox = paragraph.alignment == .justify || paragraph.alignLast.resolved(paragraph.alignment) == .justify
        // A percentage `text-indent` is of the box's exact width: another
        // width may indent by another amount, however close.
        if let width, case .percent(let p) = paragraph.textIndent.length, p != 0 {
            return SameLinesWidths(min: width, max: width.nextUp, widthFollowsBox: followsBox)
        }
        let units = LineBreaker.with(self) { $0.sameLinesUnits(width: width.map { s == 1 ? $0 : $0 * s }) }
        return SameLinesWidths(units: units.lower, units.upper, scale: s, widthFollowsBox: followsBox)
    }
}
