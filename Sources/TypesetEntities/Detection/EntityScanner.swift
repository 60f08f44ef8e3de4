import Typeset

/// Read-only access to a text's UTF-8 bytes while the detector scans it.
///
/// All positions are byte offsets on scalar boundaries. Swift strings always
/// hold valid UTF-8, so the decoders below never need to handle malformed input.
struct EntityScanner {
    /// The text's UTF-8 bytes.
    let bytes: UnsafeBufferPointer<UInt8>

    /// The number of bytes in the text.
    var count: Int { bytes.count }

    /// The byte at `index`.
    @inline(__always)
    subscript(index: Int) -> UInt8 { bytes[index] }

    /// The byte at `index`, or `nil` past the end of the text.
    @inline(__always)
    func byte(at index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Decodes the scalar that starts at byte `index` (which must be `< count`).
    @inline(__always)
    func scalar(at index: Int) -> (value: UInt32, length: Int) {
        let b0 = UInt32(bytes[index])
        if b0 < 0x80 { return (b0, 1) }
        if b0 < 0xE0 {
            return ((b0 & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F), 2)
        }
        if b0 < 0xF0 {
            return (
                (b0 & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6
                    | UInt32(bytes[index + 2] & 0x3F), 3
            )
        }
        return (
            (b0 & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
                | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F), 4
        )
    }

    /// The scalar at `index`, or `nil` past the end of the text.
    @inline(__always)
    func scalarValue(at index: Int) -> UInt32? {
        index < bytes.count ? scalar(at: index).value : nil
    }

    /// The byte offset where the scalar that ends just before `index` starts
    /// (`index` must be `> 0`).
    @inline(__always)
    func scalarStart(before index: Int) -> Int {
        var start = index - 1
        while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return start
    }

    /// The scalar that ends just before `index` (which must be `> 0`), and where it starts.
    @inline(__always)
    func scalar(before index: Int) -> (value: UInt32, start: Int) {
        let start = scalarStart(before: index)
        return (scalar(at: start).value, start)
    }

    /// Whether the bytes at `index` spell `ascii`, ignoring ASCII letter case.
    /// `ascii` must be lowercase ASCII.
    func hasASCIIPrefix(_ ascii: StaticString, at index: Int) -> Bool {
        let length = ascii.utf8CodeUnitCount
        guard index + length <= bytes.count else { return false }
        let pattern = ascii.utf8Start
        for offset in 0..<length {
            var byte = bytes[index + offset]
            if byte &- 0x41 < 26 { byte |= 0x20 }
            if byte != pattern[offset] { return false }
        }
        return true
    }

    /// The text of `range` as a `String`.
    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
