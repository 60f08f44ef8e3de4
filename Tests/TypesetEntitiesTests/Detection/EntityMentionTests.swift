import Typeset
import TypesetEntities
import XCTest

final class EntityMentionTests: XCTestCase {
    func testMentionsInManyScripts() {
        assertEntities("hi @jack and @Jane_Doe99", [mention("jack", 3..<8), mention("Jane_Doe99", 13..<24)])
        assertEntities("こんにちは@taro_jp さん", [mention("taro_jp", 5..<13)])
        assertEntities("Привет @ivan_petrov!", [mention("ivan_petrov", 7..<19)])
        assertEntities("شكرا @ahmed", [mention("ahmed", 5..<11)])
        assertEntities("תודה @dana123", [mention("dana123", 5..<13)])
        assertEntities("नमस्ते @raj", [mention("raj", 7..<11)])
        assertEntities("ขอบคุณ @somchai", [mention("somchai", 7..<15)])
        assertEntities("감사 @minsu", [mention("minsu", 3..<9)])
    }

    func testNumericAndLineSeparatedMentions() {
        assertEntities("@12345", [mention("12345", 0..<6)])
        assertEntities("@first\n@second", [mention("first", 0..<6), mention("second", 7..<14)])
    }

    func testFullwidthAtSign() {
        assertEntities("＠jack", [mention("jack", 0..<5)])
    }

    func testListMentions() {
        assertEntities("@team/core-devs rocks", [mention("team", 0..<15, list: "/core-devs")])
        assertEntities(
            "Follow @a, and @b/list_2-x!", [mention("a", 7..<9), mention("b", 15..<26, list: "/list_2-x")])
        assertEntities("𝒜 @user/my-list ok", [mention("user", 3..<16, scalars: 2..<15, list: "/my-list")])
        // A slug must start with a letter; without one the mention stands alone.
        assertEntities("@team/7up", [mention("team", 0..<5)])
        assertEntities("@team/", [mention("team", 0..<5)])
        // A slug keeps at most 25 characters (a letter and 24 more), as in twitter-text.
        assertEntities(
            "@u/abcdefghijklmnopqrstuvwxyz",
            [mention("u", 0..<28, list: "/abcdefghijklmnopqrstuvwxy")])
    }

    func testScreenNameIsCutAtTwentyCharacters() {
        // twitter-text matches at most 20 characters and does not reject longer runs.
        assertEntities("@abcdefghijklmnopqrstuvwxy", [mention("abcdefghijklmnopqrst", 0..<21)])
    }

    func testRejectsMentionsAfterWordsAndSymbols() {
        for blocker in ["a", "Z", "7", "_", "!", "#", "$", "%", "&", "*", "@", "＠"] {
            assertEntities("x\(blocker)@user", [], kinds: [.mention])
        }
        assertEntities("name@example.com", [])
    }

    func testMentionsAfterOtherPunctuation() {
        assertEntityTexts(
            "(@a) [@b] .@c -@d +@e ~@f /@g :@h «@i»", .mention, ["a", "b", "c", "d", "e", "f", "g", "h", "i"])
    }

    func testRejectsMentionsRunningIntoAtSignsAccentsOrSchemes() {
        assertEntities("@a@b", [])
        assertEntities("@first@second.com", [])
        assertEntities("@josé", [])
        // Neither a mention nor a URL: `example.com` follows a `/`.
        assertEntities("@http://example.com", [])
        // Other non-ASCII letters simply end the name.
        assertEntities("@jackさん", [mention("jack", 0..<5)])
    }

    func testRetweetPrefixes() {
        assertEntityTexts("RT@jack rt@jill Rt:@bob rT @amy", .mention, ["jack", "jill", "bob", "amy"])
        assertEntities("ART@jack", [])
        assertEntities("x.RT@jack", [])
        assertEntities("(RT@jack)", [mention("jack", 3..<8)])
    }

    func testMentionInsideURLIsDropped() {
        assertEntities(
            "read https://medium.com/@author/post and ping @author",
            [url("https://medium.com/@author/post", 5..<36), mention("author", 46..<53)])
    }

    // MARK: Replies

    func testReplyScreenName() {
        let detector = EntityDetector()
        XCTAssertEqual(detector.replyScreenName(in: "@jack hello"), "jack")
        XCTAssertEqual(detector.replyScreenName(in: "  @jack hello"), "jack")
        XCTAssertEqual(detector.replyScreenName(in: "\u{3000}@jack"), "jack")
        XCTAssertEqual(detector.replyScreenName(in: "\u{00A0}\n@jack"), "jack")
        XCTAssertEqual(detector.replyScreenName(in: "\u{200F}@jack"), "jack")
        XCTAssertEqual(detector.replyScreenName(in: "＠jack"), "jack")
        XCTAssertEqual(detector.replyScreenName(in: "@jack/list hi"), "jack")
        XCTAssertEqual(detector.replyScreenName(in: "@jackさん"), "jack")
        // Works even when the detector reports no mentions.
        XCTAssertEqual(EntityDetector(kinds: [.url]).replyScreenName(in: "@jack"), "jack")
    }

    func testNotAReply() {
        let detector = EntityDetector()
        for text in [
            "hi @jack", ".@jack hi", "/@jack", "_@jack", "-@jack", "+@jack", "#@jack", "!@jack",
            "@@jack", "@http://example.com", "@jack@example.com", "@josé", "@", "", "@ jack",
        ] {
            XCTAssertNil(detector.replyScreenName(in: text), text.debugDescription)
        }
    }
}
