// Pipeline stage: Prepare, the itemization step (drives Itemize).
// In: the processed units, their analysis and their styles.
// Out: ItemizedText: runs of one level, script, style and face, and each run's inline box.

/// The itemization stage's working arrays (see `StageScratch`).
struct ItemizationScratch: StageScratch {
    var items: [Item]
    var faces: [FontFace]
    /// The scalars of a cluster the itemizer looks up.
    var scalars: [UInt32]
    /// Each style and face's inline box, by style × faces + face, made on first need.
    var boxes: [InlineBox?]
    var itemMetrics: [(ascent: Double, descent: Double)]
    /// The faces clusters took in earlier texts: a cache, kept between texts.
    var clusterFaces: Itemizer.ClusterFaces

    mutating func reset() {
        self = ItemizationScratch(items: items.emptiedForReuse(), faces: faces.emptiedForReuse(),
                                  scalars: scalars.emptiedForReuse(), boxes: boxes.emptiedForReuse(),
                                  itemMetrics: itemMetrics.emptiedForReuse(), clusterFaces: clusterFaces)
    }
}

extension ItemizationScratch {
    init() {
        self.init(items: [], faces: [], scalars: [], boxes: [], itemMetrics: [], clusterFaces: Itemizer.ClusterFaces())
    }
}

extension PrepareSession {
    /// The itemization stage: the items (plain one-item text is one item in
    /// the block's first face, or one per script run, without the itemizer), then each item's
    /// inline box, its style's line height about its fonts, made once per
    /// style and face (an Arabic or Hindi post's items are its words, in two faces).
    func itemize(_ units: [UInt16], analysis: TextAnalysis, styled: StyledText,
                 into scratch: inout ItemizationScratch) -> ItemizedText {
        scratch.reset()
        let faces: [FontFace]
        if analysis.isOneItem {
            let style = UInt16(truncatingIfNeeded: styled.styleOfUnit[0]), runs = analysis.plainScriptRuns
            if runs.isEmpty {
                scratch.items.append(Item(start: 0, end: Int32(units.count), level: 0, script: analysis.plainScript,
                                          styleIndex: style, faceIndex: 0))
            } else {
                // Letters of several scripts: an item per script run (the itemizer's, every unit in the first face).
                for (k, run) in runs.enumerated() {
                    let end = k + 1 < runs.count ? runs[k + 1].start : Int32(units.count)
                    scratch.items.append(Item(start: run.start, end: end, level: 0, script: run.script,
                                              styleIndex: style, faceIndex: 0))
                }
            }
            faces = styled.stacks[Int(styled.styleOfUnit[0])].firstFace  // (the stack's own array, not a copy)
        } else {
            Itemizer(fonts: fonts).itemize(
                Itemizer.Text(units: units, graphemeStarts: analysis.graphemes, levels: analysis.levels,
                              scripts: analysis.scripts, styleOfUnit: styled.styleOfUnit, stacks: styled.stacks),
                into: &scratch.items, faces: &scratch.faces, scalars: &scratch.scalars, clusterFaces: &scratch.clusterFaces)
            faces = scratch.faces
        }
        scratch.boxes.refill(nil, count: styled.styles.count * faces.count)
        styled.styles.withUnsafeBufferPointer { styles in  // (read in place, not copied per item)
            for item in scratch.items {
                let style = Int(item.styleIndex), k = style * faces.count + Int(item.faceIndex)
                let box = scratch.boxes[k] ?? InlineBox(style: styles[style], primary: styled.stacks[style].faces[0],
                                                        used: faces[Int(item.faceIndex)])
                scratch.boxes[k] = box
                scratch.itemMetrics.append((box.ascent, box.descent))
            }
        }
        return ItemizedText(items: scratch.items, faces: faces, styles: styled.styles, itemMetrics: scratch.itemMetrics)
    }
}
