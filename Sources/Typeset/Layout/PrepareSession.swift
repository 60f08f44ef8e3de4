import CHarfBuzz
import CUnicode

/// One run of the prepare pipeline: white-space processing, ICU analysis,
/// itemization with font fallback, HarfBuzz shaping, and segmentation for the
/// line breaker. Owns its scratch state (HarfBuzz buffer); never shared.
struct PrepareSession {
    let fonts: FontCollection
    let shaper: Shaper
    let cache: ShapeCache?

    init(fonts: FontCollection, shaper: Shaper, cache: ShapeCache?) {
        self.fonts = fonts
        self.shaper = shaper
        self.cache = cache
    }

    /// Words longer than this are shaped without the cache (they rarely repeat).
    static let longestCachedWord = 48

    /// Shapes an item word by word, each word on its own so that its shape can
    /// be cached and reused. A word ends at a line-break opportunity (after its
    /// trailing spaces, or between two ideographs, or between two Thai words):
    /// where lines may break, shaping must not depend on what follows anyway.
    /// Results are written per processed unit.
    private func shapeItem(_ item: Item, units: UnsafeBufferPointer<UInt16>, breaks: [Int32], style: TextStyle,
                           features: [hb_feature_t], featureHash: UInt64, advances: inout [Int32],
                           clusterStarts: inout [Bool]) {
        let end = Int(item.end)
        var start = Int(item.start)
        // The first break opportunity after the item's start.
        var b = 0, hi = breaks.count
        while b < hi { let m = (b + hi) / 2; if Int(breaks[m]) <= start { b = m + 1 } else { hi = m } }
        while start < end {
            // The next break opportunity where shaping is known to be separable.
            var stop = end
            while b < breaks.count && Int(breaks[b]) < end {
                let p = Int(breaks[b])
                b += 1
                if p > start && Self.isSeparableBreak(units, p) { stop = p; break }
            }
            let word = shapedWord(UnsafeBufferPointer(rebasing: units[start..<stop]), item: item, style: style,
                                  features: features, featureHash: featureHash)
            word.copy(into: &advances, clusterStarts: &clusterStarts, at: start)
            start = stop
        }
    }

    /// Whether shaping on either side of a break opportunity is independent:
    /// after a space, or between two Han ideographs or two Thai letters (the
    /// Japanese face kerns kana, so kana stay together).
    @inline(__always)
    static func isSeparableBreak(_ units: UnsafeBufferPointer<UInt16>, _ p: Int) -> Bool {
        let a = units[p - 1], b = units[p]
        if a == 0x20 { return true }
        func han(_ u: UInt16) -> Bool { (u >= 0x4E00 && u <= 0x9FFF) || (u >= 0x3400 && u <= 0x4DBF) }
        func thai(_ u: UInt16) -> Bool { u >= 0x0E01 && u <= 0x0E5B }
        return (han(a) && han(b)) || (thai(a) && thai(b))
    }

    /// One word's shape: from the cache, or shaped with HarfBuzz (and cached).
    private func shapedWord(_ word: UnsafeBufferPointer<UInt16>, item: Item, style: TextStyle, features: [hb_feature_t],
                            featureHash: UInt64) -> ShapedWord {
        let rtl = item.level & 1 == 1
        let key = cache != nil && word.count <= Self.longestCachedWord
            ? ShapeKey(units: word, face: item.face, size: style.size, featureHash: featureHash, script: item.script,
                       rtl: rtl, language: style.language)
            : nil
        if let key, let hit = cache?.lookup(key, units: word) { return hit }
        var glyphs: [ShapedGlyph] = []
        shaper.shape(word, start: 0, end: word.count, face: item.face, size: style.size, rtl: rtl,
                     script: item.script, language: style.language, features: features, into: &glyphs)
        var advances = [Int32](repeating: 0, count: word.count)
        var starts = [Bool](repeating: false, count: word.count)
        for g in glyphs {
            let c = Int(g.cluster)
            if c >= 0 && c < word.count {
                advances[c].addSaturating(g.advance)
                starts[c] = true
            }
        }
        let shaped = ShapedWord(units: word, advances: advances, clusterStarts: starts, check: key?.check ?? 0)
        if let key { cache?.store(key, shaped) }
        return shaped
    }

    static func hash(_ features: [hb_feature_t]) -> UInt64 {
        var h: UInt64 = 1469598103934665603
        for f in features {
            h = (h ^ UInt64(f.tag)) &* 1099511628211
            h = (h ^ UInt64(f.value)) &* 1099511628211
        }
        return h
    }

