/// CSS font matching over the faces of `@font-face` rules of one family
/// (CSS Fonts 4 §5.2), and the segmented faces they form.
///
/// Rules whose `font-weight`, `font-stretch` and `font-style` are identical
/// form one *segmented* (composite) face, whatever their `unicode-range`s:
/// a request picks descriptors first, then takes every face with them, the
/// rule written last first (it takes precedence). Each face sets only the
/// characters of its `unicode-range`, so a character comes from the first
/// face whose range holds it and whose font has it.
///
/// Matching, in the specification's order: the style (italic asks for
/// italic, then oblique, then upright faces; upright for upright, then
/// oblique, then italic), the width (`normal`, 100%: a face whose range
/// holds it, else the widest narrower, else the narrowest wider) and the
/// weight (a face whose range holds the weight, else the nearest by
/// ``FontWeightMatching``'s ordered search, a range standing for its end
/// nearest the request).
enum SegmentedFaceMatching {
    /// The descriptors faces are grouped by.
    struct Descriptors: Hashable {
        var weight: ClosedRange<Double>
        var stretch: ClosedRange<Double>
        /// 0 upright, 1 oblique, 2 italic.
        var styleClass: Int
        var oblique: ClosedRange<Double>?
    }

    static func descriptors(of face: FontFace) -> Descriptors {
        let rule = face.rule
        let weight = rule?.weight ?? Double(face.weight)...Double(face.weight)
        let stretch = rule?.stretch ?? 100...100
        switch rule?.style {
        case .normal?: return Descriptors(weight: weight, stretch: stretch, styleClass: 0, oblique: nil)
        case .italic?: return Descriptors(weight: weight, stretch: stretch, styleClass: 2, oblique: nil)
        case .oblique(let angles)?: return Descriptors(weight: weight, stretch: stretch, styleClass: 1, oblique: angles)
        case nil: return Descriptors(weight: weight, stretch: stretch, styleClass: face.isItalic ? 2 : 0, oblique: nil)
        }
    }

    /// The faces of the segmented face a request picks among `faces` (one
    /// family's, in rule order), the last rule first.
    static func faces(from faces: [FontFace], weight: Int, italic: Bool, stretch: Double = 100) -> [FontFace] {
        let described = faces.map { (face: $0, descriptors: descriptors(of: $0)) }
        var pool = described
        // Style.
        let styleOrder = italic ? [2, 1, 0] : [0, 1, 2]
        for style in styleOrder where pool.contains(where: { $0.descriptors.styleClass == style }) {
            pool = pool.filter { $0.descriptors.styleClass == style }
            break
        }
        // Width.
        func stretchRank(_ r: ClosedRange<Double>) -> (Int, Double) {
            if r.contains(stretch) { return (0, 0) }
            if stretch <= 100 {
                return r.upperBound < stretch ? (1, stretch - r.upperBound) : (2, r.lowerBound - stretch)
            }
            return r.lowerBound > stretch ? (1, r.lowerBound - stretch) : (2, stretch - r.upperBound)
        }
        if let best = pool.map({ stretchRank($0.descriptors.stretch) }).min(by: { $0 < $1 }) {
            pool = pool.filter { stretchRank($0.descriptors.stretch) == best }
        }
        // Weight.
        let desired = Double(weight)
        func weightRank(_ r: ClosedRange<Double>) -> (Int, Double) {
            let nearest = min(max(desired, r.lowerBound), r.upperBound)
            let (tier, _) = FontWeightMatching.rank(Int(nearest.rounded()), weight)
            return (tier, abs(nearest - desired))
        }
        guard let bestWeight = pool.map({ weightRank($0.descriptors.weight) }).min(by: { $0 < $1 }) else { return [] }
        pool = pool.filter { weightRank($0.descriptors.weight) == bestWeight }
        // The segmented face: every face with the chosen descriptors (the
        // first such face's), the last rule first.
        let chosen = pool[0].descriptors
        return described.filter { $0.descriptors == chosen }.map(\.face).reversed()
    }
}
