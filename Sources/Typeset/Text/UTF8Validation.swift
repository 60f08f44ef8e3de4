import Foundation

/// Where UTF-8 input first goes wrong: the check behind
/// `Typesetter.prepare(utf8:)`, package-visible so that tools reading bytes (the
/// `measure` CLI's JSON Lines) report bad input the same way.
package enum UTF8Validation {
    /// The byte offset of the first byte that does not continue valid UTF-8
    /// (the start of the bad sequence), or nil when all of `bytes` is valid.
    package static func firstInvalidByte<Bytes: Sequence>(in bytes: Bytes) -> Int? where Bytes.Element == UInt8 {
        // Contiguous bytes are checked at once (`string(ifValid:)`); only
        // invalid input is walked scalar by scalar to find the offset.
        if bytes.withContiguousStorageIfAvailable({ string(ifValid: $0) != nil }) == true { return nil }
        var it = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&it) {
            case .scalarValue(let s): offset += UTF8.width(s)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// `bytes` as a string when they are valid UTF-8, else nil; `ascii`
    /// (every byte below 0x80, known to a caller that has scanned them)
    /// skips the check. Decoding repairs invalid sequences, so a decoded
    /// string whose UTF-8 is the input proves it valid: one pass, where
    /// `String(validating:as:)` is generic over the encoding and looked up
    /// type metadata at run time for every string (a fifth of the time
    /// reading a feed's request line took).
    package static func string(ifValid bytes: UnsafeBufferPointer<UInt8>, ascii: Bool = false) -> String? {
        let decoded = String(decoding: bytes, as: UTF8.self)
        if ascii { return decoded }
        var copy = decoded
        return copy.withUTF8 { utf8 in
            // memcmp: the generic `elementsEqual` went a byte at a time.
            utf8.count == bytes.count && (bytes.isEmpty || memcmp(utf8.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
        } ? decoded : nil
    }
}
