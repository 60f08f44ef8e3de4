import Typeset

/// The batch protocol's answer for one layout (docs/Protocol.md), written
/// straight to bytes.
///
/// It holds plain values taken from the layout when it is made, not the
/// layout: a `TextLayout` keeps its prepared text alive, and the streaming
/// tool writes answers on another thread than the one that measured them, so
/// holding the layout would free each prepared text (some sixty blocks) on
/// the writing thread, away from the measuring thread's allocator cache.
/// Offsets are already in the protocol's unit (scalars or UTF-16 units).
package struct LayoutAnswer: JSONWritable {
    package var id: JSONValue?
    /// The size ceil'd at the request's scale.
    var width: Double, height: Double
    var exactWidth: Double, exactHeight: Double, naturalWidth: Double, minContentWidth: Double
    var lineCount: Int
    var truncated: Bool
    /// What the cut line shows, when truncated.
    var ellipsis: Ellipsis?
    /// The frames of the inline attachments, in text order.
    var attachments: [Attachment]
    /// Every line, when the answer lists them (else empty).
    var lines: [Line]
    /// Whether `lines` is written.
    var withLines: Bool
    /// The box widths with the same lines, when the request asks (`same_lines_widths`).
    var sameLinesWidths: SameLinesWidths? = nil

    /// The answer to a request laid out as `layout`, sized at `scale`, with
    /// its lines when `withLines`, offsets in UTF-16 units when
    /// `utf16Offsets` (else scalars).
    package init(id: JSONValue?, layout: TextLayout, scale: Double, withLines: Bool, utf16Offsets: Bool) {
        self.id = id
        let offset: (Int) -> Int = utf16Offsets ? { $0 } : { layout.scalarOffset(utf16: $0) }
        (width, height) = layout.size(scale: scale)
        exactWidth = layout.exactWidth
        exactHeight = layout.exactHeight
        naturalWidth = layout.naturalWidth
        minContentWidth = layout.minContentWidth
        lineCount = layout.lines.count
        truncated = layout.isTruncated
        ellipsis = layout.truncation.map { t in
            Ellipsis(text: t.ellipsis, x: t.ellipsisX, width: t.ellipsisWidth, line: t.lineIndex,
                           cut: offset(layout.lines[t.lineIndex].utf16Range.upperBound),
                           visible: t.visibleUTF16Ranges.map { (offset($0.lowerBound), offset($0.upperBound)) })
        }
        attachments = layout.attachmentFrames().map { frame in
            Attachment(offset: offset(frame.utf16Offset), rect: frame.rect)
        }
        self.withLines = withLines
        lines = withLines ? layout.lines.map { line in
            Line(start: offset(line.utf16Range.lowerBound), end: offset(line.utf16Range.upperBound),
                       width: line.width, x: line.x, top: line.top, baseline: line.baseline, height: line.height)
        } : []
    }

    package func write(to out: inout [UInt8]) {
        out.appendJSONObject { o in
            if let id { o.value("id", id) }
            o.fields(8) { f in
                f.number("width", width)
                f.number("height", height)
                f.number("exact_width", exactWidth)
                f.number("exact_height", exactHeight)
                f.int("line_count", lineCount)
                f.number("natural_width", naturalWidth)
                f.number("min_content_width", minContentWidth)
                f.bool("truncated", truncated)
            }
            if let same = sameLinesWidths {
                o.object("same_lines_widths") { w in
                    w.number("min", same.min)
                    if let max = same.max { w.number("max", max) } else { w.value("max", .null) }
                }
            }
            if let e = ellipsis {
                // What the cut line shows: where its visible text ends, the marker and where it goes.
                o.object("ellipsis") { w in
                    w.string("text", e.text)
                    w.number("x", e.x)
                    w.number("width", e.width)
                    w.int("line", e.line)
                    w.int("cut", e.cut)
                    w.array("visible", e.visible) { out, range in
                        JSONValue.array([.int(range.start), .int(range.end)]).write(to: &out)
                    }
                }
            }
            if !attachments.isEmpty {
                o.array("attachments", attachments) { out, a in
                    out.appendJSONObject { f in
                        f.int("offset", a.offset)
                        f.number("x", a.rect.x)
                        f.number("y", a.rect.y)
                        f.number("width", a.rect.width)
                        f.number("height", a.rect.height)
                    }
                }
            }
            guard withLines else { return }
            o.objects("lines", lines, fields: 7) { l, line in
                l.int("start", line.start)
                l.int("end", line.end)
                l.number("width", line.width)
                l.number("x", line.x)
                l.number("top", line.top)
                l.number("baseline", line.baseline)
                l.number("height", line.height)
            }
        }
    }

    /// One line of the answer: its range in the protocol's offsets and its box.
    struct Line: Sendable {
        var start: Int, end: Int
        var width: Double, x: Double, top: Double, baseline: Double, height: Double
    }

    /// The answer's `ellipsis` object: the marker, where it goes, and
    /// what the cut line keeps (offsets in the protocol's unit).
    struct Ellipsis: Sendable {
        var text: String
        var x: Double, width: Double
        var line: Int
        var cut: Int
        var visible: [(start: Int, end: Int)]
    }

    /// An inline attachment's frame in the answer (offset in the protocol's unit).
    struct Attachment: Sendable {
        var offset: Int
        var rect: LayoutRect
    }
}
