import Foundation
import XCTest

/// The pins and known misses of one recorded corpus (`pins.json` and
/// `known-misses.tsv` in its directory), shared by the corpus tests.
///
/// Agreement per category may never fall below its pin (the pins only go up);
/// every case that disagrees must be listed in the misses file with its cause.
/// `TYPESET_CORPUS_UPDATE=1` raises the pins to the current counts and
/// rewrites the misses file, keeping the causes already written.
struct CorpusScoreboard {
    /// One category's counts.
    struct Tally { var cases = 0, agree = 0, lines = 0, widthsAgree = 0 }

    /// A case that disagrees, and how; `cause`, when the test knows it
    /// (`unsupported:<field>`: the engine does not take a field the case
    /// sets), is written for it on update instead of the one on file.
    struct Miss { var id: String; var detail: String; var cause: String? = nil }

    let directory: URL
    /// Put before the file names, for several scoreboards in one directory
    /// (`corpus/scaled`: `main@2x-pins.json`, …).
    var prefix = ""

    var pinsURL: URL { directory.appendingPathComponent(prefix + "pins.json") }
    var missesURL: URL { directory.appendingPathComponent(prefix + "known-misses.tsv") }

    /// Checks the tallies against the pins and the misses against the list
    /// (after rewriting both under TYPESET_CORPUS_UPDATE=1).
    func check(_ tallies: [String: Tally], misses: [Miss], file: StaticString = #filePath, line: UInt = #line) throws {
        var pins = (try? JSONDecoder().decode([String: Int].self, from: Data(contentsOf: pinsURL))) ?? [:]
        let causes = Self.readCauses(missesURL)
        if ProcessInfo.processInfo.environment["TYPESET_CORPUS_UPDATE"] == "1" {
            for (cat, t) in tallies { pins[cat] = max(pins[cat] ?? 0, t.agree) }
            let enc = JSONEncoder()
            enc.outputFormatting = [.prettyPrinted, .sortedKeys]
            try enc.encode(pins).write(to: pinsURL)
            var text = "# id\tcause\tdetail (written by TYPESET_CORPUS_UPDATE=1; edit causes by hand)\n"
            for m in misses.sorted(by: { $0.id < $1.id }) {
                // A cause the test knows wins; an `unsupported:` cause on file no longer holds once the field is taken.
                let onFile = causes[m.id].flatMap { $0.hasPrefix("unsupported:") ? nil : $0 }
                text += "\(m.id)\t\(m.cause ?? onFile ?? "unclassified")\t\(m.detail)\n"
            }
            try text.write(to: missesURL, atomically: true, encoding: .utf8)
        }
        for (cat, t) in tallies.sorted(by: { $0.key < $1.key }) {
            let pin = pins[cat] ?? 0
            XCTAssertGreaterThanOrEqual(t.agree, pin, "\(cat): \(t.agree) cases agree, pinned at \(pin): a regression",
                                        file: file, line: line)
        }
        let unlisted = misses.filter { causes[$0.id] == nil }
        XCTAssertTrue(unlisted.isEmpty, "\(unlisted.count) disagreeing cases are not in \(missesURL.path), e.g. "
                      + unlisted.prefix(5).map { "\($0.id): \($0.detail)" }.joined(separator: " | "), file: file, line: line)
    }

    /// The table printed after a run: cases, agreement and line widths per category.
    static func table(_ tallies: [String: Tally]) -> String {
        var out = "category                 cases  agree       %   lines  widths ok\n"
        var total = Tally()
        for (cat, t) in tallies.sorted(by: { $0.key < $1.key }) {
            out += row(cat, t)
            total.cases += t.cases; total.agree += t.agree; total.lines += t.lines; total.widthsAgree += t.widthsAgree
        }
        out += row("TOTAL", total)
        return out
    }

    private static func row(_ name: String, _ t: Tally) -> String {
        let pct = t.cases == 0 ? 0 : 100 * Double(t.agree) / Double(t.cases)
        let wpct = t.lines == 0 ? 0 : 100 * Double(t.widthsAgree) / Double(t.lines)
        return name.padding(toLength: 22, withPad: " ", startingAt: 0)
            + String(format: " %7d %6d %7.2f %7d %8.2f%%\n", t.cases, t.agree, pct, t.lines, wpct)
    }

    static func readCauses(_ url: URL) -> [String: String] {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [:] }
        var out: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            if parts.count >= 2 { out[String(parts[0])] = String(parts[1]) }
        }
        return out
    }

    /// Reads a JSON Lines file.
    static func jsonLines<T: Decodable>(_ url: URL, as: T.Type) throws -> [T] {
        let data = try String(contentsOf: url, encoding: .utf8)
        let decoder = JSONDecoder()
        return try data.split(separator: "\n", omittingEmptySubsequences: true).map {
            try decoder.decode(T.self, from: Data($0.utf8))
        }
    }
}
