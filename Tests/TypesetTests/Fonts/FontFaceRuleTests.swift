import XCTest
@testable import Typeset
import TypesetTestSupport

/// CSS `@font-face` rules: reading them, the errors that name the rule, and
/// the collection they make, checked against Chromium's measurements.
final class FontFaceRuleTests: XCTestCase {
    static let directory = WebFontTests.directory
    static let base = directory.appendingPathComponent("test.css")

    private func collection(_ css: String) throws -> FontCollection {
        try FontCollection(css: css, baseURL: Self.base, fileName: "test.css", paths: [Fixtures.fontsDirectory])
    }

    private func measure(_ collection: FontCollection, _ text: String, family: String, size: Double,
                         weight: Int = 400) throws -> (width: Double, height: Double) {
        let prepared = try Typesetter(fonts: collection).prepare(text, style: TextStyle(font: [family], size: size, weight: weight))
        let layout = try prepared.layout(width: 10_000)
        return (prepared.maxContentWidth, layout.lines.reduce(0) { $0 + $1.height })
    }

    func testGoogleFontsCSSIsRead() throws {
        let rules = try FontFaceRule.parse(contentsOf: Self.directory.appendingPathComponent("cabin.css"))
        XCTAssertEqual(rules.count, 2)
        XCTAssertEqual(rules.map(\.family), ["Cabin", "Cabin"])
        XCTAssertEqual(rules.map(\.origin.line), [2, 12])
        XCTAssertEqual(rules.map(\.origin.index), [1, 2])
        XCTAssertEqual(rules[1].sources, [.url(Self.directory.appendingPathComponent("Cabin-latin.woff2"), format: "woff2")])
        XCTAssertEqual(rules[1].weight, 400...700)
        XCTAssertEqual(rules[1].stretch, 75...100)
        XCTAssertEqual(rules[1].style, .normal)
        XCTAssertTrue(rules[1].unicodeRange.contains(0x41) && rules[1].unicodeRange.contains(0x301))
        XCTAssertFalse(rules[1].unicodeRange.contains(0x107))
        XCTAssertTrue(rules[0].unicodeRange.contains(0x107))
        XCTAssertFalse(rules[0].unicodeRange.contains(0x41))
    }

    func testEveryDescriptorForm() throws {
        let css = """
        @charset "utf-8";
        body { font-family: x; }  /* other rules are passed over */
        @media print { @font-face { font-family: Hidden; src: url(a.woff2) } }
        @font-face{font-family:My Font;src:local( "Noto Sans Regular" ),url('sub dir/f.woff2')format("woff2"),url(g.ttf) format(truetype) tech(variations);
          font-weight: bold; font-stretch: condensed expanded; font-style: oblique 20deg 10deg;
          unicode-range: U+4??, U+0-7F,u+1F600-1F64F; size-adjust: 90.5%; ascent-override: 80%;
          descent-override: normal; line-gap-override: 0%; font-display: swap }
        @FONT-FACE { font-family: "Quoted \\"Name\\""; src: url(data:font/ttf;base64,AAAA); font-weight: 100 900; font-style: oblique }
        """
        let rules = try FontFaceRule.parse(css: css, baseURL: Self.base, fileName: "test.css")
        XCTAssertEqual(rules.count, 2, "the rule inside @media is passed over with its block")
        let r = rules[0]
        XCTAssertEqual(r.family, "My Font")
        XCTAssertEqual(r.sources.count, 3)
        XCTAssertEqual(r.sources[0], .local("Noto Sans Regular"))
        XCTAssertEqual(r.sources[1], .url(Self.directory.appendingPathComponent("sub dir/f.woff2"), format: "woff2"))
        XCTAssertEqual(r.sources[2], .url(Self.directory.appendingPathComponent("g.ttf"), format: "truetype"))
        XCTAssertEqual(r.weight, 700...700)
        XCTAssertEqual(r.stretch, 75...125)
        XCTAssertEqual(r.style, .oblique(10...20))
        XCTAssertEqual(r.unicodeRange.ranges, [0...0x7F, 0x400...0x4FF, 0x1F600...0x1F64F])
        XCTAssertEqual(r.sizeAdjust, 0.905, accuracy: 1e-12)
        XCTAssertEqual(r.ascentOverride, 0.8)
        XCTAssertNil(r.descentOverride)
        XCTAssertEqual(r.lineGapOverride, 0)
        XCTAssertEqual(r.origin.line, 4)
        XCTAssertEqual(rules[1].family, "Quoted \"Name\"")
        XCTAssertEqual(rules[1].weight, 100...900)
        XCTAssertEqual(rules[1].style, .oblique(14...14))
        XCTAssertNil(rules[1].stretch, "a rule without font-stretch: matched as normal, the font's own range for wdth")
        XCTAssertEqual(rules[1].origin.line, 8)
    }

