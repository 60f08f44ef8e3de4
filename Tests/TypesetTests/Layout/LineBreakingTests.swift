import XCTest
@testable import Typeset
import TypesetTestSupport

/// Every line-breaking rule, checked on the bundled fonts.
final class LineBreakingTests: XCTestCase {
    private let sans = TextStyle(font: ["Noto Sans", "Noto Sans Thai", "Noto Sans CJK JP", "Noto Color Emoji"], size: 15)

    private func lines(_ text: String, width: Double?, _ paragraph: ParagraphStyle = ParagraphStyle(),
                       style: TextStyle? = nil) throws -> [String] {
        let layout = try Fixtures.typesetter.layout(text, style: style ?? sans, paragraph: paragraph, width: width)
        return layout.lines.map { layout.text(of: $0) }
    }

    func testSpacesHangAndCollapse() throws {
        let layout = try Fixtures.typesetter.layout("  Hello     world  ", style: sans, width: 60)
        XCTAssertEqual(layout.lines.map { layout.text(of: $0) }, ["  Hello     ", "world  "])
        let hello = try Fixtures.typesetter.layout("Hello", style: sans, width: nil).lines[0].width
        XCTAssertEqual(layout.lines[0].width, hello, "trailing spaces hang: they add no width")
    }

    func testPreWrapKeepsSpacesNewlinesAndTabs() throws {
        let pre = ParagraphStyle(whiteSpace: .preWrap)
        XCTAssertEqual(try lines("a\n\nb", width: 200, pre), ["a\n", "\n", "b"])
        XCTAssertEqual(try lines("a\r\nb", width: 200, pre), ["a\r\n", "b"])
        XCTAssertEqual(try lines("a\u{2028}b", width: 200, pre), ["a\u{2028}", "b"])
        XCTAssertEqual(try lines("   ", width: 200, pre).count, 1, "whitespace-only pre-wrap text is one line")
        XCTAssertEqual(try lines("   ", width: 200).count, 0, "whitespace-only normal text is no line")
        // A tab advances to the next multiple of 8 spaces (space = 0.26 em in Noto Sans).
        let tab = try Fixtures.typesetter.layout("a\tb", style: sans, paragraph: pre, width: nil)
        let space = 0.26 * 15, b = try Fixtures.typesetter.layout("b", style: sans, width: nil).lines[0].width
        XCTAssertEqual(tab.lines[0].width, 8 * space + b, accuracy: 1.0 / 32)
    }

    func testThaiBreaksByDictionary() throws {
        // Thai has no spaces between words; ICU's dictionary finds the word boundaries.
        let thai = try lines("สวัสดีชาวโลก", width: 60)
        XCTAssertEqual(thai.joined(), "สวัสดีชาวโลก")
        XCTAssertGreaterThan(thai.count, 1)
        // Every break falls between the words สวัสดี|ชาว|โลก (UTF-16 offsets 6 and 9).
        var offset = 0
        for line in thai.dropLast() {
            offset += line.utf16.count
            XCTAssertTrue([6, 9].contains(offset), "break at \(offset) is inside a word: \(thai)")
        }
    }

    func testThaiAfterASplitWordIsSegmentedFromTheLineStart() throws {
        // Chromium segments Thai from each line's start (measured in Chromium
        // 156, 20 px in 40 px): the rest of a split word and what follows it
        // break as "คระหว่างคำ" alone does, not at the paragraph's words.
        let thai = TextStyle(font: ["Noto Sans Thai", "Noto Sans"], size: 20)
        XCTAssertEqual(try lines("การเว้นวรรคระหว่างคำ จึง", width: 40, style: thai),
                       ["การ", "เว้น", "วรร", "คระ", "หว่า", "งคำ ", "จึง"])
        XCTAssertEqual(try lines("การเว้นวรรคระหว่างคำ จึง", width: 40, ParagraphStyle(wordBreak: .keepAll), style: thai),
                       ["การ", "เว้น", "วรร", "คระ", "หว่า", "งคำ ", "จึง"])
        XCTAssertEqual(try lines("วรรคระหว่าง คำคำ", width: 40, style: thai), ["วรร", "คระ", "หว่า", "ง ", "คำ", "คำ"])
    }

