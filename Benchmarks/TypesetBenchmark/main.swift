// typeset-bench: Typeset against Pango and raw HarfBuzz on one generated feed,
// in the same run. Run it through `scripts/bench` (builds the C peer too).
//
//   typeset-bench [--peer PATH] [--count N] [--runs R] [--scale] [--rss-scale]
import Foundation
import Typeset
import TypesetEntities
import TypesetCells

let options = BenchmarkOptions(CommandLine.arguments.dropFirst())
let fontsDir = BenchmarkOptions.fontsDirectory()
let workload = Workload(count: options.count)
let texts = workload.posts.map(\.text)
let families = ["Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari",
                "Noto Sans Thai", "Noto Sans CJK JP", "Noto Color Emoji"]
let stack = FontStack(families: families)
let style = TextStyle(font: stack, size: 15)
let width = 320.0, secondWidth = 280.0
var report = BenchmarkReport()

print("Workload: \(workload.statistics)")
print("Runs: \(options.runs) per figure (median, min–max). Machine: \(ProcessInfo.processInfo.activeProcessorCount) cores.")
print("Single-threaded figures are thread CPU time; batch figures are wall time.\n")

// TYPESET_PROFILE_WARM=N: only N warm passes (for perf record), then exit
// (TYPESET_PROFILE_ONLY=ascii or other: over the plain-ASCII posts or the rest, or a language's posts: Thai…, or emoji: English posts past ASCII);
// TYPESET_PROFILE_COLD=N: N cold passes; TYPESET_PROFILE_REMEASURE=N and
// TYPESET_PROFILE_RELAYOUT=N: N re-measure or re-layout passes over prepared texts
// (TYPESET_PROFILE_SCALE=S: prepared at device pixel ratio S);
// TYPESET_PROFILE_CELLS=N: the feed-post cell figures, N runs each;
// TYPESET_PROFILE_BATCH=N: N batch runs on one core, then N on every core;
// TYPESET_PROFILE_CABI=N: N alternating runs through Swift and through the C interface.
let profileEnv = ProcessInfo.processInfo.environment
// TYPESET_SCALE_REQUESTS=1: only the scale cases of hostile request lines, then exit.
if profileEnv["TYPESET_SCALE_REQUESTS"] != nil {
    print(runRequestLineScaleBenchmark())
    exit(0)
}
// TYPESET_WRITE_REQUESTS=PATH: only write the feed as the `measure batch` requests the
// end-to-end figures run (for profiling the tool), then exit.
if let path = profileEnv["TYPESET_WRITE_REQUESTS"] {
    let written = try! EndToEndBenchmark.writeRequests(texts, families: families, size: 15, width: width)
    try! FileManager.default.moveItem(atPath: written.batch, toPath: path)
    ScratchDirectory.remove()
    print("wrote \(texts.count) requests to \(path)")
    exit(0)
}
if let n = profileEnv["TYPESET_PROFILE_WARM"].flatMap(Int.init) {
    // TYPESET_PROFILE_ONLY=ascii or other: only the posts that are (or are not) plain ASCII.
    let only = profileEnv["TYPESET_PROFILE_ONLY"]
    // (Or a language's posts alone: TYPESET_PROFILE_ONLY=Chinese, Thai, …; emoji: the English posts past ASCII.)
    let texts = only == nil ? texts
        : only == "ascii" || only == "other" ? texts.filter { t in t.utf8.allSatisfy { $0 < 0x80 } == (only == "ascii") }
        : only == "emoji" ? workload.posts.filter { $0.script == "English" && !$0.text.utf8.allSatisfy { $0 < 0x80 } }
            .map(\.text)
        : workload.posts.filter { $0.script == only }.map(\.text)
    let ts = Typesetter(fonts: try! FontCollection(directory: fontsDir))
    for text in texts { _ = try! ts.prepare(text, style: style) }
    let t0 = cpuNow()
    var lines = 0
    for _ in 0..<n { for text in texts { lines += try! ts.prepare(text, style: style).layout(width: width).lines.count } }
    print("warm prepare + layout: \((cpuNow() - t0) / Double(n * texts.count) * 1e6) µs/text CPU"
          + " (\(texts.count) texts, \(lines) lines)")
    if let a = allocationsPerItem(texts.count, {
        for text in texts {
            let prepared = try! ts.prepare(text, style: style)
            _ = try! prepared.layout(width: width)
        }
    }) {
        print("warm prepare + layout: \(a) heap allocations per text")
    }
    if let c = ts.shapeCache { print("word cache: \(c.hits) hits, \(c.misses) misses, \(c.count) words") }
    exit(0)
}
if let n = profileEnv["TYPESET_PROFILE_COLD"].flatMap(Int.init) {
    var t = 0.0
    for _ in 0..<n {
        let ts = Typesetter(fonts: try! FontCollection(directory: fontsDir))
        let t0 = cpuNow()
        for text in texts { _ = try! ts.prepare(text, style: style).layout(width: width) }
        t += cpuNow() - t0
    }
    print("cold prepare + layout: \(t / Double(n * texts.count) * 1e6) µs/text CPU")
    exit(0)
}
// (TYPESET_PROFILE_SCALE=S: the texts prepared at device pixel ratio S.)
for (name, lines) in [("REMEASURE", false), ("RELAYOUT", true)] {
    guard let n = profileEnv["TYPESET_PROFILE_" + name].flatMap(Int.init) else { continue }
    let ts = Typesetter(fonts: try! FontCollection(directory: fontsDir))
    let scale = profileEnv["TYPESET_PROFILE_SCALE"].flatMap(Double.init) ?? 1
    let all = texts.map { try! ts.prepare($0, style: style, scale: scale) }
    let t0 = cpuNow()
    var h = 0.0
    for k in 0..<n {
        for p in all {
            let w = k & 1 == 0 ? secondWidth : width
            h += lines ? try! p.layout(width: w).exactHeight : try! p.measure(width: w).height
        }
    }
    print("\(lines ? "re-layout" : "re-measure"): \((cpuNow() - t0) / Double(n * texts.count) * 1e6) µs/text CPU (\(h))")
    exit(0)
}
if let n = profileEnv["TYPESET_PROFILE_REMEASURE_LIST"].flatMap(Int.init) {
    let ts = Typesetter(fonts: try! FontCollection(directory: fontsDir))
    let all = texts.map { try! ts.prepare($0, style: style) }
    let t0 = cpuNow()
    var h = 0.0
    for k in 0..<n {
        let w = k & 1 == 0 ? secondWidth : width
        for m in try! PreparedText.measure(all, width: w) { h += m.height }
    }
    print("re-measure, a list at once: \((cpuNow() - t0) / Double(n * texts.count) * 1e6) µs/text CPU (\(h))")
    exit(0)
}

