/// Where a broken line goes in its box, as Chromium places it: `text-align`
/// with the line's width in layout units (its runs each rounded up to 1/64 px
/// by the line breaker), preserved spaces at the end of the text counted as
/// far as they fit (`pre-wrap`; at every line's end in `pre`), justified lines filling the box, and the cut of a
/// truncated line (`LineCut`), which keeps the x of its untruncated width.
struct LinePlacement {
    let core: PreparedCore
    /// The box width in whole layout units, 1/65536 px.
    let available: Int64
    let rightToLeft: Bool
    /// `text-align` resolved to left, right or center (justify: start).
    let mode: ParagraphStyle.Alignment
    let justify: Bool
    /// `text-align-last` resolved as `mode` and `justify` are: for the last
    /// line and lines that end at a forced break.
    let lastMode: ParagraphStyle.Alignment
    let lastJustify: Bool
    let preWrap: Bool
    /// `white-space: pre` and `break-spaces`: spaces before every line's end take room in it (they never hang).
    let pre: Bool

    init(core: PreparedCore, boxWidth: Double) {
        self.core = core
        available = LineBreaker.layoutUnitsFloor(boxWidth)
        rightToLeft = core.paragraphLevel & 1 == 1
        mode = Self.mode(core.paragraph.alignment, rightToLeft: rightToLeft)
        justify = core.paragraph.alignment == .justify
        let last = core.paragraph.alignLast.resolved(core.paragraph.alignment)
        lastMode = Self.mode(last, rightToLeft: rightToLeft)
        lastJustify = last == .justify
        preWrap = core.paragraph.whiteSpace == .preWrap
        pre = core.paragraph.whiteSpace == .pre || core.paragraph.whiteSpace == .breakSpaces
    }

