// Pipeline stage: Prepare.
// The parts of a prepared text most texts do not have, kept in its object only when it has some.

extension PreparedCore {
    /// What a prepared text holds only when it has it: a processed text that
    /// differs from the source, `text-box-trim` edges, and the tables most
    /// texts leave empty. It lives in its core's tail after the lazy values
    /// when some part of it is not empty or nil (`Details.rare` says where),
    /// and not at all otherwise: a plain post's object is 120 bytes smaller
    /// than if every text kept these fields (see the Architecture article's
    /// hot paths: *memory per prepared post*).
    struct RareDetails {
        /// The processed text's units in the tail (Latin-1 bytes when
        /// `processedIsLatin1`), when processing changed the text; see `sourceOffsets`.
        let processedUnits: TailSpan
        let processedIsLatin1: Bool
        /// For each processed unit, its source UTF-16 offset, and the source
        /// length; empty when processing changed nothing (see `ProcessedText`).
        let sourceOffsets: [Int32]
        /// The edges `text-box-trim` trims to, nil when it trims nothing.
        let trimEdges: TextBoxTrimEdges?
        /// Fullwidth closing brackets set half-width at the end of a line that
        /// would not fit otherwise.
        let trimmableClose: [Int32]
        /// Processed offsets where a run of another style starts (each style
        /// run's piece of a line is rounded up to 1/64 px on its own).
        let runBoundaries: [Int32]
        /// Inline attachments in processed order (see ``TextAttachment``).
        let attachments: [PlacedAttachment]
        /// The sides of runs' inline boxes in processed order (see `InlineBoxRuns`).
        let boxEdges: [PlacedBoxEdge]
        /// The break opportunities words were shaped between, when they are not
        /// the segments' ends (break-all or `line-break: anywhere` in Thai, whose
        /// letters are shaped by the word); empty otherwise.
        let wordBreaks: [Int32]
        /// Break opportunities inside a shaped word where a line ending (or, in
        /// right-to-left text, starting) there, reshaped as Chromium reshapes
        /// it, loses a kern; ascending. One array of triples, not three arrays:
        /// most texts that have any have one or two.
        let reshapedEnds: [ReshapedEnd]

        /// Whether the text `parts` describes has any rare detail.
        static func isNeeded(_ parts: borrowing PreparedCore.Parts) -> Bool {
            let a = parts.adjustments
            return !parts.analysed.processed.isIdentity || parts.strut.trimEdges != nil || !a.trimmableClose.isEmpty
                || !a.runBoundaries.isEmpty || !a.attachments.isEmpty || !a.boxEdges.isEmpty || !a.wordBreaks.isEmpty
                || !a.reshapedEnds.isEmpty
        }
    }
}

extension PreparedCore.RareDetails {
    /// The rare details of `parts` (made by the memberwise initializer in one
    /// expression: see the Architecture article's hot paths).
    init(_ parts: borrowing PreparedCore.Parts, processedUnits: TailSpan, processedIsLatin1: Bool) {
        self.init(
            processedUnits: processedUnits, processedIsLatin1: processedIsLatin1,
            sourceOffsets: parts.analysed.processed.isIdentity ? [] : parts.analysed.processed.sourceOffsets.compacted(),
            trimEdges: parts.strut.trimEdges, trimmableClose: parts.adjustments.trimmableClose.compacted(),
            runBoundaries: parts.adjustments.runBoundaries.compacted(), attachments: parts.adjustments.attachments,
            boxEdges: parts.adjustments.boxEdges, wordBreaks: parts.adjustments.wordBreaks.compacted(),
            reshapedEnds: parts.adjustments.reshapedEnds.compacted())
    }
}
