import Foundation
import XCTest
import Typeset
import TypesetTestSupport

/// What a Swift caller expects besides paths and tuples: URLs, CGSize and
/// CGRect, LocalizedError messages.
final class SwiftInteropTests: XCTestCase {
    func testFontAPIsTakeURLs() throws {
        let directory = URL(fileURLWithPath: Fixtures.fontsDirectory)
        let byURL = try FontCollection(directory: directory)
        XCTAssertEqual(byURL.familyNames, Fixtures.fonts.familyNames)
        let file = directory.appendingPathComponent("NotoSans-Regular.ttf")
        let listed = try FontCollection(urls: [file])
        XCTAssertEqual(listed.familyNames, ["Noto Sans"])
        XCTAssertEqual(try FontFace(url: file).familyName, "Noto Sans")
        XCTAssertThrowsError(try FontFace(url: directory.appendingPathComponent("missing.ttf"))) { error in
            XCTAssertTrue(error.localizedDescription.contains("missing.ttf"), error.localizedDescription)
        }
    }

    func testSizesAndRectanglesAsCoreGraphicsTypes() throws {
        let prepared = try Fixtures.typesetter.prepare("Hello world", style: Fixtures.style())
        let layout = try prepared.layout(width: 320)
        let size = layout.size(scale: 2)
        XCTAssertEqual(layout.cgSize(scale: 2), CGSize(width: size.width, height: size.height))
        XCTAssertEqual(layout.cgSize(), CGSize(width: 81, height: 20), "Chromium: 80.453125 × 20")
        XCTAssertEqual(try prepared.measure(width: 320).cgSize(scale: 3), layout.cgSize(scale: 3))
        let rect = try XCTUnwrap(layout.rects(forUTF16Range: 0..<5).first)
        XCTAssertEqual(LayoutRect(rect.cgRect), rect)
        XCTAssertEqual(rect.cgRect.width, rect.width)
    }

    func testErrorsAreLocalizedAndNameTheInput() {
        XCTAssertEqual((TypesetError.invalidWidth(-3) as Error).localizedDescription,
                       TypesetError.invalidWidth(-3).description)
        XCTAssertTrue(TypesetError.invalidWidth(-3).localizedDescription.contains("-3"))
    }
}
