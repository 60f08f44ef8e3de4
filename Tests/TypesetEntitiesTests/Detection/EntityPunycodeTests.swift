import XCTest

@testable import TypesetEntities

final class EntityPunycodeTests: XCTestCase {
    private func length(_ label: String, limit: Int = 1000) -> Int? {
        EntityPunycode.encodedLength(of: label.unicodeScalars.map(\.value), limit: limit)
    }

    func testEncodedLengthsMatchRFC3492() {
        XCTAssertEqual(length("bücher"), 9)  // bcher-kva
        XCTAssertEqual(length("他们为什么不说中文"), 24)  // ihqwcrb4cv8a8dqg056pqjye
        XCTAssertEqual(length("Pročprostěnemluvíčesky"), 30)  // Proprostnemluvesky-uyb24dma41a
        XCTAssertEqual(length("пример"), 8)  // e1afmkfd
        XCTAssertEqual(length("😀"), 4)  // e28h
        XCTAssertEqual(length("a😀b"), 8)  // ab-no82a
    }

    func testLimit() {
        XCTAssertNil(length("他们为什么不说中文", limit: 23))
        XCTAssertEqual(length("他们为什么不说中文", limit: 24), 24)
    }
}
