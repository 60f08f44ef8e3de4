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
