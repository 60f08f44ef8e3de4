import CUnicode

/// The bytes malloc holds for an object (its instance and allocator rounding).
func heapSize(of object: AnyObject) -> Int {
    tsu_heap_block_size(Unmanaged.passUnretained(object).toOpaque())
}

/// The bytes an array's buffer holds: a 32-byte header and room for its
/// capacity (nothing for an array without capacity, which shares one static
/// buffer).
package func arrayBytes<T>(_ a: [T]) -> Int {
    a.capacity == 0 ? 0 : 32 + a.capacity * MemoryLayout<T>.stride
}

extension Array {
    /// The same elements in a buffer of exactly their count (an array grown by
    /// appending holds up to twice the room it needs; a prepared text keeps its
    /// arrays for as long as it lives). An array whose spare room is under
    /// malloc's 16-byte granularity is kept as it is: a copy would be another
    /// allocation for at most one granule less (Swift counts malloc's rounding
    /// as capacity, so three `Int32`s allocated for three have room for six,
    /// and a copy of them has too).
    func compacted() -> [Element] {
        (capacity - count) * MemoryLayout<Element>.stride < 16 ? self : withUnsafeBufferPointer { Array($0) }
    }

    /// The elements in a buffer of their own, exactly their count: what is
    /// kept of a scratch array, whose buffer is reused (were it shared, the
    /// scratch would reallocate it to write the next text).
    func copiedOut() -> [Element] {
        withUnsafeBufferPointer { Array($0) }
    }
}
