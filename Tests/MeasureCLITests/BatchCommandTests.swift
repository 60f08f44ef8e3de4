import Foundation
import XCTest

/// `measure batch`: the JSON Lines protocol (docs/Protocol.md).
final class BatchCommandTests: XCTestCase {
    /// A corpus case and Chromium's answer for it (corpus/expected.jsonl), with
    /// the id (a JSON literal) the batch line carries.
    struct Case {
        var id: String
        var corpusID: String
        var text: String
        var families: [String]
        var size: Double
        var lineHeight: Double?
        var width: Double
        var direction: String
        var height: Double
        var naturalWidth: Double
        var lines: [(Int, Int, Double)]

        var request: String {
            var o: [String: Any] = ["text": text, "font_family": families, "font_size": size, "width": width,
                                    "direction": direction, "line_height": lineHeight.map { $0 as Any } ?? NSNull()]
            if id != "<none>" { o["id"] = try! JSONSerialization.jsonObject(with: Data(id.utf8), options: .fragmentsAllowed) }
            return String(decoding: try! JSONSerialization.data(withJSONObject: o, options: [.sortedKeys]), as: UTF8.self)
        }
    }

    static let fallbacks = ["Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari", "Noto Sans Thai",
                            "Noto Sans CJK JP", "Noto Color Emoji"]
    static func stack(_ primary: String) -> [String] { [primary] + fallbacks.filter { $0 != primary } }

    /// Several scripts, both directions, ids of every JSON type.
    static let cases: [Case] = [
        Case(id: "\"english\"", corpusID: "english-006-s13-w120-lhN", text: "Notification settings",
             families: stack("Noto Sans"), size: 13, lineHeight: nil, width: 120, direction: "ltr",
             height: 36, naturalWidth: 123.046875, lines: [(0, 13, 71.109375), (13, 21, 48.5625)]),
        Case(id: "7", corpusID: "arabic-002-s13-w120-lhN", text: "تم حفظ التغييرات بنجاح.",
             families: stack("Noto Sans Arabic"), size: 13, lineHeight: nil, width: 120, direction: "ltr",
             height: 56, naturalWidth: 126.671875, lines: [(0, 17, 91.46875), (17, 23, 31.8125)]),
        Case(id: "2.5", corpusID: "thai-009-s13-w120-lhN", text: "การตั้งค่าความเป็นส่วนตัว",
             families: stack("Noto Sans Thai"), size: 13, lineHeight: nil, width: 120, direction: "ltr",
             height: 40, naturalWidth: 131.5625, lines: [(0, 22, 116.90625), (22, 25, 14.671875)]),
        Case(id: "true", corpusID: "emoji-010-s13-w120-lhN", text: String(repeating: "😂", count: 20),
             families: stack("Noto Sans"), size: 13, lineHeight: nil, width: 120, direction: "ltr",
             height: 54, naturalWidth: 324.40625, lines: [(0, 7, 113.546875), (7, 14, 113.546875), (14, 20, 97.328125)]),
        Case(id: "null", corpusID: "hindi-009-s17-w120-lhN", text: "सेटिंग्स और गोपनीयता",
             families: stack("Noto Sans Devanagari"), size: 17, lineHeight: nil, width: 120, direction: "ltr",
             height: 44, naturalWidth: 135.34375, lines: [(0, 12, 69.5), (12, 20, 61.421875)]),
        Case(id: "{\"k\":[1,\"x\"],\"a\":false}", corpusID: "hebrew-002-s13-w120-lhN-rtl", text: "השינויים נשמרו בהצלחה.",
             families: stack("Noto Sans Hebrew"), size: 13, lineHeight: nil, width: 120, direction: "rtl",
             height: 36, naturalWidth: 137.0625, lines: [(0, 15, 83.71875), (15, 22, 49.84375)]),
        Case(id: "[\"a\",-3]", corpusID: "chinese-002-s17-w120-lhN", text: "您的更改已成功保存。",
             families: stack("Noto Sans CJK JP"), size: 17, lineHeight: nil, width: 120, direction: "ltr",
             height: 50, naturalWidth: 170, lines: [(0, 7, 119), (7, 10, 51)]),
        Case(id: "<none>", corpusID: "korean-008-s15-w120-lh24", text: "계정 설정 및 개인정보 보호",
             families: stack("Noto Sans CJK JP"), size: 15, lineHeight: 24, width: 120, direction: "ltr",
             height: 48, naturalWidth: 165.25, lines: [(0, 10, 106.6875), (10, 15, 58.5625)]),
        Case(id: "-12345678901", corpusID: "README", text: "Hello world",
             families: ["Noto Sans"], size: 15, lineHeight: nil, width: 320, direction: "auto",
             height: 20, naturalWidth: 80.453125, lines: [(0, 11, 80.453125)]),
    ]

