import Typeset
import TypesetEntities

/// One element of a cell description: a text block, a fixed-size box, or a
/// row or column of elements. Elements with a name get a frame in every
/// ``CellLayout``; text elements must have one.
///
/// Build elements with the static constructors (`.text`, `.box`, `.row`,
/// `.column`) and modifiers (`.padding`, `.width`, `.visible(when:)` …), or
/// decode them from JSON (see ``CellTemplate``).
public struct CellElement: Sendable, Hashable {
    /// The name frames and texts are reported under; unique in a template.
    public var name: String?
    /// What the element is.
    public var content: Content
    /// How wide the element is; nil for its kind's default (texts hug, boxes,
    /// rows and columns fill).
    public var width: CellLength?
    /// An upper bound on the width (`.points` or `.fraction` of the offered width).
    public var maxWidth: CellLength?
    /// The least height of the frame, in px.
    public var minHeight: Double
    /// Space between the frame and the content.
    public var padding: CellInsets
    /// The gap before this element in its stack instead of the stack's spacing.
    /// Omitted elements take it with them.
    public var spacingBefore: Double?
    /// In a row, elements of higher priority are measured first and those of
    /// lower priority get the width that is left (and truncate first). `.fill`
    /// elements always come last. Default 0.
    public var priority: Int
    /// Where the element sits across its stack's axis, nil for the stack's alignment.
    public var alignSelf: CellAlignment?
    /// An alignment that replaces `alignSelf` when a condition holds (an
    /// outgoing chat bubble on the right).
    public var alignSelfWhen: CellConditionalAlignment?
    /// Show the element only when this holds; nil for always (texts are still
    /// omitted when empty, stacks when all their children are).
    public var visibleWhen: CellCondition?

    /// The kinds of element.
    public enum Content: Sendable, Hashable {
        /// A text block.
        case text(CellText)
        /// A box of fixed or proportional size (an avatar, an image, a bar).
        case box(CellBox)
        /// A row or column of elements.
        case stack(CellStack)
    }

    /// An element; the static constructors are usually more convenient.
    public init(name: String?, content: Content, width: CellLength? = nil, maxWidth: CellLength? = nil,
                minHeight: Double = 0, padding: CellInsets = .zero, spacingBefore: Double? = nil, priority: Int = 0,
                alignSelf: CellAlignment? = nil, alignSelfWhen: CellConditionalAlignment? = nil,
                visibleWhen: CellCondition? = nil) {
        self.name = name
        self.content = content
        self.width = width
        self.maxWidth = maxWidth
        self.minHeight = minHeight
        self.padding = padding
        self.spacingBefore = spacingBefore
        self.priority = priority
        self.alignSelf = alignSelf
        self.alignSelfWhen = alignSelfWhen
        self.visibleWhen = visibleWhen
    }

    /// The width used when `width` is nil.
    public var defaultWidth: CellLength {
        if case .text = content { return .hug }
        return .fill
    }

    /// The JSON `kind`: "text", "box", "row" or "column".
    public var kindName: String {
        switch content {
        case .text: return "text"
        case .box: return "box"
        case .stack(let s): return s.axis == .horizontal ? "row" : "column"
        }
    }
}

/// A text block: parts from the model or the template, a style, and
/// paragraph options.
public struct CellText: Sendable, Hashable {
    /// The pieces of the text, concatenated (a bold actor, a space, the rest).
    public var parts: [CellTextPart]
    /// The style of parts without their own, and the paragraph's strut.
    public var style: CellTextStyle
    /// At most this many lines; the last ends with `ellipsis` when cut. Nil: no limit.
    public var maxLines: Int?
    /// The truncation marker.
    public var ellipsis: String
    /// One line, never wrapped (a name, a button title, a time stamp): CSS
    /// `white-space: nowrap; overflow: hidden; text-overflow: ellipsis`. The
    /// element is as wide as the text; if that is more than it is offered, it
    /// takes the offered width and the line is cut there at a grapheme with
    /// the ellipsis ("Jean-B…"; on the left in right-to-left text).
    public var singleLine: Bool
    /// Find hashtags, mentions, cashtags and URLs (unless the model supplies
    /// entities) and report their rectangles.
    public var detectEntities: Bool
    /// Omit the element when every part taken from the model is empty (default).
    public var omitWhenEmpty: Bool
    /// CSS `text-align`.
    public var alignment: ParagraphStyle.Alignment
    /// CSS `white-space`.
    public var whiteSpace: ParagraphStyle.WhiteSpace
    /// CSS `word-break`.
    public var wordBreak: ParagraphStyle.WordBreak
    /// CSS `text-wrap-style`: `.balance` for titles and headlines, `.pretty`
    /// for posts (no short word alone on the last line).
    public var textWrap: ParagraphStyle.TextWrap
    /// The paragraph's base direction.
    public var direction: ParagraphStyle.Direction
    /// CSS `text-box-trim` (default `.none`): the frame's top and bottom
    /// trimmed to ``textBoxEdge`` (its first line's cap height and last
    /// line's baseline for `.trimBoth` with `cap alphabetic`, as design
    /// tools draw text boxes); the frame's height and baseline follow.
    public var textBoxTrim: TextBoxTrim = .none
    /// CSS `text-box-edge` (default `.auto`).
    public var textBoxEdge: TextBoxEdge = .auto

