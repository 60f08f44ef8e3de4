import XCTest
@testable import Typeset

/// The processed text a prepared text keeps: identity when white-space
/// processing changed nothing (sharing the source's storage), else its own
/// units and a map to source offsets.
final class ProcessedTextTests: XCTestCase {
    func testIdentityAndCollapsedText() {
        for (text, whiteSpace) in [("a b", ParagraphStyle.WhiteSpace.normal), ("a  b\n c ", .normal), ("a  b\n c ", .preWrap),
                                   ("ü  日本\t語", .normal), ("", .normal)] {
            let source = Array(text.utf16)
            let processor = WhiteSpaceProcessor(source: source, whiteSpace: whiteSpace)
            let kept = ProcessedText(processor, source: CompactUTF16(source))
            XCTAssertEqual(kept.isIdentity, processor.isIdentity, text)
            XCTAssertEqual(Array(kept.units), processor.units, text)
            for i in 0...processor.units.count {
                XCTAssertEqual(kept.sourceOffset(i), processor.sourceOffset(i), "\(text) at \(i)")
            }
        }
    }
}
