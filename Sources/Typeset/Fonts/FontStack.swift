/// A CSS-like font stack: families (or specific faces) tried in order for each
/// character cluster.
public struct FontStack: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByArrayLiteral {
    /// One entry of a stack.
    public enum Entry: Sendable, Hashable {
        /// A family name, matched case-insensitively against the collection.
        case family(String)
        /// A specific face, e.g. one loaded from a file the caller named.
        case face(FontFace)

        public static func == (a: Entry, b: Entry) -> Bool {
            switch (a, b) {
            case (.family(let x), .family(let y)): return x == y
            case (.face(let x), .face(let y)): return x === y
            default: return false
            }
        }

        public func hash(into h: inout Hasher) {
            switch self {
            case .family(let n): h.combine(0); h.combine(n)
            case .face(let f): h.combine(1); h.combine(ObjectIdentifier(f))
            }
        }
    }

    /// The entries, first preferred.
    public var entries: [Entry]

    /// A stack of entries.
    public init(_ entries: [Entry]) { self.entries = entries }
    /// A stack of family names.
    public init(families: [String]) { entries = families.map { .family($0) } }
    /// A stack of specific faces.
    public init(faces: [FontFace]) { entries = faces.map { .face($0) } }
    /// A one-family stack: `"Noto Sans"`.
    public init(stringLiteral value: String) { entries = [.family(value)] }
    /// A stack of family names: `["Noto Sans", "Noto Sans Arabic"]`.
    public init(arrayLiteral elements: String...) { entries = elements.map { .family($0) } }
}
