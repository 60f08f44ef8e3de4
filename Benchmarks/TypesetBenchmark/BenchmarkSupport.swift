import Foundation

/// Command-line options of typeset-bench.
struct BenchmarkOptions {
    var peer: String?
    var count = Workload.defaultCount
    var runs = 5
    var scale = false
    /// Peak RSS of `measure batch` at 10,000, 100,000 and 1,000,000 requests.
    var rssScale = false
    var shapeCache = true
    /// The libtypeset.so the Python package's figures run over (scripts/bench passes the release one).
    var pythonLibrary: String?

    init<S: Sequence>(_ args: S) where S.Element == String {
        var it = args.makeIterator()
        while let a = it.next() {
            switch a {
            case "--peer": peer = it.next()
            case "--count": count = it.next().flatMap(Int.init) ?? count
            case "--runs": runs = max(1, it.next().flatMap(Int.init) ?? runs)
            case "--scale": scale = true
            case "--rss-scale": rssScale = true
            case "--no-shape-cache": shapeCache = false
            case "--python-library": pythonLibrary = it.next()
            case "--help", "-h":
                print("typeset-bench [--peer PATH] [--count N] [--runs R] [--scale] [--rss-scale] [--no-shape-cache] [--python-library LIBTYPESET]")
                exit(0)
            default:
                FileHandle.standardError.write(Data("typeset-bench: unknown option \(a)\n".utf8))
                exit(2)
            }
        }
    }

    /// $TYPESET_FONTS or ./fonts.
    static func fontsDirectory() -> String {
        ProcessInfo.processInfo.environment["TYPESET_FONTS"] ?? FileManager.default.currentDirectoryPath + "/fonts"
    }
}

/// A figure measured several times.
struct Figure {
    var values: [Double]
    var median: Double { let s = values.sorted(); return s[s.count / 2] }
    var min: Double { values.min() ?? 0 }
    var max: Double { values.max() ?? 0 }
}

/// Runs `body` `runs` times (after one untimed warm-up for JIT-free caches of the OS).
func measureRuns(_ runs: Int, _ body: () -> Double) -> Figure {
    Figure(values: (0..<runs).map { _ in body() })
}

/// Wall-clock seconds (for multi-threaded figures).
func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// This thread's CPU seconds: single-threaded figures use it, so that other
/// work on a shared machine does not inflate them (the peer reports both too).
func cpuNow() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Keeps a value alive so the optimiser cannot drop the work producing it.
@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

/// The process's peak resident set size (VmHWM), in kB.
func peakRSSKilobytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }
    return 0
}

/// The printed table of our figures.
struct BenchmarkReport {
    private var rows: [(String, Figure, String)] = []
    private var notes: [String] = []

    mutating func add(_ name: String, _ f: Figure, unit: String) { rows.append((name, f, unit)) }
    mutating func note(_ s: String) { notes.append(s) }

    var table: String {
        var out = "Typeset\n| figure | median | min–max | unit |\n|---|---:|---:|---|\n"
        for (name, f, unit) in rows {
            out += "| \(name) | \(fmt(f.median)) | \(fmt(f.min))–\(fmt(f.max)) | \(unit) |\n"
        }
        for n in notes { out += "\n- \(n)" }
        return out + "\n"
    }
}

func fmt(_ v: Double) -> String {
    v >= 100 ? String(format: "%.0f", v) : v >= 1 ? String(format: "%.2f", v) : String(format: "%.3f", v)
}

/// Runs the C peer on the same texts and returns its JSON.
func runPeer(_ path: String, fonts: String, texts: String, runs: Int, width: Double, secondWidth: Double) -> [String: Any]? {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: path)
    p.environment = ProcessInfo.processInfo.environment.filter { $0.key != "LD_PRELOAD" }  // count our allocations only
    p.arguments = ["--fonts", fonts, "--size", "15", "--width", String(Int(width)),
                   "--relayout-width", String(Int(secondWidth)), "--runs", String(runs), texts]
    let out = Pipe()
    p.standardOutput = out
    do { try p.run() } catch {
        print("peer could not run: \(error)")
        return nil
    }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    guard p.terminationStatus == 0, let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
        print("peer failed (status \(p.terminationStatus))")
        return nil
    }
    return json
}

/// Our figures next to the peers', with ratios (what we track: machines are noisy).
func ratioTable(peer: [String: Any], cold: Figure, relayout: Figure, remeasure: Figure) -> String {
    let pango = peer["pango"] as? [String: Any] ?? [:]
    let hb = peer["harfbuzz"] as? [String: Any] ?? [:]
    func num(_ d: [String: Any], _ k: String) -> Double { (d[k] as? NSNumber)?.doubleValue ?? .nan }
    // CPU time on both sides (the peer measures its thread's CPU time too).
    let pCold = num(pango, "cold_cpu_us_per_text"), pRe = num(pango, "relayout_cpu_us_per_text")
    let hbShape = num(hb, "shape_cpu_us_per_text")
    var out = "Peers, same texts, same run (\(pango["pango_version"] ?? "?"), HarfBuzz \(hb["harfbuzz_version"] ?? "?"))\n"
    out += "| figure | Typeset | Pango | raw HarfBuzz (shape only) | Typeset speed-up vs Pango | vs HarfBuzz |\n|---|---:|---:|---:|---:|---:|\n"
    out += "| cold measure, µs/text | \(fmt(cold.median)) | \(fmt(pCold)) | \(fmt(hbShape)) | \(fmt(pCold / cold.median))× | \(fmt(hbShape / cold.median))× |\n"
    out += "| re-layout at a new width, µs/text | \(fmt(relayout.median)) | \(fmt(pRe)) | — | \(fmt(pRe / relayout.median))× | — |\n"
    out += "| re-measure (height only), µs/text | \(fmt(remeasure.median)) | \(fmt(pRe)) | — | \(fmt(pRe / remeasure.median))× | — |\n"
    return out
}

/// Heap allocations made by this thread so far, when the allocation counter
/// is preloaded (scripts/bench preloads it); nil otherwise.
let threadAllocations: (@convention(c) () -> UInt64)? = {
    guard let symbol = dlsym(nil, "typeset_thread_allocations") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) () -> UInt64).self)
}()

/// Allocations per item made by `body` on this thread (nil without the counter).
func allocationsPerItem(_ items: Int, _ body: () -> Void) -> Double? {
    guard let count = threadAllocations else { body(); return nil }
    let before = count()
    body()
    return Double(count() - before) / Double(items)
}
