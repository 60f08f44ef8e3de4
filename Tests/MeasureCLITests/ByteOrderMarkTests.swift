import Foundation
import XCTest

/// U+FEFF inside a request's text is a character like any other: offsets
/// after it are not one short. A lone surrogate escape is an error line.
final class ByteOrderMarkTests: XCTestCase {
    func testRawU_FEFFKeepsEveryLaterOffset() throws {
        let bom = "\u{FEFF}"
        let input = #"{"id": 1, "text": "\#(bom)#tag and \n\#(bom)@jack"}"# + "\n"
            + bom + ##"{"id": 2, "text": "#x"}"## + "\n"          // a byte order mark before the object is skipped
            + #"{"id": 3, "text": "a\ud800b"}"# + "\n"           // a lone surrogate
        let r = try CLI.run(["entities", "-", "--no-progress"], stdin: Data(input.utf8))
        XCTAssertEqual(r.lines.count, 3, r.summary)
        let first = try JSON.object(r.lines[0])
        let tag = try XCTUnwrap((first["hashtags"] as? [[String: Any]])?.first)
        XCTAssertEqual(tag["start"] as? Int, 1, "U+FEFF is scalar 0: \(r.lines[0])")
        let mention = try XCTUnwrap((first["mentions"] as? [[String: Any]])?.first)
        XCTAssertEqual(mention["start"] as? Int, 12, r.lines[0])
        XCTAssertEqual(((try JSON.object(r.lines[1]))["hashtags"] as? [[String: Any]])?.first?["start"] as? Int, 0)
        XCTAssertNotNil((try JSON.object(r.lines[2]))["error"], "lone surrogate: \(r.lines[2])")

        let batch = try CLI.run(["batch", "-", "--no-progress"],
                                stdin: Data((#"{"id": 1, "text": "\#(bom)Hello"}"# + "\n").utf8))
        XCTAssertEqual(JSON.lines(try JSON.object(batch.lines.first ?? "")).last?.1, 6, "6 scalars: \(batch.summary)")
    }
}
