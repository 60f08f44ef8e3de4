import Typeset

/// When an element is shown. An element whose condition is false is omitted:
/// it gets no frame, takes no space, and the spacing before it goes too.
///
/// JSON: `{"present": "key"}`, `{"absent": "key"}` or `{"truncated": "element"}`.
public enum CellCondition: Sendable, Hashable, Codable {
    /// The model's text for the key is not empty.
    case present(String)
    /// The model's text for the key is empty or missing.
    case absent(String)
    /// The named text element was cut by its `maxLines` (a "more" marker).
    /// The text must come before the element in a column they share.
    case truncated(String)

    private enum Keys: String, CodingKey, CaseIterable { case present, absent, truncated }

    /// Decodes an object with exactly one of `present`, `absent`, `truncated`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        try CellJSON.rejectUnknownKeys(decoder, allowed: Keys.allCases.map(\.rawValue), what: "condition")
        let found = Keys.allCases.filter { c.contains($0) }
        guard found.count == 1, let key = found.first else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "a condition needs exactly one of \"present\", \"absent\", \"truncated\""))
        }
        let value = try c.decode(String.self, forKey: key)
        switch key {
        case .present: self = .present(value)
        case .absent: self = .absent(value)
        case .truncated: self = .truncated(value)
        }
    }

    /// Encodes in the form `init(from:)` reads.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch self {
        case .present(let k): try c.encode(k, forKey: .present)
        case .absent(let k): try c.encode(k, forKey: .absent)
        case .truncated(let n): try c.encode(n, forKey: .truncated)
        }
    }
}
