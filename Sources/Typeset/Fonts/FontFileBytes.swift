import Foundation

/// The bytes of a font file read into memory: pages mapped for them alone,
/// handed back to the system whole when the face that keeps them goes.
///
/// Why not the heap: glibc serves a large allocation from its own mapping only
/// until the first such block is freed, and then raises its threshold to that
/// size, so every later font file of that size comes from the heap, where
/// freed blocks stay in the process. A server rotating through many
/// 16 MB files kept some 100 MB it no longer used; mapped pages are
/// returned the moment they are unmapped.
package struct FontFileBytes: @unchecked Sendable {
    /// The bytes, writable until a face adopts them.
    package let buffer: UnsafeMutableRawBufferPointer

    /// Pages for `count` bytes (at least one), zero-filled.
    /// - Throws: `TypesetError.fontFileUnreadable` naming `path` when the
    ///   system has no memory for them.
    package init(count: Int, path: String) throws {
        let size = max(1, count)
        guard let base = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              base != MAP_FAILED else {
            throw TypesetError.fontFileUnreadable(path: path, reason: "no memory for its \(count) bytes")
        }
        // Large pages where the system allows them: a 16 MB file is then
        // eight page faults, not four thousand.
        if size >= 2 << 20 { madvise(base, size, MADV_HUGEPAGE) }
        buffer = UnsafeMutableRawBufferPointer(start: base, count: count)
    }

    /// A copy of `bytes` in pages of their own.
    package init(copying bytes: [UInt8], path: String) throws {
        try self.init(count: bytes.count, path: path)
        bytes.withUnsafeBytes { if let source = $0.baseAddress { buffer.baseAddress!.copyMemory(from: source, byteCount: $0.count) } }
    }

    /// Returns the pages to the system; the bytes must not be used after.
    package func release() {
        munmap(buffer.baseAddress, max(1, buffer.count))
    }
}
