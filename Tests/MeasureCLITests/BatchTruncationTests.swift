import Foundation
import XCTest
import TypesetTestSupport

/// `measure batch` on truncated text: the output says what the cut line
/// shows (docs/Protocol.md, the answer's ellipsis), checked against what Chromium drew
/// for options-corpus cases (corpus/options: the request is the case itself,
/// whose fields are the protocol's).
final class BatchTruncationTests: XCTestCase {
    /// A clamped right-to-left paragraph whose English line loses its first
    /// letters (a visual suffix), and a nowrap Hebrew label cut with "...".
    static let ids = ["options-clamp-003-22-s17-w110-lhN-center-rtl-ml2", "options-nowrap-006-01-s15-w50-lhN-end-rtl-nowrap"]

    func testEllipsisCutAndVisibleRangesMatchChromium() throws {
        let dir = Fixtures.corpusDirectory.appendingPathComponent("options")
        let cases = try Self.rows(dir.appendingPathComponent("cases.jsonl"))
        let expected = try Self.rows(dir.appendingPathComponent("expected.jsonl"))
        var input = ""
        for id in Self.ids {
            var c = try XCTUnwrap(cases[id], id)
            c["line_height_multiple"] = nil
            c["category"] = nil
            input += String(decoding: try JSONSerialization.data(withJSONObject: c, options: [.sortedKeys]), as: UTF8.self) + "\n"
        }
        let r = try CLI.run(["batch"], stdin: input)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(r.lines.count, Self.ids.count, r.summary)
        for (id, line) in zip(Self.ids, r.lines) {
            let out = try JSON.object(line)
            let want = try XCTUnwrap(expected[id]?["ellipsis"] as? [String: Any], id)
            XCTAssertEqual(out["truncated"] as? Bool, true, id)
            let got = try XCTUnwrap(out["ellipsis"] as? [String: Any], "\(id): \(line)")
            XCTAssertEqual(got["text"] as? String, want["text"] as? String, id)
            XCTAssertEqual(try XCTUnwrap(JSON.double(got, "x")), try XCTUnwrap(JSON.double(want, "x")), accuracy: 1.0 / 64, id)
            XCTAssertEqual(try XCTUnwrap(JSON.double(got, "width")), try XCTUnwrap(JSON.double(want, "width")), accuracy: 1.0 / 64, id)
            XCTAssertEqual(JSON.int(got, "line"), (JSON.int(out, "line_count") ?? 0) - 1, id)
            if want["visible_is_prefix"] as? Bool == true { XCTAssertEqual(JSON.int(got, "cut"), JSON.int(want, "visible_end"), id) }
            let text = try XCTUnwrap(cases[id]?["text"] as? String)
            XCTAssertEqual(Self.ink(got["visible"], text), Self.ink(want["visible"], text), id)
        }
    }

    /// The non-space code points of `[[start, end], …]` (the recorder gives a
    /// collapsed space the visibility of the character before it).
    static func ink(_ ranges: Any?, _ text: String) -> Set<Int> {
        let scalars = Array(text.unicodeScalars)
        var out = Set<Int>()
        for r in ranges as? [[NSNumber]] ?? [] where r.count == 2 {
            for k in r[0].intValue..<r[1].intValue where k < scalars.count && scalars[k] != " " { out.insert(k) }
        }
        return out
    }

    static func rows(_ url: URL) throws -> [String: [String: Any]] {
        var out: [String: [String: Any]] = [:]
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
            let o = try JSON.object(String(line))
            if let id = o["id"] as? String { out[id] = o }
        }
        return out
    }
}
