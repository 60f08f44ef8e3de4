import Typeset

/// An entity and the rectangles it occupies in a `TextLayout`: its tap target.
///
/// An entity takes one rectangle per line and visual run it touches, so a
/// hashtag wrapped onto the next line has two, and a mention whose sigil and
/// name resolve to different bidi levels inside right-to-left text may have two
/// on one line. Rectangles span the full height of their line box.
public struct EntityBox: Sendable, Hashable {
    /// The entity.
    public var entity: Entity
    /// Its rectangles in layout coordinates (origin top-left, y down), top to
    /// bottom and, on a line, left to right in visual order. Empty when none of
    /// the entity is shown (a truncated layout cut it off).
    public var rects: [LayoutRect]

    /// Pairs an entity with its rectangles; `TextLayout/entityBoxes(for:)` is
    /// the usual source of boxes.
    public init(entity: Entity, rects: [LayoutRect]) {
        self.entity = entity
        self.rects = rects
    }

    /// The smallest rectangle holding all of ``rects``, or nil when there is none.
    public var bounds: LayoutRect? {
        guard let first = rects.first else { return nil }
        var minX = first.x, minY = first.y
        var maxX = first.x + first.width, maxY = first.y + first.height
        for r in rects.dropFirst() {
            minX = min(minX, r.x); minY = min(minY, r.y)
            maxX = max(maxX, r.x + r.width); maxY = max(maxY, r.y + r.height)
        }
        return LayoutRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

extension TextLayout {
    /// The boxes of `entities` in this layout, one per entity in the given order.
    ///
    /// Entity ranges are the source UTF-16 ranges ``EntityDetector`` reports for
    /// the text this layout was prepared from; ranges past the end of the text
    /// are clamped. Sigils are included. An entity that the layout does not show
    /// (cut off by `maxLines`) gets an empty `rects`.
    ///
    /// ```swift
    /// let entities = EntityDetector().entities(in: text)
    /// let layout = try typesetter.layout(text, style: style, width: 320)
    /// for box in layout.entityBoxes(for: entities) { addTapTarget(box.rects, box.entity) }
    /// ```
    public func entityBoxes(for entities: [Entity]) -> [EntityBox] {
        entities.map { EntityBox(entity: $0, rects: rects(for: $0)) }
    }

    /// The rectangles of one entity (see ``entityBoxes(for:)``).
    public func rects(for entity: Entity) -> [LayoutRect] {
        let length = utf16Count
        let range = entity.utf16Range.clamped(to: 0..<length)
        guard !range.isEmpty else { return [] }
        return rects(forUTF16Range: range)
    }
}
