import Foundation
import TypesetBatch
import TypesetTestSupport
import XCTest

/// An answer's line objects written at once come out byte for byte as the
/// general object writer writes them, for every kind of number.
final class BoundedJSONObjectWriterTests: XCTestCase {
    func testObjectsMatchTheGeneralWriter() throws {
        var random = SplitMix64(seed: 0xB0B0)
        let special: [Double] = [0, -0.0, 1, -1, 0.5, 1.0 / 64, -1.0 / 64, 1e-7, 123.456, 1e11, 1e12, 1e12 + 0.5,
                                 1e15, 1e16, -1e300, 1e300, .nan, .infinity, -.infinity, .pi, Double.leastNonzeroMagnitude,
                                 Double.greatestFiniteMagnitude, 9_007_199_254_740_992, 4_503_599_627_370_495.5]
        let ints = [0, -1, 7, Int.max, Int.min, 1_000_000, -123_456_789]
        for k in 0..<2000 {
            let numbers: [Double] = (0..<5).map { _ in
                switch random.int(0...3) {
                case 0: return random.pick(special)
                case 1: return Double(random.int(-100_000...100_000)) / 64
                case 2: return random.double(-1e6...1e6)
                default: return Double(random.int(-1_000_000...1_000_000))
                }
            }
            let a = k < ints.count ? ints[k] : random.int(-1_000_000...1_000_000), b = random.pick(ints)
            var general: [UInt8] = [], bounded: [UInt8] = []
            general.appendJSONObject { o in
                o.int("start", a); o.int("end", b)
                o.number("width", numbers[0]); o.number("x", numbers[1]); o.number("top", numbers[2])
                o.number("baseline", numbers[3]); o.number("height", numbers[4])
            }
            BoundedJSONObjectWriter.append(to: &bounded, fields: 7) { o in
                o.int("start", a); o.int("end", b)
                o.number("width", numbers[0]); o.number("x", numbers[1]); o.number("top", numbers[2])
                o.number("baseline", numbers[3]); o.number("height", numbers[4])
            }
            XCTAssertEqual(String(decoding: bounded, as: UTF8.self), String(decoding: general, as: UTF8.self))
            // Each number also reads back as itself (or null when not finite).
            for (n, d) in numbers.enumerated() {
                var one: [UInt8] = []
                JSONValue.writeNumber(d, to: &one)
                let text = String(decoding: one, as: UTF8.self)
                if d.isFinite { XCTAssertEqual(Double(text), d, "number \(n): \(text)") } else { XCTAssertEqual(text, "null") }
            }
        }
        var empty: [UInt8] = []
        BoundedJSONObjectWriter.append(to: &empty, fields: 0) { _ in }
        XCTAssertEqual(String(decoding: empty, as: UTF8.self), "{}")
    }

    /// An answer's fields and its lines written in runs (`fields`, `objects`)
    /// come out as the general writer writes them field by field: with and
    /// without fields before them, for no element, one, and more than fill one run.
    func testFieldRunsAndObjectArraysMatchTheGeneralWriter() throws {
        var random = SplitMix64(seed: 0xF1E1D)
        for count in [0, 1, 5, 63, 64, 65, 200] {
            let values: [(Int, Double, Bool)] = (0..<count).map { _ in
                (random.int(-1_000_000...1_000_000), Double(random.int(-100_000...100_000)) / 64, random.int(0...1) == 1)
            }
            for leading in [false, true] {
                var general: [UInt8] = [], runs: [UInt8] = []
                general.appendJSONObject { o in
                    if leading { o.value("id", .string("a")) }
                    o.number("w", values.first?.1 ?? 0.5)
                    o.int("n", values.count)
                    o.bool("t", values.first?.2 ?? false)
                    o.array("lines", values) { out, v in
                        out.appendJSONObject { l in l.int("start", v.0); l.number("width", v.1); l.bool("t", v.2) }
                    }
                }
                runs.appendJSONObject { o in
                    if leading { o.value("id", .string("a")) }
                    o.fields(3) { f in
                        f.number("w", values.first?.1 ?? 0.5)
                        f.int("n", values.count)
                        f.bool("t", values.first?.2 ?? false)
                    }
                    o.objects("lines", values, fields: 3) { l, v in l.int("start", v.0); l.number("width", v.1); l.bool("t", v.2) }
                }
                XCTAssertEqual(String(decoding: runs, as: UTF8.self), String(decoding: general, as: UTF8.self),
                               "\(count) elements, fields before: \(leading)")
            }
        }
    }

    /// Every multiple of 1/64 is written as its exact decimal, trailing zeros
    /// dropped, and no fraction for a whole number.
    func testSixtyFourthsAreWrittenAsTheirExactDecimal() {
        for n in -70_000...70_000 {
            let d = Double(n) / 64
            var out: [UInt8] = []
            JSONValue.writeNumber(d, to: &out)
            let units = n.magnitude
            var digits = String(Int(units & 63) * 15625 + 1_000_000).dropFirst()
            while digits.last == "0" { digits.removeLast() }
            let expected = (n < 0 ? "-" : "") + "\(units >> 6)" + (digits.isEmpty ? "" : "." + digits)
            XCTAssertEqual(String(decoding: out, as: UTF8.self), expected)
            if String(decoding: out, as: UTF8.self) != expected { return }
        }
        for d in [1e12 - 1.0 / 64, -(1e12 - 1.0 / 64), 99_999_999_999.984375] {
            var out: [UInt8] = []
            JSONValue.writeNumber(d, to: &out)
            XCTAssertEqual(Double(String(decoding: out, as: UTF8.self)), d)
        }
    }

    /// Integers are written as Swift writes them, at every digit count and both ends of the range.
    func testIntegersAreWrittenInDecimal() {
        var values = [0, 1, -1, 9, 10, 11, 99, 100, 101, 999, 1000, -1000, Int.max, Int.min, Int.max - 1, Int.min + 1]
        var power = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -power, -(power - 1)]
        }
        var random = SplitMix64(seed: 0x1A7)
        values += (0..<10_000).map { _ in random.int(-1_000_000_000...1_000_000_000) }
        for n in values {
            var out: [UInt8] = []
            JSONValue.writeInt(n, to: &out)
            XCTAssertEqual(String(decoding: out, as: UTF8.self), String(n))
        }
    }
}
