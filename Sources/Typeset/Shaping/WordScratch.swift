// Pipeline stage: Shaping.
// The per-text arrays WordShaper fills, kept by its caller (a PrepareContext) so that shaping allocates none of them.

/// One word of a text as `WordShaper` shapes it: the word, the span it is
/// shaped in (the word and its context, see `WordShaper.contextSpan`), its
/// cache key (nil when it is not cached) and the index of its item.
struct WordPiece {
    var word: Range<Int>
    var span: Range<Int>
    var key: ShapeKey?
    var item: Int32
}

/// The arrays `WordShaper` fills for one text, kept by its caller between
/// texts (emptied, capacity kept) and passed to it `inout`.
struct WordScratch: StageScratch {
    /// The text's words not copied from the front table as they were found, item after item.
    var pieces: [WordPiece]
    /// The words the cache lacks, by index into `pieces`, and their keys' hashes.
    var unshaped: [Int]
    var unshapedKeys: HashSet64
    /// The shaping run of each of `unshaped` while they are grouped by run (`WordShaper.groupByRun`).
    var runKeys: [UInt64]
    /// Words that repeat one of `unshaped`, by index into `pieces`.
    var repeats: [Int]
    /// Words shaped alone, uncached or in context (see `WordShaper.shape`), by index into `pieces`.
    var alone: [Int]
    /// `WordShaper.shapeTogether`'s joined words, where each starts in them,
    /// and those whose shape could not be taken from the joined one.
    var joined: [UInt16]
    var starts: [Int]
    var notJoined: [Int]
    /// Where the search for the next item's first break opportunity starts
    /// (items come in order: from where the previous item's search ended).
    var nextBreak = 0

    /// Empties every array for the next text, keeping its capacity: rebuilt
    /// with the memberwise initializer, so that a field added is a field
    /// this handles (see `StageScratch`).
    mutating func reset() {
        unshapedKeys.removeAll()
        self = WordScratch(
            pieces: pieces.emptiedForReuse(),
            unshaped: unshaped.emptiedForReuse(),
            unshapedKeys: unshapedKeys,
            runKeys: runKeys.emptiedForReuse(),
            repeats: repeats.emptiedForReuse(),
            alone: alone.emptiedForReuse(),
            joined: joined.emptiedForReuse(),
            starts: starts.emptiedForReuse(),
            notJoined: notJoined.emptiedForReuse(),
            nextBreak: 0)
    }
}

extension WordScratch {
    init() {
        self.init(pieces: [], unshaped: [], unshapedKeys: HashSet64(), runKeys: [], repeats: [], alone: [], joined: [],
                  starts: [], notJoined: [])
    }
}
