/// UTF-16 code units as a prepared text keeps them for as long as it lives:
/// one byte per unit when every unit is at most U+00FF (Latin-1: all of
/// an English text, three quarters of a feed's posts), two otherwise.
/// A collection of `UInt16` either way; `withUTF16` lends the units as a
/// UTF-16 buffer to what needs one (shaping, ICU), widening Latin-1 bytes
/// into a temporary buffer.
///
/// A prepared text keeps its units in its own object (see `PreparedCore`):
/// the collection is then a view of that memory, valid while the object
/// lives, as the object's segments are. Made from an array, it keeps a
/// copy of its own.
struct CompactUTF16: RandomAccessCollection, @unchecked Sendable {
    // (`@unchecked`: the memory is written once, before it is shared, and
    // never again.)
    private let base: UnsafeRawPointer?
    private let unitCount: Int
    /// Whether the units are kept as Latin-1 bytes.
    let isLatin1: Bool
    /// The copy a collection made from an array keeps; nil for a view of a prepared text's object.
    private let owner: AnyObject?

    /// The units, as bytes when they all fit in one, in memory of their own.
    init(_ units: [UInt16]) {
        guard !units.isEmpty else {
            self.init(copying: UnsafeBufferPointer(start: nil, count: 0), latin1: false, to: nil)
            return
        }
        let layout = Self.layout(of: units)
        let copy = ManagedBuffer<Void, UInt8>.create(minimumCapacity: layout.bytes) { _ in }
        let view = copy.withUnsafeMutablePointerToElements { to in
            units.withUnsafeBufferPointer { Self(copying: $0, latin1: layout.latin1, to: UnsafeMutableRawPointer(to), owner: copy) }
        }
        self = view
    }

    /// How units would be kept: as bytes or not, and how many bytes that takes.
    static func layout(of units: [UInt16]) -> (latin1: Bool, bytes: Int) {
        let narrow = !units.isEmpty && units.bitUnion <= 0xFF
        return (narrow, units.count * (narrow ? 1 : 2))
    }

    /// The units copied to `to` (room for `layout(of:).bytes`, 2-byte
    /// aligned), and a view of them there, valid while that memory is.
    init(copying units: UnsafeBufferPointer<UInt16>, latin1: Bool, to: UnsafeMutableRawPointer?, owner: AnyObject? = nil) {
        if let to, let from = units.baseAddress, !units.isEmpty {
            if latin1 {
                let out = to.bindMemory(to: UInt8.self, capacity: units.count)
                for i in units.indices { out[i] = UInt8(truncatingIfNeeded: from[i]) }
            } else {
                to.bindMemory(to: UInt16.self, capacity: units.count).initialize(from: from, count: units.count)
            }
        }
        base = UnsafeRawPointer(to)
        unitCount = units.count
        isLatin1 = latin1
        self.owner = owner
    }

    /// A view of `count` units kept at `base` (bytes when `latin1`), valid while that memory is.
    @inline(__always)
    init(view base: UnsafeRawPointer?, count: Int, latin1: Bool) {
        self.base = base
        unitCount = count
        isLatin1 = latin1
        owner = nil
    }

    var startIndex: Int { 0 }

    var endIndex: Int { unitCount }

    @inline(__always)
    subscript(i: Int) -> UInt16 {
        precondition(i >= 0 && i < unitCount, "CompactUTF16 index out of range")
        return isLatin1 ? UInt16(base.unsafelyUnwrapped.load(fromByteOffset: i, as: UInt8.self))
            : base.unsafelyUnwrapped.load(fromByteOffset: 2 * i, as: UInt16.self)
    }

    /// The bytes of a Latin-1 collection.
    private var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base?.assumingMemoryBound(to: UInt8.self), count: unitCount)
    }

    /// The units of a UTF-16 collection.
    private var wide: UnsafeBufferPointer<UInt16> {
        UnsafeBufferPointer(start: base?.assumingMemoryBound(to: UInt16.self), count: unitCount)
    }

    /// Calls `body` with the units as UTF-16 (valid during the call only).
    func withUTF16<R>(_ body: (UnsafeBufferPointer<UInt16>) throws -> R) rethrows -> R {
        guard isLatin1 else { return try withExtendedLifetime(owner) { try body(wide) } }
        let bytes = self.bytes
        return try withExtendedLifetime(owner) {
            try withUnsafeTemporaryAllocation(of: UInt16.self, capacity: bytes.count) { wide in
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
        guard isLatin1 else { return try withExtendedLifetime(owner) { try body(wide, 0) } }
        let bytes = self.bytes
        let lo = Swift.max(0, range.lowerBound - Self.shapingContext)
        let hi = Swift.min(bytes.count, Swift.max(lo, range.upperBound + Self.shapingContext))
        return try withExtendedLifetime(owner) {
            try withUnsafeTemporaryAllocation(of: UInt16.self, capacity: hi - lo) { wide in
                for i in lo..<hi { wide.initializeElement(at: i - lo, to: UInt16(bytes[i])) }
                return try body(UnsafeBufferPointer(wide), lo)
            }
        }
    }

    /// The units as a new array.
    var utf16Array: [UInt16] {
        withExtendedLifetime(owner) { isLatin1 ? bytes.map(UInt16.init) : Array(wide) }
    }

    /// The units as a string.
    var string: String { withUTF16 { String(decoding: $0, as: UTF16.self) } }

    /// Heap bytes of a copy of its own; 0 for a view (its bytes are its object's).
    var byteCount: Int { owner.map(heapSize(of:)) ?? 0 }
}

extension BreakOpportunities {
    /// Where the content of `[start, end)` ends (see `contentEnd(_:start:end:)`), in kept units.
    static func contentEnd(_ units: CompactUTF16, start: Int, end: Int) -> Int {
        var i = end
        while i > start && isBreakableSpaceOrBreak(units[i - 1]) { i -= 1 }
        return i
    }
}
