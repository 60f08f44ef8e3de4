import Typeset
import TypesetEntities
import XCTest

final class EntityURLTests: XCTestCase {
    // MARK: With a protocol

    func testURLsWithProtocol() {
        assertEntities("Visit https://swift.org/blog today", [url("https://swift.org/blog", 6..<28)])
        assertEntities("http://example.com", [url("http://example.com", 0..<18)])
        assertEntities("HTTPS://EXAMPLE.COM/A", [url("HTTPS://EXAMPLE.COM/A", 0..<21)])
        assertEntities("(http://example.com)", [url("http://example.com", 1..<19)])
        assertEntities("see http://a.b.cd now", [url("http://a.b.cd", 4..<17)])
    }

    func testPortsQueriesAndFragments() {
        assertEntityTexts("http://host.com:8080/x?y=1", .url, ["http://host.com:8080/x?y=1"])
        assertEntityTexts(
            "https://example.com/search?q=swift&lang=en.", .url,
            ["https://example.com/search?q=swift&lang=en"])
        assertEntityTexts("https://example.com?#frag more", .url, ["https://example.com?#frag"])
        assertEntityTexts("https://example.com/#!/route?a=b", .url, ["https://example.com/#!/route?a=b"])
        assertEntityTexts("https://example.com/list?", .url, ["https://example.com/list"])
        assertEntityTexts(
            "https://example.com/v?list=PLx_9U-", .url, ["https://example.com/v?list=PLx_9U-"])
        assertEntityTexts("https://example.com/a?b=c&d=e#top", .url, ["https://example.com/a?b=c&d=e#top"])
    }

    func testSubdomainsHyphensAndUnderscores() {
        assertEntityTexts("https://a-b.c_d.example.com/", .url, ["https://a-b.c_d.example.com/"])
        assertEntityTexts("https://my-site.com", .url, ["https://my-site.com"])
        for invalid in [
            "https://-lead.example.com", "https://trail-.example.com", "https://_lead.example.com",
            "https://trail_.example.com", "https://under_score.com", "https://example.-com",
            "https://example.c_om", "https://no-tld", "https://short.x",
        ] {
            assertEntityTexts(invalid, .url, [])
        }
    }

    func testInternationalDomainsWithProtocol() {
        assertEntities("https://пример.рф/путь", [url("https://пример.рф/путь", 0..<22)])
        assertEntities("https://例え.jp/パス", [url("https://例え.jp/", 0..<14)])
        assertEntities("https://foobar.みんな/ ok", [url("https://foobar.みんな/", 0..<19)])
        assertEntities("https://ελ.ευ", [url("https://ελ.ευ", 0..<13)])
        assertEntities("https://✪df.ws/x", [url("https://✪df.ws/x", 0..<16)])
    }

    func testJoinersInInternationalDomains() {
        // Emoji ZWJ sequences and Persian ZWNJ are part of a label, as in twitter-text.
        assertEntities("https://👨‍👩‍👧.ws", [url("https://👨‍👩‍👧.ws", 0..<19, scalars: 0..<16)])
        assertEntities("https://می‌خواهم.ir/x", [url("https://می‌خواهم.ir/x", 0..<21)])
    }

    func testQuotesAndBackticksAreNotDomainCharacters() {
        // twitter-text's JavaScript would take the quote or backtick into the domain.
        assertEntityTexts("https://`example.com", .url, ["example.com"])
        assertEntityTexts("said.\"example.com\"", .url, ["example.com"])
    }

    func testEachASCIIDomainGetsItsOwnOffset() {
        // The same domain twice in one protocol-less match: the second one is the URL.
        assertEntities("example.comx·example.com", [url("example.com", 13..<24)])
    }

    func testPathStaysWithTheDomainItFollows() {
        // The last ASCII domain does not end the (mixed) domain, so the path is not its.
        assertEntities("見てexample.com日本.みんな/path", [url("example.com", 2..<13)])
        assertEntities("見てexample.みんな/path", [url("example.みんな/path", 2..<18)])
    }

