import Foundation
import XCTest
import Typeset
import TypesetCells
import TypesetTestSupport

/// `measure cell` end to end: JSON Lines in order, errors in place, exit
/// status, and the same numbers as the library.
final class CellCommandTests: XCTestCase {
    /// Runs `measure ARGS` with the bundled fonts and no progress line.
    func run(_ arguments: [String], stdin: Data = Data()) throws -> CLIResult {
        try CLI.run(arguments + ["--fonts-dir", Fixtures.fontsDirectory, "--no-progress"], stdin: stdin)
    }

    /// The layout the library gives, for comparing with the tool's.
    static let engine = CellLayoutEngine(typesetter: Fixtures.typesetter)

    func example(_ name: String) -> String {
        Fixtures.repositoryRoot.appendingPathComponent("examples/templates").appendingPathComponent(name).path
    }

    func object(_ line: String) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], line)
    }

    /// The README's example runs clean; its sibling with two bad lines (the
    /// README says so) fails, each bad line answered in its place.
    func testFeedPostSamplesInOrderWithErrorsInPlace() throws {
        let clean = try run(["cell", "--template", example("feed-post.json"), "--width", "390", "--scale", "3",
                             example("feed-post.jsonl")])
        XCTAssertEqual(clean.status, 0, clean.summary)
        XCTAssertFalse(clean.stdout.contains("\"error\""), clean.summary)
        try checkFeedPost(models: "feed-post.jsonl", clean)
        let result = try run(["cell", "--template", example("feed-post.json"), "--width", "390", "--scale", "3",
                              example("feed-post-errors.jsonl")])
        XCTAssertEqual(result.status, 1, "two sample lines are bad on purpose")
        try checkFeedPost(models: "feed-post-errors.jsonl", result)
        XCTAssertTrue(result.lines[1].hasPrefix(#"{"error""#), result.lines[1])
        XCTAssertTrue(result.lines[2].hasPrefix(#"{"id":8,"error""#), result.lines[2])
    }

    /// Every answer line against the library's layout of its model, errors in place.
    func checkFeedPost(models: String, _ result: CLIResult) throws {
        let inputLines = try String(contentsOfFile: example(models), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        XCTAssertEqual(result.lines.count, inputLines.count)
        for (number, (input, output)) in zip(inputLines, result.lines).enumerated() {
            let out = try object(output)
            guard let model = try? CellData(json: Data(input.utf8), defaultID: 0) else {
                let error = try XCTUnwrap(out["error"] as? [String: Any], output)
                XCTAssertEqual(error["line"] as? Int, number + 1)
                XCTAssertFalse((error["message"] as? String ?? "").isEmpty)
                continue
            }
            XCTAssertEqual(out["id"] as? Int, { if case .int(let i) = model.id { return i }; return nil }())
            let layout = try Self.engine.layout(try CellTemplate.feedPost(), for: model, width: 390, scale: 3)
            XCTAssertEqual(out["height"] as? Double, layout.height, output)
            let frames = try XCTUnwrap(out["frames"] as? [String: [Double]])
            XCTAssertEqual(Set(frames.keys), Set(layout.frames.map(\.name)))
            for (name, rect) in layout.frames {
                let f = try XCTUnwrap(frames[name])
                XCTAssertEqual(f.count, 4)
                XCTAssertEqual(f[0], rect.x, accuracy: 1e-9)
                XCTAssertEqual(f[3], rect.height, accuracy: 1e-9)
            }
            let texts = try XCTUnwrap(out["texts"] as? [String: [String: Any]])
            if let body = layout.text(named: "body") {
                XCTAssertEqual(texts["body"]?["lines"] as? Int, body.lineCount)
                XCTAssertEqual(texts["body"]?["truncated"] as? Bool, body.isTruncated)
            } else {
                XCTAssertNil(texts["body"])
            }
        }
    }

    func testStandardInputAndAllGoodLines() throws {
        let models = #"""
        {"id": "m1", "text": "Hi!"}
        {"id": "m2", "text": "On my way", "outgoing": true}
        """#
        let result = try run(["cell", "--template", example("chat-bubble.json"), "--width", "375", "-"], stdin: Data(models.utf8))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.lines.count, 2)
        let first = try object(result.lines[0])
        XCTAssertEqual(first["id"] as? String, "m1")
        XCTAssertEqual(first["height"] as? Double, 40)
        let second = try object(result.lines[1])
        let bubble = try XCTUnwrap((second["frames"] as? [String: [Double]])?["bubble"])
        XCTAssertEqual(bubble[0] + bubble[2], 375 - 8, "outgoing: right side")
    }

    /// A template that cannot be read or is not a template is a failure
    /// (1, as a missing input file is) whose message names the file and the
    /// problem, without usage lines; a bad option is the usage error (2).
    func testBadTemplateIsAFailureNamingTheProblem() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cells-bad-\(UUID().uuidString).json")
        try Data(#"{"root": {"kind": "circle"}}"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try run(["cell", "--template", url.path, "-"], stdin: Data())
        XCTAssertEqual(result.status, 1, result.summary)
        XCTAssertTrue(result.stderr.hasPrefix("measure: the template \(url.path): "), result.stderr)
        XCTAssertTrue(result.stderr.contains("circle"), result.stderr)
        XCTAssertFalse(result.stderr.contains("Usage"), result.stderr)
        XCTAssertTrue(result.lines.isEmpty)
        let missing = try run(["cell", "--template", "/nonexistent/template.json", "-"], stdin: Data())
        XCTAssertEqual(missing.status, 1, missing.summary)
        XCTAssertEqual(missing.stderr, "measure: cannot open the template /nonexistent/template.json: No such file or directory\n")
        let badWidth = try run(["cell", "--template", example("chat-bubble.json"), "--width", "-5", "-"], stdin: Data())
        XCTAssertTrue(badWidth.stderr.contains("--width"), badWidth.stderr)
        XCTAssertEqual(badWidth.status, 2, badWidth.summary)
    }
}
