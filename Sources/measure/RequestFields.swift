import Foundation
import Typeset

/// Any field name of a JSON object, so that requests can be decoded field by
/// field with the protocol's own messages.
struct FieldKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Typed field readers for request objects: an absent field or `null` is
/// nil, a value of another type is a ``RequestError`` that names the field
/// (prefixed by `context`, e.g. "run 2: ").
extension KeyedDecodingContainer where Key == FieldKey {
    /// The request's `text`: present and a string.
    func requiredText() throws -> String {
        guard contains(FieldKey("text")) else { throw RequestError("missing field \"text\"") }
        guard let text = try? decode(String.self, forKey: FieldKey("text")) else {
            throw RequestError("field \"text\" must be a string")
        }
        return text
    }

    /// Whether the field is present and not `null`.
    func has(_ name: String) -> Bool {
        let key = FieldKey(name)
        return contains(key) && (try? decodeNil(forKey: key)) == false
    }

    func number(_ name: String, context: String = "") throws -> Double? {
        guard has(name) else { return nil }
        guard let n = try? decode(Double.self, forKey: FieldKey(name)) else {
            throw RequestError("\(context)field \"\(name)\" must be a number")
        }
        return n
    }

    func string(_ name: String, context: String = "") throws -> String? {
        guard has(name) else { return nil }
        guard let s = try? decode(String.self, forKey: FieldKey(name)) else {
            throw RequestError("\(context)field \"\(name)\" must be a string")
        }
        return s
    }

    /// A string or a non-empty array of strings.
    func strings(_ name: String, context: String = "") throws -> [String]? {
        guard has(name) else { return nil }
        if let a = try? decode([String].self, forKey: FieldKey(name)) { if !a.isEmpty { return a } }
        else if let s = try? decode(String.self, forKey: FieldKey(name)) { return [s] }
        throw RequestError("\(context)\(name) must be a string or a non-empty array of strings")
    }

    /// One of an enumeration's raw values.
    func enumValue<E: RawRepresentable & CaseIterable>(_ name: String, _: E.Type, context: String = "") throws -> E?
    where E.RawValue == String {
        guard let s = try string(name, context: context) else { return nil }
        guard let e = E(rawValue: s) else {
            throw RequestError("\(context)\(name) must be one of \(E.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(s)\"")
        }
        return e
    }

    /// A px value, `"normal"` or `null` (normal).
    func lineHeight(_ name: String, context: String = "") throws -> LineHeight? {
        let key = FieldKey(name)
        guard contains(key) else { return nil }
        if (try? decodeNil(forKey: key)) == true { return .normal }
        if let s = try? decode(String.self, forKey: key), s == "normal" { return .normal }
        if let n = try? decode(Double.self, forKey: key) { return .points(n) }
        throw RequestError("\(context)line_height must be a number of px, \"normal\" or null")
    }
}
