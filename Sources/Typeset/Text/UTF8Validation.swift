/// Where UTF-8 input first goes wrong: the check behind
/// `Typesetter.prepare(utf8:)`, package-visible so that tools reading bytes (the
/// `measure` CLI's JSON Lines) report bad input the same way.
package enum UTF8Validation {
    /// The byte offset of the first byte that does not continue valid UTF-8
    /// (the start of the bad sequence), or nil when all of `bytes` is valid.
    package static func firstInvalidByte<Bytes: Sequence>(in bytes: Bytes) -> Int? where Bytes.Element == UInt8 {
        // Contiguous bytes go through the standard library's fast validator;
        // only invalid input is walked scalar by scalar to find the offset.
        if bytes.withContiguousStorageIfAvailable({ String(validating: $0, as: UTF8.self) != nil }) == true { return nil }
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
}