    /// Each malformed rule is an error naming the file, the line and the rule.
    func testMalformedRulesAreErrorsNamingFileLineAndRule() {
        let cases: [(String, Int, Int, String)] = [
            ("@font-face { font-family: A; src: url(a.ttf) }\n@font-face {\n  font-family: B;\n}", 2, 2, "no src"),
            ("@font-face {\n src: url(a.ttf);\n}", 1, 1, "no font-family"),
            ("@font-face { font-family: A;\n src: url(a.ttf);\n unicode-range: U+ZZ; }", 3, 1, "unicode-range"),
            ("@font-face { font-family: A; src: url(a.ttf);\n\n font-weight: heavy }", 3, 1, "font-weight"),
            ("@font-face { font-family: A; src: url(a.ttf); font-weight: 100 200 300 }", 1, 1, "font-weight"),
            ("@font-face { font-family: A; src: url(a.ttf); font-style: oblique 100deg }", 1, 1, "font-style"),
            ("@font-face { font-family: A; src: url(a.ttf); size-adjust: -5% }", 1, 1, "size-adjust"),
            ("@font-face { font-family: A; src: url(a.ttf); font-stretch: 1e999% }", 1, 1, "font-stretch"),
            ("@font-face { font-family: A; src: url(a.ttf); size-adjust: 1e999% }", 1, 1, "size-adjust"),
            ("@font-face { font-family: A; src: url(a.ttf); ascent-override: 10px }", 1, 1, "ascent-override"),
            ("@font-face { font-family: A; src: url(a.ttf); colour: red }", 1, 1, "unknown descriptor"),
            ("@font-face { font-family: A; src: foo(a.ttf) }", 1, 1, "src"),
            ("@font-face { font-family: A; src: url(a.ttf) format() }", 1, 1, "format"),
            ("@font-face { font-family: serif; src: url(a.ttf) }", 1, 1, "keyword"),
            ("@font-face { font-family: 12; src: url(a.ttf) }", 1, 1, "font-family"),
            ("@font-face { font-family: A; src: url(a.ttf) !important }", 1, 1, "!important"),
            ("@font-face { font-family: A; src: url(a b.ttf) }", 1, 1, "url"),
            ("\n\n@font-face { font-family: A; src: url(a.ttf)", 3, 1, "unterminated block"),
            ("@font-face { font-family: A; src: url(a.ttf) }\n/* open", 2, 2, "unterminated comment"),
            ("@font-face { font-family: 'A; src: url(a.ttf) }", 1, 1, "unterminated string"),
            ("@font-face font-family: A", 1, 1, "expected \"{\""),
        ]
        for (css, line, rule, problem) in cases {
            XCTAssertThrowsError(try FontFaceRule.parse(css: css, baseURL: Self.base, fileName: "test.css"), css) { error in
                guard case TypesetError.invalidFontFaceRule(let file, let l, let r, let p) = error else {
                    return XCTFail("\(error) for \(css)")
                }
                XCTAssertEqual(file, "test.css")
                XCTAssertEqual(l, line, "\(error)")
                XCTAssertEqual(r, rule, "\(error)")
                XCTAssertTrue(p.contains(problem), "\(error)")
                XCTAssertTrue("\(error)".hasPrefix("test.css:\(line): @font-face rule \(rule): "), "\(error)")
            }
        }
    }

