import Foundation

/// Anything the tool writes as one line of JSON output (Sendable: answers
/// are made on workers and written by the writing thread).
package protocol JSONWritable: Sendable {
    /// Appends the compact serialization as UTF-8 bytes.
    func write(to out: inout [UInt8])
}

extension JSONWritable {
    /// Compact serialization.
    package var serialized: String {
        var out: [UInt8] = []
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}

/// A JSON value with deterministic output (keys in insertion order), for the
/// tool's JSON and JSON Lines.
package enum JSONValue: JSONWritable {
    case null
    case bool(Bool)
    case number(Double)
    case int(Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// Appends the compact serialization as UTF-8 bytes.
    package func write(to out: inout [UInt8]) {
        switch self {
        case .null: out += "null".utf8
        case .bool(let b): out += (b ? "true" : "false").utf8
        case .int(let i): Self.writeInt(i, to: &out)
        case .number(let d): Self.writeNumber(d, to: &out)
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

    /// An integer in decimal.
    package static func writeInt(_ n: Int, to out: inout [UInt8]) {
        if n < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = n.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var k = 20
            repeat {
                k -= 1
                digits[k] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[k...]))
        }
    }

    /// A number as JSON: whole numbers without a fraction, non-finite ones as
    /// `null`, the rest in the shortest form that reads back the same. Layout
    /// values are multiples of 1/64 px, whose exact decimal (at most six
    /// fraction digits) is that shortest form: they are written without
    /// building a `String`.
    package static func writeNumber(_ d: Double, to out: inout [UInt8]) {
        guard d.isFinite else { out += "null".utf8; return }
        let sixtyFourths = d * 64
        if abs(d) < 1e12, sixtyFourths == sixtyFourths.rounded() {
            let units = Int(sixtyFourths).magnitude
            if d < 0, units != 0 { out.append(UInt8(ascii: "-")) }
            writeInt(Int(units >> 6), to: &out)
            // n/64 = n × 15625 / 10^6: six fraction digits, trailing zeros dropped.
            var fraction = Int(units & 63) * 15625
            guard fraction != 0 else { return }
            out.append(UInt8(ascii: "."))
            var divisor = 100_000
            while fraction != 0 {
                out.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
                fraction %= divisor
                divisor /= 10
            }
            return
        }
        if d == d.rounded(), abs(d) < 1e15 { writeInt(Int(d), to: &out) } else { out += d.description.utf8 }
    }

    /// A JSON string literal: quotes, backslashes and control characters
    /// escaped, the rest as UTF-8 (runs without escapes appended at once).
    package static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            var runStart = 0
            for (i, b) in bytes.enumerated() where b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                runStart = i + 1
                switch b {
                case UInt8(ascii: "\""): out += #"\""#.utf8
                case UInt8(ascii: "\\"): out += #"\\"#.utf8
                case 0x0A: out += #"\n"#.utf8
                case 0x0D: out += #"\r"#.utf8
                case 0x09: out += #"\t"#.utf8
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    out += #"\u00"#.utf8
                    out.append(hex[Int(b >> 4)])
                    out.append(hex[Int(b & 15)])
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        out.append(UInt8(ascii: "\""))
    }
}
