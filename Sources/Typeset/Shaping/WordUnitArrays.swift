// Pipeline stage: Shaping. One word's per-unit shaping, kept between words.

/// One word's per-unit shaping, as `WordShaper.wordAdvances` writes it:
/// advances (1/65536 px), cluster starts and units a break before would
/// lose a kern. Kept by a caller between words, it allocates nothing.
struct WordUnitArrays {
    var advances: [Int32] = []
    var clusterStarts: [Bool] = []
    var unsafeBefore: [Bool] = []

    /// The arrays emptied, their capacity kept.
    mutating func emptiedForReuse() -> WordUnitArrays {
        WordUnitArrays(advances: advances.emptiedForReuse(), clusterStarts: clusterStarts.emptiedForReuse(),
                       unsafeBefore: unsafeBefore.emptiedForReuse())
    }
}
