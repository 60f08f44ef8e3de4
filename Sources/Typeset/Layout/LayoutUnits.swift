// Pipeline stage: Layout. The two units layout counts lengths in, and the
// one place each converts to and from pixels.
//
// Lengths are in the text's own pixels: CSS px at scale 1, device pixels for
// a text prepared at a device pixel ratio (`TextLayout.scale` divides them
// into CSS px where they leave the public API).

/// A length in 16.16 fixed point, 1/65536 px: the unit of HarfBuzz's
/// advances, of the prepared text's advances and of the line breaker's pen.
package struct Fixed16: Hashable, Comparable, Sendable {
    /// The count of 1/65536 px.
    var raw: Int64

    /// The units in one pixel.
    static let perPixel: Int64 = 65536
    /// A width at or beyond which lines are unbounded (no sum of segment
    /// widths reaches it, and it has room to add to).
    static let unbounded: Int64 = Int64.max / 4

    init(raw: Int64) { self.raw = raw }

    /// A length in pixels, rounded to the nearest 1/65536 px.
    init(roundingPixels px: Double) { raw = Int64((px * Double(Self.perPixel)).rounded()) }

    /// The length in pixels (exact: every count of 1/65536 px below 2^53 is a `Double`).
    @inline(__always)
    var pixels: Double { Double(raw) / Double(Self.perPixel) }

    /// `raw / 65536` px, as `pixels` gives it.
    @inline(__always)
    static func pixels(_ raw: Int64) -> Double { Double(raw) / Double(perPixel) }

    package static func < (a: Self, b: Self) -> Bool { a.raw < b.raw }
}

/// A length in Chromium's layout units, 1/64 px: what a line's width and
/// x, a truncation's edges and a layout's widths are whole counts of.
package struct LayoutUnit: Hashable, Comparable, Sendable {
    /// The count of 1/64 px.
    var raw: Int64

    /// The units in one pixel.
    static let perPixel: Int64 = 64
    /// 1/65536 px in one layout unit.
    static let fixedPerUnit: Int64 = Fixed16.perPixel / perPixel

    init(raw: Int64) { self.raw = raw }

    /// A 16.16 length rounded up to whole layout units (Chromium's `LayoutUnit::FromFloatCeil`).
    @inline(__always)
    init(ceiling fixed: Int64) { raw = (fixed + Self.fixedPerUnit - 1) >> 10 }

    /// A 16.16 length rounded down to whole layout units.
    @inline(__always)
    init(flooring fixed: Int64) { raw = fixed >> 10 }

    /// A length in pixels that is whole layout units (a width a layout reported).
    init(exactlyPixels px: Double) { raw = Int64((px * Double(Self.perPixel)).rounded()) }

    /// The length in pixels (exact).
    @inline(__always)
    var pixels: Double { Double(raw) / Double(Self.perPixel) }

    /// The length in 16.16 fixed point.
    @inline(__always)
    var fixed: Int64 { raw << 10 }

    /// A 16.16 length rounded up to whole layout units, in pixels.
    @inline(__always)
    static func ceilingPixels(_ fixed: Int64) -> Double { LayoutUnit(ceiling: fixed).pixels }

    /// A 16.16 length rounded up to whole layout units, still in 16.16.
    @inline(__always)
    static func ceilingFixed(_ fixed: Int64) -> Int64 { LayoutUnit(ceiling: fixed).fixed }

    /// Pixels rounded down to whole layout units (`floor(px × 64 + tolerance)`:
    /// a tolerance counts a hair below a grid line as on it).
    @inline(__always)
    package static func floor(pixels px: Double, tolerance: Double) -> Double {
        (px * Double(perPixel) + tolerance).rounded(.down) / Double(perPixel)
    }

    /// Pixels rounded down to whole layout units (`floor(px × 64)`).
    @inline(__always)
    static func floor(pixels px: Double) -> Double { (px * Double(perPixel)).rounded(.down) / Double(perPixel) }

    /// Pixels rounded down to whole layout units, in 16.16 (below `Fixed16.unbounded`).
    @inline(__always)
    static func flooredFixed(pixels px: Double) -> Int64 {
        LineBreaker.floorToInt64(px * Double(perPixel)) * fixedPerUnit
    }

    /// Pixels rounded up to whole layout units (`ceil(px × 64)`).
    @inline(__always)
    static func ceiling(pixels px: Double) -> Double { (px * Double(perPixel)).rounded(.up) / Double(perPixel) }

    package static func < (a: Self, b: Self) -> Bool { a.raw < b.raw }
}
