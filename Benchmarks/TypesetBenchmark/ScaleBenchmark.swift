// The scale benchmark: does the work grow linearly with the input?
//
// Every case is timed at a size n and at 2n; the ratio of the two times
// should be about 2. A ratio above 3 is flagged: something in the pipeline is
// superlinear (itemization, breaking, offset conversions, rectangles...).
// Cases: a 1 MB paragraph (white-space: normal), a 100,000-line pre-wrap text,
// a batch of about 10 MB of generated posts measured one by one, hostile
// single texts (one unbreakable word, a mark storm, long CJK/Thai/Arabic runs,
// tabs, truncation), the per-line APIs (scalar offsets, rectangles, visual
// runs), the entity detector and hostile request lines of the batch
// protocol (many unknown keys, a cell model of many keys, a long unknown
// field name). Memory: `PreparedText.byteCount` per text
// and the process's peak RSS (VmHWM).
//
//     print(runScaleBenchmark())            // from typeset-bench --scale
//
// Environment: TYPESET_FONTS (default ./fonts); TYPESET_SCALE_FACTOR scales
// every size (default 1; 0.1 for a quick look).

import Foundation
import Typeset
import TypesetEntities
import TypesetCells
import TypesetBatch

/// Runs the scale benchmark and returns its printable report.
public func runScaleBenchmark() -> String {
    ScaleBenchmark().run()
}

/// Runs only the scale cases of hostile request lines (`TYPESET_SCALE_REQUESTS=1`).
public func runRequestLineScaleBenchmark() -> String {
    var bench = ScaleBenchmark()
    return bench.runRequestLines()
}

struct ScaleBenchmark {
    private let factor: Double
    private let fontsDirectory: String
    private var rows: [String] = []
    private var notes: [String] = []
    /// Prepare + layout(320) seconds per UTF-8 byte of the ordinary 1 MB paragraph.
    private var ordinaryPerByte = 0.0
    /// The hostile case with the most prepare + layout seconds per byte, and that figure.
    private var worstPerByte: (name: String, perByte: Double) = ("", 0)

    init() {
        let env = ProcessInfo.processInfo.environment
        factor = env["TYPESET_SCALE_FACTOR"].flatMap(Double.init) ?? 1
        fontsDirectory = env["TYPESET_FONTS"] ?? FileManager.default.currentDirectoryPath + "/fonts"
    }

    // MARK: Clocks and memory

    /// This thread's CPU seconds (other work on the machine does not count).
    private static func cpuSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// A value from /proc/self/status (VmHWM, VmRSS), in kB.
    private static func procStatus(_ key: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(key + ":") {
            return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
        }
        return 0
    }

    @inline(never) private static func keep<T>(_ value: T) { withExtendedLifetime(value) {} }