    /// Sets `line`'s x and width (and, for the cut line, its visible range)
    /// and returns the truncation when `raw` is the cut line.
    /// - Parameter knownCut: the cut line's cut for this box width when the
    ///   line breaker made it already (measuring the line's drawn width).
    /// - Parameter indent: the line's `text-indent` (1/65536 px): the line
    ///   is that much narrower, on its start side.
    /// - Parameter keepsCutLine: the text-wrap style ended the cut line
    ///   (`WrapLimits.keepsCutLine`): all of it stays, justified to the box
    ///   when justified, and the ellipsis follows it past the box.
    func place(_ line: inout DeviceLine, _ raw: LineBreaker.RawLine, index: Int, isLast: Bool,
               knownCut: LineCut? = nil, indent: Int64 = 0, keepsCutLine: Bool = false) -> Truncation? {
        let available = self.available - indent
        let a = Int(raw.start), b = Int(raw.contentEnd)
        let width = PreparedCore.ceilToLayoutUnit(raw.content)
        // Preserved spaces at the end of the text or before a forced break
        // take room in the line as far as the box has it (at a wrap they hang).
        let endsText = Int(raw.end) == core.text.units.count || endsWithForcedBreak(raw)
        // (Spaces that take room are rounded with the content they follow:
        // a tab ending at 33.28 px ends the line at 33.28125, not 33.296875.)
        let roundedTrailing = pre ? PreparedCore.ceilToLayoutUnit(raw.content + max(0, raw.trailing)) - width
            : PreparedCore.ceilToLayoutUnit(max(0, raw.trailing))
        let trailing = (preWrap && endsText) || pre ? min(roundedTrailing, max(0, available - width)) : 0
        let space = available - width - trailing
        // A justified line fills the box; a cut one is justified before it is
        // cut. The free space is what the box has left after the line's width
        // in layout units (Chromium's expansion: 3 ideographs of 16.99995 px
        // in 60 px are spaced 4.5 px apart).
        // (A line cut by maxLines is not the text's last: more follows it.)
        let endsParagraph = isLast && !(raw.hasEllipsis && core.paragraph.maxLines != nil)
        // The last line and lines before a forced break take `text-align-last`.
        // (Looked up only when the last lines align otherwise than the others.)
        let last = (lastMode != self.mode || lastJustify != justify) && (endsParagraph || endsWithForcedBreak(raw))
        let mode = last ? lastMode : self.mode
        // The spaces the line ends with sit where their bidi level puts them
        // (`TrailingSpaceSide`): left of the ink in a right-to-left line
        // unless they follow left-to-right words there (`break-spaces`).
        let side: TrailingSpaceSide = trailing > 0 ? core.trailingSpaceSide(lineStart: a, contentEnd: b)
            : rightToLeft ? .left : .right
        // `break-spaces`: the spaces (and tabs) the line ends with are
        // expansion opportunities too (`trailingOpportunities`).
        // (Counted only for a line that may be justified: a walk over the line's units.)
        let mayJustify = (last ? lastJustify : justify) && space > 0
        let inner = mayJustify ? core.expansionOpportunities(a, b, lineEnd: b) : 0
        let trailingEnd = pre ? spacesEnd(raw) : b
        let opportunities = !mayJustify ? 0 : trailingEnd > b ? trailingOpportunities(a, trailingEnd) : inner
        let justified = mayJustify && opportunities > 0
        // The indent is on the line's start side: left of a left-to-right line.
        let start = rightToLeft ? 0 : indent
        if justified && !raw.hasEllipsis {
            // The ink takes its opportunities' share of the free space, the
            // spaces after it the rest ("aaaa" and two spaces justified: the
            // first space widened, the ink and the last space as they are).
            // (The opportunity after the ink's last character is the ink's:
            // a CJK full stop before the spaces widens itself.)
            let free = max(0, available - width - trailing)
            let inkOpportunities = trailingEnd > b ? core.expansionOpportunities(a, b, lineEnd: trailingEnd) : inner
            let inkShare = opportunities == inkOpportunities ? free : free * Int64(inkOpportunities) / Int64(opportunities)
            let inkWidth = PreparedCore.ceilToLayoutUnit(raw.content + inkShare)
            // (Spaces on the left: the ink ends at the box's right edge.)
            line.x = Fixed16(raw: start + (side == .left ? available - inkWidth : 0))
            line.width = Fixed16(raw: inkWidth)
            // (What the ink's expansion adds to its width in layout units, so
            // that the width less it is the line's own at every box width.)
            line.justification = inkWidth - width
            return nil
        }
        let spaces = justified ? inner : 0
        let offset = (spaces > 0 ? 0 : Self.offset(mode: mode, rightToLeft: rightToLeft, space: space)) + start
        line.x = Fixed16(raw: offset + (side == .left ? trailing : 0))
        // Spaces between two pieces of the ink are inside its extent.
        if side == .inside && !raw.hasEllipsis { line.width = Fixed16(raw: width + trailing) }
        // (A justified cut line is cut with its spaces expanded: never the known cut.)
        guard raw.hasEllipsis,
              let cut = (spaces == 0 ? knownCut : nil)
                ?? core.cutLine(a, b, available: keepsCutLine ? LineBreaker.limit(for: nil) : available, rightToLeft: rightToLeft,
                                spaceExpansion: spaces > 0 ? (available - width) / Int64(spaces) : 0,
                                trailingEnd: core.cutEnd(contentEnd: raw.contentEnd, end: raw.end))
        else { return nil }
        // The cut's left edge: the aligned content's, less the spaces that
        // hang on its left; a blank line's ellipsis sits at the box's start edge.
        let origin = cut.visible.isEmpty ? (rightToLeft ? available : 0)
            : offset + (rightToLeft ? trailing : 0) - cut.trailingLeft
        line.x = Fixed16(raw: origin + cut.drawnLeft)
        line.width = Fixed16(raw: cut.drawnRight - cut.drawnLeft)
        if let first = cut.visible.first, let last = cut.visible.last {
            line.contentStart = Int32(first.lowerBound)
            line.contentEnd = Int32(last.upperBound)
        }
        // Drawn as it was cut: the ellipsis takes the place of what the line's
        // end added (a half-width bracket, a lost kern, a hyphen).
        line.endAdjust = 0
        line.startAdjust = 0
        line.showsHyphen = false
        // What is kept of a justified line keeps its expansion: each of its
        // opportunities widened as the cut widened it.
        if spaces > 0 {
            let kept = core.expansionOpportunities(Int(line.contentStart), Int(line.contentEnd), lineEnd: Int(line.contentEnd))
            line.justification = (available - width) / Int64(spaces) * Int64(kept)
        }
        // The line's range ends where its visible logical prefix ends, spaces before the ellipsis left out.
        var prefixEnd = a
        if let first = cut.visible.first, first.lowerBound == a { prefixEnd = first.upperBound }
        while prefixEnd > a && (core.text.units[prefixEnd - 1] == 0x20 || core.text.units[prefixEnd - 1] == 0x09) { prefixEnd -= 1 }
        // (Its source end is where its last visible unit ends: `pre-line` drops the spaces after it.)
        // A line with nothing visible before the ellipsis ends where it starts
        // (a blank `pre-line` line whose spaces were removed: at 0, not after them).
        let sourceEnd = prefixEnd > a ? core.sourceOffset(prefixEnd - 1) + 1 : line.utf16Range.lowerBound
        line.utf16Range = line.utf16Range.lowerBound..<max(line.utf16Range.lowerBound, sourceEnd)
        return Truncation(lineIndex: index, ellipsis: core.ellipsisText,
                          deviceEllipsisX: Fixed16(raw: origin + cut.ellipsisX),
                          deviceEllipsisWidth: LayoutUnit(ceiling: core.ellipsisWidth), scale: core.facts.scale,
                          visibleUTF16Ranges: cut.visible.map { core.sourceOffset($0.lowerBound)..<core.sourceOffset($0.upperBound) })
    }

