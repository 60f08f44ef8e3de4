import Foundation
import Typeset
import TypesetBatch
import TypesetTestSupport
import XCTest

/// The byte-level reader of a feed's plain requests makes of every line it
/// takes the request the general decoder makes of it, and leaves every
/// other line (a bad one above all) to the general decoder, which names the
/// problem.
final class FeedRequestDecoderTests: XCTestCase {
    private let lines = BatchLines(typesetter: Fixtures.typesetter)

    /// What the fast reader made of `line` matches the general decoder's
    /// request; returns whether the fast reader took the line. Each line is
    /// read by a fresh decoder and by `shared`, which remembers the stack of
    /// the lines before.
    @discardableResult
    private func check(_ line: String, _ shared: inout FeedRequestDecoder, file: StaticString = #filePath, line number: UInt = #line) -> Bool {
        let bytes = Array(line.utf8)
        var fresh = FeedRequestDecoder()
        let fast = bytes.withUnsafeBufferPointer { fresh.decode($0) }
        let again = bytes.withUnsafeBufferPointer { shared.decode($0) }
        XCTAssertEqual(fast.map { describe($0.request, $0.id) }, again.map { describe($0.request, $0.id) },
                       "a remembered stack reads as a fresh one: \(line)", file: file, line: number)
        guard let fast else { return false }
        guard case .request(let request, let id, let unknown) = lines.decode(bytes[...]) else {
            XCTFail("the fast reader took a line the general decoder refuses: \(line)", file: file, line: number)
            return true
        }
        XCTAssertEqual(unknown, [], line, file: file, line: number)
        XCTAssertEqual(describe(fast.request, fast.id), describe(request, id), line, file: file, line: number)
        return true
    }

    private func describe(_ request: MeasureRequest, _ id: JSONValue?) -> String {
        "id \(id?.serialized ?? "none"): \(String(reflecting: request))"
    }

