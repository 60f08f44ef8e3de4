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
    /// An integer beyond `Int`'s range (an unsigned 64-bit id above 2⁶³),
    /// kept as it was written so that it is echoed as sent; it reads as the
    /// nearest `Double` in a number field.
    case bigInteger(String)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// Appends the compact serialization as UTF-8 bytes.
    package func write(to out: inout [UInt8]) {
        switch self {
        case .null: out += "null".utf8
        case .bool(let b): out += (b ? "true" : "false").utf8
        case .int(let i): Self.writeInt(i, to: &out)
        case .bigInteger(let digits): out += digits.utf8
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
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxNumberBytes) { buffer in
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<formatInt(n, at: buffer.baseAddress!)]))
        }
    }

    /// The most bytes ``formatInt(_:at:)`` and ``formatNumber(_:at:)`` write.
    package static let maxNumberBytes = 32

    /// Writes `n` in decimal at `p` (room for ``maxNumberBytes``); returns the bytes written.
    @inline(__always)
    package static func formatInt(_ n: Int, at p: UnsafeMutablePointer<UInt8>) -> Int {
        var count = 0
        if n < 0 { p[0] = UInt8(ascii: "-"); count = 1 }
        var m = n.magnitude
        if m < 10 {
            p[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: m)
            return count + 1
        }
        var digits = 2, power: UInt = 100
        while digits < 19 && m >= power { digits += 1; power = power &* 10 }
        // Two digits a step, from the last (a pair's bytes from `digitPairs`).
        var k = count + digits
        let pairs = digitPairs.utf8Start
        while m >= 10 {
            let r = Int(truncatingIfNeeded: m % 100)
            m /= 100
            k -= 2
            p[k] = pairs[2 &* r]
            p[k + 1] = pairs[2 &* r &+ 1]
        }
        if k > count { p[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: m) }
        return count + digits
    }

    /// "00" to "99", each pair's two digits in turn.
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// A number as JSON: whole numbers without a fraction, non-finite ones as
    /// `null`, the rest in the shortest form that reads back the same. Layout
    /// values are multiples of 1/64 px, whose exact decimal (at most six
    /// fraction digits) is that shortest form: they are written without
    /// building a `String`.
    package static func writeNumber(_ d: Double, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxNumberBytes) { buffer in
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<formatNumber(d, at: buffer.baseAddress!)]))
        }
    }

    /// Writes `d` as ``writeNumber(_:to:)`` does at `p` (room for
    /// ``maxNumberBytes``); returns the bytes written.
    package static func formatNumber(_ d: Double, at p: UnsafeMutablePointer<UInt8>) -> Int {
        // (NaN and the infinities fail the range check; within it the count of
        // 1/64 px converts exactly, and compares equal only for a multiple.)
        if abs(d) < 1e12 {
            let sixtyFourths = d * 64
            let n = Int64(sixtyFourths)
            if Double(n) == sixtyFourths {
                let units = n.magnitude
                var count = 0
                if d < 0, units != 0 { p[0] = UInt8(ascii: "-"); count = 1 }
                count += formatInt(Int(units >> 6), at: p + count)
                let fraction = Int(units & 63)
                guard fraction != 0 else { return count }
                // n/64 = n × 15625 / 10^6: six fraction digits, written as three
                // pairs; a fraction k = 2^a × odd ends in a zeros, which are dropped.
                let digits = fraction &* 15625
                let pairs = digitPairs.utf8Start
                let high = 2 &* (digits / 10_000), middle = 2 &* (digits / 100 % 100), low = 2 &* (digits % 100)
                p[count] = UInt8(ascii: ".")
                p[count + 1] = pairs[high]; p[count + 2] = pairs[high + 1]
                p[count + 3] = pairs[middle]; p[count + 4] = pairs[middle + 1]
                p[count + 5] = pairs[low]; p[count + 6] = pairs[low + 1]
                return count + 7 - fraction.trailingZeroBitCount
            }
        }
        guard d.isFinite else { return copy("null", to: p) }
        if d == d.rounded(), abs(d) < 1e15 { return formatInt(Int(d), at: p) }
        var text = d.description
        return text.withUTF8 { bytes in
            p.update(from: bytes.baseAddress!, count: bytes.count)
            return bytes.count
        }
    }

    private static func copy(_ literal: StaticString, to p: UnsafeMutablePointer<UInt8>) -> Int {
        p.update(from: literal.utf8Start, count: literal.utf8CodeUnitCount)
        return literal.utf8CodeUnitCount
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
