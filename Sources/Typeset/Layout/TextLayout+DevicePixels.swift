// Pipeline stage: Layout. A layout's numbers in device pixels, as it keeps
// them, for a layer above that lays out around text in device pixels too
// (the cell engine): read from the layout's own storage, no second layout.

extension TextLayout {
    /// The widest line, device pixels.
    package var contentWidthInDevicePixels: Double { deviceContentWidth.pixels }

    /// The text's max-content width, device pixels.
    package var naturalWidthInDevicePixels: Double { deviceNaturalWidth.pixels }

    /// The sum of line heights, device pixels.
    package var exactHeightInDevicePixels: Double { deviceHeight }

    /// The first line's baseline from the layout's top, device pixels (nil without lines).
    package var firstBaselineInDevicePixels: Double? { deviceLines.first?.baseline }

    /// The smallest line x (the left edge of the leftmost line), device pixels (nil without lines).
    package var leftmostLineXInDevicePixels: Double? {
        guard let first = deviceLines.first else { return nil }
        return deviceLines.reduce(first.x.pixels) { min($0, $1.x.pixels) }
    }

    /// The inline attachments' frames (``attachmentFrames()``), device pixels.
    package func attachmentFramesInDevicePixels() -> [AttachmentFrame] { attachmentFrames(inDevicePixels: true) }
}
