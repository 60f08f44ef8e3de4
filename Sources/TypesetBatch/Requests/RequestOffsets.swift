/// Offsets into a request's text as the batch protocol counts them: Unicode
/// scalars, or UTF-16 units with `--offsets utf16` (runs and attachments).
struct RequestOffsets {
    /// Whether offsets count UTF-16 units.
    let utf16: Bool
    /// The UTF-16 offset of every scalar boundary (scalar index → UTF-16 offset).
    private let boundaries: [Int]

    init(text: String, utf16: Bool) {
        self.utf16 = utf16
        var boundaries = [0]
        for s in text.unicodeScalars { boundaries.append(boundaries.last! + s.utf16.count) }
        self.boundaries = boundaries
    }

    /// The text's length in the unit offsets count.
    var length: Int { utf16 ? boundaries.last! : boundaries.count - 1 }

    /// The unit's name, for messages.
    var unitName: String { utf16 ? "UTF-16 units" : "scalars" }

    /// The UTF-16 offset of an offset in `0...length`.
    func utf16Offset(_ offset: Int) -> Int { utf16 ? offset : boundaries[offset] }

    /// Whether an offset falls on a scalar boundary (a UTF-16 offset may
    /// split a surrogate pair; a scalar offset never does).
    func isScalarBoundary(_ offset: Int) -> Bool {
        guard utf16 else { return true }
        var lo = 0, hi = boundaries.count
        while lo < hi { let m = (lo + hi) / 2; if boundaries[m] < offset { lo = m + 1 } else { hi = m } }
        return lo < boundaries.count && boundaries[lo] == offset
    }
}