    func prepare(_ text: AttributedText, paragraph: ParagraphStyle) throws -> PreparedText {
        for run in text.runs { try run.style.validate() }
        let source = Array(text.string.utf16)
        let processed = WhiteSpaceProcessor(source: source, whiteSpace: paragraph.whiteSpace)
        let units = processed.units
        let n = units.count

        // Styles per processed unit.
        var styles: [TextStyle] = []
        var styleIndexOfRun: [Int32] = []
        for run in text.runs {
            if let k = styles.firstIndex(of: run.style) { styleIndexOfRun.append(Int32(k)) }
            else { styles.append(run.style); styleIndexOfRun.append(Int32(styles.count - 1)) }
        }
        var styleOfUnit = [Int32](repeating: 0, count: n)
        if text.runs.count > 1 {
            var r = 0
            for i in 0..<n {
                let s = processed.sourceOffset(i)
                while r + 1 < text.runs.count && s >= text.runs[r].range.upperBound { r += 1 }
                styleOfUnit[i] = styleIndexOfRun[r]
            }
        }
        let stacks = try styles.map { st in
            try fonts.resolvedStack(st.font, weight: st.weight, italic: st.italic)
        }
        let base = text.baseStyle
        let primary = stacks[0].faces[0]
        let strut = lineMetrics(primary, size: base.size)

        // Analysis.
        let graphemes = try GraphemeBreaks.boundaries(units)
        let (levels, paragraphLevel) = try BidiLevels.resolve(units, direction: paragraph.direction)
        let scripts = ScriptRuns.resolve(units)
        let breaks = try BreakOpportunities.compute(units, wordBreak: paragraph.wordBreak,
                                                    preserveNewlines: paragraph.whiteSpace == .preWrap,
                                                    locale: paragraph.locale)
        let items = Itemizer(fonts: fonts).itemize(units: units, graphemeStarts: graphemes, levels: levels,
                                                   scripts: scripts, styleOfUnit: styleOfUnit, stacks: stacks)

        // Shaping: glyph advances summed per processed unit (its cluster).
        var advances = [Int32](repeating: 0, count: n)
        var clusterStarts = [Bool](repeating: false, count: n)
        let features = styles.map { Shaper.features(for: $0) }
        let featureHashes = features.map(Self.hash)
        units.withUnsafeBufferPointer { buf in
            for item in items {
                let style = styles[Int(item.styleIndex)]
                shapeItem(item, units: buf, breaks: breaks.positions, style: style, features: features[Int(item.styleIndex)],
                          featureHash: featureHashes[Int(item.styleIndex)], advances: &advances, clusterStarts: &clusterStarts)
                if style.letterSpacing != 0 {
                    // Chromium spaces out every glyph cluster (at character-level
                    // clusters) that does not start with a mark; cursive scripts
                    // keep their joins, so only their spaces are spaced out.
                    let ls = Shaper.clamp(style.letterSpacing * 65536)
                    let cursive = Self.isCursive(item.script)
                    for c in Int(item.start)..<Int(item.end) where clusterStarts[c] {
                        if cursive ? units[c] == 0x20 : !UnicodeProps.isMark(UnicodeProps.scalar(units, at: c).value) {
                            advances[c].addSaturating(ls)
                        }
                    }
                }
            }
        }
        let ligatures = ligatureInteriors(units: units, graphemes: graphemes, clusterStarts: clusterStarts,
                                          items: items, styles: styles, features: features, featureHashes: featureHashes)

        // Newlines, carriage returns and tabs take no width of their own.
        for i in 0..<n where units[i] == 0x0A || units[i] == 0x0D || units[i] == 0x09 { advances[i] = 0 }

        // Fullwidth CJK punctuation that meets other punctuation is set half-width.
        var itemOfUnit: [Int32] = []
        let trim = PunctuationTrim.apply(units: units, advances: &advances) { i in
            if itemOfUnit.isEmpty {
                itemOfUnit = [Int32](repeating: 0, count: n)
                for (k, it) in items.enumerated() { for j in Int(it.start)..<Int(it.end) { itemOfUnit[j] = Int32(k) } }
            }
            let st = styles[Int(items[Int(itemOfUnit[i])].styleIndex)]
            return Shaper.clamp(st.size * 65536 + st.letterSpacing * 65536)
        }

        // Per-item line metrics for line-height: normal.
        let itemMetrics = items.map { lineMetrics($0.face, size: styles[Int($0.styleIndex)].size) }
        let segments = makeSegments(units: units, breaks: breaks, advances: advances, items: items,
                                    itemMetrics: itemMetrics, ligatures: ligatures)
        let natural = naturalWidth(segments.segments, advances: advances)

        let fixed: Double?
        switch base.lineHeight {
        case .normal: fixed = nil
        case .points(let v): fixed = v
        case .multiple(let m): fixed = m * base.size
        }
        // Tab stops, the ellipsis and the soft hyphen's hyphen are shaped only when the text needs them.
        var space: Int64 = 0, tabInterval: Int64 = 0
        if paragraph.whiteSpace == .preWrap && units.contains(0x09) {
            let spaceFace = stacks[0].faces.first { $0.covers(0x20) } ?? primary
            space = advance(of: [0x20], face: spaceFace, style: base)
            // At most 32768 px apart (one unit's advance limit): a huge tab-size must not overflow.
            let tabSpace = space + Int64(Shaper.clamp(base.letterSpacing * 65536))
            let tabProduct = tabSpace.multipliedReportingOverflow(by: Int64(max(1, paragraph.tabSize)))
            let tabLimit = Int64(Int32.max)
            tabInterval = tabProduct.overflow ? (tabSpace < 0 ? -tabLimit : tabLimit) : max(-tabLimit, min(tabLimit, tabProduct.partialValue))
        }
        var ellipsis: Int64 = 0
        if paragraph.maxLines != nil && !paragraph.ellipsis.isEmpty {
            let marker = paragraph.ellipsis.unicodeScalars.map(\.value)
            let face = stacks[0].faces.first { f in marker.allSatisfy(f.covers) }
                ?? fonts.fallbackFace(for: marker, weight: base.weight, italic: base.italic) ?? primary
            ellipsis = advance(of: Array(paragraph.ellipsis.utf16), face: face, style: base)
        }
        let hyphenUnit: UInt16 = primary.covers(0x2010) ? 0x2010 : 0x2D
        let hyphen = segments.segments.contains(where: \.endsWithSoftHyphen) ? advance(of: [hyphenUnit], face: primary, style: base) : 0

        let core = PreparedCore(
            sourceUTF16: source, text: processed, paragraph: paragraph,
            paragraphLevel: paragraphLevel, levels: levels.contains(where: { $0 != 0 }) ? levels : [],
            items: items, styles: styles, advances: advances, graphemeStarts: graphemes, segments: segments.segments,
            segmentMetrics: segments.metrics,
            strutAscent: strut.ascent, strutDescent: strut.descent, fixedLineHeight: fixed,
            tabInterval: tabInterval, minimumTabWidth: space / 2, hyphenWidth: hyphen, ellipsisWidth: ellipsis, naturalWidth: natural,
            trimmableClose: trim, ligatures: ligatures)
        return PreparedText(core: core)
    }

