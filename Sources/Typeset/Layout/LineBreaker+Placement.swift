/// Where a broken line goes in its box, as Chromium places it: `text-align`
/// with the line's width in layout units (its runs each rounded up to 1/64 px
/// by the line breaker), preserved spaces at the end of the text counted as
/// far as they fit (`pre-wrap`), justified lines filling the box, and the cut of a
/// truncated line (`LineCut`), which keeps the x of its untruncated width.
struct LinePlacement {
    let core: PreparedCore
    /// The box width in whole layout units, 1/65536 px.
    let available: Int64
    let rightToLeft: Bool
    /// `text-align` resolved to left, right or center (justify: start).
    let mode: ParagraphStyle.Alignment
    let justify: Bool
    let preWrap: Bool

    init(core: PreparedCore, boxWidth: Double) {
        self.core = core
        available = LineBreaker.layoutUnitsFloor(boxWidth)
        rightToLeft = core.paragraphLevel & 1 == 1
        switch core.paragraph.alignment {
        case .start, .justify: mode = rightToLeft ? .right : .left
        case .end: mode = rightToLeft ? .left : .right
        default: mode = core.paragraph.alignment
        }
        justify = core.paragraph.alignment == .justify
        preWrap = core.paragraph.whiteSpace == .preWrap
    }

    /// Sets `line`'s x and width (and, for the cut line, its visible range)
    /// and returns the truncation when `raw` is the cut line.
    /// - Parameter knownCut: the cut line's cut for this box width when the
    ///   line breaker made it already (measuring the line's drawn width).
    func place(_ line: inout DeviceLine, _ raw: LineBreaker.RawLine, index: Int, isLast: Bool,
               knownCut: LineCut? = nil) -> Truncation? {
        let a = Int(raw.start), b = Int(raw.contentEnd)
        let width = PreparedCore.ceilToLayoutUnit(raw.content)
        // Preserved spaces at the end of the text take room in the line as far
        // as the box has it (at a wrap or a forced break they hang).
        let endsText = Int(raw.end) == core.text.units.count && !endsWithForcedBreak(raw)
        let trailing = preWrap && endsText
            ? min(PreparedCore.ceilToLayoutUnit(max(0, raw.trailing)), max(0, available - width)) : 0
        let space = available - width - trailing
        // A justified line fills the box; a cut one is justified before it is
        // cut. The free space is what the box has left after the line's width
        // in layout units (Chromium's expansion: 3 ideographs of 16.99995 px
        // in 60 px are spaced 4.5 px apart).
        // (A line cut by maxLines is not the text's last: more follows it.)
        let endsParagraph = isLast && !(raw.hasEllipsis && core.paragraph.maxLines != nil)
        let justified = justify && !endsParagraph && space > 0 && !endsWithForcedBreak(raw)
            && core.expansionOpportunities(a, b, lineEnd: b) > 0
        if justified && !raw.hasEllipsis {
            line.x = Fixed16(raw: 0)
            line.width = Fixed16(raw: available)
            line.justification = max(0, available - width)
            return nil
        }
        let spaces = justified ? core.expansionOpportunities(a, b, lineEnd: b) : 0
        let offset = spaces > 0 ? 0 : Self.offset(mode: mode, rightToLeft: rightToLeft, space: space)
        line.x = Fixed16(raw: offset + (rightToLeft ? trailing : 0))
        // (A justified cut line is cut with its spaces expanded: never the known cut.)
        guard raw.hasEllipsis,
              let cut = (spaces == 0 ? knownCut : nil)
                ?? core.cutLine(a, b, available: available, rightToLeft: rightToLeft,
                                spaceExpansion: spaces > 0 ? (available - width) / Int64(spaces) : 0)
        else { return nil }
        line.x = Fixed16(raw: offset + cut.drawnLeft)
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
        while prefixEnd > a && core.text.units[prefixEnd - 1] == 0x20 { prefixEnd -= 1 }
        line.utf16Range = line.utf16Range.lowerBound..<max(line.utf16Range.lowerBound, core.sourceOffset(prefixEnd))
        return Truncation(lineIndex: index, ellipsis: core.ellipsisText,
                          deviceEllipsisX: Fixed16(raw: offset + cut.ellipsisX),
                          deviceEllipsisWidth: LayoutUnit(ceiling: core.ellipsisWidth), scale: core.facts.scale,
                          visibleUTF16Ranges: cut.visible.map { core.sourceOffset($0.lowerBound)..<core.sourceOffset($0.upperBound) })
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

    private func endsWithForcedBreak(_ raw: LineBreaker.RawLine) -> Bool {
        guard raw.end > raw.start else { return false }
        switch core.text.units[Int(raw.end) - 1] {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }
}
