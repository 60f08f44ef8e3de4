import Foundation

/// The `measure` tool end to end on the feed, in a child process: JSON Lines
/// in from a file, JSON Lines out to a file (lines included), wall time from
/// spawn to exit (process start and font loading included) and the child's
/// peak RSS (from its own summary line: `wait4`'s figure would be this
/// process's, which the spawned child inherits until it execs). Set beside
/// the library's in-process figures of the same run.
enum EndToEndBenchmark {
    /// One child run: wall seconds and peak RSS in MB.
    struct ChildRun {
        var seconds: Double
        /// User and system CPU time of the child.
        var cpuSeconds: Double
        var peakRSSMegabytes: Int
    }

    /// Writes the feed as `measure batch` requests (the library's style and
    /// width) and as `measure entities` lines; returns both paths.
    static func writeRequests(_ texts: [String], families: [String], size: Double, width: Double,
                              repeats: Int = 1, name: String = "feed") throws -> (batch: String, entities: String) {
        let family = "[" + families.map { Workload.jsonString($0) }.joined(separator: ",") + "]"
        var batch = "", entities = ""
        var id = 0
        for _ in 0..<repeats {
            for text in texts {
                let quoted = Workload.jsonString(text)
                batch += #"{"id":\#(id),"text":\#(quoted),"font_family":\#(family),"font_size":\#(size),"width":\#(width)}"# + "\n"
                entities += #"{"id":\#(id),"text":\#(quoted)}"# + "\n"
                id += 1
            }
        }
        let dir = ScratchDirectory.path
        let paths = (dir + "\(name)-batch.jsonl", dir + "\(name)-entities.jsonl")
        try Data(batch.utf8).write(to: URL(fileURLWithPath: paths.0))
        try Data(entities.utf8).write(to: URL(fileURLWithPath: paths.1))
        return paths
    }

