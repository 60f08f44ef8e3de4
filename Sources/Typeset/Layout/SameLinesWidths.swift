// Pipeline stage: Layout. The box widths a measurement holds for.

/// The box widths that break a text into the same lines as the width it was
/// measured at: every width `w` with `min <= w < max` (any `w >= min` when
/// `max` is nil).
///
/// "The same lines": the same line starts and ends, the same line widths and
/// heights (so the same ``TextMeasurement/height``, ``TextMeasurement/lineCount``
/// and widest line), the same hyphens shown and, for a cut text, the same
/// truncation (visible text, ellipsis, drawn width). What follows the box
/// and not the lines still changes inside the interval: each line's x (an
/// aligned or right-to-left line stands against the box) and a justified
/// line's stretch (its width is the box's; a justified text's measured width
/// is then the box's width: ``widthFollowsBox``).
///
/// A layout engine that asks a text's size at many widths (every resize,
/// several times per pass) keeps the last answer with its interval and
/// answers any width inside it without measuring again.
///
/// Exact (the nearest widths outside the interval break differently) for
/// every option but these, where it is conservative (only widths known to
/// give the same lines, at least the measured width's own layout unit):
/// `text-wrap: balance` and `pretty` paragraphs that wrap or are cut (the
/// style's choice of breaks is scored at the box's width), a cut justified
/// paragraph (its cut line is cut with its spaces stretched to the box), a
/// cut indented paragraph, and a `break-spaces` line whose trailing spaces
/// lie inside it and do not all fit the box (it is as wide as the box
/// lets them be). A percentage `text-indent` is of the box's exact width:
/// the interval holds that width alone.
public struct SameLinesWidths: Sendable, Hashable {
    /// The narrowest box width with the same lines, CSS px (0 or more).
    public let min: Double
    /// The first wider box width whose lines differ, CSS px; nil when none does.
    public let max: Double?
    /// The text is justified (or its last lines are, `text-align-last:
    /// justify`): a line it stretches is as wide as the box, so
    /// the measured width (``TextMeasurement/width``) follows the box inside
    /// the interval; the height and line count do not.
    public let widthFollowsBox: Bool

    /// Whether a box `width` px wide breaks into the same lines.
    public func contains(_ width: Double) -> Bool {
        width >= min && (max.map { width < $0 } ?? true)
    }

    init(min: Double, max: Double?, widthFollowsBox: Bool = false) {
        self.min = min
        self.max = max
        self.widthFollowsBox = widthFollowsBox
    }

    /// The CSS px interval of the layout-unit interval `[lower, upper)` of a
    /// text laid out at `scale`: the least CSS width whose device width's
    /// layout units reach each bound, found with the breaker's own rounding.
    init(units lower: Int64, _ upper: Int64?, scale: Double, widthFollowsBox: Bool) {
        min = lower == 0 ? 0 : Self.leastWidth(reaching: lower, scale: scale)
        max = upper.map { Self.leastWidth(reaching: $0, scale: scale) }
        self.widthFollowsBox = widthFollowsBox
    }

    /// The least width `w` (CSS px) with `boxUnits(w × scale) >= units`.
    static func leastWidth(reaching units: Int64, scale: Double) -> Double {
        func reaches(_ w: Double) -> Bool { LineBreaker.boxUnits(scale == 1 ? w : w * scale) >= units }
        var w = Double(units) / 64 / scale
        while !reaches(w) { w = w.nextUp }
        while w > 0 && reaches(w.nextDown) { w = w.nextDown }
        return w
    }
}
