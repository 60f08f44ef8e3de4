/// UTF-16 code units as a prepared text keeps them for as long as it lives:
/// one byte per unit when every unit is at most U+00FF (Latin-1: all of
/// an English text, three quarters of a feed's posts), two otherwise.
/// A collection of `UInt16` either way; `withUTF16` lends the units as a
/// UTF-16 buffer to what needs one (shaping, ICU), widening Latin-1 bytes
/// into a temporary buffer.
struct CompactUTF16: RandomAccessCollection, Sendable {
    private enum Storage: Sendable {
        case latin1([UInt8])
        case utf16([UInt16])
    }
    private let storage: Storage

    /// The units, as bytes when they all fit in one.
    init(_ units: [UInt16]) {
        var narrow = true
        for u in units where u > 0xFF { narrow = false; break }
        guard narrow, !units.isEmpty else {
            storage = .utf16(units.compacted())
            return
        }
        storage = .latin1([UInt8](unsafeUninitializedCapacity: units.count) { out, written in
            for i in units.indices { out[i] = UInt8(truncatingIfNeeded: units[i]) }
            written = units.count
        })
    }

    var startIndex: Int { 0 }

    var endIndex: Int {
        @inline(__always) get {
            switch storage {
            case .latin1(let bytes): return bytes.count
            case .utf16(let units): return units.count
            }
        }
    }

    @inline(__always)
    subscript(i: Int) -> UInt16 {
        switch storage {
        case .latin1(let bytes): return UInt16(bytes[i])
        case .utf16(let units): return units[i]
        }
    }

    /// Whether the units are kept as Latin-1 bytes.
    var isLatin1: Bool {
        if case .latin1 = storage { return true }
        return false
    }

    /// Calls `body` with the units as UTF-16 (valid during the call only).
    func withUTF16<R>(_ body: (UnsafeBufferPointer<UInt16>) throws -> R) rethrows -> R {
        switch storage {
        case .utf16(let units):
            return try units.withUnsafeBufferPointer(body)
        case .latin1(let bytes):
            return try withUnsafeTemporaryAllocation(of: UInt16.self, capacity: bytes.count) { wide in
                for i in bytes.indices { wide.initializeElement(at: i, to: UInt16(bytes[i])) }
                return try body(UnsafeBufferPointer(wide))
            }
        }
    }

    /// Units of context kept on either side of a range lent by
    /// `withUTF16(around:_:)`: HarfBuzz reads at most 5 characters of
    /// context either side of what it shapes (`HB_BUFFER_MAX_CONTEXT_LENGTH`).
    static let shapingContext = 16

    /// Calls `body` with UTF-16 units holding `range` and `shapingContext`
    /// units on either side of it (as far as the text goes), and the text
    /// offset of the buffer's first unit (subtract it from text offsets).
    /// Shaping a piece of a long Latin-1 text widens only that window, not
    /// the whole text (which made laying out a long word line by line
    /// quadratic); a UTF-16 text lends all of itself, at offset 0.
    func withUTF16<R>(around range: Range<Int>,
                      _ body: (_ units: UnsafeBufferPointer<UInt16>, _ offset: Int) throws -> R) rethrows -> R {
        switch storage {
        case .utf16(let units):
            return try units.withUnsafeBufferPointer { try body($0, 0) }
        case .latin1(let bytes):
            let lo = Swift.max(0, range.lowerBound - Self.shapingContext)
            let hi = Swift.min(bytes.count, Swift.max(lo, range.upperBound + Self.shapingContext))
            return try withUnsafeTemporaryAllocation(of: UInt16.self, capacity: hi - lo) { wide in
                for i in lo..<hi { wide.initializeElement(at: i - lo, to: UInt16(bytes[i])) }
                return try body(UnsafeBufferPointer(wide), lo)
            }
        }
    }

    /// The units as an array (the stored one for UTF-16, a new one for Latin-1).
    var utf16Array: [UInt16] {
        switch storage {
        case .utf16(let units): return units
        case .latin1(let bytes): return bytes.map(UInt16.init)
        }
    }

    /// The units as a string.
    var string: String { withUTF16 { String(decoding: $0, as: UTF16.self) } }

    /// Heap bytes of the storage (see `arrayBytes`).
    var byteCount: Int {
        switch storage {
        case .latin1(let bytes): return arrayBytes(bytes)
        case .utf16(let units): return arrayBytes(units)
        }
    }
}

extension BreakOpportunities {
    /// Where the content of `[start, end)` ends (see `contentEnd(_:start:end:)`), in kept units.
    static func contentEnd(_ units: CompactUTF16, start: Int, end: Int) -> Int {
        var i = end
        while i > start && isBreakableSpaceOrBreak(units[i - 1]) { i -= 1 }
        return i
    }
}
