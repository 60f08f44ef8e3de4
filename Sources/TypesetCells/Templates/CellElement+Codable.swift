import Typeset
import TypesetEntities

/// The JSON form of an element: one object whose `kind` is `text`, `box`,
/// `row` or `column`. Fields use snake_case; an unknown kind or a field the
/// kind does not have is an error that names it.
///
/// ```json
/// {"kind": "column", "name": "main", "spacing": 4, "padding": {"horizontal": 12, "vertical": 8},
///  "children": [
///    {"kind": "box", "name": "avatar", "width": 48, "height": 48},
///    {"kind": "text", "name": "body", "key": "body", "max_lines": 6, "entities": true, "width": "fill",
///     "style": {"font_family": ["Noto Sans"], "font_size": 15}},
///    {"kind": "text", "name": "more", "text": "Show more", "visible_when": {"truncated": "body"}}
///  ]}
/// ```
///
/// Common fields: `name`, `width`, `max_width`, `min_height`, `padding`,
/// `spacing_before`, `priority`, `align_self`, `align_self_when`,
/// `visible_when`. Text: one of `key`, `text` (literal) or `parts` (array of
/// `{"key"|"text": …, "style": {overrides}}` and inline boxes
/// `{"attachment": {"name", "width", "height", "vertical_align", "present"}}`,
/// see ``CellInlineAttachment``), and `style`, `max_lines`,
/// `ellipsis`, `single_line`, `entities`, `omit_when_empty`, `align`,
/// `white_space`, `word_break`, `text_wrap`, `direction`, `text_box_trim`,
/// `text_box_edge`; a `style` holds the package's
/// text-style fields (``CellTextStyle``: `font_family`, `font_size`, … as in
/// batch requests). Box: `height` (px) or
/// `aspect_ratio` (a number, or a string naming the model's key). Row and
/// column: `children`, `spacing`, `alignment`.
extension CellElement: Codable {
    enum Key: String, CodingKey, CaseIterable {
        case kind, name, width, padding, priority
        case maxWidth = "max_width", minHeight = "min_height", spacingBefore = "spacing_before"
        case alignSelf = "align_self", alignSelfWhen = "align_self_when", visibleWhen = "visible_when"
        case key, text, parts, style, ellipsis, entities, align, direction
        case maxLines = "max_lines", singleLine = "single_line", omitWhenEmpty = "omit_when_empty"
        case whiteSpace = "white_space", wordBreak = "word_break", textWrap = "text_wrap"
        case textBoxTrim = "text_box_trim", textBoxEdge = "text_box_edge"
        case height, aspectRatio = "aspect_ratio"
        case spacing, alignment, children
    }

    private static let commonKeys: [Key] = [.kind, .name, .width, .maxWidth, .minHeight, .padding, .spacingBefore,
                                            .priority, .alignSelf, .alignSelfWhen, .visibleWhen]
    private static let textKeys: [Key] = [.key, .text, .parts, .style, .maxLines, .ellipsis, .singleLine, .entities,
                                          .omitWhenEmpty, .align, .whiteSpace, .wordBreak, .textWrap, .direction,
                                          .textBoxTrim, .textBoxEdge]
    private static let boxKeys: [Key] = [.height, .aspectRatio]
    private static let stackKeys: [Key] = [.spacing, .alignment, .children]
    /// The element kinds JSON knows.
    public static let jsonKinds = ["text", "box", "row", "column"]

    private enum PartKey: String, CodingKey, CaseIterable { case key, text, attachment, style }
    private enum AttachmentKey: String, CodingKey, CaseIterable {
        case name, width, height, present
        case verticalAlign = "vertical_align"
    }

