/// CSS font matching (CSS Fonts 4 §5.2) over the ranges faces declare
/// (``FaceDescriptors``), as Chromium implements it: among a family's faces,
/// the closest `font-stretch` first, then the closest `font-style`, then the
/// closest `font-weight`, each distance measured to the nearest end of a
/// face's range (a variable face covering 100–900 matches every weight in
/// it exactly).
///
/// Each property searches in the specification's order, written as a
/// distance that grows along it:
/// - stretch: at or below 100% narrower widths first (descending), then
///   wider; above 100% wider first (ascending), then narrower;
/// - style (a slope: normal 0°, italic as Chromium's 20, an oblique its
///   angle): from 20 up, larger slopes first, then smaller; from 0 up to 20,
///   smaller non-negative slopes first (descending), then larger, then
///   negative; below 0, mirrored;
/// - weight: in 400…500, weights up to 500 (ascending), then below
///   (descending), then above 500 (ascending); below 400 lighter first
///   (descending), then heavier; above 500 heavier first, then lighter.
///
/// Ties keep the earlier face, or with `laterWinsTies` the later one (as
/// Chromium prefers the later of two `@font-face` rules that match alike).
enum FontMatching {
    /// A requested style: `font-weight`, `font-stretch` (percent) and the
    /// slope of `font-style` (0 normal, ``FaceStyle/italicSlope`` italic).
    struct Request: Hashable {
        var weight: Double
        var stretch: Double
        var slope: Double
    }

    /// The index in `faces` of the face CSS picks for `request`, nil for no faces.
    static func bestIndex(of faces: [FaceDescriptors], for request: Request, laterWinsTies: Bool = false) -> Int? {
        guard var bounds = faces.first.map(Bounds.init) else { return nil }
        for face in faces.dropFirst() { bounds.formUnion(Bounds(face)) }
        var best: Int?, bestKey = (Double.infinity, Double.infinity, Double.infinity)
        for (i, face) in faces.enumerated() {
            let key = (stretchDistance(face.stretch, request.stretch, bounds.stretch),
                       styleDistance(face.style.slope, request.slope, bounds.slope),
                       weightDistance(face.weight, request.weight, bounds.weight))
            if best == nil || key < bestKey || (laterWinsTies && key == bestKey) { best = i; bestKey = key }
        }
        return best
    }

    /// The union of the ranges of every candidate face (the thresholds of the
    /// searches that turn back).
    private struct Bounds {
        var weight: ClosedRange<Double>, stretch: ClosedRange<Double>, slope: ClosedRange<Double>
        init(_ d: FaceDescriptors) { weight = d.weight; stretch = d.stretch; slope = d.style.slope }
        mutating func formUnion(_ o: Bounds) {
            func union(_ a: ClosedRange<Double>, _ b: ClosedRange<Double>) -> ClosedRange<Double> {
                min(a.lowerBound, b.lowerBound)...max(a.upperBound, b.upperBound)
            }
            weight = union(weight, o.weight); stretch = union(stretch, o.stretch); slope = union(slope, o.slope)
        }
    }

    static func stretchDistance(_ range: ClosedRange<Double>, _ desired: Double, _ bounds: ClosedRange<Double>) -> Double {
        if range.contains(desired) { return 0 }
        if desired > 100 {
            if range.lowerBound > desired { return range.lowerBound - desired }
            return max(desired, bounds.upperBound) - range.upperBound
        }
        if range.upperBound < desired { return desired - range.upperBound }
        return range.lowerBound - min(desired, bounds.lowerBound)
    }

    static func styleDistance(_ slope: ClosedRange<Double>, _ desired: Double, _ bounds: ClosedRange<Double>) -> Double {
        if slope.contains(desired) { return 0 }
        let threshold = FaceStyle.italicSlope
        if desired >= threshold {
            if slope.lowerBound > desired { return slope.lowerBound - desired }
            return max(desired, bounds.upperBound) - slope.upperBound
        }
        if desired >= 0 {
            if slope.upperBound >= 0 && slope.upperBound < desired { return desired - slope.upperBound }
            if slope.lowerBound > desired { return slope.lowerBound }
            return max(desired, bounds.upperBound) - slope.upperBound
        }
        if desired > -threshold {
            if slope.lowerBound > desired && slope.lowerBound <= 0 { return slope.lowerBound - desired }
            if slope.upperBound < desired { return -slope.upperBound }
            return slope.lowerBound - min(desired, bounds.lowerBound)
        }
        if slope.upperBound < desired { return desired - slope.upperBound }
        return slope.lowerBound - min(desired, bounds.lowerBound)
    }

    static func weightDistance(_ range: ClosedRange<Double>, _ desired: Double, _ bounds: ClosedRange<Double>) -> Double {
        if range.contains(desired) { return 0 }
        if desired >= 400 && desired <= 500 {
            if range.lowerBound > desired && range.lowerBound <= 500 { return range.lowerBound - desired }
            if range.upperBound < desired { return 500 - range.upperBound }
            return range.lowerBound - min(desired, bounds.lowerBound)
        }
        if desired < 400 {
            if range.upperBound < desired { return desired - range.upperBound }
            return range.lowerBound - min(desired, bounds.lowerBound)
        }
        if range.lowerBound > desired { return range.lowerBound - desired }
        return max(desired, bounds.upperBound) - range.upperBound
    }
}