    /// An id as canonical JSON text, to compare ids of any type.
    static func canonical(_ value: Any) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys, .fragmentsAllowed]),
               as: UTF8.self)
    }

    func testRoundTripMatchesChromiumInInputOrder() throws {
        let input = Self.cases.map(\.request).joined(separator: "\n") + "\n"
        let r = try CLI.run(["batch", "--jobs", "2"], stdin: input)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(r.lines.count, Self.cases.count, r.summary)
        for (c, line) in zip(Self.cases, r.lines) {
            let o = try JSON.object(line)
            let what = "\(c.corpusID): \(line)"
            if c.id == "<none>" {
                XCTAssertNil(o["id"], what)
            } else {
                let sent = try JSONSerialization.jsonObject(with: Data(c.id.utf8), options: .fragmentsAllowed)
                XCTAssertEqual(o["id"].map(Self.canonical), Self.canonical(sent), "id kept as sent: \(what)")
            }
            XCTAssertNil(o["error"], what)
            XCTAssertEqual(JSON.double(o, "exact_height"), c.height, what)
            XCTAssertEqual(JSON.double(o, "height"), c.height, what)
            XCTAssertEqual(JSON.double(o, "natural_width"), c.naturalWidth, what)
            XCTAssertEqual(JSON.int(o, "line_count"), c.lines.count, what)
            let lines = JSON.lines(o)
            XCTAssertEqual(lines.map(\.0), c.lines.map(\.0), "starts (scalars): \(what)")
            XCTAssertEqual(lines.map(\.1), c.lines.map(\.1), "ends (scalars): \(what)")
            XCTAssertEqual(lines.map(\.2), c.lines.map(\.2), "widths: \(what)")
            let widest = c.lines.map(\.2).max() ?? 0
            XCTAssertEqual(JSON.double(o, "exact_width"), widest, what)
            XCTAssertEqual(JSON.double(o, "width"), widest.rounded(.up), what)
        }
        XCTAssertTrue(r.stderr.contains("\(Self.cases.count) lines, 0 errors"), r.summary)
    }

    /// Offsets count scalars by default and UTF-16 code units with --offsets utf16.
    func testOffsetsInScalarsOrUTF16() throws {
        let input = """
            {"id": "emoji", "text": "😂😂😂😂😂😂😂😂😂😂😂😂😂😂😂😂😂😂😂😂", "font_size": 13, "width": 120}
            {"id": "wave", "text": "Hi 👋 there", "font_size": 15, "width": 30}

            """
        let scalars = try CLI.run(["batch"], stdin: input)
        let utf16 = try CLI.run(["batch", "--offsets", "utf16"], stdin: input)
        XCTAssertEqual(scalars.status, 0, scalars.summary)
        XCTAssertEqual(utf16.status, 0, utf16.summary)
        XCTAssertEqual(scalars.lines.count, 2)
        XCTAssertEqual(utf16.lines.count, 2)
        let s = try scalars.lines.map { JSON.lines(try JSON.object($0)) }
        let u = try utf16.lines.map { JSON.lines(try JSON.object($0)) }
        XCTAssertEqual(s.first?.map(\.0), [0, 7, 14])
        XCTAssertEqual(s.first?.map(\.1), [7, 14, 20])
        XCTAssertEqual(u.first?.map(\.0), [0, 14, 28])
        XCTAssertEqual(u.first?.map(\.1), [14, 28, 40])
        // "Hi " | "👋 " | "ther" | "e": the emoji is one scalar, two UTF-16 units.
        XCTAssertEqual(s.last?.map(\.0), [0, 3, 5, 9])
        XCTAssertEqual(s.last?.map(\.1), [3, 5, 9, 10])
        XCTAssertEqual(u.last?.map(\.0), [0, 3, 6, 10])
        XCTAssertEqual(u.last?.map(\.1), [3, 6, 10, 11])
        // Only the offsets differ.
        XCTAssertEqual(s.last?.map(\.2), u.last?.map(\.2))
        // "ther" is split from its "e" by overflow-wrap: as in Chromium, the
        // line's end is shaped without the next letter, so the kern r-e is lost.
        XCTAssertEqual(u.last?.map(\.2), [15, 18.71875, 29.34375, 8.46875])

        let noLines = try CLI.run(["batch", "--no-lines"], stdin: input)
        XCTAssertEqual(noLines.status, 0, noLines.summary)
        XCTAssertEqual(try noLines.lines.map { try JSON.object($0)["lines"] == nil }, [true, true], noLines.summary)
        XCTAssertEqual(try noLines.lines.map { JSON.int(try JSON.object($0), "line_count") }, [3, 4])
    }

    /// One output line per input line, whatever is wrong with it (a blank
    /// line aside: skipped, no request); good lines are still measured; the
    /// exit status says some failed.
    func testMalformedLinesAreReportedInPlace() throws {
        var input = Data()
        let lines: [Data] = [
            Data(#"{"id": 1, "text": "Hello world", "font_size": 15, "width": 320}"#.utf8),  // 1 good
            Data(#"{"id": 2, "text": "unterminated"#.utf8),  // 2 invalid JSON
            Data(#"[1, 2, 3]"#.utf8),  // 3 not an object
            Data(#"{"id": "four", "text": "x", "font_size": "big"}"#.utf8),  // 4 wrong type
            Data(#"{"id": 5, "text": "x", "font_family": ["No Such Family"]}"#.utf8),  // 5 unknown family
            Data(#"{"id": 6, "text": "x", "width": -1}"#.utf8),  // 6 negative width
            Data(#"{"id": 7, "text": "bad "#.utf8) + Data([0xC3, 0x28]) + Data(#""}"#.utf8),  // 7 invalid UTF-8
            Data(),  // 8 blank: skipped, not answered
            Data(#"{"id": 9, "text": "Hello world", "font_size": 15, "width": 320}"#.utf8),  // 9 good
            Data(#"{"id": 10}"#.utf8),  // 10 no text
            Data(#"{"id": 11, "text": "Hello world", "font_size": 15}"#.utf8),  // 11 good, no newline after it
        ]
        for (i, l) in lines.enumerated() {
            input += l
            if i < lines.count - 1 { input += Data([0x0A]) }
        }
        let r = try CLI.run(["batch"], stdin: input)
        XCTAssertEqual(r.status, 1, r.summary)
        XCTAssertEqual(r.lines.count, lines.count - 1, r.summary)
        guard r.lines.count == lines.count - 1 else { return }
        // The answers by input line number (line 8, blank, has none).
        var out = try r.lines.map { try JSON.object($0) }
        out.insert([:], at: 7)

        for (i, id) in [(0, 1), (8, 9), (10, 11)] {
            XCTAssertEqual(JSON.int(out[i], "id"), id)
            XCTAssertEqual(JSON.double(out[i], "exact_width"), 80.453125, r.lines[i])
            XCTAssertNil(out[i]["error"])
        }
        // (line, id or nil, a word the message must hold)
        let errors: [(Int, Any?, String)] = [
            (2, nil, "JSON"), (3, nil, "object"), (4, "four", "font_size"), (5, 5, "No Such Family"),
            (6, 6, "width"), (7, 7, "UTF-8"), (10, 10, "text"),
        ]
        for (line, id, word) in errors {
            let o = out[line - 1]
            let error = o["error"] as? [String: Any]
            XCTAssertNotNil(error, "line \(line): \(o)")
            XCTAssertEqual(error.flatMap { JSON.int($0, "line") }, line, "\(o)")
            let message = error?["message"] as? String ?? ""
            XCTAssertTrue(message.contains(word), "line \(line) message \(message.debugDescription) should mention \(word)")
            if let id {
                XCTAssertEqual(o["id"].map(Self.canonical), Self.canonical(id), "line \(line) keeps its id")
            } else {
                XCTAssertNil(o["id"], "line \(line) has no id to report")
            }
            XCTAssertEqual(Set(o.keys), Set(id == nil ? ["error"] : ["id", "error"]), "\(o)")
        }
        XCTAssertTrue(r.stderr.contains("measure: 10 lines, 7 errors, 1 blank line skipped"), r.summary)
    }

    /// Absurd numbers are errors for their line, never a crash that loses the batch.
    func testAbsurdNumbersAreLineErrors() throws {
        let input = #"""
        {"id": 1, "text": "Hi", "max_lines": 1e30}
        {"id": 2, "text": "Hi", "font_weight": 1e30}
        {"id": 3, "text": "Hi", "font_size": 1e30}
        {"id": 4, "text": "ok"}
        """#
        let r = try CLI.run(["batch", "--no-lines"], stdin: input)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 4)
        XCTAssertNotNil(try JSON.object(lines[0])["error"])
        XCTAssertNotNil(try JSON.object(lines[1])["error"])
        XCTAssertNil(try JSON.object(lines[3])["error"])
        XCTAssertEqual(r.status, 1)
    }

    func testFinalLineWithoutNewlineAndFileInput() throws {
        let r = try CLI.run(["batch"], stdin: #"{"id": "only", "text": "Hello world", "font_size": 15}"#)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(r.lines.count, 1, r.summary)
        XCTAssertEqual(JSON.double(try JSON.object(r.lines.first ?? ""), "exact_width"), 80.453125)

        // A file argument, CRLF line ends.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("measure-cli-\(UUID().uuidString).jsonl")
        try Data("{\"id\":1,\"text\":\"Hello world\",\"font_size\":15}\r\n{\"id\":2,\"text\":\"Hello\",\"font_size\":15}\r\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let f = try CLI.run(["batch", file.path])
        XCTAssertEqual(f.status, 0, f.summary)
        XCTAssertEqual(try f.lines.map { JSON.int(try JSON.object($0), "id") }, [1, 2])
        XCTAssertEqual(try f.lines.map { JSON.double(try JSON.object($0), "exact_width") }, [80.453125, 36.390625])

        let empty = try CLI.run(["batch"], stdin: "")
        XCTAssertEqual(empty.status, 0, empty.summary)
        XCTAssertEqual(empty.stdout, "")

        let missing = try CLI.run(["batch", "/nonexistent/requests.jsonl"])
        XCTAssertNotEqual(missing.status, 0, missing.summary)
        XCTAssertTrue(missing.stderr.contains("/nonexistent/requests.jsonl"), missing.summary)
    }

    /// Lines are processed in parallel chunks of 2,048; output keeps input order
    /// and does not depend on --jobs.
    func testOrderKeptAcrossChunksAndJobs() throws {
        let words = ["a", "Hello world", "مرحبا", "你好世界", "👋🏽", "longer text that wraps onto lines", ""]
        var input = ""
        for i in 0..<2500 {
            input += #"{"id": \#(i), "text": "\#(words[i % words.count]) \#(i)", "width": \#(40 + i % 90)}"# + "\n"
        }
        let two = try CLI.run(["batch", "--jobs", "2"], stdin: input)
        let one = try CLI.run(["batch", "--jobs", "1"], stdin: input)
        XCTAssertEqual(two.status, 0, two.summary)
        XCTAssertEqual(two.lines.count, 2500)
        XCTAssertEqual(try two.lines.map { JSON.int(try JSON.object($0), "id") }, Array(0..<2500).map(Optional.some))
        XCTAssertEqual(two.stdout, one.stdout, "--jobs must not change the output")
    }
}
