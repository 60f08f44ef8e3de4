import Typeset

/// The chat bubble template (also in `examples/templates/chat-bubble.json`):
/// a bubble that hugs its text's longest line up to 75% of the row, on the
/// left for incoming messages and on the right for outgoing ones.
///
/// ```
/// │ ┌ sender (omitted when empty) ┐              │
/// │ │ message text, wrapping at   │              │
/// │ └ 75% of the row ─────────────┘              │
/// │                       ┌ short outgoing one ┐ │
/// ```
///
/// With the row's content width `row` (cell width − 16) and the bubble's
/// horizontal padding 24: bubble width = the longest line of the texts
/// wrapped at 0.75·row − 24, plus 24, in exact units (0.75 × 359 = 269.25,
/// not floored): a wrapped message's bubble is as wide as its widest line,
/// not the width it wrapped in (``CellLength/longestLine``).
///
/// Model keys: `text`, `sender`, `outgoing` (non-empty: right side).
/// Frames: `cell`, `bubble`, `sender`, `message`.
public enum ChatBubbleTemplate {
    /// The message style: 15 px, 20 px lines.
    public static let message = CellTextStyle(font: ["Noto Sans"], size: 15)
    /// The sender's name in group chats.
    public static let sender = CellTextStyle(font: ["Noto Sans"], size: 13, weight: 700, color: "#00a884")
    /// The row's horizontal padding on each side.
    public static let rowPadding = 8.0
    /// The bubble's padding: horizontal, vertical.
    public static let bubblePadding = (horizontal: 12.0, vertical: 8.0)

    /// The template.
    /// - Throws: never for this description (templates are checked when built).
    public static func make() throws -> CellTemplate {
        try CellTemplate(name: "chat-bubble", root: .column("cell", [
            .column("bubble", spacing: 2, [
                .text("sender", key: "sender", style: sender, singleLine: true),
                .text("message", key: "text", style: message, entities: true),
            ])
            .width(.longestLine).maxWidth(.fraction(0.75))
            .padding(CellInsets(horizontal: bubblePadding.horizontal, vertical: bubblePadding.vertical))
            .alignSelf(.start, CellConditionalAlignment(.end, when: .present("outgoing"))),
        ]).padding(CellInsets(horizontal: rowPadding, vertical: 2)), direction: .modelKey("direction"))
    }

    /// A model for the template.
    public static func model(id: CellModelID, version: Int? = nil, text: String, sender: String = "",
                             outgoing: Bool = false) -> CellData {
        var texts = ["text": text, "sender": sender]
        if outgoing { texts["outgoing"] = "true" }
        return CellData(id: id, version: version, texts: texts)
    }
}

extension CellTemplate {
    /// The chat bubble template: see ``ChatBubbleTemplate``.
    public static func chatBubble() throws -> CellTemplate { try ChatBubbleTemplate.make() }
}
