import Foundation
import Typeset

/// Font files named on the command line or in batch lines (`font_file`),
/// loaded once each and shared by every request.
///
/// Bounded (a stream of requests naming new files does not grow the process
/// for ever): at most `countLimit` files of at most `byteLimit` bytes in all,
/// the least recently used dropped first (a dropped file is loaded again when
/// next named). Files are loaded outside the cache's lock, so a slow file
/// (a large collection, a slow disk) never holds up requests naming others.
/// A file that fails to load is an error for the request that names it and is
/// not remembered: the next request tries it again.
package final class FontFileCache: Sendable {
    private let faces: BoundedCache<String, FontFace>
    private let load: @Sendable (String) throws -> FontFace

    /// The default bounds: 64 files, 512 MiB.
    package static let defaultCountLimit = 64
    package static let defaultByteLimit = 512 << 20

    /// A cache loading with `load` (tests stand in a slow or failing loader).
    package init(countLimit: Int = FontFileCache.defaultCountLimit, byteLimit: Int = FontFileCache.defaultByteLimit,
                 load: @escaping @Sendable (String) throws -> FontFace = { try FontFace(path: $0) }) {
        faces = BoundedCache(countLimit: countLimit, byteLimit: byteLimit)
        self.load = load
    }

    /// The face of the file at `path` (face 0 of a collection).
    /// - Throws: the load's error (a `TypesetError` naming the file).
    package func face(_ path: String) throws -> FontFace {
        try faces.value(for: path, bytes: { Self.fileBytes($0.path) }) { try load(path) }
    }

    /// The number of files held.
    package var count: Int { faces.count }

    /// A file's size: what the face maps.
    private static func fileBytes(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }
}
