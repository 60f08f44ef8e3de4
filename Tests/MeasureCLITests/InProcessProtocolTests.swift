import Foundation
import Typeset
import TypesetBatch
import TypesetCells
import TypesetTestSupport
import XCTest

/// TypesetBatch answers a line in process exactly as the `measure` tool
/// answers it, from any number of threads at once.
final class InProcessProtocolTests: XCTestCase {
    private let requests = [
        #"{"id": 1, "text": "Hello #world @jack https://swift.org", "width": 120, "max_lines": 2, "align": "center"}"#,
        #"{"id": "rtl", "text": "שלום עולם, 39.90 ₪ today", "width": 90, "direction": "rtl", "line_height": 21.5}"#,
        #"{"id": 3, "text": "Bold start then small", "width": 100, "runs": [{"start": 0, "end": 4, "font_weight": 700, "font_size": 24}]}"#,
        #"{"id": 4, "text": "😀 emoji \u200d text", "width": 40, "word_break": "break-all", "letter_spacing": -0.5}"#,
        #"{"id": 5, "text": 5}"#,
        "not json",
    ]

    func testBatchLinesAnswerAsTheTool() throws {
        let tool = try CLI.run(["batch", "-", "--no-progress", "--offsets", "utf16"], stdin: requests.joined(separator: "\n") + "\n")
        let lines = BatchLines(typesetter: Fixtures.typesetter, utf16Offsets: true)
        XCTAssertEqual(Self.answers(requests, lines.answer), tool.lines)
        XCTAssertEqual(tool.lines.count, requests.count, tool.summary)
    }

    func testEntityAndCellLinesAnswerAsTheTool() throws {
        let entityTool = try CLI.run(["entities", "-", "--no-progress"], stdin: requests.joined(separator: "\n") + "\n")
        XCTAssertEqual(Self.answers(requests, EntityLines().answer), entityTool.lines)

        let models = [
            #"{"id": 1, "name": "Ada", "handle": "@ada", "time": "2h", "body": "The engine weaves #algebraic patterns. cc @babbage"}"#,
            #"{"id": 2, "name": 5}"#,
        ]
        let template = Fixtures.repositoryRoot.appendingPathComponent("examples/templates/feed-post.json")
        let cellTool = try CLI.run(["cell", "--template", template.path, "-", "--width", "320", "--scale", "2", "--no-progress"],
                                   stdin: models.joined(separator: "\n") + "\n")
        let cells = CellLines(engine: CellLayoutEngine(typesetter: Fixtures.typesetter),
                              template: try CellTemplate(json: Data(contentsOf: template)), width: 320, scale: 2)
        XCTAssertEqual(Self.answers(models, cells.answer), cellTool.lines)
        XCTAssertEqual(cellTool.lines.count, 2, cellTool.summary)
    }

    /// Four threads answer the same lines at once; every answer equals the serial one.
    func testConcurrentAnswersEqualSerialOnes() {
        let lines = BatchLines(typesetter: Typesetter(fonts: Fixtures.fonts))
        let requests = self.requests
        let serial = Self.answers(requests, lines.answer)
        let results = LockedResults()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<5 { results.append(Self.answers(requests, lines.answer)) }
        }
        XCTAssertEqual(results.all.count, 20)
        for result in results.all { XCTAssertEqual(result, serial) }
    }

    private static func answers(_ lines: [String], _ answer: (ArraySlice<UInt8>, Int, inout [UInt8]) -> Bool) -> [String] {
        lines.enumerated().map { k, line in
            var out: [UInt8] = []
            _ = answer(Array(line.utf8)[...], k + 1, &out)
            XCTAssertEqual(out.last, 0x0A)
            return String(decoding: out.dropLast(), as: UTF8.self)
        }
    }
}

private final class LockedResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [[String]] = []
    func append(_ r: [String]) { lock.lock(); results.append(r); lock.unlock() }
    var all: [[String]] { lock.lock(); defer { lock.unlock() }; return results }
}