    func testALineStartingWithAHyphenDoesNotBreakBeforeADigit() throws {
        // Chromium's break iterator starts at the line (measured in Chromium 156,
        // 17 px in 60 px): a "-" that starts a line has no letter before it.
        let latin = TextStyle(font: ["Noto Sans"], size: 17)
        XCTAssertEqual(try lines("ry/item-12345?ref", width: 60, style: latin), ["ry/item", "-12345", "?ref"])
        XCTAssertEqual(try lines("ry/item-12345?ref", width: 60, ParagraphStyle(wordBreak: .keepAll), style: latin),
                       ["ry/item", "-12345", "?ref"])
        XCTAssertEqual(try lines("abcdefghi-12345?ref", width: 60, style: latin), ["abcdef", "ghi-", "12345?", "ref"])
    }

    func testALineHoldingPartOfAWordCountsOnlyItsFonts() throws {
        // Measured in Chromium 156 (40 px, line-height normal): "مرحبا" takes Noto
        // Sans Arabic (85 px lines), the comma after it Noto Sans (55 px); split
        // by overflow-wrap, the comma's line is 55 px tall.
        let big = TextStyle(font: ["Noto Sans", "Noto Sans Arabic"], size: 40)
        let layout = try Fixtures.typesetter.layout("مرحبا,x", style: big, width: 86)
        XCTAssertEqual(layout.lines.map { layout.text(of: $0) }, ["مرحبا", ",x"])
        XCTAssertEqual(layout.lines.map(\.height), [85, 55])
    }

    func testOverflowWrapBreaksLongWordsBetweenGraphemes() throws {
        let word = "Donaudampfschifffahrtsgesellschaft"
        let broken = try lines(word, width: 80)
        XCTAssertGreaterThan(broken.count, 2)
        XCTAssertEqual(broken.joined(), word)
        // Without break-word the word overflows on its own line.
        XCTAssertEqual(try lines(word, width: 80, ParagraphStyle(breakWords: false)), [word])
        // A word that fits alone moves to the next line rather than breaking.
        let alone = try Fixtures.typesetter.layout("Donaudampf", style: sans, width: nil).lines[0].width
        XCTAssertEqual(try lines("a Donaudampf", width: alone + 1), ["a ", "Donaudampf"])
    }

    func testWordBreakModes() throws {
        let korean = "한국어 문장을 나눕니다"
        let normal = try lines(korean, width: 50)
        let keepAll = try lines(korean, width: 50, ParagraphStyle(wordBreak: .keepAll, breakWords: false))
        XCTAssertTrue(normal.contains { $0.count < 3 && !$0.hasSuffix(" ") }, "normal breaks inside Korean words: \(normal)")
        XCTAssertEqual(keepAll, ["한국어 ", "문장을 ", "나눕니다"])
        let breakAll = try lines("abcdef ghij", width: 30, ParagraphStyle(wordBreak: .breakAll, breakWords: false))
        XCTAssertEqual(breakAll.joined(), "abcdef ghij")
        XCTAssertGreaterThan(breakAll.count, 2)
    }

