// Pipeline stage: Layout (drawing and hit testing).
// In: a placed line. Out: where the preserved spaces it ends with lie when they are inside it.

extension TextLayout {
    /// The end (processed offset) of the preserved spaces and tabs a line
    /// ends with when they lie between two pieces of its ink in visual order
    /// (`TrailingSpaceSide.inside`: `white-space: break-spaces`, a run of a
    /// lower bidi level on both sides of them) and its placement widened the
    /// line by them; nil otherwise. The line's runs are drawn with the gap
    /// the spaces take (their advance, rounded with the piece they end),
    /// and its caret stops and selection step through them there.
    /// (A cut or justified line is placed without such a gap.)
    func insideSpacesEnd(of line: DeviceLine, advances: LineAdvances) -> Int? {
        let whiteSpace = core.paragraph.whiteSpace
        guard whiteSpace == .breakSpaces || whiteSpace == .pre, !line.hasEllipsis, line.justification == 0 else {
            return nil
        }
        let a = Int(line.contentStart), b = Int(line.contentEnd)
        let units = core.text.units
        let end = min(core.processedOffset(source: line.utf16Range.upperBound), units.count)
        var e = b
        while e < end && (units[e] == 0x20 || units[e] == 0x09) { e += 1 }
        // (Spaces the box had no room for are not in the line's width.)
        guard e > b, a < b, line.width.raw > LayoutUnit.ceilingFixed(advances.width(a, b)),
              core.trailingSpaceSide(lineStart: a, contentEnd: b) == .inside else { return nil }
        return e
    }
}