if let n = profileEnv["TYPESET_PROFILE_CABI"].flatMap(Int.init) {
    // N alternating runs of warm prepare + layout through Swift and through the C interface.
    let r = CInterfaceBenchmark.run(fontsDirectory: fontsDir, texts: texts, families: families, size: 15, width: width, runs: n)
    print(String(format: "Swift %.2f µs/text, C interface %.2f µs/text: %+.1f%%", r.swift.median, r.c.median, r.overheadPercent))
    exit(0)
}
if let n = profileEnv["TYPESET_PROFILE_BATCH"].flatMap(Int.init) {
    // N batch runs on 1 core, then N on every core (each a fresh typesetter), wall time.
    let cores = ProcessInfo.processInfo.activeProcessorCount
    for jobs in [1, cores] {
        var rates: [Double] = []
        for _ in 0..<n { rates.append(batch(jobs: jobs)) }
        print("batch on \(jobs) core(s): \(rates.map { Int($0) }) texts/s")
    }
    exit(0)
}
/// The fonts apps bring against Noto Sans (FontsBenchmark), or why it did
/// not run; returns the rows (empty when it did not run).
@discardableResult
func printFontsBenchmark(runs: Int) -> [FontsBenchmark.Row] {
    switch FontsBenchmark.run(texts: texts, width: width, runs: runs) {
    case .success(let rows):
        print(FontsBenchmark.table(rows, posts: FontsBenchmark.latinPosts(texts).count))
        return rows
    case .failure(let skip):
        print("Fonts apps bring: not measured: \(skip.reason)\n")
        return []
    }
}
// TYPESET_PROFILE_FONTS=N: only the fonts apps bring against Noto Sans, N runs each.
if let n = profileEnv["TYPESET_PROFILE_FONTS"].flatMap(Int.init) {
    printFontsBenchmark(runs: n)
    exit(0)
}
// TYPESET_PROFILE_MEMORY=1: where a prepared post's bytes go (the memory figure's parts), then exit.
if profileEnv["TYPESET_PROFILE_MEMORY"] != nil {
    print(memoryBreakdownTable(texts: texts, style: style, fontsDirectory: fontsDir))
    exit(0)
}
if let n = profileEnv["TYPESET_PROFILE_CELLS"].flatMap(Int.init) {
    // N passes of feed-post cells laid out from prepared cells.
    let ts = Typesetter(fonts: try! FontCollection(directory: fontsDir))
    if let result = CellBenchmark.run(typesetter: ts, texts: texts, runs: n) {
        for (name, figure, unit) in result.figures { print("\(name): \(figure.median) \(unit)") }
    }
    exit(0)
}

