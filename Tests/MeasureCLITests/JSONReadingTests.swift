import Foundation
import TypesetBatch
import TypesetTestSupport
import XCTest

/// The tool reads each line with its own strict JSON reader: what RFC 8259
/// allows is read (escapes, surrogate pairs, exponents, white space, nested
/// ids), everything else is an error line that says where and why, and no
/// line, however malformed or deep, stops the others.
final class JSONReadingTests: XCTestCase {
    func testValidJSONIsReadAsWritten() throws {
        let lines = [
            // Escapes: \n, \t, \/, \" and a surrogate pair (U+1F600: one scalar).
            ##"{"id": "e", "text": "a\nb\t\/\"\ud83d\ude00 #tag"}"##,
            // White space around every token; an exponent; keys in any order.
            "\t{ \"text\" : \"#x\" ,\r \"id\" : 1e2 }",
            // A key given twice: the last value counts.
            ##"{"id": 3, "text": "#first", "text": "#second"}"##,
            // Unknown fields of any kind are ignored.
            ##"{"id": 4, "text": "#y", "extra": {"deep": [1, [2, [3, {"a": null}]]], "b": false}}"##,
        ]
        let r = try CLI.run(["entities", "-", "--no-progress"], stdin: lines.joined(separator: "\n") + "\n")
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(r.lines, [
            ##"{"id":"e","hashtags":[{"text":"tag","start":8,"end":12}],"mentions":[],"cashtags":[],"urls":[]}"##,
            ##"{"id":100,"hashtags":[{"text":"x","start":0,"end":2}],"mentions":[],"cashtags":[],"urls":[]}"##,
            ##"{"id":3,"hashtags":[{"text":"second","start":0,"end":7}],"mentions":[],"cashtags":[],"urls":[]}"##,
            ##"{"id":4,"hashtags":[{"text":"y","start":0,"end":2}],"mentions":[],"cashtags":[],"urls":[]}"##,
        ])
    }

    /// Short number tokens, read without a `String`, read as `Int(text)`
    /// and `Double(text)` read them; longer ones are left to those.
    func testShortNumbersReadAsTheStandardLibraryReadsThem() throws {
        var random = SplitMix64(seed: 0x4E55)
        var taken = 0
        for _ in 0..<20_000 {
            let whole = String(random.int(0...999_999_999_999_999_999) >> random.int(0...60))
            var token = (random.chance(0.3) ? "-" : "") + whole
            if random.chance(0.7) {
                token += "." + String(repeating: "0", count: random.int(0...3)) + String(random.int(0...99_999_999) >> random.int(0...26))
            }
            let bytes = Array(token.utf8)
            guard let short = bytes.withUnsafeBufferPointer({ JSONParser.shortNumber($0) }) else { continue }
            taken += 1
            if !token.contains("."), let n = Int(token) {
                XCTAssertEqual(short.serialized, JSONValue.int(n).serialized, token)
            } else {
                let d = try XCTUnwrap(Double(token), token)
                guard case .number(let read) = short else { return XCTFail("\(token) read as \(short.serialized)") }
                XCTAssertEqual(read.bitPattern, d.bitPattern, token)
            }
        }
        XCTAssertGreaterThan(taken, 5000)
        for long in ["1e5", "12345678901234567890", "0.1234567890123456", "1.0000000000000000000000001"] {
            XCTAssertNil(Array(long.utf8).withUnsafeBufferPointer { JSONParser.shortNumber($0) }, long)
        }
    }

    func testIdObjectsKeepTheirKeyOrder() throws {
        let r = try CLI.run(["entities", "-", "--no-progress"], stdin: #"{"id": {"z": 1, "a": [true, null, "s"]}, "text": ""}"# + "\n")
        XCTAssertEqual(r.lines.first?.hasPrefix(#"{"id":{"z":1,"a":[true,null,"s"]},"#), true, r.summary)
    }

    func testMalformedLinesSayWhereAndWhy() throws {
        let deep = String(repeating: "[", count: 100_000)
        let cases: [(line: String, message: String)] = [
            (#"{"text": "a\ud800"}"#, "invalid JSON at byte 11: a lone surrogate escape"),
            (#"{"text": "\udc00a"}"#, "invalid JSON at byte 10: a lone surrogate escape"),
            (#"{"text": "a\qb"}"#, "invalid JSON at byte 11: an invalid escape"),
            ("{\"text\": \"a\u{01}b\"}", "invalid JSON at byte 11: a control character inside a string"),
            (#"{"text": "a",}"#, #"invalid JSON at byte 13: expected a string key"#),
            (#"{"text": "a"} x"#, "invalid JSON at byte 14: more after the value"),
            (#"{"text": "a", "id": 01}"#, #"invalid JSON at byte 21: expected "," or "}""#),
            (#"{"text": "a", "id": 1e400}"#, "invalid JSON at byte 20: a number beyond the range of a Double"),
            (#"{"text": "a", "id": -}"#, "invalid JSON at byte 20: not a number"),
            (#"{"text": "a", "id": tru}"#, "invalid JSON at byte 20: no JSON value starts here"),
            (#"{"text": "a""#, "invalid JSON at byte 12: the text ends inside a value"),
            (#"{"text": "a", "id": \#(deep)}"#, "invalid JSON at byte 275: arrays and objects nested more than 256 deep"),
        ]
        let input = cases.map(\.line).joined(separator: "\n") + "\n" + ##"{"id": "last", "text": "#ok"}"## + "\n"
        let r = try CLI.run(["entities", "-", "--no-progress"], stdin: input)
        XCTAssertEqual(r.status, 1, r.summary)
        XCTAssertEqual(r.lines.count, cases.count + 1, r.summary)
        for (k, (line, c)) in zip(r.lines, cases).enumerated() {
            let error = try XCTUnwrap(try JSON.object(line)["error"] as? [String: Any], line)
            XCTAssertEqual(JSON.int(error, "line"), k + 1, line)
            XCTAssertTrue((error["message"] as? String ?? "").hasPrefix(c.message), "\(c.line.prefix(40)) -> \(line)")
        }
        XCTAssertTrue(r.lines.last?.hasPrefix(#"{"id":"last","hashtags":[{"#) == true, "the line after them is answered: \(r.summary)")
    }
}