    /// Random CSS made of the grammar's pieces (and cut anywhere) is read
    /// or refused with a rule error, never a crash.
    func testHostileCSSIsReadOrRefusedNeverACrash() {
        let pieces = ["@font-face", "{", "}", ";", ":", "font-family", "src", "url(", ")", "local(", "format(",
                      "'", "\"", "/*", "*/", "\\", "U+", "4??", "-", ",", "font-weight", "100", "900", "oblique",
                      "deg", "%", "size-adjust", "unicode-range", "\n", " ", "é", "\u{0}", "1e999", "-0", "@media",
                      "a.woff2", "data:font/woff2;base64,", "auto", "normal", "!important", "(", "\u{FEFF}"]
        var random = SplitMix64(seed: 0xC55)
        for _ in 0..<3000 {
            var css = ""
            for _ in 0..<random.int(0...40) { css += random.pick(pieces) }
            do {
                _ = try FontFaceRule.parse(css: css, baseURL: Self.base, fileName: "fuzz.css")
            } catch let error as TypesetError {
                guard case .invalidFontFaceRule(let file, let line, let rule, _) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(file, "fuzz.css")
                XCTAssertTrue(line >= 1 && rule >= 1, "\(error)")
            } catch {
                XCTFail("\(error)")
            }
        }
    }

