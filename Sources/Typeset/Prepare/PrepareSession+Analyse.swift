// Pipeline stage: Prepare, the analysis step (drives Analysis).
// In: the processed units, the paragraph options, the styles.
// Out: TextAnalysis: grapheme starts, bidi levels, scripts and break opportunities per processed unit.

/// What analysis found in the processed text.
struct TextAnalysis {
    /// Grapheme cluster starts, per processed offset 0...n.
    var graphemes: [Bool]
    /// Bidi embedding level per processed unit (empty for plain one-item text).
    var levels: [UInt8]
    /// Script code per processed unit (empty for plain one-item text).
    var scripts: [Int32]
    /// Line-break opportunities and whether each is forced.
    var breaks: (positions: [Int32], mandatory: [Bool])
    /// The opportunities words are shaped between (`breaks.positions`, or
    /// fewer: see `analyse`).
    var wordBreaks: [Int32]
    var paragraphLevel: UInt8
    /// The text took the one-pass scan (`PlainTextScan`): levels 0, one script.
    var isPlain: Bool
    /// Plain text in one item, in the block style's first face.
    var isOneItem: Bool
    /// The script of plain text (`PlainTextScan.script`): Latin, Greek or Cyrillic.
    var plainScript: Int32
    /// The script runs of plain text whose letters are of several scripts
    /// (`PlainScriptRuns`; empty for any other text): one-item text is one
    /// item per run.
    var plainScriptRuns: [PlainScriptRuns.Run]
    /// The text has Thai letters.
    var hasThai: Bool

    /// The levels a prepared text keeps: none when every level is 0.
    var keptLevels: [UInt8] { isPlain || !levels.contains(where: { $0 != 0 }) ? [] : levels }
    /// The word breaks a prepared text keeps: only when they are not the segments' ends.
    var keptWordBreaks: [Int32] { hasThai && wordBreaks != breaks.positions ? wordBreaks : [] }
}

/// The analysis stage's working arrays (see `StageScratch`).
struct AnalysisScratch: StageScratch {
    var graphemes: [Bool]
    var levels: [UInt8]
    var scripts: [Int32]
    var breaks: (positions: [Int32], mandatory: [Bool])
    /// ICU's line-break offsets and the flags made of them.
    var icuOffsets: [Int32]
    var icuFlags: [UInt8]
    /// The units plain text's scan found continuing a grapheme (`PlainTextScan`).
    var continuations: [Int32]
    /// The script runs of plain text of several scripts (`PlainScriptRuns`).
    var scriptRuns: [PlainScriptRuns.Run]

    mutating func reset() {
        self = AnalysisScratch(graphemes: graphemes.emptiedForReuse(), levels: levels.emptiedForReuse(),
                               scripts: scripts.emptiedForReuse(),
                               breaks: (breaks.positions.emptiedForReuse(), breaks.mandatory.emptiedForReuse()),
                               icuOffsets: icuOffsets.emptiedForReuse(), icuFlags: icuFlags.emptiedForReuse(),
                               continuations: continuations.emptiedForReuse(), scriptRuns: scriptRuns.emptiedForReuse())
    }
}

extension AnalysisScratch {
    init() {
        self.init(graphemes: [], levels: [], scripts: [], breaks: ([], []), icuOffsets: [], icuFlags: [], continuations: [], scriptRuns: [])
    }
}

extension PrepareSession {
    /// The analysis stage: one pass for plain text (`PlainTextScan`, when
    /// one-pass is on and the text has no attachment), else grapheme
    /// breaks, bidi levels, scripts and break opportunities one after another.
    func analyse(_ units: [UInt16], paragraph: ParagraphStyle, styled: StyledText, hasAttachments: Bool,
                 into scratch: inout AnalysisScratch) throws -> TextAnalysis {
        scratch.reset()
        let n = units.count
        let plain = onePass && n > 0 && !hasAttachments
            ? PlainTextScan(units, paragraph: paragraph,
                            asciiFaces: styled.runCount == 1 ? styled.stacks[Int(styled.styleOfUnit[0])].asciiFace : nil,
                            stack: styled.runCount == 1 ? styled.stacks[Int(styled.styleOfUnit[0])] : nil,
                            into: &scratch.breaks, continuations: &scratch.continuations)
            : nil
        var paragraphLevel: UInt8 = 0, wordBreaks: [Int32], thai = false
        if let plain {
            scratch.graphemes.refill(true, count: n + 1)
            for k in scratch.continuations { scratch.graphemes[Int(k)] = false }
            wordBreaks = scratch.breaks.positions
            if plain.isMixed { PlainScriptRuns.resolve(units, into: &scratch.scriptRuns) }
            if !plain.isOneItem {
                // Plain text in several faces or styles, or with emoji, for the itemizer: levels 0, the scripts resolved.
                scratch.levels.refill(0, count: n)
                if plain.isMixed {
                    PlainScriptRuns.expand(scratch.scriptRuns, count: n, into: &scratch.scripts)
                } else {
                    scratch.scripts.refill(plain.script, count: n)
                }
            }
        } else {
            GraphemeBreaks.boundaries(units, into: &scratch.graphemes)
            paragraphLevel = try BidiLevels.resolve(units, direction: paragraph.direction, into: &scratch.levels)
            ScriptRuns.resolve(units, into: &scratch.scripts)
            let language = paragraph.locale ?? styled.base.language
            try BreakOpportunities.compute(units, wordBreak: paragraph.wordBreak,
                                           preserveNewlines: paragraph.whiteSpace.preservesNewlines, language: language,
                                           lineBreak: paragraph.lineBreak,
                                           into: &scratch.breaks, icuFlags: &scratch.icuFlags, icuOffsets: &scratch.icuOffsets)
            // Shaping splits text into words only at break opportunities between
            // words (WordShaper.isSeparableBreak): the ones break-all and
            // `line-break: anywhere` add between Thai letters are not such, as
            // Chromium shapes the run whole and only reshapes a line's end.
            wordBreaks = scratch.breaks.positions
            thai = units.contains(where: UnicodeProps.isThai)
            if paragraph.wordBreak == .breakAll && thai {
                wordBreaks = try BreakOpportunities.compute(units, wordBreak: .normal,
                                                            preserveNewlines: paragraph.whiteSpace.preservesNewlines,
                                                            language: language, lineBreak: paragraph.lineBreak).positions
            }
        }
        if paragraph.lineBreak == .anywhere {
            BreakOpportunities.addGraphemeBoundaries(scratch.graphemes, units: units, to: &scratch.breaks)
        }
        if paragraph.whiteSpace == .breakSpaces {
            BreakOpportunities.addBreaksAfterSpaces(units, to: &scratch.breaks)
        }
        return TextAnalysis(graphemes: scratch.graphemes, levels: scratch.levels, scripts: scratch.scripts,
                            breaks: scratch.breaks, wordBreaks: wordBreaks, paragraphLevel: paragraphLevel,
                            isPlain: plain != nil, isOneItem: plain?.isOneItem ?? false,
                            plainScript: plain?.script ?? PlainTextScan.latin, plainScriptRuns: scratch.scriptRuns,
                            hasThai: thai)
    }
}