    /// Seconds of CPU for `body` (best of `runs`).
    private static func time(runs: Int = 1, _ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let t0 = cpuSeconds()
            try body()
            best = min(best, cpuSeconds() - t0)
        }
        return best
    }

    private func scaled(_ n: Int) -> Int { max(1, Int(Double(n) * factor)) }

    private static func format(_ seconds: Double) -> String {
        seconds >= 1 ? String(format: "%.2f s", seconds) : seconds >= 1e-3 ? String(format: "%.1f ms", seconds * 1e3)
            : String(format: "%.0f µs", seconds * 1e6)
    }

    private mutating func row(_ name: String, size: String, _ t1: Double, _ t2: Double, extra: String = "") {
        let ratio = t2 / max(t1, 1e-9)
        let flag = t2 < 2e-3 ? "" : ratio > 3 ? " ⚠ superlinear" : ""
        rows.append("| \(name) | \(size) | \(Self.format(t1)) | \(Self.format(t2)) | \(String(format: "%.2f", ratio))\(flag) | \(extra) |")
    }

    // MARK: Inputs

    /// Generated posts (several scripts, emoji, hashtags, mentions, URLs).
    private static func posts(bytes: Int) -> [String] {
        var out: [String] = []
        var total = 0
        var seed: UInt64 = 42
        while total < bytes {
            let feed = Workload(count: 2_000, seed: seed).posts.map(\.text)
            for text in feed where total < bytes {
                out.append(text)
                total += text.utf8.count
            }
            seed += 1
        }
        return out
    }

    private static func repeated(_ piece: String, units: Int) -> String {
        String(repeating: piece, count: max(1, units / max(1, piece.utf16.count)))
    }

    // MARK: The run

    func run() -> String {
        var bench = self
        return bench.runAll()
    }

    mutating func runRequestLines() -> String {
        guard let fonts = try? FontCollection(directory: fontsDirectory) else { return "cannot load fonts from \(fontsDirectory)" }
        requestLineCases(typesetter: Typesetter(fonts: fonts))
        return "| case | n / 2n | time at n | time at 2n | ratio | notes |\n|---|---|---:|---:|---:|---|\n" + rows.joined(separator: "\n") + "\n"
    }

    private mutating func runAll() -> String {
        let fonts: FontCollection
        do { fonts = try FontCollection(directory: fontsDirectory) } catch {
            return "scale benchmark: cannot load fonts from \(fontsDirectory): \(error)"
        }
        let typesetter = Typesetter(fonts: fonts)
        let stack = FontStack(families: ["Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari",
                                         "Noto Sans Thai", "Noto Sans CJK JP", "Noto Color Emoji"])
        let style = TextStyle(font: stack, size: 15)
        let started = Date()
        // Warm up: fonts' fallback caches and the word cache see every script once.
        for text in Self.posts(bytes: 64 << 10) { Self.keep(try? typesetter.prepare(text, style: style).layout(width: 320)) }

        // 1. One long paragraph, white-space: normal.
        let paragraphBytes = scaled(1 << 20)
        let feed = Self.posts(bytes: paragraphBytes)
        func paragraph(_ bytes: Int) -> String {
            var s = "", k = 0
            while s.utf8.count < bytes { s += feed[k % feed.count] + " "; k += 1 }
            return s
        }
        let p1 = paragraph(paragraphBytes / 2), p2 = paragraph(paragraphBytes)
        paragraphCase("paragraph (normal)", p1, p2, typesetter: typesetter, style: style, paragraph: ParagraphStyle())

        // 2. Many short lines, pre-wrap.
        let lineCount = scaled(100_000)
        let lines1 = (0..<lineCount / 2).map { feed[$0 % feed.count] }.joined(separator: "\n")
        let lines2 = (0..<lineCount).map { feed[$0 % feed.count] }.joined(separator: "\n")
        paragraphCase("\(lineCount / 2) / \(lineCount) lines (pre-wrap)", lines1, lines2, typesetter: typesetter, style: style,
                      paragraph: ParagraphStyle(whiteSpace: .preWrap))

        // 3. A batch of posts, one text at a time.
        let batchBytes = scaled(10 << 20)
        let batch = Self.posts(bytes: batchBytes)
        let half = Array(batch.prefix(batch.count / 2))
        var preparedBytes = 0
        func measureBatch(_ texts: [String]) -> (prepare: Double, layout: Double) {
            var prepared: [PreparedText] = []
            prepared.reserveCapacity(texts.count)
            let tp = Self.time {
                for t in texts { if let p = try? typesetter.prepare(t, style: style) { prepared.append(p) } }
            }
            let tl = Self.time { for p in prepared { Self.keep(try? p.layout(width: 320)) } }
            preparedBytes = prepared.reduce(0) { $0 + $1.byteCount }
            return (tp, tl)
        }
        let b1 = measureBatch(half)
        let bytesHalf = preparedBytes
        let b2 = measureBatch(batch)
        let mb = Double(batch.reduce(0) { $0 + $1.utf8.count }) / 1e6
        row("batch prepare", size: "\(half.count) / \(batch.count) posts (\(String(format: "%.1f", mb)) MB)", b1.prepare, b2.prepare,
            extra: String(format: "%.1f µs/post", b2.prepare / Double(batch.count) * 1e6))
        row("batch layout(320)", size: "\(half.count) / \(batch.count) posts", b1.layout, b2.layout,
            extra: String(format: "%.2f µs/post", b2.layout / Double(batch.count) * 1e6))
        notes.append(String(format: "batch: %.0f bytes per prepared post (%.0f for the first half); %.1f MB held for %d posts",
                            Double(preparedBytes) / Double(batch.count), Double(bytesHalf) / Double(max(1, half.count)),
                            Double(preparedBytes) / 1e6, batch.count))

        // 4. Hostile single texts.
        let n = scaled(32_768)
        let hostile: [(String, (Int) -> String, ParagraphStyle, Double?)] = [
            ("one unbreakable word, width 320", { Self.repeated("abcdefghij", units: $0) }, ParagraphStyle(), 320),
            ("one unbreakable word, maxLines 1, no overflow-wrap", { Self.repeated("abcdefghij", units: $0) + " end" },
             ParagraphStyle(overflowWrap: .normal, maxLines: 1), 320),
            ("long line, maxLines 3", { Self.repeated("abc def ", units: $0) }, ParagraphStyle(maxLines: 3), 1e7),
            ("mark storm (one cluster)", { "a" + Self.repeated("\u{301}", units: $0) }, ParagraphStyle(), 320),
            ("emoji ZWJ chain (one cluster)", { "👩" + Self.repeated("\u{200D}👩", units: $0) }, ParagraphStyle(), 320),
            ("CJK, no spaces", { Self.repeated("漢字かなカナ日本語の文章です。", units: $0) }, ParagraphStyle(), 320),
            ("Thai, no spaces (dictionary)", { Self.repeated("ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรค", units: $0) }, ParagraphStyle(), 320),
            ("Arabic words (RTL)", { Self.repeated("مرحبا بالعالم العربي ", units: $0) }, ParagraphStyle(), 320),
            ("mixed bidi words", { Self.repeated("abc مرحبا 123 שלום ", units: $0) }, ParagraphStyle(), 320),
            ("tabs (pre-wrap)", { Self.repeated("a\tbb\tccc\t", units: $0) }, ParagraphStyle(whiteSpace: .preWrap), 320),
            ("spaces only (pre-wrap)", { Self.repeated(" ", units: $0) }, ParagraphStyle(whiteSpace: .preWrap), 320),
            ("newlines only (pre-wrap)", { Self.repeated("\n", units: $0) }, ParagraphStyle(whiteSpace: .preWrap), 320),
            ("fi ligatures, width 30", { Self.repeated("fififi", units: $0) }, ParagraphStyle(), 30),
            ("bidi controls", { Self.repeated("\u{202B}a\u{2067}ب", units: $0) }, ParagraphStyle(), 320),
            ("soft hyphens", { Self.repeated("ab\u{AD}", units: $0) }, ParagraphStyle(), 320),
        ]
        for (name, make, para, width) in hostile {
            hostileCase(name, make(n), make(2 * n), units: n, typesetter: typesetter, style: style, paragraph: para, width: width)
        }

        // 4b. Hostile shapes of the request itself: many style runs in one
        // text, and a font stack of many families (each resolved once).
        func styledRuns(_ count: Int) -> AttributedText {
            var text = AttributedText("", baseStyle: style)
            let bold = TextStyle(font: stack, size: 15, weight: 700)
            for k in 0..<count { text.append("word\(k % 10) ", style: k % 2 == 0 ? style : bold) }
            return text
        }
        let runCount = scaled(20_000)
        let runs1 = styledRuns(runCount / 2), runs2 = styledRuns(runCount)
        let tr1 = Self.time { Self.keep(try? typesetter.prepare(runs1).layout(width: 320)) }
        let tr2 = Self.time { Self.keep(try? typesetter.prepare(runs2).layout(width: 320)) }
        row("styled runs (one per word): prepare + layout", size: "\(runCount / 2) / \(runCount) runs", tr1, tr2)
        func longStack(_ count: Int) -> TextStyle {
            TextStyle(font: FontStack(families: (0..<count).map { "Missing Family \($0)" } + ["Noto Sans", "Noto Color Emoji"]),
                      size: 15)
        }
        let familyCount = scaled(50_000)
        let emoji = Self.repeated("😀🎉👍", units: 2_000)
        let ts1 = Self.time { Self.keep(try? Typesetter(fonts: fonts).prepare(emoji, style: longStack(familyCount / 2))) }
        let ts2 = Self.time { Self.keep(try? Typesetter(fonts: fonts).prepare(emoji, style: longStack(familyCount))) }
        row("font stack of many missing families: prepare", size: "\(familyCount / 2) / \(familyCount) families", ts1, ts2)

        // 4c. Hostile request lines: every dimension of a line costs linear time.
        requestLineCases(typesetter: typesetter)

        // 5. Entities.
        let detector = EntityDetector()
        let e1 = p1, e2 = p2  // 512 KB and 1 MB
        let te1 = Self.time(runs: 3) { Self.keep(detector.entities(in: e1)) }
        let te2 = Self.time(runs: 3) { Self.keep(detector.entities(in: e2)) }
        row("entities in feed text", size: "\(e1.utf8.count / 1024) / \(e2.utf8.count / 1024) KB", te1, te2,
            extra: "\(detector.entities(in: e2).count) entities")
        let entityHostile: [(String, String)] = [
            ("#", "#"), ("@", "@"), ("$", "$"), ("a.", "a."), ("#a", "#a"), ("@a", "@a"), ("a.com/", "a.com/"),
            ("http://", "http://"), ("(", "https://a.com/("), ("words", "lorem ipsum dolor "), ("-", "a-"),
        ]
        for (name, piece) in entityHostile {
            let small = Self.repeated(piece, units: n), large = Self.repeated(piece, units: 2 * n)
            let t1 = Self.time(runs: 3) { Self.keep(detector.entities(in: small)) }
            let t2 = Self.time(runs: 3) { Self.keep(detector.entities(in: large)) }
            row("entities: \"\(name)\" repeated", size: "\(small.utf16.count) / \(large.utf16.count) units", t1, t2)
        }

        if ordinaryPerByte > 0 {
            notes.append(String(format: "worst hostile text per byte: \"%@\", %.1f× the time per byte of the ordinary paragraph "
                                + "(prepare + layout at width 320; the bound to hold is 50×, time linear in size)",
                                worstPerByte.name, worstPerByte.perByte / ordinaryPerByte))
        }
        notes.append("peak RSS \(Self.procStatus("VmHWM") / 1024) MB, RSS now \(Self.procStatus("VmRSS") / 1024) MB")
        notes.append(String(format: "scale factor %g, total %.1f s", factor, Date().timeIntervalSince(started)))
        return "Scale (CPU time at n and 2n; the ratio should be about 2)\n"
            + "| case | n / 2n | time at n | time at 2n | ratio | notes |\n|---|---|---:|---:|---:|---|\n"
            + rows.joined(separator: "\n") + "\n" + notes.map { "\n- " + $0 }.joined() + "\n"
    }

    /// Request lines of the batch protocol whose cost once grew with the
    /// square of a dimension: n distinct unknown keys (collected with a list
    /// search), a `measure cell` model of n keys (each looked up by a scan
    /// of the object), an unknown field name of n bytes (a full edit-distance
    /// table against every field).
    private mutating func requestLineCases(typesetter: Typesetter) {
        func keys(_ n: Int, value: String) -> [UInt8] {
            var line = #"{"id": 1, "text": "hi""#
            for k in 0..<n { line += #", "k\#(k)": \#(value)"# }
            return Array((line + "}").utf8)
        }
        let lines = BatchLines(typesetter: typesetter)
        let n = scaled(100_000)
        let small = keys(n / 2, value: "1"), large = keys(n, value: "1")
        var out: [UInt8] = [], unknown: [String] = []
        let t1 = Self.time { out = []; _ = lines.answer(small[...], number: 1, to: &out, unknownFields: &unknown) }
        let t2 = Self.time { out = []; _ = lines.answer(large[...], number: 1, to: &out, unknownFields: &unknown) }
        row("request line of unknown keys: answer", size: "\(n / 2) / \(n) keys (\(large.count / 1024) KB)", t1, t2,
            extra: "\(unknown.count) unknown fields")
        let models = (keys(n / 2, value: #""x""#), keys(n, value: #""x""#))
        func decode(_ bytes: [UInt8]) { Self.keep(try? JSONValueDecoder.decode(CellData.self, from: try JSONParser.parse(bytes))) }
        let m1 = Self.time { decode(models.0) }
        let m2 = Self.time { decode(models.1) }
        row("cell model of many keys: decode", size: "\(n / 2) / \(n) keys", m1, m2)
        let bytes = scaled(8 << 20)
        let name1 = String(repeating: "w", count: bytes / 2), name2 = String(repeating: "w", count: bytes)
        let d1 = Self.time { Self.keep(RequestLines.describe(unknownField: name1)) }
        let d2 = Self.time { Self.keep(RequestLines.describe(unknownField: name2)) }
        row("unknown field name: describe (did you mean)", size: "\(bytes >> 21) / \(bytes >> 20) MB", d1, d2,
            extra: "\(RequestLines.describe(unknownField: name2).utf8.count) bytes of message")
    }

    /// Prepare, layout and the per-line APIs on one long text at n and 2n.
    private mutating func paragraphCase(_ name: String, _ t1: String, _ t2: String, typesetter: Typesetter,
                                        style: TextStyle, paragraph: ParagraphStyle) {
        let size = "\(t1.utf8.count / 1024) / \(t2.utf8.count / 1024) KB"
        var prepared: [PreparedText] = []
        var times: [String: [Double]] = [:]
        var layouts: [TextLayout] = []
        for text in [t1, t2] {
            var p: PreparedText?
            times["prepare", default: []].append(Self.time { p = try? typesetter.prepare(text, style: style, paragraph: paragraph) })
            guard let p else { notes.append("\(name): prepare failed"); return }
            prepared.append(p)
            var layout: TextLayout?
            times["layout(320)", default: []].append(Self.time { layout = try? p.layout(width: 320) })
            times["layout(unbounded)", default: []].append(Self.time { Self.keep(try? p.layout(width: nil)) })
            guard let layout else { return }
            layouts.append(layout)
            times["scalar offsets of every line", default: []].append(Self.time {
                var sum = 0
                for line in layout.lines {
                    sum &+= layout.scalarOffset(utf16: line.utf16Range.lowerBound) &+ layout.scalarOffset(utf16: line.utf16Range.upperBound)
                }
                Self.keep(sum)
            })
            times["rects of the whole text", default: []].append(Self.time {
                Self.keep(layout.rects(forUTF16Range: 0..<text.utf16.count))
            })
            times["visual runs of every line", default: []].append(Self.time {
                for line in layout.lines { Self.keep(layout.visualRuns(of: line)) }
            })
        }
        if let p = times["prepare"], let l = times["layout(320)"], p.count == 2, l.count == 2, name.hasPrefix("paragraph") {
            ordinaryPerByte = (p[1] + l[1]) / Double(t2.utf8.count)
        }
        for key in ["prepare", "layout(320)", "layout(unbounded)", "scalar offsets of every line", "rects of the whole text",
                    "visual runs of every line"] {
            guard let t = times[key], t.count == 2 else { continue }
            row("\(name): \(key)", size: size, t[0], t[1], extra: key == "layout(320)" ? "\(layouts[1].lines.count) lines" : "")
        }
        notes.append(String(format: "%@: %.1f bytes per UTF-16 unit prepared (%d bytes for %d units)", name,
                            Double(prepared[1].byteCount) / Double(t2.utf16.count), prepared[1].byteCount, t2.utf16.count))
    }

    private mutating func hostileCase(_ name: String, _ t1: String, _ t2: String, units: Int, typesetter: Typesetter,
                                      style: TextStyle, paragraph: ParagraphStyle, width: Double?) {
        var prepared: [PreparedText] = []
        var tp: [Double] = [], tl: [Double] = []
        for text in [t1, t2] {
            var p: PreparedText?
            tp.append(Self.time { p = try? typesetter.prepare(text, style: style, paragraph: paragraph) })
            guard let p else { notes.append("\(name): prepare failed"); return }
            prepared.append(p)
            tl.append(Self.time(runs: 3) { Self.keep(try? p.layout(width: width)) })
        }
        let size = "\(t1.utf16.count) / \(t2.utf16.count) units"
        let perByte = (tp[1] + tl[1]) / Double(t2.utf8.count)
        if perByte > worstPerByte.perByte { worstPerByte = (name, perByte) }
        row("\(name): prepare", size: size, tp[0], tp[1])
        row("\(name): layout", size: size, tl[0], tl[1], extra: "\((try? prepared[1].layout(width: width).lines.count) ?? 0) lines")
    }
}
