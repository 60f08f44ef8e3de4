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
    /// arrays for as long as it lives).
    func compacted() -> [Element] {
        capacity == count ? self : withUnsafeBufferPointer { Array($0) }
    }
}
