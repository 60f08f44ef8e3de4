/// CSS font weight matching (CSS Fonts 4 §5.2, step 4): which of a family's
/// weights a requested weight picks.
///
/// The specification's ordered search, literally:
/// - desired in 400…500: weights from desired up to 500 (ascending), then
///   below desired (descending), then above 500 (ascending);
/// - desired below 400: weights at or below desired (descending), then above
///   (ascending);
/// - desired above 500: weights at or above desired (ascending), then below
///   (descending).
///
/// So 500 from {400, 600} is 400, 300 from {100, 400} is 100, and 700 from
/// {500, 1000} is 1000.
enum FontWeightMatching {
    /// The index in `weights` of the weight CSS picks for `desired`, nil for
    /// no weights. Equal weights: the first wins.
    static func bestIndex(of weights: [Int], for desired: Int) -> Int? {
        var best: Int?
        for i in weights.indices where best == nil || rank(weights[i], desired) < rank(weights[best!], desired) {
            best = i
        }
        return best
    }

    /// The position of `weight` in the search for `desired` (lower is tried
    /// first): a tier, then the distance within it.
    static func rank(_ weight: Int, _ desired: Int) -> (Int, Int) {
        if (400...500).contains(desired) {
            if weight >= desired && weight <= 500 { return (0, weight - desired) }
            if weight < desired { return (1, desired - weight) }
            return (2, weight - 500)
        }
        if desired < 400 {
            return weight <= desired ? (0, desired - weight) : (1, weight - desired)
        }
        return weight >= desired ? (0, weight - desired) : (1, desired - weight)
    }
}
