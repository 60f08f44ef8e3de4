import ArgumentParser
import Foundation
import TypesetBatch
import Typeset
import TypesetEntities
import TypesetCells

/// `measure render`: a layout as an SVG picture, for people who would rather
/// look than read numbers.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a layout as SVG: line boxes, baselines, glyph outlines and the width limit.",
        discussion: """
        Takes the same text, font and width options as `measure text` and draws what
        it measures: a light box per line with its baseline, every glyph from its
        outline (colour emoji, which have none, as rounded placeholders of their
        advance), the ellipsis of a cut line where the layout puts it, the boxes of
        --attachments, a dashed line at --width, and with --entities the hashtags,
        mentions, links and cashtags as coloured rectangles. A caption under the
        picture gives the size and line count. Lengths in the SVG are CSS px;
        --zoom only scales its displayed size.

        Examples:
          measure render "Hello world" --width 60 --out hello.svg
          measure render "Hi @jack, #swift: example.com" --entities --out post.svg
          measure render "مرحبا 👋" --font "Noto Sans Arabic" --out - > rtl.svg
          measure render "Verified ￼ badge" --out badge.svg \\
              --attachments '[{"offset": 9, "width": 16, "height": 16}]'
          rsvg-convert hello.svg > hello.png     # then look at the PNG
        """)

    @OptionGroup var options: LayoutOptions

    @Option(help: ArgumentHelp("The SVG file to write, or - for standard output.", valueName: "PATH"))
    var out: String

    @Flag(help: "Draw hashtags, mentions, links and cashtags as semi-transparent rectangles.")
    var entities = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Display size of one CSS px in the SVG (its width and height; the viewBox stays in CSS px).",
                               valueName: "FACTOR"))
    var zoom: Double = 2

    func validate() throws {
        guard zoom.isFinite, zoom > 0 else { throw ValidationError("--zoom must be a positive number") }
        guard !out.isEmpty else { throw ValidationError("--out must name a file, or - for standard output") }
    }

    func run() throws {
        let (text, request, typesetter, layout) = try options.layout()
        // The ellipsis is not among the layout's runs: lay it out on its own.
        var ellipsis: TextLayout? = nil
        if layout.isTruncated {
            var e = request
            e.text = request.paragraph.ellipsis
            e.width = nil
            e.paragraph.maxLines = nil
            ellipsis = try? e.measure(with: typesetter, files: FontFileCache(access: .anyPath))
        }
        let found = entities ? EntityDetector().entities(in: text) : []
        var drawing = LayoutSVG(text: text, layout: layout, ellipsis: ellipsis, entities: found, zoom: zoom)
        drawing.caption = Self.caption(layout: layout, request: request)
        let svg = drawing.render()
        if out == "-" {
            FileHandle.standardOutput.write(Data(svg.utf8))
            return
        }
        try writeFile(Data(svg.utf8), to: out, what: "the picture")
    }

    /// "Noto Sans 15 px, width 320: 81 × 20 px, 1 line"
    static func caption(layout: TextLayout, request: MeasureRequest) -> String {
        let size = layout.size(scale: request.scale)
        let fonts = request.fontFiles.isEmpty
            ? request.families.joined(separator: ", ")
            : request.fontFiles.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")
        let width = layout.constraintWidth.map { "width \(TextCommand.px($0))" } ?? "unbounded"
        let n = layout.lines.count
        return "\(fonts) \(TextCommand.px(request.size)) px, \(width): \(TextCommand.px(size.width)) × "
            + "\(TextCommand.px(size.height)) px, \(n) line\(n == 1 ? "" : "s")\(layout.isTruncated ? " (truncated)" : "")"
    }
}

/// Draws a layout as SVG. Everything is in CSS px inside a margin; only
/// `<path>` elements are glyphs (one per glyph with an outline).
struct LayoutSVG {
    var text: String
    var layout: TextLayout
    /// The ellipsis laid out alone, drawn after the content of a truncated line.
    var ellipsis: TextLayout?
    var entities: [Entity] = []
    var zoom = 2.0
    var margin = 12.0
    var caption: String? = nil

    static let entityColours: [EntityKind: String] = [
        .hashtag: "#1d9bf0", .mention: "#00a86b", .url: "#8a2be2", .cashtag: "#f08c00",
    ]

