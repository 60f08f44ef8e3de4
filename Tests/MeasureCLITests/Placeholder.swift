import XCTest
final class MeasureCLITestsPlaceholder: XCTestCase { func testNothing() {} }
