/// Four lengths in CSS px, one per side of a box, as CSS's `padding`,
/// `border-width` and `margin` shorthands give them.
public struct BoxSides: Sendable, Hashable {
    public var top: Double
    public var right: Double
    public var bottom: Double
    public var left: Double

    /// Every side zero.
    public static let zero = BoxSides(0)

    /// Each side given.
    public init(top: Double, right: Double, bottom: Double, left: Double) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    /// The same length on every side (CSS `padding: 6px`).
    public init(_ all: Double) {
        self.init(top: all, right: all, bottom: all, left: all)
    }

    /// One length above and below, another left and right (CSS `padding: 2px 6px`).
    public init(vertical: Double, horizontal: Double) {
        self.init(top: vertical, right: horizontal, bottom: vertical, left: horizontal)
    }

    /// The sides from a CSS shorthand value of one to four lengths, in CSS's
    /// order (top, right, bottom, left; a missing side copies its opposite):
    /// `"6px"`, `"2px 6px"`, `"0 4px 0 8px"`. A length is a number with `px`
    /// or none.
    /// - Throws: ``TypesetError/invalidStyleText(name:text:reason:)`` naming
    ///   the value and what is wrong with it.
    public init(css text: String, name: String = "box sides") throws {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        guard (1...4).contains(words.count) else {
            throw TypesetError.invalidStyleText(name: name, text: text, reason: "takes 1 to 4 lengths, found \(words.count)")
        }
        var values: [Double] = []
        for word in words {
            let number = word.hasSuffix("px") ? word.dropLast(2) : word[...]
            guard let v = Double(number), v.isFinite else {
                throw TypesetError.invalidStyleText(name: name, text: text,
                                                    reason: "'\(word)' is not a length in px (e.g. 6px or 6)")
            }
            values.append(v)
        }
        let top = values[0]
        let right = values.count > 1 ? values[1] : top
        let bottom = values.count > 2 ? values[2] : top
        let left = values.count > 3 ? values[3] : right
        self.init(top: top, right: right, bottom: bottom, left: left)
    }
}

/// The padding, border and margin of a run's inline box: what CSS sets on a
/// `<span>` to make a mention chip or a piece of inline code.
///
/// Only the left and right sides take room on a line (CSS 2.1 §10.8: the
/// top and bottom of an inline, non-replaced box are drawn but do not move
/// the line). As Chromium lays them out (`box-decoration-break: slice`):
/// - the start side (left in a left-to-right paragraph, right in a
///   right-to-left one) is added before the run's first character, and the
///   end side after its last, so a run broken over lines has the start side
///   on its first line only and the end side on its last;
/// - the box's edges are no break opportunities: `@maria,` with a padded
///   `@maria` still breaks only where the text does;
/// - the end side takes room at a line's end (it does not hang), except after
///   a space at the run's end, which hangs with the space;
/// - each of the three is rounded down to 1/64 px, a border of less than a
///   device pixel is one device pixel and a thicker one whole device pixels;
///   padding and border cannot be negative, a margin can.
public struct InlineBoxEdges: Sendable, Hashable {
    /// CSS `padding`.
    public var padding: BoxSides
    /// CSS `border-width` (a solid border).
    public var border: BoxSides
    /// CSS `margin`.
    public var margin: BoxSides

    /// No padding, border or margin: a run as text alone.
    public static let none = InlineBoxEdges()

    /// The box's edges; each defaults to zero.
    public init(padding: BoxSides = .zero, border: BoxSides = .zero, margin: BoxSides = .zero) {
        self.padding = padding
        self.border = border
        self.margin = margin
    }

    /// Whether the box takes no room on a line (its left and right sides are zero).
    public var isEmpty: Bool {
        padding.left == 0 && padding.right == 0 && border.left == 0 && border.right == 0
            && margin.left == 0 && margin.right == 0
    }

    /// The room the left side takes (margin, border and padding), px, at a
    /// device pixel ratio `scale`: in device px, as Chromium rounds it.
    func leftWidth(scale: Double) -> Double {
        Self.width(margin: margin.left, border: border.left, padding: padding.left, scale: scale)
    }

    /// The room the right side takes, in device px (see ``leftWidth(scale:)``).
    func rightWidth(scale: Double) -> Double {
        Self.width(margin: margin.right, border: border.right, padding: padding.right, scale: scale)
    }

    /// The left margin alone, in device px (see ``leftWidth(scale:)``).
    func leftMargin(scale: Double) -> Double { Self.width(margin: margin.left, border: 0, padding: 0, scale: scale) }

    /// The right margin alone, in device px.
    func rightMargin(scale: Double) -> Double { Self.width(margin: margin.right, border: 0, padding: 0, scale: scale) }

    /// One side's room in device px: each length in layout units (1/64 px,
    /// toward zero), the border snapped to whole device pixels.
    private static func width(margin: Double, border: Double, padding: Double, scale: Double) -> Double {
        func layoutUnits(_ v: Double) -> Double { (v * scale * 64).rounded(.towardZero) / 64 }
        let b = border * scale
        let snapped = b <= 0 ? 0 : b < 1 ? 1 : b.rounded(.down)
        return layoutUnits(margin) + snapped + layoutUnits(padding)
    }

    /// The edges checked: every length finite, padding and border not negative.
    func validated() throws -> InlineBoxEdges {
        let sides: [(String, BoxSides, Bool)] = [("padding", padding, false), ("border width", border, false),
                                                 ("margin", margin, true)]
        for (name, s, negativeAllowed) in sides {
            for v in [s.top, s.right, s.bottom, s.left] where !v.isFinite || (!negativeAllowed && v < 0) {
                throw TypesetError.invalidStyleValue(name: name, value: v)
            }
        }
        return self
    }
}
