// Pipeline stage: Layout. What `PreparedText.measure(width:)` answers.

/// The numbers of a layout without its lines.
public struct TextMeasurement: Sendable, Hashable {
    /// The number of lines.
    public let lineCount: Int
    /// The widest line, in Chromium's layout units (1/64 px).
    public let width: Double
    /// The sum of line heights.
    public let height: Double
    /// Whether `maxLines` cut the text.
    public let isTruncated: Bool

    /// The device pixel ratio the text was prepared at.
    public internal(set) var scale: Double = 1

    /// The box widths with the same lines as this measurement's (see
    /// ``SameLinesWidths``); nil unless asked for
    /// (``PreparedText/measure(width:reportingSameLinesWidths:)``).
    public internal(set) var sameLinesWidths: SameLinesWidths? = nil

    /// The size rounded up to the pixel grid of a display scale: by default
    /// the scale the text was prepared at.
    public func size(scale: Double? = nil) -> (width: Double, height: Double) {
        let grid = PixelGrid(uncheckedScale: scale ?? self.scale)
        return (grid.ceil(width), grid.ceil(height))
    }
}

extension TextMeasurement {
    /// The measurement the line breaker made in device pixels, in CSS px.
    init(_ device: DeviceMeasurement, scale: Double) {
        self.init(lineCount: device.lineCount, width: device.width.pixels / scale, height: device.height / scale,
                  isTruncated: device.isTruncated, scale: scale)
    }
}

/// A measurement as the line breaker makes it, in the text's own pixels
/// (device pixels for a text prepared at a scale).
struct DeviceMeasurement {
    var lineCount: Int
    /// The widest line.
    var width: Fixed16
    /// The sum of line heights, px.
    var height: Double
    var isTruncated: Bool
}
