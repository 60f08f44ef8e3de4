/// Rounding to a display's pixel grid: sizes are ceil'd, origins rounded,
/// both to multiples of 1/scale.
public struct PixelGrid: Sendable, Hashable {
    /// Device pixels per CSS pixel (1, 2, 3, or fractional).
    public let scale: Double

    /// The display scales a grid (and a text prepared at a device pixel
    /// ratio) may have: every screen's, with room either side; beyond them
    /// the arithmetic in device pixels would overflow or lose every length.
    public static let scales = 0.01...100.0

    /// A grid for a display scale.
    /// - Throws: `TypesetError.invalidScale` unless the scale is in ``scales``.
    public init(scale: Double) throws {
        guard Self.scales.contains(scale) else { throw TypesetError.invalidScale(scale) }
        self.scale = scale
    }

    init(uncheckedScale scale: Double) {
        self.scale = scale.isFinite && scale > 0 ? scale : 1
    }

    /// `ceil(value × scale) / scale`, tolerant of floating-point noise
    /// (20.000000001 stays 20).
    public func ceil(_ value: Double) -> Double {
        let v = value * scale
        let r = v.rounded()
        if abs(v - r) < 1e-7 { return r / scale }
        return v.rounded(.up) / scale
    }

    /// `round(value × scale) / scale`: where an origin goes.
    public func round(_ value: Double) -> Double {
        (value * scale).rounded() / scale
    }
}