    func testUnreadableFilesAreErrorsNamingThem() throws {
        XCTAssertThrowsError(try FontCollection(fontFaceRules: URL(fileURLWithPath: "/nonexistent/faces.css"))) { error in
            XCTAssertEqual(error as? TypesetError, .fontFaceRulesUnreadable(path: "/nonexistent/faces.css", reason: "no such file"))
        }
        let css = "@font-face { font-family: A; src: url(missing.woff2) format('woff2'), local('No Such Font Anywhere') }"
        XCTAssertThrowsError(try collection(css)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.hasPrefix("test.css:1: @font-face rule 1: no source of font-family \"A\""), message)
            XCTAssertTrue(message.contains(Self.directory.appendingPathComponent("missing.woff2").path), message)
            XCTAssertTrue(message.contains("No Such Font Anywhere"), message)
        }
        // A source of a format not read is passed over for the next.
        let fine = try collection("@font-face { font-family: A; src: url(x.eot) format('embedded-opentype'), url(NotoSans-latin1.woff2) }")
        XCTAssertEqual(fine.face(family: "A")?.path, Self.directory.appendingPathComponent("NotoSans-latin1.woff2").path)
    }

    /// Rules made in code are checked as the parser checks CSS.
    func testRulesMadeInCodeAreChecked() {
        let file = FontFaceRule.Source.url(Self.directory.appendingPathComponent("NotoSans-latin1.woff2"), format: nil)
        for rule in [FontFaceRule(family: "A", sources: [file], sizeAdjust: .infinity),
                     FontFaceRule(family: "A", sources: [file], weight: 0...2000),
                     FontFaceRule(family: "A", sources: [file], ascentOverride: -1),
                     FontFaceRule(family: "", sources: [file]), FontFaceRule(family: "A", sources: [])] {
            XCTAssertThrowsError(try FontCollection(fontFaceRules: [rule])) { error in
                XCTAssertTrue("\(error)".hasPrefix("<rules>:1: @font-face rule 1: "), "\(error)")
            }
        }
        XCTAssertNoThrow(try FontCollection(fontFaceRules: [FontFaceRule(family: "A", sources: [file], sizeAdjust: 0.5)]))
    }

    /// `local()` finds a font by full name or PostScript name, among the
    /// collection's files first.
    func testLocalFindsFontsByFullAndPostScriptName() throws {
        for name in ["Noto Sans Regular", "NotoSans-Regular", "noto sans regular"] {
            let c = try collection("@font-face { font-family: Local; src: local(\"\(name)\"); size-adjust: 50% }")
            let face = try XCTUnwrap(c.face(family: "Local"))
            XCTAssertEqual(face.path, Fixtures.fontsDirectory + "/NotoSans-Regular.ttf", name)
            XCTAssertEqual(face.familyName, "Local")
        }
    }

    // MARK: Chromium's answers (Chromium 156, measured with these files)

    /// The subsets' rules with Google Fonts' own unicode-ranges (latin's holds no U+0301).
    static let googleCabin = """
    @font-face { font-family: 'Cabin'; font-style: normal; font-weight: 400 700; font-stretch: 75% 100%;
      src: url(Cabin-latin-ext.woff2) format('woff2');
      unicode-range: U+0100-02BA, U+02BD-02C5, U+02C7-02CC, U+02CE-02D7, U+02DD-02FF, U+0304, U+0308, U+0329, U+1D00-1DBF, U+1E00-1E9F, U+1EF2-1EFF, U+2020, U+20A0-20AB, U+20AD-20C0, U+2113, U+2C60-2C7F, U+A720-A7FF; }
    @font-face { font-family: 'Cabin'; font-style: normal; font-weight: 400 700; font-stretch: 75% 100%;
      src: url(Cabin-latin.woff2) format('woff2');
      unicode-range: U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD; }

    """

    /// A family split by unicode-range is one family: each character from the
    /// face whose range holds it. With gfsubsets' latin range (which holds
    /// U+0301) the latin face sets "ć" as c + U+0301, as Chromium does; with
    /// Google Fonts' own latin range (no U+0301) it comes precomposed from latin-ext.
    func testUnicodeRangeFamiliesResolvePerCharacterAsChromium() throws {
        let served = try FontCollection(fontFaceRules: Self.directory.appendingPathComponent("cabin.css"),
                                        paths: [Fixtures.fontsDirectory])
        XCTAssertEqual(try measure(served, "być zawsze", family: "Cabin", size: 100).width, 476.703125)
        XCTAssertEqual(try measure(try collection(Self.googleCabin), "być zawsze", family: "Cabin", size: 100).width, 477.703125)
        // The two files as a plain stack: the latin file decomposes "ć".
        let stack = try collection("""
        @font-face { font-family: CabinLatin; src: url(Cabin-latin.woff2); }
        @font-face { font-family: CabinExt; src: url(Cabin-latin-ext.woff2); }
        """)
        let prepared = try Typesetter(fonts: stack).prepare("być zawsze", style: TextStyle(font: ["CabinLatin", "CabinExt"], size: 100))
        XCTAssertEqual(prepared.maxContentWidth, 476.703125)
        XCTAssertEqual(try measure(stack, "być zawsze", family: "CabinExt", size: 100).width, 477.703125)
        // Typed decomposed, in a face whose range holds c and U+0301 but not
        // "ć": HarfBuzz must not compose into the character the range leaves out.
        let composing = try collection("""
        @font-face { font-family: Comp; src: url(Cabin-latin-ext.woff2); unicode-range: U+0-FF, U+300-36F; }
        @font-face { font-family: CompAll; src: url(Cabin-latin-ext.woff2); }
        """)
        XCTAssertEqual(try measure(composing, "byc\u{301} zawsze", family: "Comp", size: 100).width, 476.703125)
        XCTAssertEqual(try measure(composing, "byc\u{301} zawsze", family: "CompAll", size: 100).width, 477.703125)
    }

    /// Cabin's variable WOFF2 subsets at weights across and beyond their
    /// declared range, a rule without descriptors (its wght follows the
    /// request), size-adjust on an instance, a declared range that clamps.
    func testVariableWebFontsAsChromium() throws {
        let c = try collection(Self.googleCabin + """
        @font-face { font-family: NoDesc; src: url(Cabin-latin.woff2); }
        @font-face { font-family: SAVar; src: url(Cabin-latin.woff2); font-weight: 400 700; size-adjust: 110%; ascent-override: 90%; }
        @font-face { font-family: W500; src: url(Cabin-latin.woff2); font-weight: 400 500; }
        """)
        let polish = "Zażółć gęślą jaźń, być zawsze", fox = "Hello world, quick brown fox"
        let expected: [(String, Int, Double, String, Double, Double)] = [
            ("Cabin", 400, 16, polish, 196.171875, 19), ("Cabin", 650, 16, polish, 199.609375, 19),
            ("Cabin", 700, 24, polish, 300.53125, 29), ("Cabin", 350, 13, polish, 159.390625, 16),
            ("NoDesc", 700, 16, fox, 197.140625, 19), ("NoDesc", 400, 16, fox, 190.671875, 19),
            ("SAVar", 650, 15, fox, 202.125, 19), ("W500", 700, 15, fox, 181.359375, 18),
            ("W500", 500, 15, fox, 181.359375, 18),
        ]
        for (family, weight, size, text, width, height) in expected {
            let m = try measure(c, text, family: family, size: size, weight: weight)
            XCTAssertEqual(m.width, width, "\(family) \(weight)")
            XCTAssertEqual(m.height, height, "\(family) \(weight)")
        }
    }

    /// Rules with the same descriptors form one face, the later rule first;
    /// a character its range holds but its font lacks comes from the next.
    func testLaterRulesTakePrecedenceAndMissingGlyphsFallToTheNext() throws {
        let c = try collection("""
        @font-face { font-family: Prec; src: url(NotoSans-latin1.ttf); unicode-range: U+0-FF; }
        @font-face { font-family: Prec; src: url(Cabin-latin.woff2); unicode-range: U+0-7F; }
        @font-face { font-family: Miss; src: url(Cabin-latin-ext.woff2); }
        @font-face { font-family: Miss; src: url(NotoSans-latin1.ttf); unicode-range: U+0-FFFF; }
        """)
        let prec = try measure(c, "Hello é", family: "Prec", size: 20)
        XCTAssertEqual(prec.width, 60.203125)
        XCTAssertEqual(prec.height, 27)
        let miss = try measure(c, "ćx", family: "Miss", size: 20)
        XCTAssertEqual(miss.width, 19.671875)
        XCTAssertEqual(miss.height, 27)
    }

    /// size-adjust sets the face at the size times the factor (widths and
    /// heights); the overrides replace ascent, descent and line gap as
    /// fractions of that adjusted size.
    func testSizeAdjustAndMetricOverridesAsChromium() throws {
        let c = try collection("""
        @font-face { font-family: SA90; src: url(NotoSans-latin1.ttf); size-adjust: 90%; }
        @font-face { font-family: SA90A80; src: url(NotoSans-latin1.woff2); size-adjust: 90%; ascent-override: 80%; descent-override: 30%; line-gap-override: 10%; }
        @font-face { font-family: A80; src: url(NotoSans-latin1.woff); ascent-override: 80%; descent-override: 30%; line-gap-override: 10%; }
        @font-face { font-family: SA137; src: url(NotoSans-latin1.ttf); size-adjust: 137.5%; }
        """)
        let text = "Hello world, quick brown fox"
        let expected: [(String, Double, Double, Double)] = [
            ("Noto Sans", 16, 213.9375, 22), ("SA90", 16, 192.421875, 19), ("SA90A80", 16, 192.421875, 17),
            ("A80", 16, 213.9375, 20), ("SA137", 13, 238.8125, 24),
            // 17 px × 90% is 15.299999 in float32: set at 15.29 px, not 15.3 (204.546875).
            ("SA90A80", 17, 204.328125, 19), ("SA137", 15, 275.578125, 28), ("SA90A80", 13, 156.28125, 14),
        ]
        for (family, size, width, height) in expected {
            let m = try measure(c, text, family: family, size: size)
            XCTAssertEqual(m.width, width, family)
            XCTAssertEqual(m.height, height, family)
        }
        // At a device pixel ratio of 3 (Chromium's answers, in float32).
        for (family, size, width, height) in [("SA90A80", 17.0, 204.53646850585938, 18.666667938232422),
                                              ("SA90A80", 13, 156.34375, 14.333333969116211),
                                              ("SA137", 15, 275.7083435058594, 28)] {
            let prepared = try Typesetter(fonts: c).prepare(text, style: TextStyle(font: [family], size: size), scale: 3)
            XCTAssertEqual(prepared.maxContentWidth, width, accuracy: 1e-4, family)
            XCTAssertEqual(try prepared.layout(width: 10_000).size().height, height, accuracy: 1e-4, family)
        }
    }
}
