import XCTest
import Typeset

final class SmokeTests: XCTestCase {
    func testHelloWorld() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("fonts").path
        let ts = Typesetter(fonts: try FontCollection(directory: dir))
        for f in ts.fonts.faces { print(f, f.weight, f.isItalic, f.metrics) }
        let l = try ts.layout("Hello world", style: TextStyle(font: "Noto Sans", size: 15), width: 320)
        print(l.lines, l.exactHeight)
        let l2 = try ts.layout("iiiiiiiiii", style: TextStyle(font: "Noto Sans", size: 13), width: 320)
        print(l2.lines.map(\.width), l2.exactHeight)
        let l3 = try ts.layout("مرحبا بالعالم hello 👨‍👩‍👧 漢字かな", style: TextStyle(font: ["Noto Sans Arabic", "Noto Sans"], size: 15), width: 100)
        print(l3.lines.map { ($0.utf16Range, $0.width, $0.height) }, l3.exactHeight)
        let p = try ts.prepare("مرحبا بالعالم hello 👨‍👩‍👧 漢字かな", style: TextStyle(font: ["Noto Sans Arabic", "Noto Sans"], size: 15))
        print(p.runFaces.map { ($0.utf16Range, $0.face.familyName) })
    }
}
