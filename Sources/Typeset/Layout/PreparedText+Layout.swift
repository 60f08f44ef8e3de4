// Pipeline stage: Layout.
// In: a PreparedText and a width (or a layout engine's constraint).
// Out: TextLayout, TextMeasurement and the text's intrinsic widths: arithmetic over its segments.

extension PreparedText {
    /// CSS min-content: the widest piece the text cannot be broken inside at
    /// its own break opportunities (a word, with what the style adds to it;
    /// `overflow-wrap: break-word` does not count, `overflow-wrap: anywhere`,
    /// `line-break: anywhere` and `word-break: break-all` do; a `break-spaces`
    /// word with the space after it; a whole line for `nowrap` and `pre`), in px. A flexbox item's automatic minimum
    /// width. Arithmetic on the prepared text, like a layout.
    public var minContentWidth: Double {
        core.minContentWidth / scale
    }

    /// CSS max-content: the same as ``naturalWidth``.
    public var maxContentWidth: Double { naturalWidth }

    /// The width of the text on unbounded lines (CSS max-content), in px:
    /// one number per text, which every layout reports as its
    /// ``TextLayout/naturalWidth`` whatever its width, line limit or
    /// alignment. With style or direction runs or attachments each piece of
    /// a line is rounded up to 1/64 px, as Chromium sums them, and `pre-wrap`
    /// counts the spaces and tabs before each line's end: those take an
    /// unbounded layout the first time (arithmetic on the prepared text, a
    /// fraction of a microsecond a line), kept with the text.
    public var naturalWidth: Double { core.maxContentWidth.pixels / scale }

    /// Breaks the text into lines no wider than `width` px (nil: unbounded).
    /// - Throws: `TypesetError.invalidWidth` for a negative, NaN or infinite width.
    public func layout(width: Double?) throws -> TextLayout {
        if let width {
            guard width.isFinite, width >= 0 else { throw TypesetError.invalidWidth(width) }
        }
        // Broken in device pixels (the width × the scale), answered in CSS px.
        let s = scale
        return LineBreaker.with(core) { $0.layout(width: width.map { $0 * s }, constraintWidth: width) }
    }

    /// The layout at a width given in device pixels (a CSS width × ``scale``),
    /// answering in CSS px like ``layout(width:)``: for a layer above that
    /// computes its widths in device pixels (the cell engine), so that no
    /// width makes a round trip through CSS px.
    package func layout(deviceWidth: Double) throws -> TextLayout {
        guard deviceWidth.isFinite, deviceWidth >= 0 else { throw TypesetError.invalidWidth(deviceWidth) }
        let s = scale
        return LineBreaker.with(core) { $0.layout(width: deviceWidth, constraintWidth: deviceWidth / s) }
    }

    /// The line count, height and widest line at a width, without building
    /// lines: the fastest way to learn a row's height (same breaks as `layout`).
    /// - Throws: `TypesetError.invalidWidth` for a negative, NaN or infinite width.
    public func measure(width: Double?) throws -> TextMeasurement {
        if let width {
            guard width.isFinite, width >= 0 else { throw TypesetError.invalidWidth(width) }
        }
        return core.measure(width: width)
    }

    /// Lays out for a layout engine's measure function (Yoga-style modes, and
    /// the min-/max-content sizes of Taffy-style engines). `.exactly(w)` and
    /// `.atMost(w)` break lines at `w`; the reported width is `w`, or the
    /// widest line (at most `w`); `.longestLine(w)` breaks at `w` and lays
    /// the lines out again in a box of the widest line's width; `.unconstrained` (max-content) gives one
    /// line per paragraph at the natural width; `.minContent` breaks at every
    /// opportunity the widest piece allows, at ``minContentWidth``.
    public func layout(_ constraint: WidthConstraint) throws -> TextLayout {
        switch constraint {
        case .unconstrained: return try layout(width: nil)
        case .minContent:
            let w = minContentWidth
            var l = try layout(width: w)
            l.boxWidth = w
            return l
        case .atMost(let w): return try layout(width: w)
        case .longestLine(let w):
            // Broken at `w`, then laid out again in a box as wide as the
            // longest line, as the browser reference gives the box that
            // width: greedy lines stay the same (each fits it); a balanced
            // or pretty paragraph is scored again at it, as CSS does.
            let wrapped = try layout(width: w)
            guard wrapped.contentWidth < w else { return wrapped }
            var l = try layout(width: wrapped.contentWidth)
            l.boxWidth = wrapped.contentWidth
            return l
        case .exactly(let w):
            var l = try layout(width: w)
            l.boxWidth = w
            return l
        }
    }
}

extension PreparedCore {
    /// CSS max-content in the text's own pixels (device pixels for a text
    /// prepared at a scale), in layout units: the widest unbounded line, no
    /// line limit. A text in one style and direction that is not `pre-wrap`
    /// has it in its header; the others take an unbounded layout once (each
    /// style or direction piece rounded up, as Chromium sums them; preserved
    /// spaces before a line's end counted), and keep it.
    var maxContentWidth: LayoutUnit {
        guard facts.hasRunBoundaries || facts.whiteSpace.preservesSpaces || facts.hasTextIndent else {
            return LayoutUnit(ceiling: Int64(naturalWidth))
        }
        if let stored = storedMaxContent { return LayoutUnit(raw: stored) }
        let natural = LineBreaker.with(self, ignoresLineLimit: true) { $0.layout(width: nil, constraintWidth: nil) }
            .deviceNaturalWidth
        let width = LayoutUnit(exactlyPixels: natural.pixels)
        storeMaxContent(width.raw)
        return width
    }
}
