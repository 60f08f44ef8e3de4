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
}
