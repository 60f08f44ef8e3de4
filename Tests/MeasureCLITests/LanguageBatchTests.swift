import Foundation
import XCTest

/// `lang` and `line_break` in the batch protocol, against Chromium's answer
/// for a case of the options-language corpus.
final class LanguageBatchTests: XCTestCase {
    static let text = "ちょっと待ってください。チェックしてからまたメッセージしますね！"

    private func request(_ extra: String) -> String {
        #"{"text": "\#(Self.text)", "font_family": ["Noto Sans CJK JP"], "font_size": 15, "width": 75\#(extra)}"#
    }

    func testLineBreakStrictnessAndLanguageReachTheBreaker() throws {
        let input = [request(#", "line_break": "strict""#), request(""), request(#", "lang": "ja", "line_break": "strict""#),
                     request(#", "line_break": "sloppy""#)].joined(separator: "\n") + "\n"
        let r = try CLI.run(["batch", "--jobs", "1", "--no-progress"], stdin: input)
        XCTAssertEqual(r.status, 1, "the last line is bad: \(r.summary)")
        XCTAssertEqual(r.lines.count, 4, r.summary)
        // Chromium 156: options-language-001-22-s15-w75-lhN-langN-lbstrict (no line starts with っ).
        let strict = JSON.lines(try JSON.object(r.lines[0])).map(\.0)
        XCTAssertEqual(strict, [0, 4, 9, 12, 17, 22, 27], r.lines[0])
        XCTAssertEqual(JSON.double(try JSON.object(r.lines[0]), "height"), 147)
        // line-break: auto lets small kana start a line ("ちょっと待|って…").
        XCTAssertEqual(JSON.lines(try JSON.object(r.lines[1])).map(\.0).prefix(3), [0, 5, 10], r.lines[1])
        XCTAssertEqual(JSON.lines(try JSON.object(r.lines[2])).map(\.0), strict, "lang ja, strict: \(r.lines[2])")
        XCTAssertTrue(r.lines[3].contains("line_break"), "the error names the field: \(r.lines[3])")
    }

    /// A tag without BCP 47's shape, or over 35 bytes, is an error line; a
    /// well-formed tag no font distinguishes is measured as no language.
    func testMalformedOrOverlongTagsAreErrorLines() throws {
        let long = String(repeating: "a-", count: 500_000) + "a"
        let input = [#"{"text": "Hi", "lang": "en us"}"#, #"{"text": "Hi", "lang": "\#(long)"}"#,
                     #"{"text": "Hi", "lang": "x-12345"}"#, #"{"text": "Hi"}"#].joined(separator: "\n") + "\n"
        let r = try CLI.run(["batch", "--jobs", "1", "--no-progress", "--no-lines"], stdin: input)
        XCTAssertEqual(r.lines.count, 4, r.summary)
        XCTAssertTrue(r.lines[0].contains("lang must be a BCP 47 language tag"), r.lines[0])
        XCTAssertTrue(r.lines[1].contains("lang must be a BCP 47 language tag"), r.lines[1])
        XCTAssertEqual(JSON.double(try JSON.object(r.lines[2]), "width"), JSON.double(try JSON.object(r.lines[3]), "width"))
    }
}