    /// `text-align` as left, right or center for a paragraph's direction (justify: start).
    static func mode(_ alignment: ParagraphStyle.Alignment, rightToLeft: Bool) -> ParagraphStyle.Alignment {
        switch alignment {
        case .start, .justify: return rightToLeft ? .right : .left
        case .end: return rightToLeft ? .left : .right
        default: return alignment
        }
    }

    /// Chromium's offset for text-align (LineOffsetForTextAlign): a line
    /// wider than the box overflows on its end side; centring halves the
    /// free space in layout units.
    static func offset(mode: ParagraphStyle.Alignment, rightToLeft: Bool, space: Int64) -> Int64 {
        let half = ((space >> 10) / 2) << 10
        switch mode {
        case .right: return rightToLeft ? space : max(0, space)
        case .center: return rightToLeft && space <= 0 ? space : max(0, half)
        default: return rightToLeft ? min(0, space) : 0
        }
    }

    /// The expansion opportunities of a line `[a, e)` that ends with
    /// preserved spaces or tabs (`break-spaces`), as Chromium counts them:
    /// walking the line in the paragraph's direction, the opportunity after
    /// the last character walked is dropped. In a left-to-right line that
    /// is the last space ("aaaa" and two spaces: one opportunity); in a
    /// right-to-left one the walk ends at the line's first character, so
    /// every trailing space counts (an Arabic line with 12 spaces inside and
    /// 6 after: 18 opportunities) unless the line starts with a space.
    private func trailingOpportunities(_ a: Int, _ e: Int) -> Int {
        let ltr = core.expansionOpportunities(a, e, lineEnd: e)
        guard rightToLeft else { return ltr }
        return ltr + 1 - (core.text.units[a] == 0x20 ? 1 : 0)
    }

    /// Where the preserved spaces and tabs after the line's content end.
    private func spacesEnd(_ raw: LineBreaker.RawLine) -> Int {
        let units = core.text.units
        var e = Int(raw.contentEnd)
        while e < Int(raw.end) && (units[e] == 0x20 || units[e] == 0x09) { e += 1 }
        return e
    }

    private func endsWithForcedBreak(_ raw: LineBreaker.RawLine) -> Bool {
        guard raw.end > raw.start else { return false }
        switch core.text.units[Int(raw.end) - 1] {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }
}