// Cold: a new font collection and typesetter per run (empty fallback and shaping caches).
var prepared: [PreparedText] = []
var typesetter: Typesetter!
let cold = measureRuns(options.runs) { () -> Double in
    let fonts = try! FontCollection(directory: fontsDir)
    typesetter = Typesetter(fonts: fonts, shapeCache: options.shapeCache ? ShapeCache() : nil)
    let t0 = cpuNow()
    var out: [PreparedText] = []
    out.reserveCapacity(texts.count)
    var lines = 0
    for text in texts {
        let p = try! typesetter.prepare(text, style: style)
        lines += try! p.layout(width: width).lines.count
        out.append(p)
    }
    let t = cpuNow() - t0
    blackHole(lines)
    prepared = out
    return t / Double(texts.count) * 1e6
}
report.add("cold prepare + layout", cold, unit: "µs/text")

let warm = measureRuns(options.runs) { () -> Double in
    let t0 = cpuNow()
    var lines = 0
    for text in texts { lines += try! typesetter.prepare(text, style: style).layout(width: width).lines.count }
    blackHole(lines)
    return (cpuNow() - t0) / Double(texts.count) * 1e6
}
report.add("prepare + layout, warm caches", warm, unit: "µs/text")
// The same over the plain-ASCII posts (the one-pass path) and over the rest.
let asciiTexts = texts.filter { $0.utf8.allSatisfy { $0 < 0x80 } }
let otherTexts = texts.filter { !$0.utf8.allSatisfy { $0 < 0x80 } }
func warmFigure(_ texts: [String], _ typesetter: Typesetter) -> Figure {
    measureRuns(options.runs) { () -> Double in
        let t0 = cpuNow()
        var lines = 0
        for text in texts { lines += try! typesetter.prepare(text, style: style).layout(width: width).lines.count }
        blackHole(lines)
        return (cpuNow() - t0) / Double(max(1, texts.count)) * 1e6
    }
}
let warmASCII = warmFigure(asciiTexts, typesetter), warmOther = warmFigure(otherTexts, typesetter)
report.add("prepare + layout, warm caches, plain-ASCII posts (\(asciiTexts.count))", warmASCII, unit: "µs/text")
report.add("prepare + layout, warm caches, the other posts (\(otherTexts.count))", warmOther, unit: "µs/text")
let cInterface = CInterfaceBenchmark.run(fontsDirectory: fontsDir, texts: texts, families: families, size: 15,
                                         width: width, runs: options.runs)
report.add("prepare + layout through the C interface, warm", cInterface.c, unit: "µs/text")
report.note(String(format: "the C interface (UTF-8 in, ts_prepare + ts_layout_new + ts_layout_get_info + frees): %+.1f%% over the same Swift calls (%.2f µs/text) in alternating runs",
                   cInterface.overheadPercent, cInterface.swift.median))
if let cache = typesetter.shapeCache {
    let h = Double(cache.hits), m = Double(cache.misses)
    report.note(String(format: "word cache: %.1f%% hits over the cold and warm runs, %d words held (capacity %d), %.1f MB of words (bound %.0f MB)",
                       100 * h / max(1, h + m), cache.count, cache.capacity,
                       Double(cache.bytes) / 1_048_576, Double(cache.byteLimit) / 1_048_576))
}