    func testCJKPunctuationTrimAsChromiumSetsIt() throws {
        // Widths and breaks measured in Chromium 156 with the bundled fonts (20 px Noto Sans CJK JP).
        let cjk = TextStyle(font: ["Noto Sans CJK JP", "Noto Sans"], size: 20)
        func layout(_ text: String, _ width: Double?, _ p: ParagraphStyle = ParagraphStyle()) throws -> TextLayout {
            try Fixtures.typesetter.layout(text, style: cjk, paragraph: p, width: width)
        }
        // A closing mark before an ideographic space is set half-width, as an opening one after it is.
        XCTAssertEqual(try layout("日本」\u{3000}語。\u{3000}「日本」", nil).lines[0].width, 190, accuracy: 1.0 / 64)
        // The trailing ideographic space hangs; the bracket before it is already half-width.
        XCTAssertEqual(try lines("「한국어」\u{3000}문장입니다.", width: 90, style: cjk), ["「한국어」\u{3000}", "문장입니", "다."])
        // A bracket at a line end is trimmed to fit only where a break may follow it directly.
        XCTAssertEqual(try lines("「한국어」문장입니다.", width: 90, style: cjk), ["「한국어」", "문장입니", "다."])
        XCTAssertEqual(try lines("「한국어」 문장입니다.", width: 90, style: cjk), ["「한국", "어」 문장", "입니다."])
        XCTAssertEqual(try lines("「한국어」\n문장", width: 90, ParagraphStyle(whiteSpace: .preWrap), style: cjk),
                       ["「한국", "어」\n", "문장"])
        XCTAssertEqual(try lines("「한국어」 문장입니다.", width: 90, ParagraphStyle(lineBreak: .anywhere), style: cjk),
                       ["「한국어」 ", "문장입니", "다."])
    }

    func testSoftHyphenWhoseHyphenDoesNotFitBreaksAnywhere() throws {
        // Measured in Chromium 156 (Noto Sans 32 px: "Soft" 59.5 px, its hyphen 10.3 px, "Softi" 67.75 px).
        let big = TextStyle(font: ["Noto Sans"], size: 32)
        let text = "Soft\u{AD}ilk"
        XCTAssertEqual(try lines(text, width: 70, style: big), ["Soft\u{AD}", "ilk"], "the hyphen fits")
        XCTAssertEqual(try lines(text, width: 68, style: big), ["Soft\u{AD}i", "lk"], "a letter after it fits, no hyphen")
        XCTAssertEqual(try lines(text, width: 62, style: big), ["Sof", "t\u{AD}ilk"], "within the width less the hyphen")
        XCTAssertEqual(try lines("a Soft\u{AD}hyphen", width: 60, style: big), ["a ", "Sof", "t\u{AD}", "hyp", "hen"])
        // Without overflow-wrap the line overflows with its hyphen.
        XCTAssertEqual(try lines(text, width: 62, ParagraphStyle(breakWords: false), style: big), ["Soft\u{AD}", "ilk"])
    }

    func testARightToLeftLineStartingInsideAWordLosesItsKern() throws {
        // Right-to-left text keeps a pair's kern in the later glyph, so it is the
        // next line's start that Chromium reshapes (measured in Chromium 156, 20 px):
        // "حمةالله" after "ور" is 59.17 px, as in "حمةاللهوبركاته" alone.
        let arabic = TextStyle(font: ["Noto Sans Arabic", "Noto Sans"], size: 20)
        let text = "السلامعليكمورحمةاللهوبركاته"
        let all = try Fixtures.typesetter.layout(text, style: arabic, paragraph: ParagraphStyle(wordBreak: .breakAll), width: 60)
        XCTAssertEqual(all.lines.map { all.text(of: $0) }, ["السلامع", "ليكمور", "حمةالله", "وبركاته"])
        XCTAssertEqual(all.lines.map(\.width), [59.875, 51.96875, 59.171875, 51.703125])
    }

    func testALineEndingInsideAShapedWordLosesItsKern() throws {
        // Chromium reshapes a line's end where HarfBuzz says a break is unsafe
        // (measured in Chromium 156, 18 px): the kern with the next letter goes.
        let ja = TextStyle(font: ["Noto Sans CJK JP", "Noto Sans"], size: 18)
        let kana = try Fixtures.typesetter.layout("にしても、行", style: ja, width: 60)
        XCTAssertEqual(kana.lines.map { kana.text(of: $0) }, ["にして", "も、行"])
        XCTAssertEqual(kana.lines[0].width, 53.46875, accuracy: 1.0 / 64, "て keeps no kern with も")
        let today = try Fixtures.typesetter.layout("今日はとても良い", style: ja, width: 75)
        XCTAssertEqual(today.lines[0].width, 72, accuracy: 1.0 / 64)
        // The line may then no longer fit: break-all ends it a letter earlier.
        let latin = TextStyle(font: ["Noto Sans"], size: 18)
        let all = ParagraphStyle(wordBreak: .breakAll)
        XCTAssertEqual(try lines("subdomain.example", width: 100, all, style: latin), ["subdomai", "n.example"])
        let wider = try Fixtures.typesetter.layout("subdomain.example", style: latin, paragraph: all, width: 104)
        XCTAssertEqual(wider.lines.map { wider.text(of: $0) }, ["subdomain.", "example"])
        XCTAssertEqual(wider.lines[0].width, 100.296875, accuracy: 1.0 / 64)
    }

