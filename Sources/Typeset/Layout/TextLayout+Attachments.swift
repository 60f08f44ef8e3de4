/// Where an inline attachment (``TextAttachment``) is drawn.
public struct AttachmentFrame: Sendable, Hashable {
    /// The source UTF-16 offset of its U+FFFC.
    public let utf16Offset: Int
    /// Its rectangle in layout coordinates: its width at the place its
    /// U+FFFC has on the line, from the baseline up and down as its vertical
    /// alignment puts it.
    public let rect: LayoutRect
}

extension TextLayout {
    /// The frames of the inline attachments on the layout's lines, in text
    /// order (one cut off by a line clamp or an ellipsis has none).
    public func attachmentFrames() -> [AttachmentFrame] {
        // Placed in device pixels, answered in CSS px.
        attachmentFrames(inDevicePixels: false)
    }

    /// The frames in device pixels (`inDevicePixels`), or in CSS px.
    func attachmentFrames(inDevicePixels: Bool) -> [AttachmentFrame] {
        guard !core.attachments.isEmpty else { return [] }
        var frames: [AttachmentFrame] = []
        for line in deviceLines {
            let first = core.firstAttachment(atOrAfter: Int(line.contentStart))
            guard first < core.attachments.count, Int(core.attachments[first].unit) < Int(line.contentEnd) else { continue }
            // Each attachment is a visual run of its own (see visualRuns(of:)).
            for run in runs(of: line) where run.end == run.start + 1 {
                let k = core.firstAttachment(atOrAfter: run.start)
                guard k < core.attachments.count, Int(core.attachments[k].unit) == run.start else { continue }
                let box = core.attachments[k]
                // Justification never widens a box: its share of the free
                // space is a gap after it (on its left in right-to-left text).
                let width = Fixed16.pixels(box.advance)
                let x = run.isRightToLeft ? run.deviceX + run.deviceWidth - width : run.deviceX
                let rect = LayoutRect(x: x, y: line.baseline - box.ascent, width: width, height: box.ascent + box.descent)
                frames.append(AttachmentFrame(utf16Offset: run.utf16Range.lowerBound, rect: inDevicePixels ? rect : css(rect)))
            }
        }
        return frames.sorted { $0.utf16Offset < $1.utf16Offset }
    }
}

extension PreparedCore {
    /// The index of the first attachment at or after processed unit `unit`.
    func firstAttachment(atOrAfter unit: Int) -> Int {
        var lo = 0, hi = attachments.count
        while lo < hi { let m = (lo + hi) / 2; if Int(attachments[m].unit) < unit { lo = m + 1 } else { hi = m } }
        return lo
    }
}
