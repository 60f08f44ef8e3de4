import Foundation
import Synchronization
import XCTest
import Typeset
import TypesetTestSupport

/// Variable instances are made on first use and shared: many threads asking
/// for the same and different instances of one face at once get the answers
/// one thread gets.
final class VariableFontConcurrencyTests: XCTestCase {
    func testInstancesMadeByManyThreadsAtOnceAnswerAsOneThread() throws {
        let files = try ["Inter-Variable.ttf", "RobotoFlex-Variable.ttf"].map(TestFonts.path)
        let text = "Variable fonts at many weights, widths and sizes, from many threads"
        let styles: [TextStyle] = (0..<48).map { k in
            var style = TextStyle(font: [k % 2 == 0 ? "Inter" : "Roboto Flex"], size: Double(11 + k % 7 * 3),
                                  weight: 100 + k * 17 % 800)
            if k % 2 == 1 { style.stretch = Double(60 + k % 5 * 20) }
            return style
        }
        let single = Typesetter(fonts: try FontCollection(paths: files))
        let expected = try styles.map { try single.prepare(text, style: $0).layout(width: 180).lines.map(\.width) }
        // A new collection: its instances are made while the threads race for them.
        let shared = Typesetter(fonts: try FontCollection(paths: files))
        let rounds = 4
        let results = Mutex<[[Double]?]>(Array(repeating: nil, count: styles.count * rounds))
        DispatchQueue.concurrentPerform(iterations: styles.count * rounds) { i in
            let widths = try? shared.prepare(text, style: styles[i % styles.count]).layout(width: 180).lines.map(\.width)
            results.withLock { $0[i] = widths }
        }
        let got = results.withLock { $0 }
        for (i, widths) in got.enumerated() {
            XCTAssertEqual(widths, expected[i % styles.count], "style \(i % styles.count)")
        }
    }
}
