import Foundation

/// The direction a whole cell is laid out in: CSS `direction` on the cell's
/// root. Right to left, rows run from the right, a column's start alignment
/// is its right edge and `spacing_before` goes on the right of a row's child
/// (everything mirrors about the cell's width), while paddings stay on their
/// physical sides and each text keeps its own direction (its paragraph's).
///
/// JSON: `"ltr"`, `"rtl"`, or `{"key": "direction"}` (the model's text for the
/// key: `"rtl"` is right to left, anything else or nothing left to right).
public enum CellDirection: Sendable, Hashable {
    /// Left to right (the default).
    case leftToRight
    /// Right to left.
    case rightToLeft
    /// Per model: right to left when the model's text for the key is `"rtl"`.
    case modelKey(String)

    /// Whether a model is laid out right to left.
    func isRightToLeft(for model: some CellModel) -> Bool {
        switch self {
        case .leftToRight: return false
        case .rightToLeft: return true
        case .modelKey(let key): return model.text(for: key) == "rtl"
        }
    }
}

extension CellDirection: Codable {
    private enum Keys: String, CodingKey { case key }

    /// Reads `"ltr"`, `"rtl"` or `{"key": k}`.
    public init(from decoder: any Decoder) throws {
        if let s = try? decoder.singleValueContainer().decode(String.self) {
            switch s {
            case "ltr": self = .leftToRight
            case "rtl": self = .rightToLeft
            default:
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                        debugDescription: "direction must be \"ltr\", \"rtl\" or {\"key\": …}, not \"\(s)\""))
            }
            return
        }
        try CellJSON.rejectUnknownKeys(decoder, allowed: ["key"], what: "a direction")
        self = .modelKey(try decoder.container(keyedBy: Keys.self).decode(String.self, forKey: .key))
    }

    /// Writes the form `init(from:)` reads.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .leftToRight: var c = encoder.singleValueContainer(); try c.encode("ltr")
        case .rightToLeft: var c = encoder.singleValueContainer(); try c.encode("rtl")
        case .modelKey(let key): var c = encoder.container(keyedBy: Keys.self); try c.encode(key, forKey: .key)
        }
    }
}
