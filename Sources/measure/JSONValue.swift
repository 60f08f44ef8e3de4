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

    /// Converts what JSONSerialization returns.
    init(any value: Any) {
        switch value {
        case is NSNull: self = .null
        case let n as NSNumber:
            if isBoolean(n) { self = .bool(n.boolValue) }
            else if String(cString: n.objCType) != "d", let i = Int(exactly: n.doubleValue) { self = .int(i) }
            else { self = .number(n.doubleValue) }
        case let s as String: self = .string(s)
        case let a as [Any]: self = .array(a.map(JSONValue.init(any:)))
        case let o as [String: Any]: self = .object(o.keys.sorted().map { ($0, JSONValue(any: o[$0]!)) })
        default: self = .null
        }
    }

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

/// Whether JSONSerialization decoded the number from `true`/`false`
/// (it returns its boolean subclass of NSNumber for those).
func isBoolean(_ n: NSNumber) -> Bool {
    type(of: n) != NSNumber.self && String(cString: n.objCType) == "c"
}
