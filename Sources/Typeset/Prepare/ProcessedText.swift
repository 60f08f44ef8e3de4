/// The processed text a prepared text keeps (see `WhiteSpaceProcessor`):
/// its units, compact, and the map back to source offsets.
struct ProcessedText: Sendable {
    /// The processed UTF-16 text.
    let units: CompactUTF16
    /// For each processed unit, its source UTF-16 offset, and the source
    /// length; empty when `isIdentity`.
    let sourceOffsets: [Int32]
    /// Whether the processed text is the source text (offsets are the identity).
    let isIdentity: Bool

    /// The processed text of `processor`; `source` is the source text's
    /// storage, which an identity processing shares.
    init(_ processor: WhiteSpaceProcessor, source: CompactUTF16) {
        units = processor.isIdentity ? source : CompactUTF16(processor.units)
        sourceOffsets = processor.sourceOffsets.compacted()
        isIdentity = processor.isIdentity
    }

    /// The source offset of processed offset `i` (0...units.count).
    @inline(__always)
    func sourceOffset(_ i: Int) -> Int {
        isIdentity ? i : Int(sourceOffsets[i])
    }
}
