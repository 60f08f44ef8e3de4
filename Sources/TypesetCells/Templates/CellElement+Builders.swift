import Typeset
import TypesetEntities

/// Constructors and modifiers for describing cells in Swift:
///
/// ```swift
/// let cell: CellElement = .row(spacing: 12, [
///     .box("avatar", width: 48, height: 48),
///     .column(spacing: 4, [
///         .text("name", key: "name", style: bold, singleLine: true),
///         .text("body", key: "body", style: body, maxLines: 6, entities: true).width(.fill),
///     ]),
/// ]).padding(12)
/// ```
extension CellElement {
    /// A text from the model's text for `key`.
    public static func text(_ name: String, key: String, style: CellTextStyle = CellTextStyle(), maxLines: Int? = nil,
                            singleLine: Bool = false, entities: Bool = false) -> CellElement {
        text(name, parts: [.key(key)], style: style, maxLines: maxLines, singleLine: singleLine, entities: entities)
    }

    /// A fixed text ("Show more", "Follow").
    public static func text(_ name: String, literal: String, style: CellTextStyle = CellTextStyle(),
                            maxLines: Int? = nil, singleLine: Bool = false) -> CellElement {
        text(name, parts: [.literal(literal)], style: style, maxLines: maxLines, singleLine: singleLine)
    }

    /// A text of several parts (a bold name followed by regular text).
    public static func text(_ name: String, parts: [CellTextPart], style: CellTextStyle = CellTextStyle(),
                            maxLines: Int? = nil, singleLine: Bool = false, entities: Bool = false) -> CellElement {
        CellElement(name: name, content: .text(CellText(parts: parts, style: style, maxLines: maxLines,
                                                        singleLine: singleLine, detectEntities: entities)))
    }

    /// A fixed-size box (an avatar).
    public static func box(_ name: String?, width: Double, height: Double) -> CellElement {
        CellElement(name: name, content: .box(CellBox(height: .points(height))), width: .points(width))
    }

    /// A box of any width and height rule (an image with an aspect ratio, a full-width bar).
    public static func box(_ name: String?, width: CellLength? = nil, height: CellBoxHeight) -> CellElement {
        CellElement(name: name, content: .box(CellBox(height: height)), width: width)
    }

    /// A named row (it gets a frame): children left to right.
    public static func row(_ name: String, spacing: Double = 0, alignment: CellAlignment = .start,
                           _ children: [CellElement]) -> CellElement {
        stack(name, .horizontal, spacing, alignment, children)
    }

    /// A row without a frame of its own.
    public static func row(spacing: Double = 0, alignment: CellAlignment = .start, _ children: [CellElement]) -> CellElement {
        stack(nil, .horizontal, spacing, alignment, children)
    }

    /// A named column (it gets a frame): children top to bottom.
    public static func column(_ name: String, spacing: Double = 0, alignment: CellAlignment = .start,
                              _ children: [CellElement]) -> CellElement {
        stack(name, .vertical, spacing, alignment, children)
    }

    /// A column without a frame of its own.
    public static func column(spacing: Double = 0, alignment: CellAlignment = .start, _ children: [CellElement]) -> CellElement {
        stack(nil, .vertical, spacing, alignment, children)
    }

    private static func stack(_ name: String?, _ axis: CellAxis, _ spacing: Double, _ alignment: CellAlignment,
                              _ children: [CellElement]) -> CellElement {
        CellElement(name: name, content: .stack(CellStack(axis: axis, spacing: spacing, alignment: alignment,
                                                          children: children)))
    }

    /// A copy changed by `change`.
    public func with(_ change: (inout CellElement) -> Void) -> CellElement {
        var e = self
        change(&e)
        return e
    }

    /// With padding on every side.
    public func padding(_ all: Double) -> CellElement { with { $0.padding = CellInsets(all) } }
    /// With the given padding.
    public func padding(_ insets: CellInsets) -> CellElement { with { $0.padding = insets } }
    /// With a width rule.
    public func width(_ width: CellLength) -> CellElement { with { $0.width = width } }
    /// With a maximum width.
    public func maxWidth(_ width: CellLength) -> CellElement { with { $0.maxWidth = width } }
    /// With a minimum height.
    public func minHeight(_ height: Double) -> CellElement { with { $0.minHeight = height } }
    /// With its own gap before it.
    public func spacingBefore(_ spacing: Double) -> CellElement { with { $0.spacingBefore = spacing } }
    /// With a row measuring priority.
    public func priority(_ priority: Int) -> CellElement { with { $0.priority = priority } }
    /// Shown only when `condition` holds.
    public func visible(when condition: CellCondition) -> CellElement { with { $0.visibleWhen = condition } }

    /// With a cross-axis alignment, optionally replaced by `alternative` when its condition holds.
    public func alignSelf(_ alignment: CellAlignment, _ alternative: CellConditionalAlignment? = nil) -> CellElement {
        with { $0.alignSelf = alignment; $0.alignSelfWhen = alternative }
    }

    /// With the text options changed (no effect on other kinds).
    public func textOptions(_ change: (inout CellText) -> Void) -> CellElement {
        with {
            if case .text(var t) = $0.content {
                change(&t)
                $0.content = .text(t)
            }
        }
    }
}