    /// Grapheme boundaries that fall inside a ligature (`f|i` in "fi"): the
    /// line breaker may split there (overflow-wrap), and Chromium then reshapes
    /// the pieces. The width of the part before each such boundary is shaped
    /// here, once, so layout stays arithmetic.
    private func ligatureInteriors(units: [UInt16], graphemes: [Bool], clusterStarts: [Bool], items: [Item],
                                   styles: [TextStyle], features: [[hb_feature_t]], featureHashes: [UInt64]) -> LigatureSplits {
        var splits = LigatureSplits()
        for item in items {
            var clusterStart = Int(item.start)
            for i in Int(item.start)..<Int(item.end) {
                if clusterStarts[i] { clusterStart = i; continue }
                // A cluster led by a newline, carriage return or tab is no ligature:
                // its advance is zeroed, so a piece of it has no width either.
                let lead = units[clusterStart]
                guard graphemes[i], i > clusterStart, lead != 0x0A && lead != 0x0D && lead != 0x09 else { continue }
                let style = styles[Int(item.styleIndex)]
                let prefix = units.withUnsafeBufferPointer { buf in
                    shapedWord(UnsafeBufferPointer(rebasing: buf[clusterStart..<i]), item: item, style: style,
                               features: features[Int(item.styleIndex)], featureHash: featureHashes[Int(item.styleIndex)])
                }
                // The piece shaped apart is letter-spaced like the text (advances include the spacing).
                var width = prefix.width
                if style.letterSpacing != 0 {
                    let ls = Int64(Shaper.clamp(style.letterSpacing * 65536))
                    let cursive = Self.isCursive(item.script)
                    // Bit 16 of a ShapedWord's unit word: the unit starts a glyph cluster.
                    for k in 0..<prefix.count where prefix.storage[4 + 2 * k] & 0x1_0000 != 0 {
                        let c = clusterStart + k
                        if cursive ? units[c] == 0x20 : !UnicodeProps.isMark(UnicodeProps.scalar(units, at: c).value) { width += ls }
                    }
                }
                splits.append(unit: Int32(i), clusterStart: Int32(clusterStart), prefix: width)
            }
        }
        return splits
    }

