/// The processed text a prepared text keeps (see `WhiteSpaceProcessor`):
/// its units, compact, and the map back to source offsets.
struct ProcessedText: Sendable {
    /// The processed UTF-16 text.
    let units: CompactUTF16
    /// For each processed unit, its source UTF-16 offset, and the source
    /// length (never empty then); empty when `isIdentity`.
    let sourceOffsets: [Int32]

    /// Whether the processed text is the source text (offsets are the
    /// identity). Not a stored Bool: it would take 8 bytes of padding in
    /// `PreparedCore.Details`, in every prepared text's object.
    var isIdentity: Bool { sourceOffsets.isEmpty }

    /// The processed text of `processor`; `source` is the source text's
    /// storage, which an identity processing shares.
    init(_ processor: borrowing WhiteSpaceProcessor, source: CompactUTF16) {
        units = processor.isIdentity ? source : CompactUTF16(processor.units)
        // (A processing that changed the text maps its end too: never empty.)
        sourceOffsets = processor.isIdentity ? [] : processor.sourceOffsets.compacted()
        assert(isIdentity == processor.isIdentity)
    }

    /// The processed text of an identity processing: the source's units.
    init(identity source: CompactUTF16) {
        units = source
        sourceOffsets = []
    }

    /// A processed text that differs from its source: its units, and the
    /// source offset of each unit and of its end (never empty).
    init(units: CompactUTF16, sourceOffsets: [Int32]) {
        precondition(!sourceOffsets.isEmpty, "a changed text maps its end too")
        self.units = units
        self.sourceOffsets = sourceOffsets
    }

    /// The source offset of processed offset `i` (0...units.count).
    @inline(__always)
    func sourceOffset(_ i: Int) -> Int {
        sourceOffsets.isEmpty ? i : Int(sourceOffsets[i])
    }
}