/// CPU µs per text of one pass of `height` over `texts`, `runs` times.
func perPreparedText(_ texts: [PreparedText], runs: Int, _ height: (PreparedText) -> Double) -> Figure {
    measureRuns(runs) { () -> Double in
        let t0 = cpuNow()
        var h = 0.0
        for p in texts { h += height(p) }
        blackHole(h)
        return (cpuNow() - t0) / Double(texts.count) * 1e6
    }
}
let relayout = perPreparedText(prepared, runs: options.runs) { try! $0.layout(width: secondWidth).exactHeight }
report.add("re-layout at a new width (all lines)", relayout, unit: "µs/text")
let remeasure = perPreparedText(prepared, runs: options.runs) { try! $0.measure(width: secondWidth).height }
report.add("re-measure at a new width (height only)", remeasure, unit: "µs/text")
let remeasureList = measureRuns(options.runs) { () -> Double in
    let t0 = cpuNow()
    let h = try! PreparedText.measure(prepared, width: secondWidth).reduce(0.0) { $0 + $1.height }
    blackHole(h)
    return (cpuNow() - t0) / Double(prepared.count) * 1e6
}
report.add("re-measure, the whole list at once (`PreparedText.measure(_:width:)`)", remeasureList, unit: "µs/text")

// The same at a device pixel ratio of 3 (a phone): texts prepared at 3x are
// laid out in device pixels and answer in CSS px. (One untimed pass first
// fills the word cache with the 45 px words, as the warm runs at 1x had.)
let deviceScale = 3.0
var preparedAt3x = texts.map { try! typesetter.prepare($0, style: style, scale: deviceScale) }
let warm3x = measureRuns(options.runs) { () -> Double in
    let t0 = cpuNow()
    var lines = 0
    for text in texts { lines += try! typesetter.prepare(text, style: style, scale: deviceScale).layout(width: width).lines.count }
    blackHole(lines)
    return (cpuNow() - t0) / Double(texts.count) * 1e6
}
report.add("prepare + layout, warm caches, at 3x", warm3x, unit: "µs/text")
let relayout3x = perPreparedText(preparedAt3x, runs: options.runs) { try! $0.layout(width: secondWidth).exactHeight }
report.add("re-layout at a new width (all lines), at 3x", relayout3x, unit: "µs/text")
let remeasure3x = perPreparedText(preparedAt3x, runs: options.runs) { try! $0.measure(width: secondWidth).height }
report.add("re-measure at a new width (height only), at 3x", remeasure3x, unit: "µs/text")
report.note(String(format: "at 3x against 1x: warm prepare + layout %.2f×, re-layout %.2f×, re-measure %.2f×",
                   warm3x.median / warm.median, relayout3x.median / relayout.median, remeasure3x.median / remeasure.median))
preparedAt3x = []

// Heap allocations per text (untimed passes; needs the preloaded counter).
var warmAllocationsPerText: Double? = nil
if threadAllocations != nil {
    let ts = Typesetter(fonts: try! FontCollection(directory: fontsDir),
                        shapeCache: options.shapeCache ? ShapeCache() : nil)
    func pass() { for text in texts { _ = try! ts.prepare(text, style: style).layout(width: width) } }
    let coldAllocations = allocationsPerItem(texts.count, pass)!
    let warmAllocations = allocationsPerItem(texts.count, pass)!
    let relayoutAllocations = allocationsPerItem(texts.count) { for p in prepared { _ = try! p.layout(width: secondWidth) } }!
    let remeasureAllocations = allocationsPerItem(texts.count) { for p in prepared { _ = try! p.measure(width: secondWidth) } }!
    warmAllocationsPerText = warmAllocations
    report.note(String(format: "heap allocations per text: cold prepare + layout %.1f, warm %.1f, re-layout %.1f, re-measure %.1f",
                       coldAllocations, warmAllocations, relayoutAllocations, remeasureAllocations))
}

