import Typeset

/// The colour of a styled entity: explicit RGBA, or a token your renderer
/// resolves (a theme colour such as `"link"` or `"accent.primary"`).
///
/// Typeset never draws, so it only carries the colour to the decorations it
/// reports; colour never changes metrics.
public enum EntityColor: Sendable, Hashable {
    /// 8-bit sRGB channels and alpha (255 opaque).
    case rgba(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)
    /// A named colour for the renderer to resolve.
    case token(String)

    /// A colour from `0xRRGGBBAA`, e.g. `EntityColor.hex(0x1D9BF0FF)`.
    public static func hex(_ rgba: UInt32) -> EntityColor {
        .rgba(red: UInt8(truncatingIfNeeded: rgba >> 24), green: UInt8(truncatingIfNeeded: rgba >> 16),
              blue: UInt8(truncatingIfNeeded: rgba >> 8), alpha: UInt8(truncatingIfNeeded: rgba))
    }
}
