import Foundation
import XCTest
import Typeset
import TypesetCells
import TypesetTestSupport

/// Holds cell layouts to Chromium's layout of the same templates written as
/// HTML/CSS (`corpus/cells`, recorded by `corpus/tools/record_cells.py`; the
/// mapping is the Cells article *Cells as CSS*).
///
/// Every case is laid out at 1x against `expected.jsonl`, and at device
/// pixel ratios 2 and 3 against Chromium recorded at that ratio
/// (`corpus/scaled/cells-expected@2x.jsonl`, `@3x`), each cell prepared at
/// its scale. Chromium's exact frames are snapped by the engine's documented
/// rule (each edge rounded to the nearest device pixel) and its height ceil'd
/// to the grid; a frame agrees when its four snapped edges are equal, a
/// height when it is equal, and a frame Chromium shows and the engine omits
/// (or the reverse) is a miss. Categories: `<template>-frames` and
/// `<template>-heights`, counted per frame (or cell).
///
/// Pins and known misses: `corpus/cells/pins.json`, `known-misses.tsv` at
/// 1x, `corpus/scaled/cells@<s>x-pins.json` and `…-known-misses.tsv` at 2x
/// and 3x (ids `<case>@<scale>`; `TYPESET_CORPUS_UPDATE=1` rewrites them).
/// With `TYPESET_CELL_CORPUS=DIR` another directory of the same form (a
/// held-out set, with `expected@2x.jsonl` and `expected@3x.jsonl` beside
/// `expected.jsonl` where recorded) is scored, also within one device pixel
/// per edge, and only printed; `TYPESET_CELL_DEBUG=id-prefix` prints both
/// frame lists of matching cases (`<case>@<scale>`, edges as [minX minY maxX maxY]).
final class CellCorpusAccuracyTests: XCTestCase {
    struct Case: Decodable { let id: String; let template: String; let width: Double }
    struct Expected: Decodable { let id: String; let height: Double; let frames: [String: [Double]] }

    func testCellCorpusAgreesWithChromium() throws {
        let env = ProcessInfo.processInfo.environment
        let heldOut = env["TYPESET_CELL_CORPUS"].map { URL(fileURLWithPath: $0) }
        let dir = heldOut ?? Fixtures.corpusDirectory.appendingPathComponent("cells")
        let scaled = Fixtures.corpusDirectory.appendingPathComponent("scaled")
        for scale in [1.0, 2, 3] {
            let casesURL = heldOut != nil || scale == 1 ? dir.appendingPathComponent("cases.jsonl")
                : scaled.appendingPathComponent("cells-cases.jsonl")
            let expectedURL = scale == 1 ? dir.appendingPathComponent("expected.jsonl")
                : heldOut != nil ? dir.appendingPathComponent("expected@\(Int(scale))x.jsonl")
                : scaled.appendingPathComponent("cells-expected@\(Int(scale))x.jsonl")
            guard FileManager.default.fileExists(atPath: expectedURL.path) else { continue }
            let (tallies, misses) = try Self.score(cases: casesURL, expected: expectedURL, templates: dir, scale: scale)
            if heldOut == nil {
                let board = scale == 1 ? CorpusScoreboard(directory: dir)
                    : CorpusScoreboard(directory: scaled, prefix: "cells@\(Int(scale))x-")
                try board.check(tallies, misses: misses)
            }
        }
    }

    /// Scores one scale's cases; prints the tables.
    static func score(cases casesURL: URL, expected expectedURL: URL, templates dir: URL, scale: Double) throws
        -> (tallies: [String: CorpusScoreboard.Tally], misses: [CorpusScoreboard.Miss]) {
        let env = ProcessInfo.processInfo.environment
        let caseData = try String(contentsOf: casesURL, encoding: .utf8).split(separator: "\n").map { Data($0.utf8) }
        let cases = try caseData.map { try JSONDecoder().decode(Case.self, from: $0) }
        let expected = try CorpusScoreboard.jsonLines(expectedURL, as: Expected.self)
        XCTAssertEqual(cases.count, expected.count, "\(casesURL.lastPathComponent) and \(expectedURL.lastPathComponent) differ in length")
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
            let prepared = try engine.prepare(templates[c.template]!, for: model, scale: scale)
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
            let wantHeight = OptionCorpusAccuracyTests.ceiled(want.height, scale: scale)
            tallies["\(c.template)-heights", default: .init()].cases += 1
            near["\(c.template)-heights", default: .init()].cases += 1
            if abs(layout.height - wantHeight) < 1e-9 {
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
        print("cell frames and heights at \(Int(scale))x, edges equal after snapping:\n" + CorpusScoreboard.table(tallies))
        print("within one device pixel per edge:\n" + CorpusScoreboard.table(near))
        return (tallies, misses)
    }

    /// The template a case names: `DIR/templates/<name>.json`, else the shipped
    /// `examples/templates/<name>.json` (what the recorder reads too).
    static func template(_ name: String, dir: URL) throws -> CellTemplate {
        let own = dir.appendingPathComponent("templates/\(name).json")
        if FileManager.default.fileExists(atPath: own.path) { return try CellTemplate(contentsOf: own) }
        return try CellTemplate(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("examples/templates/\(name).json"))
    }

    /// An exact frame [x, y, w, h] snapped as the engine documents: each edge
    /// rounded to the device grid; returns [minX, minY, maxX, maxY]. (Each
    /// edge first back on its 1/64-device-pixel unit: Chromium reports
    /// float32 CSS px.)
    static func snap(_ f: [Double], _ scale: Double) -> [Double] {
        [f[0], f[1], f[0] + f[2], f[1] + f[3]].map { (($0 * scale * 64).rounded() / 64).rounded() / scale }
    }

    static func describe(_ e: [Double]) -> String {
        "[\(e.map { String(format: "%g", $0) }.joined(separator: " "))]"
    }
}
