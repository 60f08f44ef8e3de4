import Typeset
import TypesetEntities

/// The data one list row shows: what a ``CellTemplate`` reads its texts and
/// per-model values from at layout time.
///
/// A model is identified by ``id`` (stable across edits, unlike a row index)
/// and versioned by ``version`` (change it whenever anything the cell shows
/// changes): ``LayoutCache`` keys layouts and prepared texts by both.
///
/// ```swift
/// struct Post: CellModel {
///     var id: CellModelID
///     var version: Int
///     var author: String, body: String
///     func text(for key: String) -> String? {
///         switch key { case "name": author; case "body": body; default: nil }
///     }
/// }
/// ```
public protocol CellModel: Sendable {
    /// The model's identity: a database ID, not a row index.
    var id: CellModelID { get }
    /// The content version: any change to the content must change it (a counter
    /// or a content hash). Layouts cached for other versions are not reused.
    var version: Int { get }
    /// The text for a template's key; `nil` (a missing key) counts as empty.
    func text(for key: String) -> String?
    /// A number for a template's key (an image's aspect ratio), nil if absent.
    /// The default reads ``text(for:)`` as a decimal number.
    func number(for key: String) -> Double?
    /// Entities already known for the text of a key (UTF-16 ranges into that
    /// text), or nil to let the template detect them. The default is nil.
    func entities(for key: String) -> [Entity]?
}

extension CellModel {
    /// Reads the key's text as a decimal number.
    public func number(for key: String) -> Double? {
        text(for: key).flatMap { Double($0) }
    }

    /// No known entities: templates that ask for entities detect them.
    public func entities(for key: String) -> [Entity]? { nil }
}

/// A model's identity: an integer or a string (JSON models may use either).
public enum CellModelID: Sendable, Hashable, Codable, CustomStringConvertible,
    ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    /// A numeric ID.
    case int(Int)
    /// A string ID.
    case string(String)

    /// An integer ID: `let id: CellModelID = 42`.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// A string ID: `let id: CellModelID = "post-42"`.
    public init(stringLiteral value: String) { self = .string(value) }

    /// The ID as written: `42` or `post-42`.
    public var description: String {
        switch self {
        case .int(let i): return String(i)
        case .string(let s): return s
        }
    }

    /// Decodes a JSON number (integral) or string. An integer beyond `Int`
    /// (up to 2^64 − 1, as unsigned 64-bit database keys go) is kept as
    /// its digits, a `.string`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let s = try? c.decode(String.self) { self = .string(s); return }
        if let i = try? c.decode(Int.self) { self = .int(i); return }
        if let u = try? c.decode(UInt64.self) { self = .string(String(u)); return }
        throw DecodingError.dataCorruptedError(
            in: c, debugDescription: "a model id must be an integer from -2^63 to 2^64-1 or a string")
    }

    /// Encodes as a JSON number or string.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .int(let i): try c.encode(i)
        case .string(let s): try c.encode(s)
        }
    }
}
