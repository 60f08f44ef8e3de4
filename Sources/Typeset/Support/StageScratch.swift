// Support: how a stage keeps its working arrays between texts without carrying one text's data into the next
// (the prepare stages' scratches, `WordScratch`).

/// The working arrays of one prepare stage, kept by the `PrepareContext`
/// between texts so that a warm prepare allocates only what the prepared
/// text keeps.
///
/// A stage calls `reset()` before it writes anything. A conforming type
/// declares its stored properties without default values and resets by
/// rebuilding itself with its memberwise initializer, each array handed in
/// emptied (`Array.emptiedForReuse()`, capacity kept): the compiler then
/// asks for every field, so a field added is a field the reset handles, and
/// no array carries one text's data into the next. What a stage keeps on
/// purpose between texts (a cache) is passed through by name.
protocol StageScratch {
    init()
    mutating func reset()
}

extension Array {
    /// This scratch array emptied for the next text and handed on: moved out
    /// (no copy, so emptying keeps its buffer, which a shared buffer would
    /// not), its buffer dropped when it grew past `scratchKeptLimit`.
    @inline(__always)
    mutating func emptiedForReuse() -> [Element] {
        var taken: [Element] = []
        swap(&taken, &self)
        taken.recycle(limit: scratchKeptLimit)
        return taken
    }
}

/// Scratch arrays longer than this are dropped, not kept, when reset: a huge
/// text's room is given back, not held by an idle context.
let scratchKeptLimit = 1 << 16
