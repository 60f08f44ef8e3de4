/// CSS font weight matching (CSS Fonts 4 §5.2, step 4) among static
/// weights: which of a family's weights a requested weight picks
/// (``FontMatching`` with every face at one stretch and style).
///
/// So 500 from {400, 600} is 400, 300 from {100, 400} is 100, and 700 from
/// {500, 1000} is 1000.
enum FontWeightMatching {
    /// The index in `weights` of the weight CSS picks for `desired`, nil for
    /// no weights. Equal weights: the first wins.
    static func bestIndex(of weights: [Int], for desired: Int) -> Int? {
        FontMatching.bestIndex(of: weights.map { FaceDescriptors(weight: Double($0)...Double($0)) },
                               for: .init(weight: Double(desired), stretch: 100, slope: 0))
    }
}