// Entity detection throughput.
let detector = EntityDetector()
let bytes = texts.reduce(0) { $0 + $1.utf8.count }
let entities = measureRuns(options.runs) { () -> Double in
    let t0 = cpuNow()
    var n = 0
    for text in texts { n += detector.entities(in: text).count }
    blackHole(n)
    return Double(bytes) / (cpuNow() - t0) / 1e6
}
report.add("entity detection, 1 core", entities, unit: "MB/s")

// Batch throughput on 1 core and on all cores (fresh typesetter each run).
func batch(jobs: Int) -> Double {
    let fonts = try! FontCollection(directory: fontsDir)
    let ts = Typesetter(fonts: fonts, shapeCache: options.shapeCache ? ShapeCache() : nil)
    let t0 = now()
    DispatchQueue.concurrentPerform(iterations: jobs) { w in
        var i = w, lines = 0
        while i < texts.count {
            lines += (try? ts.prepare(texts[i], style: style).layout(width: width).lines.count) ?? 0
            i += jobs
        }
        blackHole(lines)
    }
    return Double(texts.count) / (now() - t0)
}
let cores = ProcessInfo.processInfo.activeProcessorCount
let batch1 = measureRuns(options.runs) { batch(jobs: 1) }
let batchN = measureRuns(options.runs) { batch(jobs: cores) }
report.add("batch, 1 core", batch1, unit: "texts/s")
report.add("batch, \(cores) cores", batchN, unit: "texts/s")
report.note(String(format: "batch scaling on %d cores: %.2f×", cores, batchN.median / batch1.median))

// Memory.
let bytesPerPrepared = Double(prepared.reduce(0) { $0 + $1.byteCount }) / Double(prepared.count)
report.note(String(format: "prepared text: %.0f bytes per post on average", bytesPerPrepared))
if let cellFigures = CellBenchmark.run(typesetter: typesetter, texts: texts, runs: options.runs) {
    for (name, figure, unit) in cellFigures.figures { report.add(name, figure, unit: unit) }
    for note in cellFigures.notes { report.note(note) }
}
report.note("peak RSS: \(peakRSSKilobytes() / 1024) MB")

print(report.table)
let fontRows = printFontsBenchmark(runs: options.runs)

// Peers in the same run.
var pangoTextsPerSecond: Double? = nil
var peerCold: (pango: Double, harfBuzz: Double)? = nil
if let peerPath = options.peer {
    let jsonl = ScratchDirectory.path + "feed.jsonl"
    try! workload.writeJSONLines(to: jsonl)
    if let peer = runPeer(peerPath, fonts: fontsDir, texts: jsonl, runs: options.runs, width: width, secondWidth: secondWidth) {
        print(ratioTable(peer: peer, cold: cold, relayout: relayout, remeasure: remeasure))
        pangoTextsPerSecond = ((peer["pango"] as? [String: Any])?["cold_cpu_us_per_text"] as? NSNumber).map { 1e6 / $0.doubleValue }
        if let pango = ((peer["pango"] as? [String: Any])?["cold_cpu_us_per_text"] as? NSNumber)?.doubleValue,
           let hb = ((peer["harfbuzz"] as? [String: Any])?["shape_cpu_us_per_text"] as? NSNumber)?.doubleValue {
            peerCold = (pango, hb)
        }
    }
}

// The Python package on the same feed, against the C call's time in this run.
if let library = options.pythonLibrary {
    let feed = ScratchDirectory.path + "python-feed.jsonl"
    try! workload.writeJSONLines(to: feed)
    if let python = CInterfaceBenchmark.python(library: library, feed: feed, fontsDirectory: fontsDir, width: width,
                                               runs: options.runs),
       let layout = python["python_layout_us_per_text"], let measure = python["python_measure_us_per_text"] {
        let c = cInterface.c.median
        print(String(format: "Python package (ctypes), per text: Typesetter.layout %.1f µs (%.2f× the C call's %.1f µs: +%.1f µs), Typesetter.measure %.1f µs (%.2f×: +%.1f µs)\n",
                     layout, layout / c, c, layout - c, measure, measure / c, measure - c))
    } else {
        print("Python package: its benchmark did not run (python3 and Benchmarks/python/bench.py)\n")
    }
}

