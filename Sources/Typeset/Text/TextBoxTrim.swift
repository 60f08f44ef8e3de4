/// CSS `text-box-trim`: which of a paragraph's outer edges are trimmed to
/// the glyphs' edges (``TextBoxEdge``), as design tools draw text boxes.
public enum TextBoxTrim: String, Sendable, Hashable, CaseIterable {
    /// Nothing is trimmed.
    case none
    /// The first line's top is trimmed.
    case trimStart = "trim-start"
    /// The last line's bottom is trimmed.
    case trimEnd = "trim-end"
    /// Both.
    case trimBoth = "trim-both"

    var trimsStart: Bool { self == .trimStart || self == .trimBoth }
    var trimsEnd: Bool { self == .trimEnd || self == .trimBoth }
}

/// CSS `text-box-edge`: the edges `text-box-trim` trims to, over the first
/// line's baseline and under the last line's, from the metrics of the
/// block's primary font (its first family's face, at the block's size).
///
/// As Chromium 156 does: the first line's top moves down to its baseline
/// less the over edge (`text`: the font's rounded ascent; `cap`: its cap
/// height, OS/2 `sCapHeight`; `ex`: its x-height), the half-leading of a
/// fixed line height and any taller font or run on the line trimmed with
/// it; the last line's bottom moves up to its baseline plus the under edge
/// (`text`: the rounded descent; `alphabetic`: the baseline itself). Cap
/// height and x-height are rounded to 1/64 of a device pixel. Every line
/// moves up by what the top loses; a truncated paragraph trims its last
/// shown line.
public struct TextBoxEdge: Sendable, Hashable {
    /// The edge over the first line's baseline.
    public enum Over: String, Sendable, Hashable, CaseIterable {
        /// The font's ascent (the text box's top without leading).
        case text
        /// The cap height.
        case cap
        /// The x-height.
        case ex
    }
    /// The edge under the last line's baseline.
    public enum Under: String, Sendable, Hashable, CaseIterable {
        /// The font's descent.
        case text
        /// The alphabetic baseline.
        case alphabetic
    }

    public var over: Over
    public var under: Under

    /// CSS `auto`: `text text` (the leading is trimmed, the glyphs kept).
    public static let auto = TextBoxEdge(over: .text, under: .text)

    /// An edge pair (CSS `cap alphabetic` is `TextBoxEdge(over: .cap, under: .alphabetic)`).
    public init(over: Over, under: Under) {
        self.over = over
        self.under = under
    }

    /// The edges from CSS text: `auto`, `text`, or an over edge (`text`,
    /// `cap`, `ex`) and an under edge (`text`, `alphabetic`): `"cap
    /// alphabetic"`. A lone `cap` or `ex` is `auto`, as Chromium 156, which
    /// rejects the declaration, keeps it (write `"cap text"` for the cap
    /// height over a descent, `"cap alphabetic"` for Figma's vertical trim).
    /// - Throws: ``TypesetError/invalidStyleText(name:text:reason:)`` for
    ///   any other text.
    public init(css text: String) throws {
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
        func fail(_ why: String) -> TypesetError { .invalidStyleText(name: "text-box-edge", text: text, reason: why) }
        switch words.count {
        case 1:
            switch words[0] {
            case "auto", "text": self = .auto
            case "cap", "ex": self = .auto  // (invalid in Chromium 156: the declaration is dropped)
            default: throw fail("takes auto, text, or an over edge (text, cap, ex) and an under edge (text, alphabetic)")
            }
        case 2:
            guard let over = Over(rawValue: words[0]) else { throw fail("'\(words[0])' is no over edge (text, cap, ex)") }
            guard let under = Under(rawValue: words[1]) else {
                throw fail("'\(words[1])' is no under edge (text, alphabetic)")
            }
            self.init(over: over, under: under)
        default:
            throw fail("takes one or two keywords, found \(words.count)")
        }
    }

    /// The CSS text of the edges (`"cap alphabetic"`; `"auto"` for ``auto``).
    public var css: String { self == .auto ? "auto" : "\(over.rawValue) \(under.rawValue)" }
}

/// The two trimming edges of a prepared text, px (device px at a scale)
/// about the baseline: `over` above it, `under` below.
struct TextBoxTrimEdges: Sendable {
    var over: Double
    var under: Double

    /// The edges of `edge` for the block's primary font at its (scaled) size;
    /// `ascent` and `descent` are the font's rounded ones (`text`).
    init(_ edge: TextBoxEdge, primary: FontFace, size: Double, ascent: Double, descent: Double) {
        func layoutUnits(_ v: Double) -> Double { (v * 64).rounded() / 64 }
        switch edge.over {
        case .text: over = ascent
        case .cap: over = layoutUnits(primary.capHeight * size)
        case .ex: over = layoutUnits(primary.xHeight * size)
        }
        under = edge.under == .text ? descent : 0
    }

    /// What the first line's top and the last line's bottom lose: the
    /// first line's extent above its baseline less the over edge, the last
    /// line's below its baseline less the under edge (each only when `trim` trims it).
    func trims(_ trim: TextBoxTrim, firstAscent: Double, lastDescent: Double) -> (top: Double, bottom: Double) {
        (trim.trimsStart ? firstAscent - over : 0, trim.trimsEnd ? lastDescent - under : 0)
    }
}
