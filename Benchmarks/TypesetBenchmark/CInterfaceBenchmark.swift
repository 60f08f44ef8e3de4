// What the C interface costs: the benchmark feed's warm prepare + layout
// through `ts_prepare`/`ts_layout_new` against the same through Swift, in
// alternating runs of one process; and what the Python package adds per
// text over the C call (its benchmark script, run on the same feed).
import CTypeset
import Foundation
import Typeset
import TypesetC

enum CInterfaceBenchmark {
    /// CPU µs per text of the Swift calls and of the C calls, run after run (each first every other run).
    struct Result {
        var swift: Figure
        var c: Figure
        /// The C calls' time over the Swift calls', per cent (median of the runs' ratios).
        var overheadPercent: Double
    }

    /// Warm prepare + layout at `width` of every text, through Swift
    /// (`Typesetter.prepare`, `layout`, `size`) and through the C entry
    /// points (UTF-8 bytes, `ts_prepare`, `ts_layout_new`,
    /// `ts_layout_get_info`, the two frees), each with a typesetter of its
    /// own warmed by one untimed pass.
    static func run(fontsDirectory: String, texts: [String], families: [String], size: Double, width: Double,
                    runs: Int) -> Result {
        let swiftTypesetter = Typesetter(fonts: try! FontCollection(directory: fontsDirectory))
        let style = TextStyle(font: FontStack(families: families), size: size)
        var fonts: OpaquePointer?
        var cTypesetter: OpaquePointer?
        precondition(fontsDirectory.withCString { tsFontsFromDirectory($0, 0, &fonts) } == TS_OK)
        precondition(tsTypesetterNew(fonts, &cTypesetter) == TS_OK)
        tsFontsFree(fonts)
        defer { tsTypesetterFree(cTypesetter) }
        let utf8 = texts.map { Array($0.utf8CString.dropLast()) }
        let familyList = families.joined(separator: ", ")

        func swiftPass() -> Double {
            let t0 = cpuNow()
            var height = 0.0
            for text in texts { height += try! swiftTypesetter.prepare(text, style: style).layout(width: width).size().height }
            blackHole(height)
            return (cpuNow() - t0) / Double(texts.count) * 1e6
        }
        func cPass() -> Double {
            familyList.withCString { family in
                var cStyle = ts_style()
                tsStyleInit(&cStyle)
                cStyle.font_family = family
                cStyle.size = size
                let t0 = cpuNow()
                var height = 0.0
                for bytes in utf8 {
                    var prepared: OpaquePointer?
                    var layout: OpaquePointer?
                    var info = ts_layout_info()
                    let status = bytes.withUnsafeBufferPointer {
                        tsPrepare(cTypesetter, $0.baseAddress, $0.count, &cStyle, nil, 1, &prepared)
                    }
                    precondition(status == TS_OK)
                    precondition(tsLayoutNew(prepared, Int32(TS_WIDTH_AT_MOST.rawValue), width, &layout) == TS_OK)
                    precondition(tsLayoutGetInfo(layout, &info) == TS_OK)
                    height += info.height
                    tsLayoutFree(layout)
                    tsPreparedFree(prepared)
                }
                blackHole(height)
                return (cpuNow() - t0) / Double(utf8.count) * 1e6
            }
        }
        _ = swiftPass()
        _ = cPass()
        var swift: [Double] = [], c: [Double] = [], ratios: [Double] = []
        for run in 0..<runs {
            // Each goes first every other run, so that neither gains from the order.
            if run % 2 == 0 {
                swift.append(swiftPass())
                c.append(cPass())
            } else {
                c.append(cPass())
                swift.append(swiftPass())
            }
            ratios.append(c.last! / swift.last!)
        }
        return Result(swift: Figure(values: swift), c: Figure(values: c),
                      overheadPercent: (Figure(values: ratios).median - 1) * 100)
    }

    /// The Python package's per-text figures on the feed (`Benchmarks/python/bench.py`
    /// through `python3`, over the library at `library`), nil when it cannot run.
    static func python(library: String, feed: String, fontsDirectory: String, width: Double, runs: Int) -> [String: Double]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let script = FileManager.default.currentDirectoryPath + "/Benchmarks/python/bench.py"
        process.arguments = ["python3", script, feed, String(width), String(runs)]
        var environment = ProcessInfo.processInfo.environment
        environment["TYPESET_LIBRARY"] = library
        environment["TYPESET_FONTS"] = fontsDirectory
        environment["PYTHONPATH"] = FileManager.default.currentDirectoryPath + "/python"
        environment.removeValue(forKey: "LD_PRELOAD")
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        guard (try? process.run()) != nil else { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return json.compactMapValues { ($0 as? NSNumber)?.doubleValue }
    }
}