var targets = TargetTable()
let withPeer = peerCold.map { String(format: "raw HarfBuzz %.1f, Pango %.1f µs/text", $0.harfBuzz, $0.pango) } ?? "no peer run"
targets.atMost("cold prepare + layout, × raw HarfBuzz shaping's time", peerCold.map { cold.median / $0.harfBuzz }, 1.0,
               unit: "×", detail: withPeer)
targets.atMost("warm prepare + layout, all posts", warm.median, 6, unit: "µs/text")
targets.atMost("warm prepare + layout, plain-ASCII posts", warmASCII.median, 4, unit: "µs/text")
// Feeds in fonts whose space kerns (shaped in context) against the same posts in Noto Sans.
let notoWarm = fontRows.first?.warm.median
for family in ["Roboto", "Lato"] {
    let row = fontRows.first { $0.name.hasPrefix(family + " ") }
    targets.atMost("warm, a feed in \(family) (kerns with the space), × Noto Sans",
                   row.flatMap { r in notoWarm.map { r.warm.median / $0 } }, 1.3, unit: "×",
                   detail: row == nil ? "fonts corpus not fetched (scripts/fetch-test-fonts)" : "Latin posts, same run")
}
targets.atMost("C interface call over the Swift call", cInterface.overheadPercent, 5, unit: "%",
               detail: "warm prepare + layout, alternating runs")
targets.atMost("warm heap allocations", warmAllocationsPerText, 4, unit: "/text",
               detail: warmAllocationsPerText == nil ? "run through scripts/bench (allocation counter)" : "")
targets.atLeast("batch on \(cores) cores, × one core", batchN.median / batch1.median, 1.9, unit: "×")
targets.atMost("memory per prepared post", bytesPerPrepared, 2048, unit: "B")
print(targets.table)

// The measure tool end to end on the same feed.
if let tool = EndToEndBenchmark.measureTool() {
    let requests = try! EndToEndBenchmark.writeRequests(texts, families: families, size: 15, width: width)
    // Entities run ten times the feed, so that process start (~50 ms) does not dominate.
    let entityLines = try! EndToEndBenchmark.writeRequests(texts, families: families, size: 15, width: width,
                                                           repeats: 10, name: "feed10").entities
    let n = Double(texts.count)
    // Each tool run right after a library batch run of the same size (see `EndToEndBenchmark.paired`).
    if let batch1Tool = EndToEndBenchmark.paired(runs: options.runs, tool, ["batch", "--jobs", "1", "--no-progress"],
                                                 input: requests.batch, items: n, with: { batch(jobs: 1) }),
       let batch2Tool = EndToEndBenchmark.paired(runs: options.runs, tool, ["batch", "--jobs", "2", "--no-progress"],
                                                 input: requests.batch, items: n, with: { batch(jobs: cores) }),
       let entitiesTool = EndToEndBenchmark.figure(runs: options.runs, tool, ["entities", "--jobs", "1", "--no-progress"],
                                                   input: entityLines, items: Double(10 * bytes) / 1e6) {
        print(EndToEndBenchmark.Comparison(batch1: (batch1Tool.tool, batch1Tool.rss, batch1Tool.cores),
                                           batch2: (batch2Tool.tool, batch2Tool.rss, batch2Tool.cores), entities: entitiesTool,
                                           libraryBatch1: batch1Tool.peer ?? batch1, libraryBatch2: batch2Tool.peer ?? batchN,
                                           libraryEntities: entities, pango: pangoTextsPerSecond).table)
    }
    if let latency = EndToEndBenchmark.coprocessLatencies(tool, texts: texts, families: families, width: width) {
        print(String(format: "measure batch - as a co-process, one request at a time with stdin open: answered in %.2f ms median, %.2f ms at most (%d requests; target ≤ 50 ms: %@)\n",
                     latency.median, latency.max, latency.values.count, latency.max <= 50 ? "pass" : "miss"))
    }
    if options.rssScale { print(EndToEndBenchmark.rssScale(tool, texts: texts, families: families, width: width)) }
} else {
    print("measure is not built beside typeset-bench: no end-to-end figures (scripts/bench builds both)")
}
if options.scale { print(runScaleBenchmark()) }
ScratchDirectory.remove()
