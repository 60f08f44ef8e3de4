/// Where the buffers a prepared text keeps go in its object's memory, after
/// its segments (see `PreparedCore`): each placed at its type's alignment,
/// one after the other, so that the whole text is one allocation.
struct TailLayout {
    /// The bytes placed so far.
    private(set) var size = 0

    /// Room for `count` values of `type`; returns its offset from the tail's
    /// start (which is 16-byte aligned).
    mutating func place<T: ~Copyable>(_ type: T.Type, count: Int) -> Int {
        let alignment = MemoryLayout<T>.alignment
        let offset = (size + alignment - 1) & ~(alignment - 1)
        size = offset + MemoryLayout<T>.stride * count
        return offset
    }

    /// `values` copied to `to` (room placed for them), as a buffer there.
    func copy<T>(_ values: [T], to: UnsafeMutableRawPointer) -> UnsafeMutableBufferPointer<T> {
        let out = to.bindMemory(to: T.self, capacity: values.count)
        values.withUnsafeBufferPointer { from in
            if let base = from.baseAddress { out.initialize(from: base, count: from.count) }
        }
        return UnsafeMutableBufferPointer(start: out, count: values.count)
    }
}

/// Where a buffer a prepared text keeps is in its object's tail: its offset
/// from the text's `PreparedCore.Details` (which the buffers follow) and its
/// element count, 8 bytes where a buffer pointer takes 16 (see the
/// Architecture article's hot paths: *memory per prepared post*).
struct TailSpan {
    private let offset: UInt32
    let count: UInt32

    static let empty = TailSpan(offset: 0, count: 0)

    private init(offset: UInt32, count: UInt32) {
        self.offset = offset
        self.count = count
    }

    /// `count` elements placed at `at` in the tail, whose details are at
    /// `detailsAt` (both `TailLayout` offsets; the buffer follows the details).
    init(at: Int, detailsAt: Int, count: Int) {
        precondition(at >= detailsAt && at - detailsAt <= Int(UInt32.max) && count <= Int(UInt32.max),
                     "a prepared text's tail is under 4 GB")
        self.init(offset: UInt32(at - detailsAt), count: UInt32(count))
    }

    /// The buffer, given where the details are.
    @inline(__always)
    func buffer<T>(_ details: UnsafeRawPointer, of type: T.Type) -> UnsafeBufferPointer<T> {
        UnsafeBufferPointer(start: count == 0 ? nil : (details + Int(offset)).assumingMemoryBound(to: T.self),
                            count: Int(count))
    }

    /// The start of the buffer's memory, given where the details are.
    @inline(__always)
    func start(_ details: UnsafeRawPointer) -> UnsafeRawPointer? { count == 0 ? nil : details + Int(offset) }
}