    func testChromiumASCIIBreakRules() throws {
        // No break after "/" in URLs, a break after "-" before a letter.
        XCTAssertEqual(try lines("well-known https://example.com/a/b", width: 60).first, "well-")
        let url = try lines("see example.com/path/to", width: 90)
        XCTAssertEqual(url.first, "see ")
    }

    func testTruncationAddsAnEllipsisThatFits() throws {
        let text = "The quick brown fox jumps over the lazy dog and keeps running far away"
        let layout = try Fixtures.typesetter.layout(text, style: sans, paragraph: ParagraphStyle(maxLines: 2), width: 120)
        XCTAssertEqual(layout.lines.count, 2)
        XCTAssertTrue(layout.isTruncated)
        XCTAssertTrue(layout.lines[1].hasEllipsis)
        XCTAssertLessThanOrEqual(layout.lines[1].width, 120)
        let full = try Fixtures.typesetter.layout(text, style: sans, width: 120)
        XCTAssertEqual(layout.lines[0].utf16Range, full.lines[0].utf16Range)
        XCTAssertFalse(full.isTruncated)
    }

    /// A cut run keeps whole glyph clusters: Chromium does not cut inside the
    /// lam-alef ligature of "الأخير" (measured in Chromium 156, 15 px in 40 px).
    func testTruncationCutsBetweenGlyphClusters() throws {
        let arabic = TextStyle(font: ["Noto Sans Arabic", "Noto Sans"], size: 15)
        let p = ParagraphStyle(whiteSpace: .nowrap, direction: .ltr, textOverflow: .ellipsis)
        let layout = try Fixtures.typesetter.layout("بخصوص طلبك الأخير", style: arabic, paragraph: p, width: 40)
        let truncation = try XCTUnwrap(layout.truncation)
        XCTAssertEqual(truncation.visibleUTF16Ranges, [14..<17])
        XCTAssertEqual(truncation.ellipsisX, 20.375, accuracy: 1.0 / 64)
    }

    /// A localized truncation marker is measured in its own script and
    /// direction, as it is drawn (an Arabic word joins; it was shaped as
    /// Latin, its letters apart).
    func testLocalizedEllipsisIsMeasuredInItsScript() throws {
        let arabic = TextStyle(font: ["Noto Sans Arabic", "Noto Sans"], size: 15)
        let marker = "المزيد"
        let text = "مرحبا بالعالم، هذا نص طويل جدا يجب أن يقطع في السطر الأول"
        let layout = try Fixtures.typesetter.layout(text, style: arabic, paragraph: ParagraphStyle(maxLines: 1, ellipsis: marker), width: 150)
        let truncation = try XCTUnwrap(layout.truncation)
        let alone = try Fixtures.typesetter.prepare(marker, style: arabic).naturalWidth
        XCTAssertEqual(truncation.ellipsisWidth, alone, accuracy: 1.0 / 64 + 1e-9)
    }

    func testAlignmentOffsets() throws {
        let text = "Hi"
        let w = try Fixtures.typesetter.layout(text, style: sans, width: 100).lines[0].width
        func x(_ a: ParagraphStyle.Alignment, _ d: ParagraphStyle.Direction = .ltr) throws -> Double {
            try Fixtures.typesetter.layout(text, style: sans, paragraph: ParagraphStyle(alignment: a, direction: d), width: 100).lines[0].x
        }
        XCTAssertEqual(try x(.start), 0)
        XCTAssertEqual(try x(.right), 100 - w)
        XCTAssertEqual(try x(.center), (100 - w) / 2)
        XCTAssertEqual(try x(.end), 100 - w)
        XCTAssertEqual(try x(.start, .rtl), 100 - w)
        XCTAssertEqual(try x(.end, .rtl), 0)
    }

