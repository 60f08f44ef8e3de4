import Typeset

/// Helpers shared by the cell description's JSON decoding.
enum CellJSON {
    /// Any key, to list the keys an object has.
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { self.stringValue = String(intValue); self.intValue = intValue }
    }

    /// Throws for a key outside `allowed` (and `alsoAccepted`: former names,
    /// read but not listed in the message), naming it: typos in templates are
    /// errors, not silently ignored fields.
    static func rejectUnknownKeys(_ decoder: any Decoder, allowed: [String], alsoAccepted: [String] = [],
                                  what: String) throws {
        let all = try decoder.container(keyedBy: AnyKey.self)
        for key in all.allKeys where !allowed.contains(key.stringValue) && !alsoAccepted.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath + [key],
                debugDescription: "unknown field \"\(key.stringValue)\" in \(what) (allowed: \(allowed.joined(separator: ", ")))"))
        }
    }

    /// A readable path such as `root.children[1].style` for a coding path.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var out = ""
        for key in codingPath {
            if let i = key.intValue { out += "[\(i)]" } else {
                if !out.isEmpty { out += "." }
                out += key.stringValue
            }
        }
        return out.isEmpty ? "(top level)" : out
    }

    /// One message for any decoding error: where, and what was wrong.
    static func message(_ error: DecodingError) -> (path: String, message: String) {
        switch error {
        case .dataCorrupted(let c):
            return (path(c.codingPath), underlying(c))
        case .keyNotFound(let key, let c):
            return (path(c.codingPath), "missing field \"\(key.stringValue)\"")
        case .typeMismatch(let type, let c):
            return (path(c.codingPath), "expected \(describe(type)): \(c.debugDescription)")
        case .valueNotFound(let type, let c):
            return (path(c.codingPath), "expected \(describe(type)), found null")
        @unknown default:
            return ("(unknown)", "\(error)")
        }
    }

    private static func underlying(_ c: DecodingError.Context) -> String {
        if let e = c.underlyingError { return "\(c.debugDescription) (\(e.localizedDescription))" }
        return c.debugDescription
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type: return "a number"
        case is String.Type: return "a string"
        case is Bool.Type: return "a boolean"
        default: return "\(type)"
        }
    }
}
