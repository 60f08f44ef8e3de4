/// The styles a face declares it covers, as CSS font matching sees them:
/// the `font-weight`, `font-stretch` and `font-style` descriptors of an
/// `@font-face` rule, each a range.
///
/// A static face covers one point of each (its OS/2 weight and width, its
/// italic flag); a variable face covers its axes' ranges (`wght`, `wdth`,
/// `slnt`); a face declared by an `@font-face` rule covers what the rule says
/// (`font-weight: 100 900`, `font-stretch: 75% 125%`,
/// `font-style: oblique 0deg 10deg`), whatever its file holds. Font matching
/// (CSS Fonts 4 §5.2) picks among a family's faces by these ranges, and the
/// variable instance set for a request clamps the request to them.
public struct FaceDescriptors: Sendable, Hashable, CustomStringConvertible {
    /// The CSS weights covered, 1–1000 (`font-weight: 100 900`).
    public var weight: ClosedRange<Double>
    /// The CSS widths covered, in percent of normal (`font-stretch: 75% 125%`).
    public var stretch: ClosedRange<Double>
    /// The CSS style covered (`font-style`).
    public var style: FaceStyle

    /// Descriptors for the given ranges; a face declared without one has the
    /// CSS initial value (`normal`: weight 400, stretch 100%, style normal).
    public init(weight: ClosedRange<Double> = 400...400, stretch: ClosedRange<Double> = 100...100,
                style: FaceStyle = .normal) {
        self.weight = weight
        self.stretch = stretch
        self.style = style
    }

    /// The descriptors as CSS writes them, e.g. `font-weight: 100 900; font-stretch: 100%; font-style: normal`.
    public var description: String {
        func range(_ r: ClosedRange<Double>, _ unit: String) -> String {
            r.lowerBound == r.upperBound ? "\(Self.number(r.lowerBound))\(unit)"
                : "\(Self.number(r.lowerBound))\(unit) \(Self.number(r.upperBound))\(unit)"
        }
        return "font-weight: \(range(weight, "")); font-stretch: \(range(stretch, "%")); font-style: \(style)"
    }

    static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}

/// The `font-style` a face covers.
public enum FaceStyle: Sendable, Hashable, CustomStringConvertible {
    /// Upright (`font-style: normal`, the same as `oblique 0deg`).
    case normal
    /// A true italic (`font-style: italic`).
    case italic
    /// Slanted by the angles given, in degrees clockwise (positive leans
    /// right): `font-style: oblique 0deg 10deg` is `.oblique(0...10)`. A
    /// variable face's `slnt` axis, which counts counter-clockwise, covers
    /// the negated range (`slnt` -10…0 is `.oblique(0...10)`).
    case oblique(ClosedRange<Double>)

    /// The slope CSS font matching compares, as Chromium represents styles:
    /// normal 0, italic 20, an oblique its angles.
    var slope: ClosedRange<Double> {
        switch self {
        case .normal: return 0...0
        case .italic: return FaceStyle.italicSlope...FaceStyle.italicSlope
        case .oblique(let angles): return angles
        }
    }

    /// Chromium's slope value for italic, and the threshold from which a
    /// requested slope searches upwards first.
    static let italicSlope = 20.0

    /// The style as CSS writes it: `normal`, `italic`, `oblique 0deg 10deg`.
    public var description: String {
        switch self {
        case .normal: return "normal"
        case .italic: return "italic"
        case .oblique(let a):
            return a.lowerBound == a.upperBound ? "oblique \(FaceDescriptors.number(a.lowerBound))deg"
                : "oblique \(FaceDescriptors.number(a.lowerBound))deg \(FaceDescriptors.number(a.upperBound))deg"
        }
    }
}
