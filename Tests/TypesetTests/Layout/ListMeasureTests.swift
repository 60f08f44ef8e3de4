import XCTest
@testable import Typeset
import TypesetTestSupport

/// `PreparedText.measure(_:width:)`, a list measured at once with its memory
/// prefetched ahead, gives exactly what measuring each text does, for any
/// collection of texts (contiguous or not) and every kind of text.
final class ListMeasureTests: XCTestCase {
    private let style = TextStyle(font: ["Noto Sans", "Noto Sans Arabic", "Noto Sans Devanagari", "Noto Sans Thai",
                                         "Noto Sans CJK JP", "Noto Color Emoji"], size: 15)

    private func texts() throws -> [PreparedText] {
        let strings = Fixtures.scriptSamples + ["", "a\nb\n\nc", "Supercalifragilisticexpialidocious-and-more-unbreakable"]
        let paragraphs = [ParagraphStyle(), ParagraphStyle(maxLines: 2, textOverflow: .ellipsis),
                          ParagraphStyle(whiteSpace: .nowrap, textOverflow: .ellipsis), ParagraphStyle(alignment: .center),
                          ParagraphStyle(whiteSpace: .preWrap, wordBreak: .breakAll)]
        var out: [PreparedText] = []
        for paragraph in paragraphs {
            for s in strings { out.append(try Fixtures.typesetter.prepare(s, style: style, paragraph: paragraph)) }
        }
        // More texts than the prefetch distances, in an order unlike preparation's.
        return out + out.reversed() + out
    }

    func testListMeasureEqualsMeasuringEachText() throws {
        let all = try texts()
        for width in [0, 1, 37.5, 120, 320, nil] as [Double?] {
            let each = try all.map { try $0.measure(width: width) }
            XCTAssertEqual(try PreparedText.measure(all, width: width), each, "width \(String(describing: width))")
            // A slice (contiguous, not from the start) and a reversed view (not contiguous).
            XCTAssertEqual(try PreparedText.measure(all[7..<40], width: width), Array(each[7..<40]))
            XCTAssertEqual(try PreparedText.measure(all.reversed(), width: width), each.reversed())
        }
    }

    func testEmptyListAndInvalidWidths() throws {
        XCTAssertEqual(try PreparedText.measure([PreparedText](), width: 100), [])
        let all = try texts()
        for bad in [-1, .nan, .infinity] as [Double] {
            XCTAssertThrowsError(try PreparedText.measure(all, width: bad)) { error in
                guard case .invalidWidth = error as? TypesetError else { return XCTFail("\(bad): \(error)") }
            }
        }
    }
}