    /// A text block; only the parts are required.
    public init(parts: [CellTextPart], style: CellTextStyle = CellTextStyle(), maxLines: Int? = nil,
                ellipsis: String = "\u{2026}", singleLine: Bool = false, detectEntities: Bool = false,
                omitWhenEmpty: Bool = true, alignment: ParagraphStyle.Alignment = .start,
                whiteSpace: ParagraphStyle.WhiteSpace = .normal, wordBreak: ParagraphStyle.WordBreak = .normal,
                direction: ParagraphStyle.Direction = .auto, textWrap: ParagraphStyle.TextWrap = .wrap) {
        self.parts = parts
        self.style = style
        self.maxLines = maxLines
        self.ellipsis = ellipsis
        self.singleLine = singleLine
        self.detectEntities = detectEntities
        self.omitWhenEmpty = omitWhenEmpty
        self.alignment = alignment
        self.whiteSpace = whiteSpace
        self.wordBreak = wordBreak
        self.textWrap = textWrap
        self.direction = direction
    }
}

/// One piece of a text block.
public struct CellTextPart: Sendable, Hashable {
    /// Where a part's characters come from.
    public enum Source: Sendable, Hashable {
        /// The model's text for a key (missing: empty).
        case key(String)
        /// Fixed text in the template ("Show more", a separator).
        case literal(String)
        /// An inline box (a verified badge after a name): a U+FFFC carrying
        /// a `TextAttachment`, with a frame of its own when named.
        case attachment(CellInlineAttachment)
    }

    /// Where the characters come from.
    public var source: Source
    /// The part's style; nil for the text block's.
    public var style: CellTextStyle?

    /// A part.
    public init(_ source: Source, style: CellTextStyle? = nil) {
        self.source = source
        self.style = style
    }

    /// A part from the model's text for `key`.
    public static func key(_ key: String, style: CellTextStyle? = nil) -> CellTextPart {
        CellTextPart(.key(key), style: style)
    }

    /// A fixed part.
    public static func literal(_ text: String, style: CellTextStyle? = nil) -> CellTextPart {
        CellTextPart(.literal(text), style: style)
    }

    /// An inline box (its style is the text it sits in).
    public static func attachment(_ attachment: CellInlineAttachment, style: CellTextStyle? = nil) -> CellTextPart {
        CellTextPart(.attachment(attachment), style: style)
    }
}

/// An inline box in a text: a verified badge after a name, a custom emoji
/// image. It breaks and aligns as a `TextAttachment`; a named one gets a
/// frame in every ``CellLayout`` where it is shown.
///
/// JSON, as a text part: `{"attachment": {"name": "badge", "width": 16,
/// "height": 16, "vertical_align": "middle", "present": "verified"}}`.
public struct CellInlineAttachment: Sendable, Hashable {
    /// The name its frame is reported under (unique in the template), or nil.
    public var name: String?
    /// The box's size and vertical alignment.
    public var attachment: TextAttachment
    /// Shown only when the model's text for this key is not empty; nil: always.
    public var presentKey: String?

    /// An inline box.
    public init(name: String? = nil, _ attachment: TextAttachment, presentKey: String? = nil) {
        self.name = name
        self.attachment = attachment
        self.presentKey = presentKey
    }
}

/// A box: an avatar, an image, an action bar.
public struct CellBox: Sendable, Hashable {
    /// How tall the box is.
    public var height: CellBoxHeight

    /// A box of the given height.
    public init(height: CellBoxHeight) { self.height = height }
}

/// The height of a box.
public enum CellBoxHeight: Sendable, Hashable {
    /// A fixed height in px.
    case points(Double)
    /// Width divided by this ratio (16/9 for a wide image), in 1/64 px.
    case aspectRatio(Double)
    /// Width divided by the model's number for this key; the box is omitted
    /// when the model has no positive number there.
    case aspectRatioKey(String)
}

/// A row or a column.
public struct CellStack: Sendable, Hashable {
    /// Rows place children left to right, columns top to bottom.
    public var axis: CellAxis
    /// The gap between consecutive shown children, in px.
    public var spacing: Double
    /// Where children sit across the axis (unless they say otherwise).
    public var alignment: CellAlignment
    /// The children, in order.
    public var children: [CellElement]

    /// A stack.
    public init(axis: CellAxis, spacing: Double = 0, alignment: CellAlignment = .start, children: [CellElement]) {
        self.axis = axis
        self.spacing = spacing
        self.alignment = alignment
        self.children = children
    }
}

/// An alignment that applies when a condition holds.
public struct CellConditionalAlignment: Sendable, Hashable, Codable {
    /// The condition.
    public var condition: CellCondition
    /// The alignment used while it holds.
    public var alignment: CellAlignment

    /// An alignment used while `condition` holds.
    public init(_ alignment: CellAlignment, when condition: CellCondition) {
        self.condition = condition
        self.alignment = alignment
    }

    private enum Keys: String, CodingKey { case condition, align }

    /// Decodes `{"condition": {...}, "align": "end"}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        try CellJSON.rejectUnknownKeys(decoder, allowed: ["condition", "align"], what: "align_self_when")
        condition = try c.decode(CellCondition.self, forKey: .condition)
        alignment = try c.decode(CellAlignment.self, forKey: .align)
    }

    /// Encodes in the form `init(from:)` reads.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(condition, forKey: .condition)
        try c.encode(alignment, forKey: .align)
    }
}
