import Typeset

/// The batch protocol's answer for one layout (README, "The batch protocol"),
/// written straight to bytes.
package struct LayoutAnswer: JSONWritable {
    package var id: JSONValue?
    package var layout: TextLayout
    package var scale: Double
    /// Whether every line is listed.
    package var withLines: Bool
    package var utf16Offsets: Bool

    package init(id: JSONValue?, layout: TextLayout, scale: Double, withLines: Bool, utf16Offsets: Bool) {
        self.id = id
        self.layout = layout
        self.scale = scale
        self.withLines = withLines
        self.utf16Offsets = utf16Offsets
    }

    package func write(to out: inout [UInt8]) {
        let size = layout.size(scale: scale)
        let offset: (Int) -> Int = utf16Offsets ? { $0 } : { layout.scalarOffset(utf16: $0) }
        out.appendJSONObject { o in
            if let id { o.value("id", id) }
            o.number("width", size.width)
            o.number("height", size.height)
            o.number("exact_width", layout.exactWidth)
            o.number("exact_height", layout.exactHeight)
            o.int("line_count", layout.lines.count)
            o.number("natural_width", layout.naturalWidth)
            o.bool("truncated", layout.isTruncated)
            if let t = layout.truncation {
                // What the cut line shows: where its visible text ends, the marker and where it goes.
                o.object("ellipsis") { e in
                    e.string("text", t.ellipsis)
                    e.number("x", t.ellipsisX)
                    e.number("width", t.ellipsisWidth)
                    e.int("line", t.lineIndex)
                    e.int("cut", offset(layout.lines[t.lineIndex].utf16Range.upperBound))
                    e.array("visible", t.visibleUTF16Ranges) { out, range in
                        JSONValue.array([.int(offset(range.lowerBound)), .int(offset(range.upperBound))]).write(to: &out)
                    }
                }
            }
            let frames = layout.attachmentFrames()
            if !frames.isEmpty {
                o.array("attachments", frames) { out, frame in
                    out.appendJSONObject { f in
                        f.int("offset", offset(frame.utf16Offset))
                        f.number("x", frame.rect.x)
                        f.number("y", frame.rect.y)
                        f.number("width", frame.rect.width)
                        f.number("height", frame.rect.height)
                    }
                }
            }
            guard withLines else { return }
            o.array("lines", layout.lines) { out, line in
                out.appendJSONObject { l in
                    l.int("start", offset(line.utf16Range.lowerBound))
                    l.int("end", offset(line.utf16Range.upperBound))
                    l.number("width", line.width)
                    l.number("x", line.x)
                    l.number("top", line.top)
                    l.number("baseline", line.baseline)
                    l.number("height", line.height)
                }
            }
        }
    }
}
