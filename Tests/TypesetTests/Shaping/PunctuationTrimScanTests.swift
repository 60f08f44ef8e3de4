import XCTest
@testable import Typeset

/// `PunctuationTrim.hasMark` (sixteen, then four units at a time) and
/// `mayRestoreAtLineStart` against their unit-by-unit definitions, with a
/// mark or an opening pair at every position of texts of every length up
/// to 40 units, among units just below and above U+2000.
final class PunctuationTrimScanTests: XCTestCase {
    func testAgreeWithTheirDefinitionsUnitByUnit() {
        let fillers: [UInt16] = [0x61, 0x20, 0x1FFF, 0x2000, 0x4E00, 0xFF21]  // none of them a mark
        let marks: [UInt16] = [0x3002, 0x300C, 0x2018, 0xFF09, 0x30FB]
        func hasMarkByUnit(_ u: [UInt16]) -> Bool { u.contains { $0 >= PunctuationTrim.lowest && PunctuationTrim.kind($0) != .other } }
        func mayRestoreByUnit(_ u: [UInt16]) -> Bool {
            u.indices.dropFirst().contains { p in
                PunctuationTrim.kind(u[p]) == .open && (u[p - 1] == 0x3000 || PunctuationTrim.kind(u[p - 1]) != .other)
            }
        }
        var checked = 0
        for n in 0...40 {
            for filler in fillers {
                let plain = [UInt16](repeating: filler, count: n)
                XCTAssertFalse(PunctuationTrim.hasMark(plain), "length \(n), filler \(filler)")
                XCTAssertFalse(PunctuationTrim.mayRestoreAtLineStart(plain), "length \(n), filler \(filler)")
                for i in 0..<n {
                    for mark in marks {
                        var text = plain
                        text[i] = mark
                        XCTAssertEqual(PunctuationTrim.hasMark(text), hasMarkByUnit(text), "length \(n), \(mark) at \(i)")
                        if i + 1 < n { text[i + 1] = 0x300C }  // an opening mark after it
                        XCTAssertEqual(PunctuationTrim.mayRestoreAtLineStart(text), mayRestoreByUnit(text),
                                       "length \(n), \(mark) then an opening mark at \(i)")
                        checked += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 20_000)
    }
}
