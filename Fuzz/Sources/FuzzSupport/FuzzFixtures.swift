import Foundation
import Typeset

/// What every fuzz target shares: the bundled fonts, loaded once.
public enum FuzzFixtures {
    /// `$TYPESET_FONTS`, else the repository's `fonts/` (scripts/fuzz-coverage sets it).
    public static let fontsDirectory: String = {
        if let env = ProcessInfo.processInfo.environment["TYPESET_FONTS"], !env.isEmpty { return env }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../fonts").standardizedFileURL.path
    }()

    /// One typesetter over the bundled fonts for the whole run.
    public static let typesetter: Typesetter = {
        do { return Typesetter(fonts: try FontCollection(directory: fontsDirectory)) } catch {
            fatalError("fuzz: cannot load the bundled fonts from \(fontsDirectory): \(error)")
        }
    }()

    /// Reads option bytes from the front of an input, then the rest as text.
    public struct Reader {
        private var bytes: ArraySlice<UInt8>
        public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
            bytes = data.map { ArraySlice(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        }
        /// The next byte, 0 when the input is used up.
        public mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }
        /// One of `choices`, picked by the next byte.
        public mutating func pick<T>(_ choices: [T]) -> T { choices[Int(byte()) % choices.count] }
        /// Everything left, as bytes.
        public mutating func rest() -> [UInt8] { defer { bytes = [] }; return Array(bytes) }
    }
}
