import Typeset

/// The notification row template (also in `examples/templates/notification.json`):
///
/// ```
/// ┌────────────────────────────────────────────────┐ padding 12, min height 72
/// │ [avatar] **Actor name** liked your   [ Follow ] │ button: title measured on
/// │  40×40   post about line breaking …             │ one line, its width taken
/// └────────────────────────────────────────────────┘ from the text column
/// ```
///
/// The text is two parts (the bold actor, then the regular action) wrapping
/// to at most 3 lines in the width the avatar and the button leave. The button
/// is omitted, with its gap, when its title is empty.
///
/// Model keys: `actor`, `action`, `button`. Frames: `cell`, `avatar`,
/// `message`, `button`, `button_title`.
public enum NotificationTemplate {
    /// Regular 15 px text (20 px lines).
    public static let regular = CellTextStyle(font: ["Noto Sans"], size: 15)
    /// The button title: 14 px bold (19 px line).
    public static let button = CellTextStyle(font: ["Noto Sans"], size: 14, weight: 700, color: "#ffffff")
    /// The row's minimum height.
    public static let minHeight = 72.0

    /// The template.
    /// - Throws: never for this description (templates are checked when built).
    public static func make() throws -> CellTemplate {
        try CellTemplate(name: "notification", root: .row("cell", spacing: 12, [
            .box("avatar", width: 40, height: 40),
            .text("message", parts: [.key("actor", style: regular.bold), .literal(" "), .key("action")],
                  style: regular, maxLines: 3).width(.fill),
            .column("button", [
                .text("button_title", key: "button", style: button, singleLine: true),
            ]).width(.hug).padding(CellInsets(horizontal: 12, vertical: 6)).alignSelf(.center),
        ]).padding(12), minHeight: minHeight, direction: .modelKey("direction"))
    }

    /// A model for the template.
    public static func model(id: CellModelID, version: Int? = nil, actor: String, action: String,
                             button: String = "") -> CellData {
        CellData(id: id, version: version, texts: ["actor": actor, "action": action, "button": button])
    }
}

extension CellTemplate {
    /// The notification row template: see ``NotificationTemplate``.
    public static func notification() throws -> CellTemplate { try NotificationTemplate.make() }
}
