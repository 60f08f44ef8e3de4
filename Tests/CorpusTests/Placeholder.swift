import XCTest
final class CorpusTestsPlaceholder: XCTestCase { func testNothing() {} }
