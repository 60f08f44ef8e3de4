// Pipeline stage: Prepare, its first step.
// In: the block style, the attribute runs and the processed text.
// Out: StyledText: the text's distinct styles (validated, scaled), each processed unit's style, each style's font stack.

/// The styles a text is set in: every distinct style, the block's first
/// (the strut's, whether or not a run uses it), and each style's resolved
/// font stack.
struct StyledText {
    /// The distinct styles, validated and scaled; `styles[0]` is the block's.
    var styles: [TextStyle]
    /// Per processed unit: its style's index.
    var styleOfUnit: [Int32]
    /// Per style: its resolved font stack.
    var stacks: [ResolvedStack]
    /// The number of attribute runs (1 for a text in one style).
    var runCount: Int

    /// The block style, validated and scaled.
    var base: TextStyle { styles[0] }
    /// The block style's first face: the strut's font.
    var primary: FontFace { stacks[0].faces[0] }
}

/// The attribute runs of a text as given, before validation.
struct StyleRuns {
    /// The block style as given (`StyledText.base` is it validated and scaled).
    var given: TextStyle
    /// The runs; nil for one run of the block style (no run is made for it).
    var runs: UnsafeBufferPointer<AttributedText.Run>?
}

/// The styles stage's working arrays (see `StageScratch`).
struct StyleScratch: StageScratch {
    var styleOfUnit: [Int32]
    var styleIndexOfRun: [Int32]
    var stacks: [ResolvedStack]

    mutating func reset() {
        self = StyleScratch(styleOfUnit: styleOfUnit.emptiedForReuse(), styleIndexOfRun: styleIndexOfRun.emptiedForReuse(),
                            stacks: stacks.emptiedForReuse())
    }
}

extension StyleScratch {
    init() { self.init(styleOfUnit: [], styleIndexOfRun: [], stacks: []) }
}

/// The last text's block style, kept between texts: a feed's texts share one
/// style, validated, scaled and resolved to a stack once. A text in one
/// style keeps `styles` as its style array (no array of its own).
struct BlockStyleMemo {
    /// The block style and scale last given, and what they made.
    private var given: (style: TextStyle, scale: Double)? = nil
    /// The block style validated and scaled, alone in an array.
    private(set) var styles: [TextStyle] = []
    /// The scale `styles` was scaled by (at another scale the same scaled
    /// style has another optical size, so another stack).
    private var stylesScale = 1.0
    /// The block style's resolved stack, once a text resolved it.
    var stack: ResolvedStack? = nil

    /// Validates and scales `style` by `scale` into `styles[0]`, kept from
    /// the last text's when it is the same (and `stack` is emptied when it
    /// changed). (Read there in place: a style returned would be a copy.)
    mutating func resolve(_ style: TextStyle, scale: Double) throws {
        // (Compared in place, not through a copy of the tuple.)
        if given != nil && given!.scale == scale && given!.style == style { return }
        let base = try style.validated().scaled(by: scale)
        given = (style, scale)
        if styles.first != base || stylesScale != scale {
            styles = [base]
            stylesScale = scale
            stack = nil
        }
    }
}

extension PrepareSession {
    /// The styles stage: each run's style validated and scaled, the distinct
    /// ones numbered (a text may have thousands of runs in a few styles),
    /// each processed unit given its run's, each style resolved to a stack.
    /// - Parameter memo: holds `runs.given` validated and scaled (`memo.resolve`), `styles[0]`.
    /// - Throws: the first invalid style's error, or
    ///   ``TypesetError/invalidAttributeRuns(_:)`` past 65,536 distinct styles.
    func resolveStyles(_ runs: StyleRuns, processed: WhiteSpaceProcessor, memo: inout BlockStyleMemo,
                       into scratch: inout StyleScratch) throws -> StyledText {
        scratch.reset()
        let given = runs.runs ?? UnsafeBufferPointer(start: nil, count: 0)
        let runCount = runs.runs == nil ? 1 : given.count
        var styles = memo.styles
        var styleIndex: [TextStyle: Int32] = [:]  // only with several runs
        if runs.runs == nil { scratch.styleIndexOfRun.append(0) }
        for run in given {
            // (A run in the block's own style, a one-style text's only run, is not validated again.)
            if run.style == runs.given { scratch.styleIndexOfRun.append(0); continue }
            let style = try run.style.validated().scaled(by: scale)
            if style == styles.last { scratch.styleIndexOfRun.append(Int32(styles.count - 1)); continue }
            if style == styles[0] { scratch.styleIndexOfRun.append(0); continue }  // (the block style)
            if runCount > 1 {
                if let k = styleIndex[style] { scratch.styleIndexOfRun.append(k); continue }
                styleIndex[style] = Int32(styles.count)
            }
            scratch.styleIndexOfRun.append(Int32(styles.count))
            styles.append(style)
        }
        guard styles.count <= Int(UInt16.max) + 1 else {
            throw TypesetError.invalidAttributeRuns("\(styles.count) distinct styles (at most 65,536)")
        }
        let n = processed.units.count
        scratch.styleOfUnit.refill(scratch.styleIndexOfRun.first ?? 0, count: n)
        if runCount > 1 {
            var r = 0
            for i in 0..<n {
                let s = processed.sourceOffset(i)
                while r + 1 < given.count && s >= given[r].range.upperBound { r += 1 }
                scratch.styleOfUnit[i] = scratch.styleIndexOfRun[r]
            }
        }
        for (k, st) in styles.enumerated() {
            if k == 0, let stack = memo.stack { scratch.stacks.append(stack); continue }
            scratch.stacks.append(try fonts.resolvedStack(st.font, weight: st.weight, stretch: st.stretch, italic: st.italic,
                                                          opticalSize: st.opticalSizing == .auto ? st.size / scale : nil,
                                                          variations: st.variations))
        }
        if memo.stack == nil { memo.stack = scratch.stacks[0] }
        return StyledText(styles: styles, styleOfUnit: scratch.styleOfUnit, stacks: scratch.stacks, runCount: runCount)
    }
}
