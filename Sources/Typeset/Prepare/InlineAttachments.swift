// Pipeline stage: Prepare.
// In: the attachments of an AttributedText, the processed text and the style of each unit.
// Out: each attachment's unit, width and inline box, which segments, advances and layouts use.

/// An attachment as a prepared text holds it: the processed unit of its
/// U+FFFC, its advance and its box about the baseline.
struct PlacedAttachment: Sendable, Hashable {
    /// Processed offset of the U+FFFC.
    var unit: Int32
    /// The advance, 1/65536 px.
    var advance: Int64
    /// The box above and below the baseline, px (CSS `vertical-align`).
    var ascent: Double
    var descent: Double
}

/// Attachments in a prepared text (see ``TextAttachment``).
enum InlineAttachments {
    /// The text's attachments in processed order, each box placed by its
    /// vertical alignment against the style of the run it sits in (that
    /// style's primary font: its rounded ascent and descent, its x-height).
    /// - Throws: ``TypesetError/invalidAttachment(utf16Offset:reason:)`` for
    ///   an attachment not at a U+FFFC, or of a size that is not finite and
    ///   non-negative.
    /// - Parameters:
    ///   - attachments: the text's (`AttributedText.attachments`), by source UTF-16 offset.
    ///   - sourceUnits: the text's UTF-16 units.
    static func prepare(_ attachments: [Int: TextAttachment], scale: Double, sourceUnits: [UInt16],
                        processed: WhiteSpaceProcessor, styled: StyledText) throws -> [PlacedAttachment] {
        guard !attachments.isEmpty else { return [] }
        let styleOfUnit = styled.styleOfUnit, styles = styled.styles, stacks = styled.stacks
        var out: [PlacedAttachment] = []
        var placed = 0
        for (p, u) in processed.units.enumerated() where u == 0xFFFC {
            let source = processed.sourceOffset(p)
            guard let given = attachments[source] else { continue }
            guard given.width.isFinite, given.height.isFinite, given.width >= 0, given.height >= 0,
                  given.width * scale < 32768 else {
                let size = "\(given.width) × \(given.height)"
                throw TypesetError.invalidAttachment(
                    utf16Offset: source,
                    reason: "its size \(size) must be finite, not negative, and narrower than \(Int(32768 / scale)) px")
            }
            // In device pixels, as the styles are (see `PrepareSession.scale`).
            var a = given
            a.width *= scale
            a.height *= scale
            let style = styles[Int(styleOfUnit[p])]
            let primary = stacks[Int(styleOfUnit[p])].faces[0]
            let (ascent, descent) = box(a, style: style, primary: primary)
            out.append(PlacedAttachment(unit: Int32(p), advance: Int64((a.width * 65536).rounded()),
                                          ascent: ascent, descent: descent))
            placed += 1
        }
        if placed < attachments.count {
            let stray = attachments.keys.sorted().first { $0 < 0 || $0 >= sourceUnits.count || sourceUnits[$0] != 0xFFFC } ?? 0
            throw TypesetError.invalidAttachment(utf16Offset: stray, reason: "the text has no U+FFFC there")
        }
        return out
    }

    /// The box about the baseline of an attachment in text of `style`.
    static func box(_ a: TextAttachment, style: TextStyle, primary: FontFace) -> (ascent: Double, descent: Double) {
        let m = primary.metrics.rounded(atSize: style.size)
        switch a.verticalAlignment {
        case .baseline: return (a.height, 0)
        case .textTop: return (m.ascent, a.height - m.ascent)
        case .textBottom: return (a.height - m.descent, m.descent)
        case .middle:
            // The shift is in layout units (1/64 px, rounded), as Chromium keeps it.
            let ascent = ((a.height / 2 + primary.xHeight * style.size / 2) * 64).rounded() / 64
            return (ascent, a.height - ascent)
        }
    }

    /// Sets each attachment's unit advance to its width.
    static func apply(_ attachments: [PlacedAttachment], to advances: inout [Int32]) {
        for a in attachments { advances[Int(a.unit)] = Int32(clamping: a.advance) }
    }
}
