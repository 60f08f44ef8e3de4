// The text of a C call: UTF-8 bytes in, and the conversions between the
// UTF-8 byte offsets of the C interface and Typeset's UTF-16 offsets.
import Typeset

/// A text given as UTF-8, decoded once, with its offsets convertible.
struct SourceText {
    let string: String

    /// Decodes `length` bytes at `bytes` (NULL only when `length` is 0),
    /// refusing invalid UTF-8 with the offset of the first bad byte.
    init(_ bytes: UnsafePointer<CChar>?, length: Int, name: String) throws {
        guard length >= 0 else { throw ArgumentError("\(name) length is too large") }
        guard length == 0 || bytes != nil else { throw ArgumentError("\(name) is NULL with length \(length)") }
        guard let bytes, length > 0 else {
            string = ""
            return
        }
        let buffer = UnsafeBufferPointer(start: UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: length)
        guard let s = UTF8Validation.string(ifValid: buffer) else {
            let bad = UTF8Validation.firstInvalidByte(in: buffer) ?? 0
            throw ArgumentError("\(name) is not valid UTF-8 (first bad byte at offset \(bad))")
        }
        string = s
    }

    init(_ string: String) { self.string = string }

    /// The text's length in bytes.
    var utf8Count: Int { string.utf8.count }

    /// The UTF-16 offset of a byte offset on a character boundary; an
    /// error naming `name` when it is outside the text or inside a character.
    func utf16Offset(ofByte offset: Int, _ name: @autoclosure () -> String) throws -> Int {
        let utf8 = string.utf8
        guard offset >= 0, offset <= utf8.count else {
            throw ArgumentError("\(name()) \(offset) is outside the text (\(utf8.count) bytes)")
        }
        let index = utf8.index(utf8.startIndex, offsetBy: offset)
        if offset < utf8.count, UTF8.isContinuation(utf8[index]) {
            throw ArgumentError("\(name()) \(offset) is inside a character (not on a UTF-8 character boundary)")
        }
        return string.utf16.distance(from: string.utf16.startIndex, to: index)
    }

    /// The UTF-8 byte offset of a UTF-16 offset of the text (one inside a
    /// surrogate pair counts the pair's character as before it).
    func byteOffset(ofUTF16 offset: Int) -> Int {
        let utf16 = string.utf16
        let index = utf16.index(utf16.startIndex, offsetBy: min(max(offset, 0), utf16.count))
        return string.utf8.distance(from: string.utf8.startIndex, to: index)
    }

    /// A byte count given as `size_t`, as an `Int` (an error past `Int.max`).
    static func count(_ value: Int, _ name: String) throws -> Int {
        guard value >= 0 else { throw ArgumentError("\(name) is too large") }
        return value
    }
}
