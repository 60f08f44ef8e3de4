// Where a prepared post's bytes go: the benchmark's "memory per prepared
// post" figure split into the parts of the prepared text's object.
import Foundation
import Typeset

/// A table of the average bytes per post of each part of a prepared text
/// (see `PreparedStorageBreakdown`), and how many posts hold each rarer part.
func memoryBreakdownTable(texts: [String], style: TextStyle, fontsDirectory: String) -> String {
    let ts = Typesetter(fonts: try! FontCollection(directory: fontsDirectory))
    let prepared = texts.map { try! ts.prepare($0, style: style) }
    var sums: [(name: String, bytes: Int)] = []
    var present: [String: Int] = [:]
    for p in prepared {
        let b = p.storageBreakdown
        if sums.isEmpty { sums = b.parts.map { ($0.name, 0) } }
        for (k, part) in b.parts.enumerated() { sums[k].bytes += part.bytes }
        for name in b.present { present[name, default: 0] += 1 }
    }
    let n = Double(prepared.count)
    var out = "Memory per prepared post, by part (\(prepared.count) posts):\n"
    for (name, bytes) in sums { out += "  " + name.padding(toLength: 26, withPad: " ", startingAt: 0) + String(format: " %8.1f B\n", Double(bytes) / n) }
    out += "  " + "total (byteCount)".padding(toLength: 26, withPad: " ", startingAt: 0)
        + String(format: " %8.1f B\n", Double(prepared.reduce(0) { $0 + $1.byteCount }) / n)
    out += "Posts holding each rarer part:\n"
    for (name, count) in present.sorted(by: { $0.value > $1.value }) {
        out += "  " + name.padding(toLength: 26, withPad: " ", startingAt: 0) + String(format: " %5.1f%%\n", 100 * Double(count) / n)
    }
    return out
}
