import Foundation
import Typeset

/// Font files named on the command line (`--font-file`) or in batch lines
/// (`font_file`), loaded once each and shared by every request.
///
/// **Where files may come from** (``Access``). Batch lines may come from
/// untrusted users, so `font_file` is off unless the deployment names a
/// directory (`measure batch --font-files DIR`, ``BatchLines``'
/// `fontFilesDirectory`): a path is then resolved with `realpath` (relative
/// paths against that directory) and must lie inside it. Every path that is
/// refused or cannot be used (outside the directory, missing, a directory, a
/// device, a FIFO, empty, unreadable, not a font) gets one and the same
/// message, so that requests learn nothing of the machine's files. Command
/// lines are the operator's own: there any path is read, and the message
/// says what is wrong.
///
/// **How a file is read.** Opened once, non-blocking and close-on-exec,
/// without following a final symbolic link; `fstat` on the descriptor (not
/// the path, which may be swapped meanwhile) admits regular files of 1 byte
/// to ``maxFileBytes`` only; exactly that many bytes are read from the
/// descriptor (a file that would block, such as `/proc/kmsg`, or that ends
/// early is refused), and HarfBuzz reads the face from those bytes in memory.
///
/// **Cache.** Faces are keyed by the file's device and inode (and its size
/// and modification time, so a file rewritten in place is read again): any
/// number of spellings of one file share one face. Bounded: at most
/// `countLimit` files of at most `byteLimit` bytes in all (a WOFF or WOFF2
/// file counting the font decoded from it), the least
/// recently used dropped first. Files are read outside the cache's lock, so
/// a slow file never holds up requests naming others. A file that is read
/// but is not a usable font is remembered as such for
/// ``failureLifetime``, then tried again.
package final class FontFileCache: Sendable {
    /// Which paths may be read.
    package enum Access: Sendable, Equatable {
        /// None: every path is refused (the batch protocol's default).
        case off
        /// Paths inside this directory (symbolic links resolved first).
        case within(String)
        /// Any path the process can read, with detailed messages (command lines).
        case anyPath
    }

    /// A file's identity: what the cache is keyed by.
    struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
        var size: Int
        var modified: Int
        var modifiedNanoseconds: Int
    }

    private enum Loaded {
        case face(FontFace)
        case failed(ContinuousClock.Instant)
    }

    /// Where paths may come from.
    package let access: Access
    /// The allowed directory, resolved; nil when off, any path, or when the
    /// directory cannot be resolved (then every path is refused).
    private let root: String?
    private let faces: BoundedCache<Identity, Loaded>
    private let load: @Sendable (_ bytes: FontFileBytes, _ path: String) throws -> FontFace
    /// The largest file read.
    package let maxFileBytes: Int

    /// The default bounds: 64 files, 512 MiB; files of at most 256 MiB.
    package static let defaultCountLimit = 64
    package static let defaultByteLimit = 512 << 20
    package static let defaultMaxFileBytes = 256 << 20
    /// How long a file that is not a usable font is remembered as such.
    package static let failureLifetime = Duration.seconds(10)

    /// A cache reading the files `access` allows, each face made by `load`
    /// from the file's bytes (which it owns from then on: it frees them, or
    /// the face it makes does) and its resolved path (tests stand in a slow
    /// or failing loader).
    package init(access: Access, countLimit: Int = FontFileCache.defaultCountLimit,
                 byteLimit: Int = FontFileCache.defaultByteLimit, maxFileBytes: Int = FontFileCache.defaultMaxFileBytes,
                 load: @escaping @Sendable (_ bytes: FontFileBytes, _ path: String) throws -> FontFace = {
                     try FontFace(adopting: $0, path: $1)
                 }) {
        self.access = access
        if case .within(let directory) = access { root = Self.realPath(directory) } else { root = nil }
        faces = BoundedCache(countLimit: countLimit, byteLimit: byteLimit)
        self.maxFileBytes = maxFileBytes
        self.load = load
    }

    /// The face of the file `path` names (face 0 of a collection).
    /// - Throws: a ``RequestError`` when the path is refused or unusable
    ///   (one message for all), or with ``Access/anyPath`` a `TypesetError`
    ///   naming the file and what is wrong with it.
    package func face(_ path: String) throws -> FontFace {
        let resolved: String
        switch access {
        case .off:
            throw RequestError("font_file is not allowed (the server reads font files only from a directory it names: measure batch --font-files DIR)")
        case .anyPath:
            resolved = path
        case .within:
            guard let root, let inside = Self.resolve(path, in: root) else { throw refused(path) }
            resolved = inside
        }
        let fd = open(resolved, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY)
        guard fd >= 0 else {
            let code = errno
            if access == .anyPath {
                if code == ENOENT || code == ENOTDIR { throw TypesetError.fontFileNotFound(path: path) }
                throw TypesetError.fontFileUnreadable(path: path, reason: String(cString: strerror(code)))
            }
            throw refused(path)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw unusable(path, "could not be examined") }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw unusable(path, info.st_mode & S_IFMT == S_IFDIR ? "is a directory" : "not a regular file")
        }
        guard info.st_size > 0 else { throw unusable(path, "file is empty") }
        guard Int(info.st_size) <= maxFileBytes else { throw unusable(path, "larger than \(maxFileBytes) bytes") }
        // The file opened is the one resolved inside the directory, whatever
        // was renamed or linked in between.
        if let root, let opened = Self.openedPath(fd), !Self.isInside(opened, root) { throw refused(path) }
        let id = Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int(info.st_size),
                          modified: Int(info.st_mtim.tv_sec), modifiedNanoseconds: Int(info.st_mtim.tv_nsec))
        var firstError: (any Error)?
        for attempt in 0..<2 {
            let loaded = faces.value(for: id, bytes: { entry in
                // A WOFF or WOFF2 file counts the font decoded from it.
                if case .face(let face) = entry { return max(id.size, face.dataBytes) }
                return 0
            }) {
                do { return .face(try read(fd, size: id.size, path: path, resolved: resolved)) } catch {
                    firstError = error
                    return .failed(.now)
                }
            }
            switch loaded {
            case .face(let face): return face
            case .failed(let at):
                if let firstError { throw access == .anyPath ? firstError : refused(path) }
                // Remembered from an earlier request: tried again once it is old.
                guard attempt == 0, at.duration(to: .now) > Self.failureLifetime else { throw refused(path) }
                faces.removeValue(for: id)
            }
        }
        throw refused(path)
    }

    /// The number of files held (failures remembered included).
    package var count: Int { faces.count }

    // MARK: Reading

    /// Reads exactly `size` bytes from the start of `fd` and makes the face
    /// (the bytes are read once into the pages the face keeps: no copy).
    private func read(_ fd: Int32, size: Int, path: String, resolved: String) throws -> FontFace {
        guard let bytes = try? FontFileBytes(count: size, path: path) else { throw unusable(path, "no memory to read it") }
        let buffer = bytes.buffer
        var done = 0
        while done < size {
            let n = pread(fd, buffer.baseAddress! + done, size - done, off_t(done))
            if n > 0 { done += n; continue }
            if n < 0 && errno == EINTR { continue }
            break  // the end came early, or it would block (/proc/kmsg), or an error
        }
        guard done == size else {
            bytes.release()
            throw unusable(path, "could not be read (\(done) of \(size) bytes)")
        }
        return try load(bytes, resolved)
    }

    /// The one message for every refused or unusable path.
    private func refused(_ path: String) -> RequestError {
        let shown = path.unicodeScalars.count > 256 ? String(String.UnicodeScalarView(path.unicodeScalars.prefix(256))) + "…" : path
        return RequestError("font_file \"\(shown)\" is not a usable font file in the server's font directory")
    }

    /// What is wrong with a file: detailed for command lines, the one message otherwise.
    private func unusable(_ path: String, _ reason: String) -> any Error {
        access == .anyPath ? TypesetError.fontFileUnreadable(path: path, reason: reason) : refused(path)
    }

    // MARK: Paths

    /// `path` resolved (symbolic links, `.`, `..`, repeated slashes) against
    /// `root` when relative, or nil when it cannot be or lies outside `root`.
    static func resolve(_ path: String, in root: String) -> String? {
        guard !path.isEmpty, path.utf8.count <= Int(PATH_MAX), !path.utf8.contains(0) else { return nil }
        let joined = path.hasPrefix("/") ? path : root + "/" + path
        guard let resolved = realPath(joined), isInside(resolved, root) else { return nil }
        return resolved
    }

    static func isInside(_ path: String, _ root: String) -> Bool {
        root == "/" ? path.hasPrefix("/") : path.hasPrefix(root + "/")
    }

    static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    /// The path the kernel has for an open descriptor (nil without `/proc`).
    private static func openedPath(_ fd: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/fd/\(fd)", &buffer, Int(PATH_MAX))
        guard n > 0 else { return nil }
        return String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