    func testLineHeights() throws {
        let three = "one two three four five six seven"
        let normal = try Fixtures.typesetter.layout(three, style: sans, width: 60)
        XCTAssertGreaterThan(normal.lines.count, 2)
        XCTAssertEqual(normal.exactHeight, 20 * Double(normal.lines.count))
        var fixed = sans
        fixed.lineHeight = .points(24)
        let l = try Fixtures.typesetter.layout(three, style: fixed, width: 60)
        XCTAssertEqual(l.exactHeight, 24 * Double(l.lines.count))
        fixed.lineHeight = .multiple(1.5)
        XCTAssertEqual(try Fixtures.typesetter.layout("x", style: fixed, width: 60).exactHeight, 22.5)
        // A line holding Arabic grows to the Arabic font's rounded ascent + descent.
        let mixed = try Fixtures.typesetter.layout("abc مرحبا", style: TextStyle(font: ["Noto Sans", "Noto Sans Arabic"], size: 15), width: nil)
        XCTAssertEqual(mixed.exactHeight, 32)
    }

    func testSizesCeilToThePixelGridOfEachScale() throws {
        let layout = try Fixtures.typesetter.layout("Hello world", style: sans, width: 320)  // 80.453125 × 20
        XCTAssertEqual(layout.size(scale: 1).width, 81)
        XCTAssertEqual(layout.size(scale: 2).width, 80.5)
        XCTAssertEqual(layout.size(scale: 3).width, 242.0 / 3)  // 241.36 device px → 242
        XCTAssertEqual(layout.size(scale: 3).height, 20)
        XCTAssertThrowsError(try PixelGrid(scale: 0))
        XCTAssertThrowsError(try PixelGrid(scale: .nan))
    }

    func testInvalidInputsAreTypedErrors() throws {
        let p = try Fixtures.typesetter.prepare("x", style: sans)
        for bad in [-1, Double.nan, Double.infinity, -Double.infinity] {
            XCTAssertThrowsError(try p.layout(width: bad)) { error in
                guard case .invalidWidth? = error as? TypesetError else { return XCTFail("\(error)") }
            }
        }
        XCTAssertThrowsError(try Fixtures.typesetter.prepare("x", style: TextStyle(font: "Noto Sans", size: -3)))
        XCTAssertThrowsError(try Fixtures.typesetter.prepare(utf8: [0x61, 0xFF, 0x62], style: sans)) {
            XCTAssertEqual($0 as? TypesetError, .invalidUTF8(byteOffset: 1))
        }
        XCTAssertEqual(try Fixtures.typesetter.prepare("", style: sans).layout(width: 100).lines.count, 0)
    }

    func testRangeRectanglesAcrossLinesAndDirections() throws {
        let text = "hello world again"
        let layout = try Fixtures.typesetter.layout(text, style: sans, width: 60)
        XCTAssertEqual(layout.lines.count, 3)
        let rects = layout.rects(forUTF16Range: 6..<13)  // "world a" spans lines 2 and 3
        XCTAssertEqual(rects.count, 2)
        XCTAssertEqual(rects[0].y, 20)
        XCTAssertEqual(rects[1].y, 40)
        XCTAssertEqual(rects[0].x, 0)
        // In a right-to-left run, the first characters are on the right.
        let rtl = try Fixtures.typesetter.layout("אבגד", style: TextStyle(font: "Noto Sans Hebrew", size: 15), width: nil)
        let first = rtl.rects(forUTF16Range: 0..<1)[0], last = rtl.rects(forUTF16Range: 3..<4)[0]
        XCTAssertGreaterThan(first.x, last.x)
    }

