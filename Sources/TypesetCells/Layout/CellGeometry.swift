import Typeset

/// Space inside an element's frame around its content, in px.
///
/// JSON: a number (every side), or an object with any of `top`, `left`,
/// `bottom`, `right`, `horizontal`, `vertical` (sides win over axes).
public struct CellInsets: Sendable, Hashable, Codable {
    /// Space above the content.
    public var top: Double
    /// Space left of the content.
    public var left: Double
    /// Space below the content.
    public var bottom: Double
    /// Space right of the content.
    public var right: Double

    /// Insets per side.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    /// The same inset on every side.
    public init(_ all: Double) { self.init(top: all, left: all, bottom: all, right: all) }

    /// Insets per axis.
    public init(horizontal: Double = 0, vertical: Double = 0) {
        self.init(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
    }

    /// No insets.
    public static let zero = CellInsets()

    /// `left + right`.
    public var horizontal: Double { left + right }
    /// `top + bottom`.
    public var vertical: Double { top + bottom }

    private enum Keys: String, CodingKey { case top, left, bottom, right, horizontal, vertical }

    /// Decodes a number or an object of sides and axes.
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let all = try? single.decode(Double.self) {
            self.init(all)
            return
        }
        let c = try decoder.container(keyedBy: Keys.self)
        try CellJSON.rejectUnknownKeys(decoder, allowed: ["top", "left", "bottom", "right", "horizontal", "vertical"],
                                       what: "insets")
        let h = try c.decodeIfPresent(Double.self, forKey: .horizontal) ?? 0
        let v = try c.decodeIfPresent(Double.self, forKey: .vertical) ?? 0
        self.init(top: try c.decodeIfPresent(Double.self, forKey: .top) ?? v,
                  left: try c.decodeIfPresent(Double.self, forKey: .left) ?? h,
                  bottom: try c.decodeIfPresent(Double.self, forKey: .bottom) ?? v,
                  right: try c.decodeIfPresent(Double.self, forKey: .right) ?? h)
    }

    /// Encodes a number when every side is equal, else the four sides.
    public func encode(to encoder: any Encoder) throws {
        if top == left && left == bottom && bottom == right {
            var c = encoder.singleValueContainer()
            try c.encode(top)
            return
        }
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(top, forKey: .top)
        try c.encode(left, forKey: .left)
        try c.encode(bottom, forKey: .bottom)
        try c.encode(right, forKey: .right)
    }
}

/// How wide an element is, given the width its parent offers (the parent's
/// content width; in a row, what the siblings measured before it left over).
///
/// JSON: `"hug"`, `"fill"`, a number of px, or `{"fraction": 0.75}`.
public enum CellLength: Sendable, Hashable, Codable {
    /// As wide as the content (a text's unwrapped width: CSS fit-content), at
    /// most the offered width.
    case hug
    /// The whole offered width; in a row, fill elements share what the others leave.
    case fill
    /// As wide as the longest line of the texts inside, once they are wrapped
    /// at what is offered (a chat bubble that hugs its widest line, not the
    /// width it wrapped in: Flutter's `TextWidthBasis.longestLine`); at most
    /// the offered width. In CSS: the element laid out as `hug`, its texts'
    /// longest line measured, then that given to it as its width. Texts
    /// inside that hug hug their longest line too.
    case longestLine
    /// A fixed width in px.
    case points(Double)
    /// A fraction of the offered width (0.75 is 75%, so 269.25 of 359): CSS
    /// `width: 75%`, in 1/64 px, not floored to the pixel grid.
    case fraction(Double)

    private enum Keys: String, CodingKey { case fraction }

    /// Decodes `"hug"`, `"fill"`, `"longest_line"`, a number or `{"fraction": f}`.
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer() {
            if let p = try? single.decode(Double.self) { self = .points(p); return }
            if let s = try? single.decode(String.self) {
                switch s {
                case "hug": self = .hug
                case "fill": self = .fill
                case "longest_line": self = .longestLine
                default:
                    throw DecodingError.dataCorruptedError(
                        in: single,
                        debugDescription: "unknown width \"\(s)\" (expected \"hug\", \"fill\", \"longest_line\", a number or {\"fraction\": f})")
                }
                return
            }
        }
        let c = try decoder.container(keyedBy: Keys.self)
        try CellJSON.rejectUnknownKeys(decoder, allowed: ["fraction"], what: "width")
        self = .fraction(try c.decode(Double.self, forKey: .fraction))
    }

    /// Encodes in the form `init(from:)` reads.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .hug: var c = encoder.singleValueContainer(); try c.encode("hug")
        case .fill: var c = encoder.singleValueContainer(); try c.encode("fill")
        case .longestLine: var c = encoder.singleValueContainer(); try c.encode("longest_line")
        case .points(let p): var c = encoder.singleValueContainer(); try c.encode(p)
        case .fraction(let f): var c = encoder.container(keyedBy: Keys.self); try c.encode(f, forKey: .fraction)
        }
    }
}

/// Where a child sits across its stack's axis: horizontally in a column,
/// vertically in a row.
public enum CellAlignment: String, Sendable, Hashable, Codable, CaseIterable {
    /// Left in a column, top in a row.
    case start
    /// Centred (in exact units; snapped with every other edge at the end).
    case center
    /// Right in a column, bottom in a row.
    case end
    /// In a row: children share their first baseline (CSS `align-items:
    /// baseline`): a text's is its first line's, a stack's its first shown
    /// child's (a row's the one its children share), a box's its bottom edge.
    /// In a column: as `start`.
    case baseline
}

/// The direction a stack places its children in.
public enum CellAxis: String, Sendable, Hashable, Codable, CaseIterable {
    /// Left to right: a row.
    case horizontal
    /// Top to bottom: a column.
    case vertical
}
