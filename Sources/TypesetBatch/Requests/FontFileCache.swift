import Foundation
import Typeset

/// Loads font files named on the command line or in batch lines, once each.
package final class FontFileCache: @unchecked Sendable {
    private var faces: [String: FontFace] = [:]
    private let lock = NSLock()

    package init() {}

    package func face(_ path: String) throws -> FontFace {
        lock.lock()
        defer { lock.unlock() }
        if let f = faces[path] { return f }
        let f = try FontFace(path: path)
        faces[path] = f
        return f
    }
}
