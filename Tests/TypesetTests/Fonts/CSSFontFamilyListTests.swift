import Typeset
import XCTest

/// A font stack written as one string reads as CSS reads `font-family`.
final class CSSFontFamilyListTests: XCTestCase {
    private func families(_ s: String) throws -> [String] { try CSSFontFamilyList.families(s) }

    func testCommasSeparateFamiliesAndSpacesAroundThemGo() throws {
        XCTAssertEqual(try families("Noto Sans"), ["Noto Sans"])
        XCTAssertEqual(try families("Noto Sans, Noto Color Emoji"), ["Noto Sans", "Noto Color Emoji"])
        XCTAssertEqual(try families("  Noto   Sans ,serif\t"), ["Noto Sans", "serif"])
    }

    func testQuotedNamesKeepCommasQuotesAndSpaces() throws {
        XCTAssertEqual(try families(#""Acme, Inc Sans", sans-serif"#), ["Acme, Inc Sans", "sans-serif"])
        XCTAssertEqual(try families(#"'Noto Sans Arabic',"Noto  Sans""#), ["Noto Sans Arabic", "Noto  Sans"])
        XCTAssertEqual(try families(#""say \"hi\"", 'it\'s'"#), [#"say "hi""#, "it's"])
    }

    func testBackslashEscapesAsCSS() throws {
        XCTAssertEqual(try families(#"Acme\2c  Inc, B"#), ["Acme, Inc", "B"])
        XCTAssertEqual(try families(#"A\,B"#), ["A,B"])
    }

    func testMalformedListsAreErrorsThatSayWhy() {
        for (value, reason) in [("", "names no family"), ("  ", "names no family"), ("A,,B", "none empty"),
                                ("A,", "none empty"), (#""open"#, "not closed"), (#""A" B"#, "followed by more"),
                                (#"Noto "Sans""#, "quote inside")] {
            XCTAssertThrowsError(try families(value), value) { error in
                XCTAssertTrue("\(error)".contains(reason), "\(value): \(error)")
            }
        }
    }

    func testAListWrittenFromNamesReadsBackAsThem() throws {
        let names = ["Noto Sans", "Acme, Inc", #"Quote " and \ slash"#, " padded ", "two  spaces"]
        XCTAssertEqual(try families(CSSFontFamilyList.value(of: names)), names)
        XCTAssertEqual(CSSFontFamilyList.value(of: ["Noto Sans", "serif"]), "Noto Sans, serif")
        XCTAssertEqual(try FontStack(cssFontFamily: "A, 'B, C'"), FontStack(families: ["A", "B, C"]))
    }
}
