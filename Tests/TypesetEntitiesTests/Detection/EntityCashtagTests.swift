import Typeset
import TypesetEntities
import XCTest

final class EntityCashtagTests: XCTestCase {
    func testCashtags() {
        assertEntities(
            "$TSLA up, $BRK.A flat, $BRK_B down",
            [cashtag("TSLA", 0..<5), cashtag("BRK.A", 10..<16), cashtag("BRK_B", 23..<29)])
        assertEntities(
            "$spy $Qqq $abcdef", [cashtag("spy", 0..<4), cashtag("Qqq", 5..<9), cashtag("abcdef", 10..<17)])
        assertEntities("$RDS.AB", [cashtag("RDS.AB", 0..<7)])
    }

    func testCashtagsAfterNonLatinTextAndAstralCharacters() {
        assertEntities("سهم $AAPL اليوم", [cashtag("AAPL", 4..<9)])
        assertEntities("Акции\u{00A0}$GAZP", [cashtag("GAZP", 6..<11)])
        assertEntities("株価　$SONY", [cashtag("SONY", 3..<8)])
        assertEntities("😀 $TSLA", [cashtag("TSLA", 3..<8, scalars: 2..<7)])
    }

    func testCashtagFollowedByPunctuation() {
        assertEntityTexts("$aapl's $msft, ($goog) $amzn! \"$nflx\"", .cashtag, ["aapl", "msft", "amzn"])
        assertEntityTexts("$OK$NG", .cashtag, ["OK"])
    }

    func testQuotesAndDirectionalMarksAroundCashtags() {
        // Any ASCII punctuation may follow, quotes included; only whitespace may precede.
        assertEntities("\"$AAPL\" and $BRK.A\"", [cashtag("BRK.A", 12..<18)])
        assertEntities("buy $AAPL\"", [cashtag("AAPL", 4..<9)])
        // Directional marks on either side (twitter-text only allows one before).
        assertEntities("\u{202B}$TSLA\u{202C}", [cashtag("TSLA", 1..<6)])
    }

    func testTrailingSuffixSeparatorIsLeftOut() {
        assertEntities("$TEST. $TEST_", [cashtag("TEST", 0..<5), cashtag("TEST", 7..<12)])
        // A suffix longer than two letters cannot follow; the symbol alone can, before `.`.
        assertEntities("$test.abc", [cashtag("test", 0..<5)])
        assertEntities("$test_abc", [cashtag("test", 0..<5)])
    }

    func testRejectedCashtags() {
        assertEntities("$123 $test123 $TE1ST $1A", [])
        assertEntities("$SEVENCH $", [])
        assertEntities("US$AAPL text$NO .$NG $$NG", [])
        assertEntities("$株式 $акция $éclair", [])
        assertEntities("$ $. $- $@ $!", [])
        assertEntities("$ABCé", [])
    }

    func testOnlyRequestedKindsAreReported() {
        let text = "$AAPL #stocks @broker example.com"
        XCTAssertEqual(EntityDetector(kinds: [.cashtag]).entities(in: text), [cashtag("AAPL", 0..<5)])
        XCTAssertEqual(EntityDetector(kinds: []).entities(in: text), [])
        XCTAssertEqual(
            EntityDetector(kinds: [.hashtag, .url]).entities(in: text).map(\.kind), [.hashtag, .url])
    }
}
