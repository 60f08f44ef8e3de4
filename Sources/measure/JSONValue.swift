import Foundation

/// A JSON value with deterministic output (keys in insertion order), for the
/// tool's JSON and JSON Lines.
enum JSONValue {
    case null
    case bool(Bool)
    case number(Double)
    case int(Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// Compact serialization.
    var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .number(let d):
            if !d.isFinite { out += "null" }
            else if d == d.rounded(), abs(d) < 1e15 { out += String(Int(d)) }
            else { out += "\(d)" }
        case .string(let s): Self.writeString(s, to: &out)
        case .array(let a):
            out += "["
            for (i, v) in a.enumerated() { if i > 0 { out += "," }; v.write(to: &out) }
            out += "]"
        case .object(let o):
            out += "{"
            for (i, (k, v)) in o.enumerated() {
                if i > 0 { out += "," }
                Self.writeString(k, to: &out)
                out += ":"
                v.write(to: &out)
            }
            out += "}"
        }
    }

    private static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20: out += String(format: "\\u%04x", u.value)
            default: out.unicodeScalars.append(u)
            }
        }
        out += "\""
    }
}

extension JSONValue: Decodable {
    /// Any JSON value; an object's keys come out sorted (deterministic output).
    /// A number written without a fraction or exponent that fits an `Int` is
    /// an integer.
    init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var values: [JSONValue] = []
            while !array.isAtEnd { values.append(try array.decode(JSONValue.self)) }
            self = .array(values)
            return
        }
        if let object = try? decoder.container(keyedBy: FieldKey.self) {
            self = .object(try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
                ($0.stringValue, try object.decode(JSONValue.self, forKey: $0))
            })
            return
        }
        let value = try decoder.singleValueContainer()
        if value.decodeNil() { self = .null }
        else if let b = try? value.decode(Bool.self) { self = .bool(b) }
        else if let i = try? value.decode(Int.self) { self = .int(i) }
        else if let d = try? value.decode(Double.self) { self = .number(d) }
        else { self = .string(try value.decode(String.self)) }
    }
}