    func testLetterSpacingIsAddedAfterEveryCharacter() throws {
        var spaced = sans
        spaced.letterSpacing = 2
        let plain = try Fixtures.typesetter.layout("abc", style: sans, width: nil).lines[0].width
        let wide = try Fixtures.typesetter.layout("abc", style: spaced, width: nil).lines[0].width
        XCTAssertEqual(wide - plain, 6, accuracy: 1.0 / 32)
        // Not after invisible default-ignorables (Chromium 156: "ab cd" and every
        // variant below are 60.625 px at 20 px with 2 px letter spacing).
        var big = TextStyle(font: ["Noto Sans"], size: 20)
        big.letterSpacing = 2
        for text in ["ab cd", "a\u{AD}b cd", "a\u{200B}b cd", "a\u{200D}b cd", "a\u{200C}b cd", "a\u{200E}b cd",
                     "a\u{2060}b cd", "a\u{FEFF}b cd"] {
            let w = try Fixtures.typesetter.layout(text, style: big, width: nil).lines[0].width
            XCTAssertEqual(w, 60.625, accuracy: 1.0 / 64, text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
        }
    }

    /// Laying out again at the measured width gives the same lines.
    func testWrapStability() throws {
        let texts = ["The quick brown fox jumps over the lazy dog", "مرحبا بالعالم هذا نص عربي", "日本語の文章を測ります。你好，世界！",
                     "Family 👨‍👩‍👧‍👦 flags 🇯🇵🇫🇷 #hashtag @mention https://example.com/a?b=c", "สวัสดีชาวโลก ภาษาไทย"]
        let style = TextStyle(font: ["Noto Sans", "Noto Sans Arabic", "Noto Sans Thai", "Noto Sans CJK JP", "Noto Color Emoji"], size: 15)
        for text in texts {
            let p = try Fixtures.typesetter.prepare(text, style: style)
            for width in stride(from: 40.0, through: 400, by: 17) {
                let first = try p.layout(width: width)
                let again = try p.layout(width: first.contentWidth)
                XCTAssertEqual(first.lines.map(\.utf16Range), again.lines.map(\.utf16Range), "\(text) at \(width)")
            }
        }
    }

    func testRelayoutNeverReshapes() throws {
        let ts = Fixtures.typesetter
        let p = try ts.prepare("Re-layout is arithmetic over prepared segments", style: sans)
        let before = ts.preparedTexts.count
        for w in stride(from: 50.0, to: 500, by: 10) { _ = try p.layout(width: w) }
        XCTAssertEqual(ts.preparedTexts.count, before)
    }
}

/// The ICU locale a paragraph's language and `line-break` become.
final class ICULineBreakLocaleTests: XCTestCase {
    func testLanguageAndStrictness() {
        func id(_ lang: String?, _ lb: ParagraphStyle.LineBreak, _ wb: ParagraphStyle.WordBreak = .normal) -> String {
            ICULineBreakLocale.identifier(language: lang, lineBreak: lb, wordBreak: wb)
        }
        XCTAssertEqual(id(nil, .auto), "@lb=normal")
        XCTAssertEqual(id("ja", .auto), "@lb=normal", "auto breaks as text without a language (Chromium 156)")
        XCTAssertEqual(id("ja", .strict), "ja@lb=strict")
        XCTAssertEqual(id("zh-Hant-TW", .loose), "zh_Hant_TW@lb=loose")
        XCTAssertEqual(id("ko", .normal), "ja@lb=normal", "Korean takes the Japanese tailoring")
        XCTAssertEqual(id("ko", .strict), "@lb=normal")
        XCTAssertEqual(id(nil, .normal, .keepAll), "@lb=normal;lw=keepall")
        XCTAssertEqual(id(nil, .anywhere, .breakAll), "@lb=normal;lw=breakall")
        // Tags ICU must not see: over-long, or with characters outside BCP 47.
        XCTAssertEqual(id(String(repeating: "q", count: 100), .strict), "@lb=strict")
        XCTAssertEqual(id("en@lb=loose", .strict), "@lb=strict")
        XCTAssertEqual(id("", .strict), "@lb=strict")
    }
}
