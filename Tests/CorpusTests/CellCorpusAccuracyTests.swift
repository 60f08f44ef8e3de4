import Foundation
import XCTest
import Typeset
import TypesetCells
import TypesetTestSupport

/// Holds cell layouts to Chromium's layout of the same templates written as
/// HTML/CSS (`corpus/cells`, recorded by `corpus/tools/record_cells.py`; the
/// mapping is the Cells article *Cells as CSS*).
///
/// Every case is laid out at display scales 1, 2 and 3. Chromium's exact
/// frames are snapped by the engine's documented rule (each edge rounded to
/// the nearest device pixel) and its height ceil'd to the grid; a frame
/// agrees when its four snapped edges are equal, a height when it is equal,
/// and a frame Chromium shows and the engine omits (or the reverse) is a miss.
/// Categories: `<template>-frames` and `<template>-heights`, counted per
/// frame (or cell) and scale.
///
/// Pins and known misses: `corpus/cells/pins.json`, `known-misses.tsv` (ids
/// `<case>@<scale>`; `TYPESET_CORPUS_UPDATE=1` rewrites them). With
/// `TYPESET_CELL_CORPUS=DIR` another directory of the same form (a held-out
/// set) is scored, also within one device pixel per edge, and only printed;
/// `TYPESET_CELL_DEBUG=id-prefix` prints both frame lists of matching cases
/// (`<case>@<scale>`, edges as [minX minY maxX maxY]).
final class CellCorpusAccuracyTests: XCTestCase {
    struct Case: Decodable { let id: String; let template: String; let width: Double }
    struct Expected: Decodable { let id: String; let height: Double; let frames: [String: [Double]] }

    static let scales: [Double] = [1, 2, 3]

    func testCellCorpusAgreesWithChromium() throws {
        let env = ProcessInfo.processInfo.environment
        let heldOut = env["TYPESET_CELL_CORPUS"].map { URL(fileURLWithPath: $0) }
        let dir = heldOut ?? Fixtures.corpusDirectory.appendingPathComponent("cells")
        let caseData = try String(contentsOf: dir.appendingPathComponent("cases.jsonl"), encoding: .utf8)
            .split(separator: "\n").map { Data($0.utf8) }
        let cases = try caseData.map { try JSONDecoder().decode(Case.self, from: $0) }
        let expected = try CorpusScoreboard.jsonLines(dir.appendingPathComponent("expected.jsonl"), as: Expected.self)
        XCTAssertEqual(cases.count, expected.count, "cases.jsonl and expected.jsonl differ in length")
        XCTAssertGreaterThan(cases.count, 0)
        let engine = CellLayoutEngine(typesetter: Fixtures.typesetter)
        var templates: [String: CellTemplate] = [:]
        var tallies: [String: CorpusScoreboard.Tally] = [:]
        var near: [String: CorpusScoreboard.Tally] = [:]
        var misses: [CorpusScoreboard.Miss] = []
        for ((c, raw), want) in zip(zip(cases, caseData), expected) {
            XCTAssertEqual(c.id, want.id)
            if templates[c.template] == nil { templates[c.template] = try Self.template(c.template, dir: dir) }
            let object = try JSONSerialization.jsonObject(with: raw) as? [String: Any]
            let model = try CellData(json: JSONSerialization.data(withJSONObject: object?["model"] ?? [:]), defaultID: .string(c.id))
            let prepared = try engine.prepare(templates[c.template]!, for: model)
            for scale in Self.scales {
                let layout = try engine.layout(templates[c.template]!, prepared: prepared, width: c.width, scale: scale)
                var why: [String] = []
                let names = Set(want.frames.keys).union(layout.frames.map(\.name))
                for name in names.sorted() {
                    tallies["\(c.template)-frames", default: .init()].cases += 1
                    near["\(c.template)-frames", default: .init()].cases += 1
                    guard let f = want.frames[name], let ours = layout.frame(named: name) else {
                        why.append("\(name) \(want.frames[name] == nil ? "not shown by Chromium" : "omitted")")
                        continue
                    }
                    let theirs = Self.snap(f, scale)
                    let mine = [ours.x, ours.y, ours.x + ours.width, ours.y + ours.height]
                    let worst = zip(theirs, mine).map { abs($0 - $1) * scale }.max() ?? 0
                    if worst < 1e-6 { tallies["\(c.template)-frames", default: .init()].agree += 1 }
                    else { why.append("\(name) \(Self.describe(mine)) vs \(Self.describe(theirs))") }
                    if worst <= 1 + 1e-6 { near["\(c.template)-frames", default: .init()].agree += 1 }
                }
                let wantHeight = try PixelGrid(scale: scale).ceil(want.height)
                tallies["\(c.template)-heights", default: .init()].cases += 1
                near["\(c.template)-heights", default: .init()].cases += 1
                if layout.height == wantHeight {
                    tallies["\(c.template)-heights", default: .init()].agree += 1
                    near["\(c.template)-heights", default: .init()].agree += 1
                } else { why.append("height \(layout.height) vs \(wantHeight)") }
                if let prefix = env["TYPESET_CELL_DEBUG"], "\(c.id)@\(Int(scale))".hasPrefix(prefix) {
                    print("== \(c.id)@\(Int(scale)) height \(layout.height) vs \(wantHeight)")
                    for name in names.sorted() {
                        let ours = layout.frame(named: name).map { Self.describe([$0.x, $0.y, $0.x + $0.width, $0.y + $0.height]) } ?? "-"
                        let theirs = want.frames[name].map { Self.describe(Self.snap($0, scale)) + " exact \(Self.describe($0))" } ?? "-"
                        print("  \(name.padding(toLength: 12, withPad: " ", startingAt: 0)) ours \(ours)  chromium \(theirs)")
                    }
                }
                if !why.isEmpty { misses.append(.init(id: "\(c.id)@\(Int(scale))", detail: why.joined(separator: "; "))) }
            }
        }
        print("cell frames and heights, edges equal after snapping:\n" + CorpusScoreboard.table(tallies))
        print("within one device pixel per edge:\n" + CorpusScoreboard.table(near))
        if heldOut == nil { try CorpusScoreboard(directory: dir).check(tallies, misses: misses) }
    }

    /// The template a case names: `DIR/templates/<name>.json`, else the shipped
    /// `examples/templates/<name>.json` (what the recorder reads too).
    static func template(_ name: String, dir: URL) throws -> CellTemplate {
        let own = dir.appendingPathComponent("templates/\(name).json")
        if FileManager.default.fileExists(atPath: own.path) { return try CellTemplate(contentsOf: own) }
        return try CellTemplate(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("examples/templates/\(name).json"))
    }

    /// An exact frame [x, y, w, h] snapped as the engine documents: each edge
    /// rounded to the device grid; returns [minX, minY, maxX, maxY].
    static func snap(_ f: [Double], _ scale: Double) -> [Double] {
        [f[0], f[1], f[0] + f[2], f[1] + f[3]].map { ($0 * scale).rounded() / scale }
    }

    static func describe(_ e: [Double]) -> String {
        "[\(e.map { String(format: "%g", $0) }.joined(separator: " "))]"
    }
}