    /// Scripts whose letters join (letter spacing would break the joins).
    static func isCursive(_ script: Int32) -> Bool {
        switch tsu_script_tag(script) {
        case 0x41726162, 0x53797263, 0x4D6F6E67, 0x4E6B6F6F, 0x4D616E64, 0x526F6867, 0x41646C6D, 0x50686167, 0x536F6764:
            return true  // Arab Syrc Mong Nkoo Mand Rohg Adlm Phag Sogd
        default:
            return false
        }
    }

    /// A font's contribution to a `line-height: normal` line: rounded ascent and
    /// descent, with its line gap split above and below.
    private func lineMetrics(_ face: FontFace, size: Double) -> (ascent: Double, descent: Double) {
        let m = face.metrics.rounded(atSize: size)
        let halfGap = (m.lineGap / 2).rounded(.down)
        return (m.ascent + halfGap, m.descent + (m.lineGap - halfGap))
    }

    private func advance(of units: [UInt16], face: FontFace, style: TextStyle) -> Int64 {
        var glyphs: [ShapedGlyph] = []
        units.withUnsafeBufferPointer { buf in
            shaper.shape(buf, start: 0, end: units.count, face: face, size: style.size, rtl: false, script: 25,
                         language: nil, features: Shaper.features(for: style), into: &glyphs)
        }
        return glyphs.reduce(Int64(0)) { $0 + Int64($1.advance) }
    }

    private func makeSegments(units: [UInt16], breaks: (positions: [Int32], mandatory: [Bool]), advances: [Int32],
                              items: [Item], itemMetrics: [(ascent: Double, descent: Double)], ligatures: LigatureSplits)
        -> (segments: [Segment], metrics: [(ascent: Double, descent: Double)]) {
        var segments: [Segment] = []
        segments.reserveCapacity(breaks.positions.count)
        var metrics: [(ascent: Double, descent: Double)] = []
        var start = 0
        var item = 0
        for (k, p) in breaks.positions.enumerated() {
            let end = Int(p)
            var contentEnd = end
            while contentEnd > start && BreakOpportunities.isBreakableSpaceOrBreak(units[contentEnd - 1]) { contentEnd -= 1 }
            var width: Int64 = 0, trailing: Int64 = 0
            for i in start..<contentEnd { width &+= Int64(advances[i]) }
            // A break inside a ligature (break-all): each side counts its own piece.
            if !ligatures.isEmpty && start < contentEnd {
                width += ligatures.startCorrection(start, advances: advances)
                    + ligatures.endCorrection(start, contentEnd, advances: advances)
            }
            var hasTab = false
            for i in contentEnd..<end {
                trailing &+= Int64(advances[i])
                if units[i] == 0x09 { hasTab = true }
            }
            var asc = 0.0, desc = 0.0
            while item < items.count && Int(items[item].end) <= start { item += 1 }
            var j = item
            while j < items.count && Int(items[j].start) < end {
                asc = max(asc, itemMetrics[j].ascent)
                desc = max(desc, itemMetrics[j].descent)
                j += 1
            }
            var m = metrics.firstIndex { $0.ascent == asc && $0.descent == desc } ?? -1
            if m < 0 {
                metrics.append((asc, desc))
                m = metrics.count - 1
            }
            segments.append(Segment(contentEnd: Int32(contentEnd), end: Int32(end), width: width, trailing: trailing,
                                    metrics: UInt16(clamping: m), mandatoryBreak: breaks.mandatory[k],
                                    endsWithSoftHyphen: contentEnd > start && units[contentEnd - 1] == 0xAD,
                                    hasTab: hasTab, hangs: contentEnd > start && Self.isOtherSpaceSeparator(units[contentEnd - 1])))
            start = end
        }
        return (segments, metrics)
    }

    /// Space separators other than U+0020 that hang at a line end. CSS Text 3
    /// §4.1.3 lists U+1680, U+2000–U+200A and U+205F too, but Chromium hangs
    /// only the ideographic space (the corpus shows em and thin spaces wrap).
    static func isOtherSpaceSeparator(_ u: UInt16) -> Bool {
        u == 0x3000
    }

    /// The widest forced-break paragraph with nothing wrapped (trailing spaces hang).
    private func naturalWidth(_ segments: [Segment], advances: [Int32]) -> Int64 {
        var best: Int64 = 0, x: Int64 = 0, start = 0
        for s in segments {
            var w: Int64 = 0, t: Int64 = 0
            for i in start..<Int(s.contentEnd) { w += Int64(advances[i]) }
            for i in Int(s.contentEnd)..<Int(s.end) { t += Int64(advances[i]) }
            best = max(best, x + w)
            x += w + t
            if s.mandatoryBreak { x = 0 }
            start = Int(s.end)
        }
        return best
    }
}
