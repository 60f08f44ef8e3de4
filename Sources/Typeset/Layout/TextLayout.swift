/// Lines of prepared text at one width: what a view draws and a list sizes by.
///
/// All lengths are CSS pixels. Exact values are kept; `size(scale:)` gives the
/// ceil'd size at a display scale. Line widths are in Chromium's layout units
/// (the exact width rounded up to 1/64 px; for a text prepared at a device
/// pixel ratio s, to 1/64 of a device pixel, 1/(64·s) px).
///
/// A layout keeps what the line breaker made, in the text's own pixels
/// (device pixels for a text prepared at a scale), and the scale; every
/// length is divided by the scale where it is read.
public struct TextLayout: Sendable {
    /// The lines as the line breaker made them, in device pixels.
    let deviceLines: [DeviceLine]
    /// The device pixel ratio the text was prepared at (1 for most); lengths
    /// are CSS px whatever it is.
    public let scale: Double
    /// The width lines were broken at, nil when unbounded.
    public let constraintWidth: Double?
    /// The widest line, device pixels.
    let deviceContentWidth: Fixed16
    /// The sum of line heights, device pixels.
    let deviceHeight: Double
    /// The text's max-content width, device pixels.
    let deviceNaturalWidth: Fixed16
    /// Whether `maxLines` (or a `nowrap` line with `textOverflow: .ellipsis`)
    /// cut the text (the last line shows the ellipsis).
    public let isTruncated: Bool
    /// What the cut line shows and where the ellipsis goes, when truncated.
    public let truncation: Truncation?
    /// The box width when laid out `.exactly(w)`, CSS px; otherwise the widest line.
    var boxWidth: Double?
    nonisolated(unsafe) let core: PreparedCore

    /// The lines, top to bottom.
    public var lines: Lines { Lines(deviceLines: deviceLines, scale: scale) }

    /// The widest line (shrink-wrap width).
    public var contentWidth: Double { deviceContentWidth.pixels / scale }

    /// The sum of line heights.
    public var exactHeight: Double { deviceHeight / scale }

    /// The width of the text on unbounded lines (CSS max-content): the
    /// text's ``PreparedText/maxContentWidth``, the same whatever width,
    /// line limit or alignment the layout was made with.
    public var naturalWidth: Double { deviceNaturalWidth.pixels / scale }

    /// The width of the layout box: the constraint for `.exactly`, else the widest line.
    public var exactWidth: Double { boxWidth ?? contentWidth }

    /// The size rounded up to the pixel grid of a display scale: by default
    /// the scale the text was prepared at (``scale``). At 3x the grid is a
    /// third of a pixel, which a `Double` holds as its nearest value
    /// (`122.0 / 3` prints 40.666666666666664): round to the grid to print
    /// or compare. A labelled tuple (`let (width, height) = layout.size()`);
    /// ``cgSize(scale:)`` gives a `CGSize`.
    /// - Precondition: `scale` is finite and positive (see `PixelGrid`).
    public func size(scale: Double? = nil) -> (width: Double, height: Double) {
        let grid = PixelGrid(uncheckedScale: scale ?? self.scale)
        return (grid.ceil(exactWidth), grid.ceil(exactHeight))
    }

    /// The source text's length in UTF-16 code units, the unit of every `utf16Range`.
    public var utf16Count: Int { core.sourceUTF16.count }

    /// The scalar (code point) offset of a UTF-16 offset in the source text.
    public func scalarOffset(utf16 offset: Int) -> Int {
        core.scalarOffset(utf16: offset)
    }

    /// The source text of a line.
    public func text(of line: Line) -> String {
        String(decoding: core.sourceUTF16[line.utf16Range], as: UTF16.self)
    }

    /// A length in device pixels as the public API answers it, in CSS px.
    @inline(__always)
    func css(_ device: Double) -> Double { device / scale }
}

extension PreparedCore {
    /// The number of Unicode scalars before UTF-16 offset `offset` in the source.
    /// (An offset between the two halves of a pair counts the pair's scalar.)
    /// O(log n): called for every line, a scan from the start was quadratic.
    func scalarOffset(utf16 offset: Int) -> Int {
        let end = min(offset, sourceUTF16.count)
        guard end > 0 else { return 0 }
        // Pairs starting before `end - 1` lie inside `[0, end)`: two units, one scalar.
        var lo = 0, hi = surrogatePairs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(surrogatePairs[mid]) < end - 1 { lo = mid + 1 } else { hi = mid }
        }
        return end - lo
    }
}