    /// An inline attachment part: `name`, `width`, `height` (px),
    /// `vertical_align` (baseline, middle, text-top, text-bottom) and `present`.
    private static func attachment(from decoder: any Decoder) throws -> CellInlineAttachment {
        let o = try decoder.container(keyedBy: AttachmentKey.self)
        try CellJSON.rejectUnknownKeys(decoder, allowed: AttachmentKey.allCases.map(\.rawValue), what: "an attachment")
        var align = TextAttachment.VerticalAlignment.baseline
        if let v = try o.decodeIfPresent(String.self, forKey: .verticalAlign) {
            guard let a = TextAttachment.VerticalAlignment(rawValue: v) else {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: decoder.codingPath,
                    debugDescription: "vertical_align must be one of \(TextAttachment.VerticalAlignment.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(v)\""))
            }
            align = a
        }
        return CellInlineAttachment(
            name: try o.decodeIfPresent(String.self, forKey: .name),
            TextAttachment(width: try o.decode(Double.self, forKey: .width), height: try o.decode(Double.self, forKey: .height),
                           verticalAlignment: align),
            presentKey: try o.decodeIfPresent(String.self, forKey: .present))
    }

    /// Decodes an element, rejecting unknown kinds and fields by name.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        guard c.contains(.kind) else {
            throw DecodingError.keyNotFound(Key.kind, .init(
                codingPath: decoder.codingPath,
                debugDescription: "an element needs a \"kind\" (\(Self.jsonKinds.joined(separator: ", ")))"))
        }
        let kind = try c.decode(String.self, forKey: .kind)
        let kindKeys: [Key]
        switch kind {
        case "text": kindKeys = Self.textKeys
        case "box": kindKeys = Self.boxKeys
        case "row", "column": kindKeys = Self.stackKeys
        default:
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath + [Key.kind],
                debugDescription: "unknown element kind \"\(kind)\" (expected \(Self.jsonKinds.joined(separator: ", ")))"))
        }
        try CellJSON.rejectUnknownKeys(decoder, allowed: (Self.commonKeys + kindKeys).map(\.rawValue),
                                       what: "a \(kind) element")

        let content: Content
        switch kind {
        case "text": content = .text(try Self.decodeText(c, decoder: decoder))
        case "box":
            let height: CellBoxHeight
            switch (c.contains(.height), c.contains(.aspectRatio)) {
            case (true, false): height = .points(try c.decode(Double.self, forKey: .height))
            case (false, true):
                if let key = try? c.decode(String.self, forKey: .aspectRatio) { height = .aspectRatioKey(key) }
                else { height = .aspectRatio(try c.decode(Double.self, forKey: .aspectRatio)) }
            default:
                throw DecodingError.dataCorrupted(.init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a box needs exactly one of \"height\" (px) and \"aspect_ratio\" (a number or a model key)"))
            }
            content = .box(CellBox(height: height))
        default:
            guard c.contains(.children) else {
                throw DecodingError.keyNotFound(Key.children, .init(
                    codingPath: decoder.codingPath, debugDescription: "a \(kind) needs \"children\""))
            }
            content = .stack(CellStack(
                axis: kind == "row" ? .horizontal : .vertical,
                spacing: try c.decodeIfPresent(Double.self, forKey: .spacing) ?? 0,
                alignment: try c.decodeIfPresent(CellAlignment.self, forKey: .alignment) ?? .start,
                children: try c.decode([CellElement].self, forKey: .children)))
        }
        self.init(name: try c.decodeIfPresent(String.self, forKey: .name), content: content,
                  width: try c.decodeIfPresent(CellLength.self, forKey: .width),
                  maxWidth: try c.decodeIfPresent(CellLength.self, forKey: .maxWidth),
                  minHeight: try c.decodeIfPresent(Double.self, forKey: .minHeight) ?? 0,
                  padding: try c.decodeIfPresent(CellInsets.self, forKey: .padding) ?? .zero,
                  spacingBefore: try c.decodeIfPresent(Double.self, forKey: .spacingBefore),
                  priority: try c.decodeIfPresent(Int.self, forKey: .priority) ?? 0,
                  alignSelf: try c.decodeIfPresent(CellAlignment.self, forKey: .alignSelf),
                  alignSelfWhen: try c.decodeIfPresent(CellConditionalAlignment.self, forKey: .alignSelfWhen),
                  visibleWhen: try c.decodeIfPresent(CellCondition.self, forKey: .visibleWhen))
    }

    private static func decodeText(_ c: KeyedDecodingContainer<Key>, decoder: any Decoder) throws -> CellText {
        let style = c.contains(.style)
            ? try CellTextStyle.decode(from: try c.superDecoder(forKey: .style), base: CellTextStyle())
            : CellTextStyle()
        let sources = [Key.key, .text, .parts].filter { c.contains($0) }
        guard sources.count == 1 else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "a text needs exactly one of \"key\" (a model key), \"text\" (fixed text) and \"parts\""))
        }
        var parts: [CellTextPart] = []
        switch sources[0] {
        case .key: parts = [.key(try c.decode(String.self, forKey: .key))]
        case .text: parts = [.literal(try c.decode(String.self, forKey: .text))]
        default:
            var list = try c.nestedUnkeyedContainer(forKey: .parts)
            while !list.isAtEnd {
                let partDecoder = try list.superDecoder()
                let p = try partDecoder.container(keyedBy: PartKey.self)
                try CellJSON.rejectUnknownKeys(partDecoder, allowed: PartKey.allCases.map(\.rawValue), what: "a text part")
                let source: CellTextPart.Source
                switch (p.contains(.key), p.contains(.text), p.contains(.attachment)) {
                case (true, false, false): source = .key(try p.decode(String.self, forKey: .key))
                case (false, true, false): source = .literal(try p.decode(String.self, forKey: .text))
                case (false, false, true): source = .attachment(try Self.attachment(from: try p.superDecoder(forKey: .attachment)))
                default:
                    throw DecodingError.dataCorrupted(.init(
                        codingPath: partDecoder.codingPath,
                        debugDescription: "a text part needs exactly one of \"key\", \"text\" and \"attachment\""))
                }
                let partStyle = p.contains(.style)
                    ? try CellTextStyle.decode(from: try p.superDecoder(forKey: .style), base: style) : nil
                parts.append(CellTextPart(source, style: partStyle))
            }
        }
        var maxLines: Int? = nil
        if let n = try c.decodeIfPresent(Int.self, forKey: .maxLines) { maxLines = n }
        var text = CellText(
            parts: parts, style: style, maxLines: maxLines,
            ellipsis: try c.decodeIfPresent(String.self, forKey: .ellipsis) ?? "\u{2026}",
            singleLine: try c.decodeIfPresent(Bool.self, forKey: .singleLine) ?? false,
            detectEntities: try c.decodeIfPresent(Bool.self, forKey: .entities) ?? false,
            omitWhenEmpty: try c.decodeIfPresent(Bool.self, forKey: .omitWhenEmpty) ?? true,
            alignment: try enumValue(c, .align, ParagraphStyle.Alignment.self) ?? .start,
            whiteSpace: try enumValue(c, .whiteSpace, ParagraphStyle.WhiteSpace.self) ?? .normal,
            wordBreak: try enumValue(c, .wordBreak, ParagraphStyle.WordBreak.self) ?? .normal,
            direction: try enumValue(c, .direction, ParagraphStyle.Direction.self) ?? .auto,
            textWrap: try enumValue(c, .textWrap, ParagraphStyle.TextWrap.self) ?? .wrap)
        text.textBoxTrim = try enumValue(c, .textBoxTrim, TextBoxTrim.self) ?? .none
        if let edge = try c.decodeIfPresent(String.self, forKey: .textBoxEdge) {
            do { text.textBoxEdge = try TextBoxEdge(css: edge) } catch {
                throw DecodingError.dataCorruptedError(forKey: .textBoxEdge, in: c, debugDescription: "\(error)")
            }
        }
        return text
    }

    private static func enumValue<E: RawRepresentable & CaseIterable>(
        _ c: KeyedDecodingContainer<Key>, _ key: Key, _: E.Type
    ) throws -> E? where E.RawValue == String {
        guard let s = try c.decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let v = E(rawValue: s) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: c,
                debugDescription: "\"\(s)\" is not one of \(E.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return v
    }

    /// Encodes the fields that differ from their defaults.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(kindName, forKey: .kind)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encodeIfPresent(width, forKey: .width)
        try c.encodeIfPresent(maxWidth, forKey: .maxWidth)
        if minHeight != 0 { try c.encode(minHeight, forKey: .minHeight) }
        if padding != .zero { try c.encode(padding, forKey: .padding) }
        try c.encodeIfPresent(spacingBefore, forKey: .spacingBefore)
        if priority != 0 { try c.encode(priority, forKey: .priority) }
        try c.encodeIfPresent(alignSelf, forKey: .alignSelf)
        try c.encodeIfPresent(alignSelfWhen, forKey: .alignSelfWhen)
        try c.encodeIfPresent(visibleWhen, forKey: .visibleWhen)
        switch content {
        case .text(let t):
            try c.encode(t.style, forKey: .style)
            if t.parts.count == 1, t.parts[0].style == nil, case .key(let k) = t.parts[0].source {
                try c.encode(k, forKey: .key)
            } else if t.parts.count == 1, t.parts[0].style == nil, case .literal(let s) = t.parts[0].source {
                try c.encode(s, forKey: .text)
            } else {
                var list = c.nestedUnkeyedContainer(forKey: .parts)
                for part in t.parts {
                    var p = list.nestedContainer(keyedBy: PartKey.self)
                    switch part.source {
                    case .key(let k): try p.encode(k, forKey: .key)
                    case .literal(let s): try p.encode(s, forKey: .text)
                    case .attachment(let a):
                        var o = p.nestedContainer(keyedBy: AttachmentKey.self, forKey: .attachment)
                        try o.encodeIfPresent(a.name, forKey: .name)
                        try o.encode(a.attachment.width, forKey: .width)
                        try o.encode(a.attachment.height, forKey: .height)
                        if a.attachment.verticalAlignment != .baseline {
                            try o.encode(a.attachment.verticalAlignment.rawValue, forKey: .verticalAlign)
                        }
                        try o.encodeIfPresent(a.presentKey, forKey: .present)
                    }
                    try p.encodeIfPresent(part.style, forKey: .style)
                }
            }
            try c.encodeIfPresent(t.maxLines, forKey: .maxLines)
            if t.ellipsis != "\u{2026}" { try c.encode(t.ellipsis, forKey: .ellipsis) }
            if t.singleLine { try c.encode(true, forKey: .singleLine) }
            if t.detectEntities { try c.encode(true, forKey: .entities) }
            if !t.omitWhenEmpty { try c.encode(false, forKey: .omitWhenEmpty) }
            if t.alignment != .start { try c.encode(t.alignment.rawValue, forKey: .align) }
            if t.whiteSpace != .normal { try c.encode(t.whiteSpace.rawValue, forKey: .whiteSpace) }
            if t.wordBreak != .normal { try c.encode(t.wordBreak.rawValue, forKey: .wordBreak) }
            if t.textWrap != .wrap { try c.encode(t.textWrap.rawValue, forKey: .textWrap) }
            if t.direction != .auto { try c.encode(t.direction.rawValue, forKey: .direction) }
            if t.textBoxTrim != .none { try c.encode(t.textBoxTrim.rawValue, forKey: .textBoxTrim) }
            if t.textBoxEdge != .auto { try c.encode(t.textBoxEdge.css, forKey: .textBoxEdge) }
        case .box(let b):
            switch b.height {
            case .points(let h): try c.encode(h, forKey: .height)
            case .aspectRatio(let r): try c.encode(r, forKey: .aspectRatio)
            case .aspectRatioKey(let k): try c.encode(k, forKey: .aspectRatio)
            }
        case .stack(let s):
            if s.spacing != 0 { try c.encode(s.spacing, forKey: .spacing) }
            if s.alignment != .start { try c.encode(s.alignment, forKey: .alignment) }
            try c.encode(s.children, forKey: .children)
        }
    }
}
