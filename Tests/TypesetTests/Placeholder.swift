import XCTest
final class TypesetTestsPlaceholder: XCTestCase { func testNothing() {} }
