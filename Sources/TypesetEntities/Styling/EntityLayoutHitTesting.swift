import Typeset

extension Sequence where Element == EntityBox {
    /// The entity whose box holds `point` (layout coordinates, px), for taps.
    ///
    /// A rectangle holds the points on or after its left and top edges and before
    /// its right and bottom edges, so neighbouring rectangles never both claim a
    /// point. When no rectangle holds the point, the entity of the nearest
    /// rectangle within `tolerance` px (measured straight to the rectangle's
    /// edge) is returned, which lets a fingertip that lands just beside a short
    /// `#tag` still hit it; the default tolerance of 0 asks for an exact hit.
    /// Ties go to the entity that comes first.
    ///
    /// - Returns: The entity, or nil when no box is close enough.
    public func entity(at point: (x: Double, y: Double), tolerance: Double = 0) -> Entity? {
        var best: (entity: Entity, distance: Double)? = nil
        for box in self {
            for rect in box.rects {
                let dx = Swift.max(rect.x - point.x, 0, point.x - (rect.x + rect.width))
                let dy = Swift.max(rect.y - point.y, 0, point.y - (rect.y + rect.height))
                let inside = point.x >= rect.x && point.x < rect.x + rect.width
                    && point.y >= rect.y && point.y < rect.y + rect.height
                if inside { return box.entity }
                let distance: Double = (dx * dx + dy * dy).squareRoot()
                if tolerance > 0, distance <= tolerance, distance < best?.distance ?? .infinity {
                    best = (box.entity, distance)
                }
            }
        }
        return best?.entity
    }
}

extension TextLayout {
    /// The entity of `entities` under `point` (layout coordinates, px), or nil.
    ///
    /// Computes the entities' boxes and hit-tests them as
    /// `entityBoxes(for: entities).entity(at: point, tolerance: tolerance)` does;
    /// when you test many points, keep the boxes and test those instead.
    public func entity(at point: (x: Double, y: Double), in entities: [Entity], tolerance: Double = 0) -> Entity? {
        entityBoxes(for: entities).entity(at: point, tolerance: tolerance)
    }
}