    func testPunycode() {
        assertEntities("http://xn--n3h.com", [url("http://xn--n3h.com", 0..<18)])
        assertEntities("go to xn--80ak6aa92e.xn--p1ai now", [url("xn--80ak6aa92e.xn--p1ai", 6..<29)])
        assertEntities("https://XN--n3h.XN--p1ai/", [url("https://XN--n3h.XN--p1ai/", 0..<25)])
        // A label that claims to be punycode must be ASCII.
        assertEntities("https://xn--日本.com/", [])
    }

    func testLongLabelsAreRejected() {
        let long = String(repeating: "a", count: 64)
        assertEntityTexts("https://\(long).com", .url, [])
        assertEntityTexts(
            "https://\(String(repeating: "a", count: 63)).com", .url,
            ["https://\(String(repeating: "a", count: 63)).com"])
        // 29 characters that take 86 in punycode (with `xn--`), and 15 that take 44.
        assertEntityTexts("https://日本語のとても長いドメイン名前は駄目です確認用文字列追加分.com", .url, [])
        assertEntityTexts("https://日本語のとても長いドメイン名前.com", .url, ["https://日本語のとても長いドメイン名前.com"])
    }

    func testVeryLongURLsAreRejected() {
        let path = String(repeating: "a", count: 4100)
        assertEntityTexts("https://example.com/\(path)", .url, [])
        let fits = String(repeating: "a", count: 4000)
        assertEntityTexts("https://example.com/\(fits)", .url, ["https://example.com/\(fits)"])
    }

    // MARK: Without a protocol

    func testURLsWithoutProtocol() {
        assertEntities("go to example.com now", [url("example.com", 6..<17)])
        assertEntityTexts(
            "foo.com foo.net foo.org foo.edu foo.gov", .url,
            ["foo.com", "foo.net", "foo.org", "foo.edu", "foo.gov"])
        assertEntityTexts("foo.co.uk bar.jp/x MLB.tv t.co", .url, ["foo.co.uk", "bar.jp/x", "MLB.tv", "t.co"])
        assertEntityTexts("Find me at jane.doe-smith.com", .url, ["jane.doe-smith.com"])
        assertEntityTexts("test ELPAÍS.com", .url, ["ELPAÍS.com"])
    }

    func testUnknownTopLevelDomainsAreNotURLs() {
        assertEntityTexts("foo.baz foo.comm foo.somecom archive.tar.bz2 e.g. U.S. end.", .url, [])
        assertEntityTexts("example.com-that", .url, [])
    }

    func testURLsWithoutProtocolAmongCJK() {
        assertEntities("日本語example.comです", [url("example.com", 3..<14)])
        assertEntities(
            "これはtwitter.comとexample.jp/pathです。",
            [url("twitter.com", 3..<14), url("example.jp/path", 15..<30)])
    }

    func testProtocolLessDomainsMustBeASCII() {
        assertEntities("пример.рф", [])
        assertEntities("例え.jp", [])
        // The ASCII part of a mixed domain still counts.
        assertEntityTexts("見てexample.みんな", .url, ["example.みんな"])
    }

    func testProtocolLessURLsNeedAGoodPrecedingCharacter() {
        for prefix in ["@", "＠", "$", "#", "＃", "-", "_", ".", "/"] {
            assertEntityTexts("x \(prefix)example.com", .url, [])
        }
        assertEntityTexts("jane@example.com", .url, [])
        assertEntityTexts("jane.doe.gov@mail.com", .url, [])
        assertEntityTexts("name.al+lastname@example.com", .url, [])
        assertEntityTexts("\"example.com\" «example.org»", .url, ["example.com", "example.org"])
    }

    func testSchemeSeparatedFromDomain() {
        assertEntities("Try http:// example.com/path", [url("example.com/path", 12..<28)])
    }

    // MARK: Paths

    func testTrailingPunctuationIsExcluded() {
        assertEntityTexts("See https://example.com/path.", .url, ["https://example.com/path"])
        assertEntityTexts("See https://example.com/path...... ok", .url, ["https://example.com/path"])
        assertEntityTexts("https://example.com/,,,,", .url, ["https://example.com/"])
        assertEntityTexts("https://example.com/a/!!!", .url, ["https://example.com/a/"])
        assertEntityTexts("https://example.com/a?!", .url, ["https://example.com/a"])
        assertEntityTexts(
            "https://example.com/a+ https://example.com/b-", .url,
            ["https://example.com/a+", "https://example.com/b-"])
        assertEntityTexts("https://example.com/dir.with.dots./", .url, ["https://example.com/dir.with.dots./"])
        assertEntityTexts("https://example.com/a–b", .url, ["https://example.com/a–b"])  // en dash
    }

