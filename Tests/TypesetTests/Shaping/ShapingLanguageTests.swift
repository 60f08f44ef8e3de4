import XCTest
@testable import Typeset
import TypesetTestSupport

/// A text's language reaches HarfBuzz only as the language system it selects
/// in the face: HarfBuzz keeps every language it is given for good, with a
/// shape plan per language and face, so distinct tags must not pile up.
final class ShapingLanguageTests: XCTestCase {
    func testWellFormedTags() {
        for tag in ["en", "ja", "zh-Hant-TW", "sr_Latn", "x-1", "de-CH-1996", "i-klingon"] {
            XCTAssertTrue(ShapingLanguage.isWellFormed(tag), tag)
        }
        for tag in ["", "-", "en-", "e n", "en--us", "abcdefghi", "ja\u{0}", "日本", String(repeating: "a-", count: 18) + "a"] {
            XCTAssertFalse(ShapingLanguage.isWellFormed(tag), tag)
        }
    }

    func testATagMapsToHarfBuzzsLanguageSystems() {
        func tag(_ s: String) -> UInt32 { s.utf8.reduce(0) { $0 << 8 | UInt32($1) } }
        XCTAssertEqual(ShapingLanguage.openTypeTags("ja").first, tag("JAN "))
        XCTAssertEqual(ShapingLanguage.openTypeTags("zh-Hant").first, tag("ZHT "))
        XCTAssertEqual(ShapingLanguage.openTypeTags("ZH_hk").first, tag("ZHH "))
        XCTAssertEqual(ShapingLanguage.openTypeTags("x-1"), [])
        // Japanese selects the CJK face's JAN system; an unknown tag selects none.
        let cjk = Fixtures.face(file: "NotoSansCJKjp-Regular.otf")
        XCTAssertTrue(cjk.languageSystems.contains(tag("JAN ")))
        XCTAssertNotNil(ShapingLanguage.language(for: "ja-JP", face: cjk))
        XCTAssertNil(ShapingLanguage.language(for: "x-12345", face: cjk))
        XCTAssertNil(ShapingLanguage.language(for: "qqq", face: cjk))
    }

    /// 20,000 distinct tags, then ordinary text: the languages given to
    /// HarfBuzz grow by at most the faces' language systems, never per tag.
    func testManyDistinctTagsDoNotReachHarfBuzz() throws {
        let typesetter = Typesetter(fonts: Fixtures.fonts, shapeCache: nil)
        let before = ShapingLanguage.languagesUsed
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        for i in 0..<20_000 {
            let tag = i.isMultiple(of: 2) ? "x-\(i)"
                : String([letters[i % 26], letters[(i / 26) % 26], letters[(i / 676) % 26]]) + "-\(i % 1000)"
            var style = Fixtures.style()
            style.language = tag
            _ = try typesetter.prepare(i.isMultiple(of: 100) ? "Hello ज़ाहिर 日本" : "Hi", style: style)
        }
        let added = ShapingLanguage.languagesUsed.subtracting(before)
        let systems = Fixtures.fonts.faces.reduce(0) { $0 + $1.languageSystems.count }
        XCTAssertLessThanOrEqual(added.count, systems, "\(added.sorted())")
        XCTAssertFalse(added.contains { $0.hasPrefix("x-") && !$0.hasPrefix("x-hbot") }, "\(added.sorted())")
        // An ordinary request shapes as before: a tag the face has no system for is the default.
        let plain = Fixtures.style()
        var tagged = Fixtures.style()
        tagged.language = "x-99999"
        XCTAssertEqual(try typesetter.prepare("Hello world", style: plain).naturalWidth,
                       try typesetter.prepare("Hello world", style: tagged).naturalWidth)
    }
}