    func render() -> String {
        let utf16 = Array(text.utf16)
        let limit = layout.constraintWidth
        let contentWidth = max(layout.exactWidth, limit ?? 0, 1)
        let captionHeight = caption == nil ? 0.0 : 16
        // Wide enough for the caption too (about 5 px per character at 9 px).
        let width = max(contentWidth, Double(caption?.count ?? 0) * 5) + 2 * margin
        let height = max(layout.exactHeight, 1) + 2 * margin + captionHeight
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width * zoom))" height="\(f(height * zoom))" \
            viewBox="0 0 \(f(width)) \(f(height))">

            """
        out += "<title>\(Self.escape(text))</title>\n"
        if let caption { out += "<desc>\(Self.escape(caption))</desc>\n" }
        out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        out += "<g transform=\"translate(\(f(margin)) \(f(margin)))\">\n"

        // Line boxes and baselines under everything.
        out += "<g class=\"lines\">\n"
        for line in layout.lines {
            out += "<rect x=\"\(f(line.x))\" y=\"\(f(line.top))\" width=\"\(f(line.width))\" height=\"\(f(line.height))\" "
                + "fill=\"#e8f0fe\" stroke=\"#c6d6f5\" stroke-width=\"0.5\"/>\n"
            out += "<line x1=\"\(f(line.x))\" y1=\"\(f(line.baseline))\" x2=\"\(f(line.x + line.width))\" y2=\"\(f(line.baseline))\" "
                + "stroke=\"#e8508c\" stroke-width=\"0.5\"/>\n"
        }
        out += "</g>\n"

        // Entities behind the glyphs, semi-transparent.
        if !entities.isEmpty {
            out += "<g class=\"entities\" fill-opacity=\"0.25\" stroke-opacity=\"0.8\" stroke-width=\"0.5\">\n"
            for entity in entities {
                let colour = Self.entityColours[entity.kind] ?? "#888888"
                let label = Self.escape("\(entity.kind.rawValue): \(String(decoding: utf16[Self.clamp(entity.utf16Range, utf16.count)], as: UTF16.self))")
                for r in layout.rects(forUTF16Range: entity.utf16Range) {
                    out += "<rect x=\"\(f(r.x))\" y=\"\(f(r.y))\" width=\"\(f(r.width))\" height=\"\(f(r.height))\" "
                        + "fill=\"\(colour)\" stroke=\"\(colour)\"><title>\(label)</title></rect>\n"
                }
            }
            out += "</g>\n"
        }

        // Inline attachments (--attachments): the boxes the text made room for.
        let boxes = layout.attachmentFrames()
        if !boxes.isEmpty {
            out += "<g class=\"attachments\" fill=\"#f1f3f4\" stroke=\"#5f6368\" stroke-width=\"0.5\" stroke-dasharray=\"2 1\">\n"
            for box in boxes {
                let r = box.rect
                out += "<rect x=\"\(f(r.x))\" y=\"\(f(r.y))\" width=\"\(f(r.width))\" height=\"\(f(r.height))\">"
                    + "<title>attachment at \(box.utf16Offset)</title></rect>\n"
            }
            out += "</g>\n"
        }

        // Glyphs.
        out += "<g class=\"glyphs\" fill=\"#111111\">\n"
        for line in layout.lines {
            for run in layout.visualRuns(of: line) {
                out += glyphs(layout.glyphs(of: run, on: line), run: run, utf16: utf16, dx: 0, dy: 0)
            }
            // The ellipsis where the layout puts it: after the kept text, on
            // its left in a right-to-left paragraph.
            if line.hasEllipsis, let ellipsis, let eLine = ellipsis.lines.first, let truncation = layout.truncation {
                let eText = Array(ellipsis.text(of: eLine).utf16)
                out += "<g class=\"ellipsis\" data-x=\"\(f(truncation.ellipsisX))\">\n"
                for run in ellipsis.visualRuns(of: eLine) {
                    out += glyphs(ellipsis.glyphs(of: run, on: eLine), run: run, utf16: eText,
                                  dx: truncation.ellipsisX - eLine.x, dy: line.baseline - eLine.baseline)
                }
                out += "</g>\n"
            }
        }
        out += "</g>\n"

        // The width limit.
        if let limit {
            out += "<line x1=\"\(f(limit))\" y1=\"\(f(-margin))\" x2=\"\(f(limit))\" y2=\"\(f(layout.exactHeight + margin / 2))\" "
                + "stroke=\"#d93025\" stroke-width=\"0.75\" stroke-dasharray=\"3 2\"/>\n"
        }
        out += "</g>\n"
        if let caption {
            out += "<text x=\"\(f(margin))\" y=\"\(f(height - margin / 2 - 2))\" font-family=\"sans-serif\" font-size=\"9\" "
                + "fill=\"#666666\">\(Self.escape(caption))</text>\n"
        }
        out += "</svg>\n"
        return out
    }

    /// One run's glyphs: outlines as paths, colour bitmap glyphs as
    /// placeholders, in a group that names the run's face and size (its
    /// `<title>` and `data-font`/`data-size`), so each span's font shows.
    private func glyphs(_ glyphs: [PositionedGlyph], run: VisualRun, utf16: [UInt16], dx: Double, dy: Double) -> String {
        let font = "\(run.face.familyName) \(run.face.styleName)"
        var out = "<g data-font=\"\(Self.escape(font))\" data-size=\"\(f(run.fontSize))\"><title>"
            + "\(Self.escape(font)) \(f(run.fontSize)) px</title>\n"
        // Cluster ends, for the placeholders' titles: the next cluster start in logical order.
        let starts = Set(glyphs.map(\.utf16Offset)).sorted()
        func clusterText(_ start: Int) -> String {
            let i = starts.firstIndex(of: start)!
            let end = i + 1 < starts.count ? starts[i + 1] : run.utf16Range.upperBound
            return String(decoding: utf16[Self.clamp(start..<max(start, end), utf16.count)], as: UTF16.self)
        }
        for (i, g) in glyphs.enumerated() {
            let x = g.x + dx, y = g.y + dy
            if run.face.isColorBitmap {
                // No outline: a rounded rectangle as wide as the glyph's advance.
                let next = i + 1 < glyphs.count ? glyphs[i + 1].x : run.x + run.width
                let advance = next - g.x
                if advance < 0.01 { continue }  // a zero-width glyph of a sequence
                let top = y - run.fontSize * 0.9, h = run.fontSize * 1.1
                out += "<rect x=\"\(f(x + 0.5))\" y=\"\(f(top))\" width=\"\(f(max(advance - 1, 0.5)))\" height=\"\(f(h))\" "
                    + "rx=\"\(f(run.fontSize * 0.2))\" fill=\"#ffd23f\" fill-opacity=\"0.6\" stroke=\"#c79100\" stroke-width=\"0.5\">"
                    + "<title>\(Self.escape(clusterText(g.utf16Offset)))</title></rect>\n"
                continue
            }
            let d = run.face.svgPath(glyph: g.glyphID, size: run.fontSize)
            if d.isEmpty { continue }  // spaces
            out += "<path d=\"\(d)\" transform=\"translate(\(f(x)) \(f(y)))\"/>\n"
        }
        return out + "</g>\n"
    }

    private static func clamp(_ r: Range<Int>, _ count: Int) -> Range<Int> {
        min(max(0, r.lowerBound), count)..<min(max(0, r.upperBound), count)
    }

    /// A number for an attribute: at most 3 decimals, no trailing zeros.
    private func f(_ v: Double) -> String { Self.format(v) }

    static func format(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        let r = (v * 1000).rounded() / 1000
        if r == r.rounded() && abs(r) < 1e15 { return String(Int(r)) }
        var s = String(format: "%.3f", r)
        while s.hasSuffix("0") { s.removeLast() }
        return s
    }

    /// Text for XML content or attributes: markup characters escaped, and
    /// characters XML 1.0 cannot hold (C0 controls but tab, LF and CR; U+FFFE,
    /// U+FFFF) replaced with U+FFFD.
    static func escape(_ s: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(s.unicodeScalars.count)
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(u)
            case _ where u.value < 0x20 || u.value == 0xFFFE || u.value == 0xFFFF:
                out += "\u{FFFD}"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }
}
