// Pipeline stage: Shaping.
// The per-unit arrays shaping writes (advances, cluster starts, kerned-before units), held in place.

/// A text's per-unit advances, cluster starts and kerned-before flags
/// (see `WordShaper.unitAdvances`) as buffers held in place while words
/// are copied into them: a word's copy then checks one bound, not each
/// array's uniqueness and bounds per unit. They start out as what most
/// units are, cluster starts not kerned before (`clusterStarts` all true,
/// `unsafeBefore` all false): a word's copy writes the flags of the other
/// units only (`ShapedWord.copy`), and every unit is some word's.
struct UnitArrays {
    let advances: UnsafeMutableBufferPointer<Int32>
    let clusterStarts: UnsafeMutableBufferPointer<Bool>
    let unsafeBefore: UnsafeMutableBufferPointer<Bool>

    /// The units all three hold.
    var count: Int { min(advances.count, clusterStarts.count, unsafeBefore.count) }

    /// `body` with the three arrays held in place.
    @inline(__always)
    static func with<R>(_ advances: inout [Int32], _ clusterStarts: inout [Bool], _ unsafeBefore: inout [Bool],
                        _ body: (UnitArrays) throws -> R) rethrows -> R {
        try advances.withUnsafeMutableBufferPointer { a in
            try clusterStarts.withUnsafeMutableBufferPointer { c in
                try unsafeBefore.withUnsafeMutableBufferPointer { u in
                    try body(UnitArrays(advances: a, clusterStarts: c, unsafeBefore: u))
                }
            }
        }
    }
}