    /// Runs `tool arguments… input > output` and waits; nil if it could not
    /// start or did not exit with status 0.
    static func run(_ tool: String, _ arguments: [String], input: String,
                    output: String = ScratchDirectory.path + "measure-output.jsonl") -> ChildRun? {
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let summary = ScratchDirectory.path + "measure-summary.txt"
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, summary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([tool] + arguments + [input]).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        // The child must not count its allocations with the preloaded counter.
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != "LD_PRELOAD" }
            .map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in environment { free(p) } }
        var pid: pid_t = 0
        let t0 = now()
        guard posix_spawn(&pid, tool, &actions, nil, argv, environment) == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { return nil }
        let seconds = now() - t0
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        guard status == 0 else {
            print("\(tool) \(arguments.joined(separator: " ")) exited with status \(status)")
            return nil
        }
        // "… lines/s, peak RSS 53 MB"
        let text = (try? String(contentsOfFile: summary, encoding: .utf8)) ?? ""
        let rss = text.components(separatedBy: "peak RSS ").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
        return ChildRun(seconds: seconds, cpuSeconds: cpu, peakRSSMegabytes: rss)
    }

    /// `measure` beside this benchmark's executable.
    static func measureTool() -> String? {
        guard let me = Bundle.main.executablePath else { return nil }
        let path = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("measure").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// `runs` child runs as a figure of `items` per second, and the largest peak RSS (MB).
    static func figure(runs: Int, _ tool: String, _ arguments: [String], input: String, items: Double) -> (Figure, Int, Double)? {
        paired(runs: runs, tool, arguments, input: input, items: items, with: nil).map { ($0.tool, $0.rss, $0.cores) }
    }

    /// `runs` child runs, each right after a run of `peer` (the library's own
    /// figure for the same work): on a shared machine a ratio of figures taken
    /// half a minute apart tracks the machine's load, a ratio of pairs much
    /// less. The tool's figure (items per second), the peer's, the largest
    /// peak RSS (MB) and the median cores kept busy.
    static func paired(runs: Int, _ tool: String, _ arguments: [String], input: String, items: Double,
                       with peer: (() -> Double)?) -> (tool: Figure, peer: Figure?, rss: Int, cores: Double)? {
        var values: [Double] = [], peerValues: [Double] = [], rss = 0, cores: [Double] = []
        for _ in 0..<runs {
            if let peer { peerValues.append(peer()) }
            guard let r = run(tool, arguments, input: input) else { return nil }
            values.append(items / r.seconds)
            cores.append(r.cpuSeconds / r.seconds)
            rss = max(rss, r.peakRSSMegabytes)
        }
        return (Figure(values: values), peer == nil ? nil : Figure(values: peerValues), rss, cores.sorted()[cores.count / 2])
    }

    /// The tool's figures against the library's of the same run, with the
    /// tool's targets and a pass/miss column.
    struct Comparison {
        /// Each figure, the child's peak RSS (MB) and the cores it kept busy (CPU time / wall time, median).
        var batch1: (Figure, Int, Double), batch2: (Figure, Int, Double), entities: (Figure, Int, Double)
        var libraryBatch1: Figure, libraryBatch2: Figure, libraryEntities: Figure
        /// Pango's cold measure, texts/s (CPU time, in process), when the peer ran.
        var pango: Double?

        var table: String {
            func row(_ name: String, _ tool: Double, _ peer: Double, _ target: Double?, _ unit: String) -> String {
                let ratio = tool / peer
                guard let target else { return "| \(name) | \(fmt(tool)) | \(fmt(peer)) \(unit) | \(fmt(ratio))× | — | |\n" }
                return "| \(name) | \(fmt(tool)) | \(fmt(peer)) \(unit) | \(fmt(ratio))× | ≥ \(fmt(target))× | \(ratio >= target ? "pass" : "miss") |\n"
            }
            var out = "measure end to end (JSON Lines in from a file, out to a file, lines included; wall time, process start included)\n"
            out += "| figure | measure | peer (same run) | ratio | target | |\n|---|---:|---:|---:|---:|---|\n"
            out += row("batch --jobs 1, texts/s, vs the library's batch on 1 core (paired runs)", batch1.0.median, libraryBatch1.median, 0.85, "(library)")
            if let pango { out += row("batch --jobs 1, texts/s, vs Pango's cold measure", batch1.0.median, pango, 6, "(Pango)") }
            // No target: on two cores the reader and writer share the workers' cores.
            out += row("batch --jobs 2, texts/s, vs the library's batch on 2 cores (paired runs)", batch2.0.median, libraryBatch2.median, nil, "(library)")
            out += row("entities --jobs 1, MB/s of text, vs 100 MB/s", entities.0.median, 100, 1, "(target)")
            out += "| entities --jobs 1, MB/s of text, vs the detector | \(fmt(entities.0.median)) | \(fmt(libraryEntities.median)) (library) | \(fmt(entities.0.median / libraryEntities.median))× | — | |\n"
            out += "\n- peak RSS: batch --jobs 1 \(batch1.1) MB, --jobs 2 \(batch2.1) MB, entities \(entities.1) MB\n"
            out += "- cores busy (CPU time / wall time): batch --jobs 1 \(fmt(batch1.2)), --jobs 2 \(fmt(batch2.2)), entities --jobs 1 \(fmt(entities.2)) (a worker per job, plus the reader, which decodes ahead of them, and the writer)\n"
            // An unloaded --jobs 1 run keeps about 1.15 cores busy: below 1
            // the tool waited for the CPU, and the ratios say more about the
            // load than about the tool.
            if batch1.2 < 1 {
                out += "- warning: batch --jobs 1 kept under one core busy: other processes held the CPU while the tool ran, so its ratios understate it\n"
            }
            return out
        }
    }

    /// Peak RSS of `measure batch --jobs 2` over the feed repeated to each
    /// count of requests (output to /dev/null): memory must stay flat.
    static func rssScale(_ tool: String, texts: [String], families: [String], width: Double,
                         counts: [Int] = [10_000, 100_000, 1_000_000]) -> String {
        var out = "measure batch --jobs 2, peak RSS by input size (the feed repeated)\n| requests | input | seconds | peak RSS |\n|---:|---:|---:|---:|\n"
        for count in counts {
            let repeats = max(1, count / texts.count)
            guard let (path, _) = try? writeRequests(texts, families: families, size: 15, width: width, repeats: repeats, name: "rss"),
                  let r = run(tool, ["batch", "--jobs", "2", "--no-progress"], input: path, output: "/dev/null") else {
                out += "| \(count) | could not run | | |\n"
                continue
            }
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            out += String(format: "| %d | %.0f MB | %.1f | %d MB |\n", repeats * texts.count, Double(size) / 1_048_576,
                          r.seconds, r.peakRSSMegabytes)
        }
        return out
    }
}

extension EndToEndBenchmark {
    /// `measure batch -` as a co-process: after a first request (process
    /// start, font loading), each of `requests` more is written alone with
    /// stdin left open and timed until its answer line arrives. Returns the
    /// latencies in ms, or nil if the tool did not answer.
    static func coprocessLatencies(_ tool: String, texts: [String], families: [String], width: Double,
                                   requests: Int = 50) -> Figure? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["batch", "-", "--jobs", "1", "--no-progress"]
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "LD_PRELOAD" }
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        defer { try? input.fileHandleForWriting.close(); process.waitUntilExit() }
        let family = "[" + families.map { Workload.jsonString($0) }.joined(separator: ",") + "]"
        var latencies: [Double] = []
        for k in 0...requests {
            // Texts the process has not seen yet: every request shapes new words.
            let text = texts[(k * 7919) % texts.count]
            let line = #"{"id":\#(k),"text":\#(Workload.jsonString(text)),"font_family":\#(family),"width":\#(width)}"# + "\n"
            let t0 = now()
            input.fileHandleForWriting.write(Data(line.utf8))
            guard readLine(output.fileHandleForReading) else { return nil }
            if k > 0 { latencies.append((now() - t0) * 1000) }
        }
        return Figure(values: latencies)
    }

    /// Reads up to and including the next newline; false at end of input.
    private static func readLine(_ handle: FileHandle) -> Bool {
        var byte: UInt8 = 0
        while read(handle.fileDescriptor, &byte, 1) == 1 {
            if byte == 0x0A { return true }
        }
        return false
    }
}
