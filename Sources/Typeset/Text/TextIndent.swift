/// CSS `text-indent`: space before the first line of the paragraph (and,
/// with `eachLine`, before each line after a forced break); `hanging`
/// indents every other line instead.
public struct TextIndent: Sendable, Hashable {
    /// The indent's length.
    public enum Length: Sendable, Hashable {
        /// CSS px.
        case points(Double)
        /// Percent of the box's width (0 in intrinsic sizes: min- and max-content).
        case percent(Double)
        /// Multiples of the paragraph's font size (the block style's size).
        case em(Double)
    }

    /// How far lines are indented (negative: outdented).
    public var length: Length
    /// CSS `each-line`: lines after a forced break are indented as the first line is.
    public var eachLine: Bool
    /// CSS `hanging`: the lines that would not be indented are, and those that would are not.
    public var hanging: Bool

    /// No indent.
    public static let none = TextIndent(.points(0))

    /// An indent of `length`.
    public init(_ length: Length, eachLine: Bool = false, hanging: Bool = false) {
        self.length = length
        self.eachLine = eachLine
        self.hanging = hanging
    }

    /// An indent in px.
    public init(points: Double) { self.init(.points(points)) }

    /// Whether no line is indented.
    public var isNone: Bool {
        switch length {
        case .points(let v), .percent(let v), .em(let v): return v == 0
        }
    }

    /// The indent as CSS text reads it: a length (`12px`, `1.5em`, `10%`, a
    /// bare number as px), then `each-line` and `hanging` in any order.
    /// - Throws: `TypesetError.invalidStyleText` naming the value and what is wrong with it.
    public init(css: String) throws {
        var length: Length? = nil
        var eachLine = false, hanging = false
        for word in css.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            let w = word.lowercased()
            if w == "each-line" {
                guard !eachLine else { throw TypesetError.invalidStyleText(name: "text-indent", text: css, reason: "each-line twice") }
                eachLine = true
            } else if w == "hanging" {
                guard !hanging else { throw TypesetError.invalidStyleText(name: "text-indent", text: css, reason: "hanging twice") }
                hanging = true
            } else {
                guard length == nil else {
                    throw TypesetError.invalidStyleText(name: "text-indent", text: css, reason: "more than one length")
                }
                length = try Self.length(w, css: css)
            }
        }
        guard let length else { throw TypesetError.invalidStyleText(name: "text-indent", text: css, reason: "no length") }
        self.init(length, eachLine: eachLine, hanging: hanging)
    }

    private static func length(_ w: String, css: String) throws -> Length {
        func number(_ s: Substring) throws -> Double {
            guard let v = Double(s), v.isFinite else {
                throw TypesetError.invalidStyleText(name: "text-indent", text: css, reason: "'\(w)' is not a length")
            }
            return v
        }
        if w.hasSuffix("px") { return .points(try number(w.dropLast(2))) }
        if w.hasSuffix("em") && !w.hasSuffix("rem") { return .em(try number(w.dropLast(2))) }
        if w.hasSuffix("%") { return .percent(try number(w.dropLast(1))) }
        return .points(try number(Substring(w)))
    }

    /// The indent in the text's own pixels: `scale` device pixels per px,
    /// `fontSize` the block's size in them, `width` the box's (nil in
    /// intrinsic sizes, where a percentage counts as 0).
    func resolved(width: Double?, fontSize: Double, scale: Double) -> Double {
        switch length {
        case .points(let v): return v * scale
        case .em(let v): return v * fontSize
        case .percent(let v): return width.map { $0 * v / 100 } ?? 0
        }
    }

    /// Whether a line is indented: the paragraph's first line and, with
    /// `eachLine`, the first after a forced break, inverted by `hanging`.
    func indents(startsParagraph: Bool, first: Bool) -> Bool {
        (first || (eachLine && startsParagraph)) != hanging
    }

    /// The CSS text of the indent.
    public var css: String {
        func num(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
        var s: String
        switch length {
        case .points(let v): s = num(v) + "px"
        case .em(let v): s = num(v) + "em"
        case .percent(let v): s = num(v) + "%"
        }
        if eachLine { s += " each-line" }
        if hanging { s += " hanging" }
        return s
    }
}
