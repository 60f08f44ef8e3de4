import Foundation
import XCTest
import TypesetTestSupport

/// `--font-faces FILE.css`: families of `@font-face` rules in `measure text`
/// and `measure batch`, beside the bundled fonts; bad CSS is a failure naming
/// the file, line and rule.
final class FontFacesOptionTests: XCTestCase {
    static let css = Fixtures.repositoryRoot.appendingPathComponent("Tests/TypesetTests/Fonts/WebFonts/cabin.css").path

    /// Cabin as Google Fonts serves it (woff2 subsets by unicode-range):
    /// Chromium lays "być zawsze" at 100 px out 476.703125 px wide, 122 tall.
    func testTextSetsAFamilyOfTheRules() throws {
        let r = try CLI.run(["text", "być zawsze", "--font", "Cabin", "--size", "100", "--font-faces", Self.css, "--json"])
        XCTAssertEqual(r.status, 0, r.summary)
        let o = try JSON.object(r.lines.first ?? "")
        XCTAssertEqual(JSON.double(o, "exact_width"), 476.703125)
        XCTAssertEqual(JSON.double(o, "exact_height"), 122)
    }

    func testBatchSetsFamiliesOfTheRulesAndBundledFamilies() throws {
        let input = """
        {"id": 1, "text": "być zawsze", "font_family": "Cabin", "font_size": 100}
        {"id": 2, "text": "Hello world", "font_family": "Noto Sans", "font_size": 15}
        {"id": 3, "text": "być zawsze", "font_family": ["Nowhere", "Cabin"], "font_size": 100, "width": 320}

        """
        let r = try CLI.run(["batch", "--font-faces", Self.css], stdin: input)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(r.lines.count, 3, r.summary)
        let answers = try r.lines.map { try JSON.object($0) }
        XCTAssertEqual(JSON.double(answers[0], "natural_width"), 476.703125)
        XCTAssertEqual(JSON.double(answers[1], "natural_width"), 80.453125)
        XCTAssertEqual(JSON.int(answers[2], "line_count"), 2)
        XCTAssertEqual(JSON.double(answers[2], "natural_width"), 476.703125)
    }

    func testMalformedRulesAndMissingFilesAreFailuresNamingThem() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("font-faces-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad.css")
        try "/* ok */\n@font-face {\n  font-family: X;\n  src: url(x.woff2);\n  font-weight: heavy;\n}\n".write(to: bad, atomically: true, encoding: .utf8)
        let r = try CLI.run(["text", "Hi", "--font-faces", bad.path])
        XCTAssertEqual(r.status, 1, r.summary)
        XCTAssertTrue(r.stderr.contains("bad.css:5: @font-face rule 1: font-weight: heavy"), r.summary)
        let missing = dir.appendingPathComponent("missing.css")
        try "@font-face { font-family: X; src: url(gone.woff2) }".write(to: missing, atomically: true, encoding: .utf8)
        let m = try CLI.run(["batch", "--font-faces", missing.path], stdin: "{\"text\": \"a\"}\n")
        XCTAssertEqual(m.status, 1, m.summary)
        XCTAssertTrue(m.stderr.contains("missing.css:1: @font-face rule 1") && m.stderr.contains("gone.woff2"), m.summary)
        let none = try CLI.run(["text", "Hi", "--font-faces", dir.appendingPathComponent("none.css").path])
        XCTAssertEqual(none.status, 1, none.summary)
        XCTAssertTrue(none.stderr.contains("none.css: no such file"), none.summary)
    }
}
