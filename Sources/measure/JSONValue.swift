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
        var out: [UInt8] = []
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the compact serialization as UTF-8 bytes.
    func write(to out: inout [UInt8]) {
        switch self {
        case .null: out += "null".utf8
        case .bool(let b): out += (b ? "true" : "false").utf8
        case .int(let i): out += String(i).utf8
        case .number(let d):
            if !d.isFinite { out += "null".utf8 }
            else if d == d.rounded(), abs(d) < 1e15 { out += String(Int(d)).utf8 }
            else { out += d.description.utf8 }
        case .string(let s): Self.writeString(s, to: &out)
        case .array(let a):
            out.append(UInt8(ascii: "["))
            for (i, v) in a.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                v.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let o):
            out.append(UInt8(ascii: "{"))
            for (i, (k, v)) in o.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(k, to: &out)
                out.append(UInt8(ascii: ":"))
                v.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped, the rest as UTF-8.
    private static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): out += #"\""#.utf8
            case UInt8(ascii: "\\"): out += #"\\"#.utf8
            case 0x0A: out += #"\n"#.utf8
            case 0x0D: out += #"\r"#.utf8
            case 0x09: out += #"\t"#.utf8
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += #"\u00"#.utf8
                out.append(hex[Int(b >> 4)])
                out.append(hex[Int(b & 15)])
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension JSONValue: Decodable {
    /// Any JSON value; an object's keys come out sorted (deterministic output).
    /// A number written without a fraction or exponent that fits an `Int` is
    /// an integer.
    init(from decoder: any Decoder) throws {
        // Probing a type that does not match throws (and builds an error), so
        // the likeliest kinds of ids come first: integers, then strings.
        let value = try decoder.singleValueContainer()
        if value.decodeNil() { self = .null }
        else if let i = try? value.decode(Int.self) { self = .int(i) }
        else if let s = try? value.decode(String.self) { self = .string(s) }
        else if let d = try? value.decode(Double.self) { self = .number(d) }
        else if let b = try? value.decode(Bool.self) { self = .bool(b) }
        else if var array = try? decoder.unkeyedContainer() {
            var values: [JSONValue] = []
            while !array.isAtEnd { values.append(try array.decode(JSONValue.self)) }
            self = .array(values)
        } else {
            let object = try decoder.container(keyedBy: FieldKey.self)
            self = .object(try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
                ($0.stringValue, try object.decode(JSONValue.self, forKey: $0))
            })
        }
    }
}