    func testEveryRequestLineInTheRepositoryDecodesAsTheGeneralDecoderDecodesIt() throws {
        let root = Fixtures.repositoryRoot
        var files: [URL] = []
        for folder in ["corpus", "examples", "Tests"] {
            let walker = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                if url.pathExtension == "jsonl" { files.append(url) }
            }
        }
        XCTAssertGreaterThan(files.count, 20, "the repository's JSON Lines files")
        var shared = FeedRequestDecoder()
        var total = 0, taken = 0
        for file in files {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                total += 1
                if check(String(line), &shared) { taken += 1 }
            }
        }
        XCTAssertGreaterThan(total, 1000)
        XCTAssertGreaterThan(taken, 0, "some of the repository's requests are of the plain shape")
    }

    /// Lines of the benchmark feed's shape, with every variation the fast
    /// reader takes: any order, white space, ids of every JSON kind, numbers
    /// as integers, fractions and exponents, a stack as a string or a list,
    /// escapes and non-ASCII text.
    func testFeedShapedLinesAreTakenAndMatch() {
        var random = SplitMix64(seed: 0x5EED_F00D)
        var shared = FeedRequestDecoder()
        let texts = [#"Hello world"#, #"Quote \" and \\ and \n newline"#, "مرحبا بالعالم 👋🏽", #"\u00e9t\u00e9 \ud83d\ude00"#, "", "日本語のテキスト"]
        let ids = ["0", "17", #""abc""#, "null", "-2.5", "1e3", #"{"k":[1,2]}"#, "[true,false]", "12345678901234567890"]
        let stacks = [#""Noto Sans""#, #"["Noto Sans","Noto Sans Arabic","Noto Color Emoji"]"#, #"[ "Noto Sans" , "Noto Sans CJK JP" ]"#,
                      #"["Nope","Noto Sans"]"#, #"["N\u006fto Sans"]"#]
        let numbers = ["15", "15.0", "1.5e1", "0", "-3", "320.25", "2E2", "1000", "1"]
        var taken = 0
        for _ in 0..<400 {
            var fields = [#""text":"\#(random.pick(texts))""#]
            if random.chance(0.8) { fields.append(#""id":\#(random.pick(ids))"#) }
            if random.chance(0.8) { fields.append(#""font_family":\#(random.pick(stacks))"#) }
            if random.chance(0.7) { fields.append(#""font_size":\#(random.pick(numbers))"#) }
            if random.chance(0.5) { fields.append(#""font_weight":\#(random.pick(numbers))"#) }
            if random.chance(0.7) { fields.append(#""width":\#(random.pick(numbers))"#) }
            fields.shuffle(using: &random)
            let space = random.pick(["", " ", "\t", "  "])
            let line = "\(space){\(space)" + fields.joined(separator: "\(space),\(space)") + "\(space)}\(space)"
            if check(line, &shared) { taken += 1 }
        }
        XCTAssertGreaterThan(taken, 300, "lines of the plain shape are read by the fast reader")
        let feed = #"{"id":0,"text":"Utra ror bur coam kik waun 84.2","font_family":["Noto Sans","Noto Sans Arabic"],"font_size":15.0,"width":320.0}"#
        XCTAssertTrue(check(feed, &shared))
        XCTAssertTrue(check(feed, &shared), "the same stack again, remembered")
    }

    /// Bad lines and lines of another shape go to the general decoder: every
    /// prefix of a request (all but the whole line are bad JSON), wrong
    /// types, values out of range, repeated and unknown fields, the other
    /// fields of the protocol.
    func testBadAndOtherLinesAreLeftToTheGeneralDecoder() {
        var shared = FeedRequestDecoder()
        let request = #"{"id": 7, "text": "Hi \"there\" ☃", "font_family": ["Noto Sans", "Noto Sans Arabic"], "font_size": 15, "width": 320.5}"#
        let bytes = Array(request.utf8)
        for end in 0..<bytes.count {
            let prefix = String(decoding: bytes[..<end], as: UTF8.self)
            XCTAssertFalse(check(prefix, &shared), "a cut line is the general decoder's: \(prefix)")
        }
        XCTAssertTrue(check(request, &shared))
        let others = [
            #"{"id": 1, "text": "Hi", "font_size": "15"}"#,
            #"{"id": 2, "text": "Hi", "width": true}"#,
            #"{"id": 3, "text": "Hi", "font_family": []}"#,
            #"{"id": 4, "text": "Hi", "font_family": ["Noto Sans", 3]}"#,
            #"{"id": 5, "text": "Hi", "font_weight": 1200}"#,
            #"{"id": 6, "text": "Hi", "font_weight": 0.5}"#,
            #"{"id": 7, "text": 42}"#,
            #"{"id": 8}"#,
            #"{"id": 9, "text": "Hi", "text": "again"}"#,
            #"{"id": 10, "text": "Hi", "widht": 3}"#,
            #"{"id": 11, "text": "Hi", "size": 3}"#,
            #"{"id": 12, "text": "Hi", "font_size": null}"#,
            #"{"id": 13, "text": "Hi", "max_lines": 2}"#,
            #"{"id": 14, "text": "Hi", "runs": [{"start": 0, "end": 1, "font_weight": 700}]}"#,
            #"{"id": 15, "text": "Hi", "w\u0069dth": 3}"#,
            #"{"id": 16, "text": "Hi"} x"#,
            #"{"id": 17, "text": "Hi",}"#,
            #"{"id": 18, "text": "Hi" "width": 3}"#,
            #"{"id": 19, "text": "bad \x escape"}"#,
            #"{"id": 20, "text": "\ud800 lone"}"#,
            #"{"id": 21, "text": "Hi", "width": 1e999}"#,
            #"{"id": 22, "text": "Hi", "width": 01}"#,
            "\u{FEFF}" + #"{"id": 23, "text": "Hi"}"#,
            #"[{"id": 24, "text": "Hi"}]"#,
            #"{"id": 25, "text": "Hi", "font_family": [\#((0..<65).map { _ in #""Noto Sans""# }.joined(separator: ","))]}"#,
            "{\"id\": 26, \"text\": \"tab\tinside\"}",
            "",
            "not json",
            // Nested one level past the parser's limit inside the object.
            #"{"text": "Hi", "id": "# + String(repeating: "[", count: JSONParser.maxDepth) + String(repeating: "]", count: JSONParser.maxDepth) + "}",
        ]
        for line in others { XCTAssertFalse(check(line, &shared), String(line.prefix(80))) }
        // One level less is a request on both paths.
        let deep = #"{"text": "Hi", "id": "# + String(repeating: "[", count: JSONParser.maxDepth - 1)
            + String(repeating: "]", count: JSONParser.maxDepth - 1) + "}"
        XCTAssertTrue(check(deep, &shared))
        // Invalid UTF-8 in the text.
        let invalid = Array(#"{"id": 27, "text": "Hi "#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        var fresh = FeedRequestDecoder()
        XCTAssertNil(invalid.withUnsafeBufferPointer { fresh.decode($0) })
    }

    /// The tool answers a mix of plain and bad lines as before: each bad
    /// line an error naming its line and problem, in order, ids kept.
    func testTheToolAnswersPlainAndBadLinesInOrder() throws {
        let input = [
            #"{"id": 1, "text": "Hello", "font_family": ["Noto Sans"], "font_size": 15, "width": 320}"#,
            #"{"id": 2, "text": "Hello", "font_family": ["Noto Sans"], "font_size": "15", "width": 320}"#,
            #"{"id": 3, "text": "Hello world", "font_family": ["Noto Sans"], "font_size": 15, "width": 60}"#,
            #"{"id": 4, "text": "Hello", "font_weight": 2000}"#,
        ].joined(separator: "\n") + "\n"
        let r = try CLI.run(["batch", "-", "--no-progress", "--jobs", "1"], stdin: input)
        XCTAssertEqual(r.status, 1, r.summary)
        XCTAssertEqual(r.lines.count, 4, r.summary)
        for (k, line) in r.lines.enumerated() { XCTAssertTrue(line.hasPrefix(#"{"id":\#(k + 1),"#), line) }
        XCTAssertTrue(r.lines[1].contains(#""error":{"line":2,"message":"field \"font_size\" must be a number"}"#), r.lines[1])
        XCTAssertTrue(r.lines[3].contains(#""error":{"line":4,"message":"font_weight must be between 1 and 1000"#), r.lines[3])
        XCTAssertTrue(r.lines[2].contains(#""line_count":2"#), r.lines[2])
    }
}