    func testBalancedParentheses() {
        assertEntityTexts(
            "https://en.wikipedia.org/wiki/Swift_(programming_language)", .url,
            ["https://en.wikipedia.org/wiki/Swift_(programming_language)"])
        assertEntityTexts(
            "https://example.com/Album_(Version_(Edited))/", .url,
            ["https://example.com/Album_(Version_(Edited))/"])
        assertEntityTexts("(see https://example.com/a)", .url, ["https://example.com/a"])
        assertEntityTexts("https://example.com/a_(b", .url, ["https://example.com/a_"])
        assertEntityTexts("https://example.com/x()", .url, ["https://example.com/x"])
        assertEntityTexts(
            "https://msdn.example.com/lib/system.net(v=VS.100).aspx", .url,
            ["https://msdn.example.com/lib/system.net(v=VS.100).aspx"])
    }

    func testPathsInOtherScripts() {
        assertEntities(
            "Ссылка: https://ru.wikipedia.org/wiki/Москва.",
            [url("https://ru.wikipedia.org/wiki/Москва", 8..<44)])
        assertEntities("زوروا https://example.com/مسار", [url("https://example.com/", 6..<26)])
        assertEntityTexts("https://example.com/café/ñ", .url, ["https://example.com/café/ñ"])
    }

    // MARK: t.co

    func testShortLinks() {
        assertEntities("I like https://t.co/AbC123's page", [url("https://t.co/AbC123", 7..<26)])
        assertEntityTexts(
            "http://t.co/a1- http://t.co/b2: http://t.co/c3+x http://t.co/d4.y http://t.co/e5#f", .url,
            ["http://t.co/a1", "http://t.co/b2", "http://t.co/c3", "http://t.co/d4", "http://t.co/e5"])
        assertEntityTexts("https://t.co/abc?amp=1 x", .url, ["https://t.co/abc?amp=1"])
        assertEntityTexts("http://t.co http://t.co/", .url, ["http://t.co", "http://t.co/"])
        let slug40 = String(repeating: "z", count: 40)
        assertEntityTexts("https://t.co/\(slug40)", .url, ["https://t.co/\(slug40)"])
        assertEntityTexts("https://t.co/\(slug40)1", .url, [])
        // Only the link itself is a short link.
        assertEntityTexts("https://a.com?r=https://t.co/x y", .url, ["https://a.com?r=https://t.co/x"])
    }

    // MARK: Directional marks and overlaps

    func testDirectionalMarks() {
        assertEntities("link: \u{2066}\u{202A}example.com\u{202C}\u{2069}", [url("example.com", 8..<19)])
        assertEntityTexts("\u{202B}https://example.com/\u{202C}", .url, ["https://example.com/"])
    }

    func testURLsHideHashtagsAndMentionsInside() {
        assertEntities(
            "https://example.com/#tag @user #real",
            [url("https://example.com/#tag", 0..<24), mention("user", 25..<30), hashtag("real", 31..<36)])
        assertEntities("#tag.com @user.com", [hashtag("tag", 0..<4), mention("user", 9..<14)])
        assertEntities("#http://example.com", [])
    }

    func testEntitiesAreSortedAndDoNotOverlap() {
        let text = "@a $B #c d.com https://e.com/@f #g"
        let found = EntityDetector().entities(in: text)
        XCTAssertEqual(found.map(\.kind), [.mention, .cashtag, .hashtag, .url, .url, .hashtag])
        XCTAssertEqual(found.map(\.text), ["a", "B", "c", "d.com", "https://e.com/@f", "g"])
        for (left, right) in zip(found, found.dropFirst()) {
            XCTAssertLessThanOrEqual(left.utf16Range.upperBound, right.utf16Range.lowerBound)
        }
    }
}
