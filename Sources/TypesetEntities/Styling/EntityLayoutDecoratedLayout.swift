import Typeset

/// A text with its entities found, styled and laid out: everything a feed row
/// needs to draw the text, colour its links and answer taps.
///
/// Made by `Typesetter.decorate(_:style:paragraph:width:entityStyles:detector:)`.
public struct DecoratedLayout: Sendable {
    /// The entities found in the text, sorted by where they start.
    public let entities: [Entity]
    /// Each entity's rectangles in ``layout``, in the order of ``entities``.
    public let boxes: [EntityBox]
    /// The styled text, its layout, and the height before and after styling.
    public let styling: EntityStyling

    /// Bundles the parts; `Typesetter.decorate(_:style:paragraph:width:entityStyles:detector:)`
    /// is the usual source.
    public init(entities: [Entity], boxes: [EntityBox], styling: EntityStyling) {
        self.entities = entities
        self.boxes = boxes
        self.styling = styling
    }

    /// The styled text laid out.
    public var layout: TextLayout { styling.layout }
    /// The spans to draw coloured or underlined.
    public var decorations: [Decoration] { styling.decorations }
    /// The shaped styled text, to lay out again at other widths.
    public var prepared: PreparedText { styling.prepared }
    /// The unstyled text's height at the width, px.
    public var oldHeight: Double { styling.oldHeight }
    /// The styled text's height at the width, px.
    public var newHeight: Double { styling.newHeight }
    /// Whether styling changed the height.
    public var heightChanged: Bool { styling.heightChanged }

    /// The entity under `point` (layout coordinates, px), or nil; see
    /// `Sequence<EntityBox>.entity(at:tolerance:)`.
    public func entity(at point: (x: Double, y: Double), tolerance: Double = 0) -> Entity? {
        boxes.entity(at: point, tolerance: tolerance)
    }
}
