/// Where the preserved spaces a line ends with sit, seen left to right.
///
/// Chromium resets the bidi level of spaces that hang at a line's end to
/// the paragraph's (UAX #9 rule L1) but leaves spaces that take room
/// (`white-space: break-spaces`) at the level the paragraph resolved for
/// them: spaces between two left-to-right words of a right-to-left paragraph
/// stay left-to-right, on the right of the word they follow ("word" and six
/// spaces, start-aligned in a right-to-left box: "word" at the line's left).
/// Spaces before a forced break or at the text's end are at the paragraph's
/// level either way (the resolved levels include L1 there).
enum TrailingSpaceSide {
    /// At the line's left edge: the ink starts right of them.
    case left
    /// At the line's right edge.
    case right
    /// Between pieces of the ink (a run of a lower level is on both sides):
    /// the ink's extent spans them.
    case inside
}

extension PreparedCore {
    /// The side of line `[a, e)` that its trailing spaces `[b, e)` lie on,
    /// from the resolved bidi levels: with every piece of the ink `[a, b)`
    /// at the spaces' level or deeper, the spaces end the outermost run the
    /// ink is in, on its left when that level is right-to-left and on its
    /// right when it is left-to-right; otherwise a lower-level piece is
    /// reordered past them and they lie inside the line.
    func trailingSpaceSide(lineStart a: Int, contentEnd b: Int) -> TrailingSpaceSide {
        let items = self.items
        guard b < text.units.count, !items.isEmpty else { return paragraphLevel & 1 == 1 ? .left : .right }
        let spaces = level(at: b, in: items)
        var lowest = spaces
        if a < b {
            var k = itemIndex(containing: a, in: items)
            while k < items.count && Int(items[k].start) < b {
                lowest = min(lowest, items[k].level)
                k += 1
            }
        }
        guard lowest >= spaces else { return .inside }
        return spaces & 1 == 1 ? .left : .right
    }

    private func itemIndex(containing i: Int, in items: UnsafeBufferPointer<Item>) -> Int {
        var lo = 0, hi = items.count
        while lo < hi {
            let m = (lo + hi) / 2
            if Int(items[m].end) <= i { lo = m + 1 } else { hi = m }
        }
        return min(lo, items.count - 1)
    }

    private func level(at i: Int, in items: UnsafeBufferPointer<Item>) -> UInt8 {
        items[itemIndex(containing: i, in: items)].level
    }
}
