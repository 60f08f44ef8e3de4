import TypesetBatch
import XCTest

/// The JSON reader checks each string's UTF-8 itself (ASCII needs no check;
/// other bytes are decoded and compared with the input): every valid
/// sequence reads back exactly, every invalid one is an error at the first
/// byte of the bad sequence, with or without escapes in the string.
final class JSONStringUTF8Tests: XCTestCase {
    /// The string value of `["…"]` with `bytes` between the quotes.
    private func read(_ bytes: [UInt8]) throws(JSONParseError) -> String? {
        let value = try JSONParser.parse(Array(#"[""#.utf8) + bytes + Array(#""]"#.utf8))
        guard case .array(let elements) = value, case .string(let s) = elements.first else { return nil }
        return s
    }

    func testValidStringsReadBackExactly() throws {
        for text in ["", "plain ASCII", "é", "€ and ₿", "😀👋🏽", "Hi مرحبا 你好 שלום ไทย", "\u{FEFF}bom", "a\u{7F}b"] {
            XCTAssertEqual(try read(Array(text.utf8)), text)
        }
        // With escapes (the reader gathers the bytes first).
        XCTAssertEqual(try read(Array(#"é\n€\"😀\u00e9"#.utf8)), "é\n€\"😀é")
    }

    func testInvalidSequencesAreErrorsAtTheirFirstByte() {
        let cases: [(bytes: [UInt8], badAt: Int)] = [
            (Array("bad ".utf8) + [0xC3, 0x28], 4),          // a lead byte without its continuation
            (Array("x".utf8) + [0xFF], 1),                    // never valid
            ([0xC0, 0x80], 0),                                // overlong NUL
            (Array("ab".utf8) + [0xED, 0xA0, 0x80], 2),       // an encoded surrogate
            (Array("€".utf8) + [0xE2, 0x82], 3),              // cut short at the end
            ([0x80] + Array("a".utf8), 0),                    // a lone continuation byte
            ([0xF4, 0x90, 0x80, 0x80], 0),                    // beyond U+10FFFF
        ]
        for (bytes, badAt) in cases {
            for escaped in [false, true] {
                let prefix: [UInt8] = escaped ? Array(#"\n"#.utf8) : []
                do throws(JSONParseError) {
                    _ = try read(prefix + bytes)
                    XCTFail("\(bytes) read as valid UTF-8")
                } catch {
                    // Offsets count from the line's start: `["` comes first.
                    XCTAssertEqual(error.problem, .invalidUTF8, "\(bytes)")
                    XCTAssertEqual(error.offset, 2 + prefix.count + badAt, "\(bytes), escaped: \(escaped)")
                }
            }
        }
    }

    /// Strings are scanned eight bytes a step until a quote, backslash or
    /// control byte: each of those (and a non-ASCII letter, and an invalid
    /// byte) at every offset of strings up to 40 bytes long, so at every
    /// place in a step and in the bytes after the last whole step, reads
    /// as it should (the string, its escape, or the error at its place).
    func testEveryByteThatEndsTheFastScanAtEveryOffset() throws {
        for length in 0...40 {
            for at in 0..<max(1, length) {
                var plain = Array(repeating: UInt8(ascii: "a"), count: length)
                XCTAssertEqual(try read(plain), String(repeating: "a", count: length))
                guard length > 0 else { continue }
                plain[at] = UInt8(ascii: "\\")
                var escaped = plain
                escaped.insert(UInt8(ascii: "n"), at: at + 1)
                XCTAssertEqual(try read(escaped), String(repeating: "a", count: at) + "\n" + String(repeating: "a", count: length - at - 1))
                var control = plain
                control[at] = 0x1F
                XCTAssertThrowsError(try read(control), "control byte at \(at) of \(length)") { error in
                    XCTAssertEqual((error as? JSONParseError)?.problem, .controlCharacter)
                }
                var accented = Array(repeating: UInt8(ascii: "a"), count: length)
                accented.replaceSubrange(at..<at + 1, with: Array("é".utf8))
                XCTAssertEqual(try read(accented), String(decoding: accented, as: UTF8.self))
                var invalid = Array(repeating: UInt8(ascii: "a"), count: length)
                invalid[at] = 0xFF
                XCTAssertThrowsError(try read(invalid), "invalid byte at \(at) of \(length)") { error in
                    XCTAssertEqual((error as? JSONParseError)?.offset, 2 + at)
                }
                // A string ending early: its closing quote at `at`, then another value.
                let text = String(repeating: "a", count: at)
                let value = try JSONParser.parse(Array(#"[""#.utf8) + Array(repeating: UInt8(ascii: "a"), count: at) + Array(#"","b"]"#.utf8))
                guard case .array(let elements) = value, case .string(let first) = elements.first else { return XCTFail("not an array") }
                XCTAssertEqual(first, text)
                XCTAssertEqual(elements.count, 2)
            }
        }
    }
}
