@testable import Typeset
import TypesetTestSupport
import XCTest

/// The kerns breaks inside shaped words lose are remembered per prepare
/// context (`KernMemo`): a text prepared in a context that has seen
/// other texts — the same kana at other sizes, weights, spacings and
/// scales, the same pairs broken at other offsets — must hold the same
/// reshaped ends as the text prepared in a fresh context, which measures
/// every break with HarfBuzz.
final class LostKernMemoTests: XCTestCase {
    func testRememberedKernsEqualKernsMeasuredAfresh() throws {
        let typesetter = Fixtures.typesetter
        var rng = SplitMix64(seed: 0x1057_4E)
        let hiragana = Array("あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをんっゃゅょ")
        let katakana = Array("アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワンッャュョー")
        let others = ["日本", "語", "、", "。", "「", "」", "！", "？", "AV", "To", "Ty", " ", "12", "(", ")", "・", "…"]
        func pick<T>(_ a: [T]) -> T { a[Int(rng.next() % UInt64(a.count))] }
        var texts: [String] = ["にしても", "にしてもにしても", "ちょっとにして、もう"]
        for _ in 0..<60 {
            var t = ""
            for _ in 0..<(4 + Int(rng.next() % 10)) {
                switch rng.next() % 5 {
                case 0, 1: t += String((0..<(1 + Int(rng.next() % 5))).map { _ in pick(hiragana) })
                case 2: t += String((0..<(1 + Int(rng.next() % 5))).map { _ in pick(katakana) })
                default: t += pick(others)
                }
            }
            texts.append(t)
        }
        let stack = FontStack(families: ["Noto Sans", "Noto Sans CJK JP"])
        var styles: [TextStyle] = [15, 18, 22].map { TextStyle(font: stack, size: $0) }
        styles.append(TextStyle(font: stack, size: 15, weight: 700))
        var spaced = TextStyle(font: stack, size: 15)
        spaced.letterSpacing = 1
        styles.append(spaced)
        styles.append(TextStyle(font: FontStack(families: ["Noto Sans CJK JP"]), size: 15))
        let shared = PrepareContext()
        var compared = 0, withEnds = 0, mismatches: [String] = []
        for scale in [1.0, 2.0] {
            for style in styles {
                for text in texts {
                    let paragraph = ParagraphStyle()
                    let remembered = try PrepareSession(fonts: typesetter.fonts, context: shared, cache: typesetter.shapeCache,
                                                        scale: scale).prepare(text, style: style, paragraph: paragraph)
                    let afresh = try PrepareSession(fonts: typesetter.fonts, context: PrepareContext(), cache: typesetter.shapeCache,
                                                    scale: scale).prepare(text, style: style, paragraph: paragraph)
                    compared += 1
                    if !afresh.core.reshapedEnds.isEmpty { withEnds += 1 }
                    if "\(remembered.core.reshapedEnds)" != "\(afresh.core.reshapedEnds)" {
                        mismatches.append("\(text.debugDescription) size \(style.size) weight \(style.weight) @\(scale)x")
                    }
                }
            }
        }
        XCTAssertEqual(mismatches, [], "\(mismatches.count) of \(compared) texts differ: \(mismatches.prefix(5))")
        XCTAssertGreaterThan(withEnds, compared / 3, "too few texts had breaks that lose a kern")
    }
}
