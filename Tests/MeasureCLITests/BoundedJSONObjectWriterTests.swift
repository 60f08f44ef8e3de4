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
}
