import Typeset

/// The feed post template (also in `examples/templates/feed-post.json`):
///
/// ```
/// ┌──────────────────────────────────────────────┐ padding 12
/// │ [avatar]  name…  @handle  · 2h               │ header: name truncates first
/// │  48×48    body text with #tags @mentions and │ body: ≤ 6 lines, entities
/// │           links wrapping to the column …     │
/// │           Show more                          │ only when the body was cut
/// │           ┌ link title, 2 lines ┐            │ omitted when empty
/// │           [ actions, 32 px ]                 │
/// └──────────────────────────────────────────────┘
/// ```
///
/// Model keys: `name`, `handle`, `time`, `body`, `link_title`. Frames:
/// `cell`, `content`, `avatar`, `main`, `header`, `name`, `handle`, `time`,
/// `body`, `more`, `link`, `link_title`, `actions`.
public enum FeedPostTemplate {
    /// Regular 15 px Noto Sans: 20 px lines.
    public static let regular = CellTextStyle(font: ["Noto Sans"], size: 15)
    /// Grey secondary text.
    public static let secondary = regular.with { $0.color = "#536471" }
    /// The "Show more" marker.
    public static let marker = regular.with { $0.color = "#1d9bf0" }

    /// The template.
    /// - Throws: never for this description; `CellTemplateError` is declared
    ///   because every template is checked when built.
    public static func make() throws -> CellTemplate {
        try CellTemplate(name: "feed-post", root: .column("cell", [
            .row("content", spacing: 12, [
                .box("avatar", width: 48, height: 48),
                .column("main", spacing: 4, [
                    .row("header", spacing: 4, alignment: .baseline, [
                        .text("name", key: "name", style: regular.bold, singleLine: true),
                        .text("handle", key: "handle", style: secondary, singleLine: true).priority(1),
                        .text("time", parts: [.literal("· "), .key("time")], style: secondary, singleLine: true)
                            .priority(1),
                    ]),
                    .text("body", key: "body", style: regular, maxLines: 6, entities: true).width(.fill),
                    .text("more", literal: "Show more", style: marker, singleLine: true)
                        .visible(when: .truncated("body")),
                    .column("link", [
                        .text("link_title", key: "link_title", style: regular.bold, maxLines: 2).width(.fill),
                    ]).padding(8).spacingBefore(8),
                    .box("actions", height: .points(32)),
                ]),
            ]),
        ]).padding(12), direction: .modelKey("direction"))
    }

    /// A model for the template.
    public static func model(id: CellModelID, version: Int? = nil, name: String, handle: String, time: String,
                             body: String, linkTitle: String = "") -> CellData {
        CellData(id: id, version: version, texts: ["name": name, "handle": handle, "time": time, "body": body,
                                                   "link_title": linkTitle])
    }
}

extension CellTemplate {
    /// The feed post template: see ``FeedPostTemplate``.
    public static func feedPost() throws -> CellTemplate { try FeedPostTemplate.make() }
}
