// Pipeline stage: Layout, at a device pixel ratio other than 1.
// A text prepared at scale s is in device pixels (fonts at size × s, every
// length × s); its lines are broken at the box width × s, in 1/64 of a
// device pixel, and every answer is divided by s on its way out, so callers
// see CSS px. At scale 1 nothing here runs.

/// A layout in device pixels, behind a `TextLayout` that answers in CSS px.
final class DeviceLayout: Sendable {
    /// The layout as the line breaker made it, in device pixels.
    let layout: TextLayout
    /// Device pixels per CSS px.
    let scale: Double

    init(_ layout: TextLayout, scale: Double) {
        self.layout = layout
        self.scale = scale
    }
}

extension TextLayout {
    /// The device pixel ratio the text was prepared at (1 for most); lengths
    /// are CSS px whatever it is.
    public var scale: Double { device?.scale ?? 1 }

    /// The CSS-px face of a device-pixel layout: every length divided by `scale`.
    init(device layout: TextLayout, scale s: Double, constraintWidth: Double?) {
        self.init(lines: layout.lines.map { $0.dividedBy(s) }, constraintWidth: constraintWidth,
                  contentWidth: layout.contentWidth / s, exactHeight: layout.exactHeight / s,
                  naturalWidth: layout.naturalWidth / s, isTruncated: layout.isTruncated,
                  truncation: layout.truncation.map { $0.dividedBy(s) }, boxWidth: layout.boxWidth.map { $0 / s },
                  core: layout.core)
        device = DeviceLayout(layout, scale: s)
    }

    /// The layout in device pixels (itself at scale 1): for a layer above
    /// that lays out around text in device pixels too (the cell engine).
    package var inDevicePixels: TextLayout { device?.layout ?? self }

    /// The device-pixel line behind one of this layout's lines (the same
    /// line when there is no device layout).
    func deviceLine(_ line: Line) -> Line {
        guard let device else { return line }
        // Lines are in text order: the first at or after the line's content start.
        var lo = 0, hi = lines.count
        while lo < hi { let m = (lo + hi) / 2; if lines[m].contentStart < line.contentStart { lo = m + 1 } else { hi = m } }
        var i = lo
        while i < lines.count && lines[i].contentStart == line.contentStart {
            if lines[i] == line { return device.layout.lines[i] }
            i += 1
        }
        // A line the caller made or changed: its lengths back in device pixels.
        return line.dividedBy(1 / device.scale)
    }

    /// The device-pixel run behind one of this layout's runs.
    func deviceRun(_ run: VisualRun, on line: Line) -> VisualRun {
        guard let device else { return run }
        return device.layout.visualRuns(of: deviceLine(line)).first { $0.start == run.start && $0.end == run.end }
            ?? run.dividedBy(1 / device.scale)
    }
}

extension TextLayout.Line {
    /// The line with every length divided by `s`.
    func dividedBy(_ s: Double) -> Self {
        // (Its internal fields, in device units, are kept as they are: they identify it.)
        var line = self
        line.width /= s
        line.x /= s
        line.top /= s
        line.height /= s
        line.baseline /= s
        line.ascent /= s
        line.descent /= s
        return line
    }
}

extension Truncation {
    /// The truncation with its lengths divided by `s`.
    func dividedBy(_ s: Double) -> Self {
        Self(lineIndex: lineIndex, ellipsis: ellipsis, ellipsisX: ellipsisX / s, ellipsisWidth: ellipsisWidth / s,
             visibleUTF16Ranges: visibleUTF16Ranges)
    }
}

extension LayoutRect {
    /// The rectangle with every length divided by `s`.
    func dividedBy(_ s: Double) -> Self {
        Self(x: x / s, y: y / s, width: width / s, height: height / s)
    }
}

extension VisualRun {
    /// The run with its lengths divided by `s`.
    func dividedBy(_ s: Double) -> Self {
        Self(utf16Range: utf16Range, face: face, fontSize: fontSize / s, isRightToLeft: isRightToLeft, x: x / s,
             width: width / s, start: start, end: end, styleIndex: styleIndex, level: level)
    }
}

extension PositionedGlyph {
    /// The glyph with its lengths divided by `s`.
    func dividedBy(_ s: Double) -> Self {
        Self(glyphID: glyphID, x: x / s, y: y / s, utf16Offset: utf16Offset, advance: advance / s)
    }
}

extension AttachmentFrame {
    /// The frame with its lengths divided by `s`.
    func dividedBy(_ s: Double) -> Self {
        Self(utf16Offset: utf16Offset, rect: rect.dividedBy(s))
    }
}

extension TextMeasurement {
    /// The measurement with its lengths divided by `s`, at scale `s`.
    func dividedBy(_ s: Double) -> Self {
        Self(lineCount: lineCount, width: width / s, height: height / s, isTruncated: isTruncated, scale: s)
    }
}

extension PreparedText {
    /// The layout at a width given in device pixels (a CSS width × ``scale``),
    /// answering in CSS px like ``layout(width:)``: for a layer above that
    /// computes its widths in device pixels (the cell engine), so that no
    /// width makes a round trip through CSS px.
    package func layout(deviceWidth: Double) throws -> TextLayout {
        guard deviceWidth.isFinite, deviceWidth >= 0 else { throw TypesetError.invalidWidth(deviceWidth) }
        let s = scale
        let device = LineBreaker.with(core) { $0.layout(width: deviceWidth) }
        return s == 1 ? device : TextLayout(device: device, scale: s, constraintWidth: deviceWidth / s)
    }
}
