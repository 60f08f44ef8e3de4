import Foundation
import Typeset
import TypesetBatch
import TypesetTestSupport
import XCTest

/// The 200 mixed requests of Tests/CrossLanguage/requests.jsonl laid out
/// through the Swift API (`TextStyle`, `ParagraphStyle`, `AttributedText`,
/// each request's fields mapped here, not by the protocol's decoder) give
/// the answers the batch protocol gives, to the last bit. The Python
/// package, a C program and the `measure batch` tool are held to the same
/// answers by python/tests/test_cross_language.py: one API in four languages.
final class CrossLanguageTests: XCTestCase {
    private static let requestsFile = Fixtures.repositoryRoot.appendingPathComponent("Tests/CrossLanguage/requests.jsonl")

    func testSwiftAPIAndBatchAgreeOnTheSharedRequests() throws {
        let lines = try String(contentsOf: Self.requestsFile, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 200)
        let batch = BatchLines(typesetter: Fixtures.typesetter)
        for (k, line) in lines.enumerated() {
            var out: [UInt8] = []
            _ = batch.answer(Array(line.utf8)[...], number: k + 1, to: &out)
            // Read with the protocol's own parser: Foundation's JSONSerialization on Linux misreads the last
            // bits of some doubles.
            let answer = try Self.object(out.withUnsafeBufferPointer { try JSONParser.parse($0) })
            XCTAssertNil(answer["error"], "request \(k): \(String(decoding: out, as: UTF8.self))")
            let request = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let layout = try Self.layout(request)
            let (width, height) = layout.size(scale: request["scale"] as? Double ?? 1)
            let expected: [Double] = [width, height, layout.exactWidth, layout.exactHeight, layout.naturalWidth,
                                      Double(layout.lines.count), layout.isTruncated ? 1 : 0]
            let got: [Double] = ["width", "height", "exact_width", "exact_height", "natural_width", "line_count"]
                .map { Self.number(answer[$0]) } + [Self.isTrue(answer["truncated"]) ? 1 : 0]
            XCTAssertEqual(got, expected, "request \(k): \(line)")
            guard case .array(let lineValues)? = answer["lines"] else { XCTFail("request \(k): no lines"); continue }
            let gotLines = try lineValues.map { value in
                let l = try Self.object(value)
                return ["start", "end", "width", "x", "top", "baseline", "height"].map { Self.number(l[$0]) }
            }
            let expectedLines = layout.lines.map { l in
                [Double(layout.scalarOffset(utf16: l.utf16Range.lowerBound)), Double(layout.scalarOffset(utf16: l.utf16Range.upperBound)),
                 l.width, l.x, l.top, l.baseline, l.height]
            }
            XCTAssertEqual(gotLines, expectedLines, "request \(k): \(line)")
        }
    }

    private static func object(_ value: JSONValue) throws -> [String: JSONValue] {
        guard case .object(let fields) = value else { throw NotAnObject() }
        return Dictionary(fields, uniquingKeysWith: { a, _ in a })
    }

    private struct NotAnObject: Error {}

    private static func isTrue(_ value: JSONValue?) -> Bool {
        if case .bool(true)? = value { return true }
        return false
    }

    private static func number(_ value: JSONValue?) -> Double {
        switch value {
        case .int(let n)?: return Double(n)
        case .number(let d)?: return d
        default: return .nan
        }
    }

    /// A request's fields as the Swift API takes them: what is absent keeps the API's own default.
    private static func layout(_ r: [String: Any]) throws -> TextLayout {
        let text = try XCTUnwrap(r["text"] as? String)
        var base = try style(r, over: TextStyle(font: "Noto Sans"))
        if let lang = r["lang"] as? String { base.language = lang }
        var p = ParagraphStyle()
        if let v = r["white_space"] as? String { p.whiteSpace = try XCTUnwrap(.init(rawValue: v)) }
        if let v = r["word_break"] as? String { p.wordBreak = try XCTUnwrap(.init(rawValue: v)) }
        if let v = r["line_break"] as? String { p.lineBreak = try XCTUnwrap(.init(rawValue: v)) }
        if let v = r["align"] as? String { p.alignment = try XCTUnwrap(.init(rawValue: v)) }
        if let v = r["direction"] as? String { p.direction = try XCTUnwrap(.init(rawValue: v)) }
        if let v = r["text_overflow"] as? String { p.textOverflow = try XCTUnwrap(.init(rawValue: v)) }
        if let v = r["text_wrap"] as? String { p.textWrap = try XCTUnwrap(.init(rawValue: v)) }
        if let v = r["max_lines"] as? Int { p.maxLines = v }
        let scale = r["scale"] as? Double ?? 1
        var attributed = AttributedText(text, baseStyle: base)
        let scalars = Array(text.unicodeScalars)
        func utf16(_ scalar: Int) -> Int { scalars[..<scalar].reduce(0) { $0 + $1.utf16.count } }
        for run in r["runs"] as? [[String: Any]] ?? [] {
            let start = try XCTUnwrap(run["start"] as? Int), end = try XCTUnwrap(run["end"] as? Int)
            attributed.setStyle(try style(run, over: base), utf16Range: utf16(start)..<utf16(end))
        }
        let prepared = r["runs"] == nil
            ? try Fixtures.typesetter.prepare(text, style: base, paragraph: p, scale: scale)
            : try Fixtures.typesetter.prepare(attributed, paragraph: p, scale: scale)
        return try prepared.layout(width: r["width"] as? Double)
    }

    private static func style(_ r: [String: Any], over base: TextStyle) throws -> TextStyle {
        var s = base
        if let list = r["font_family"] as? String { s.font = try FontStack(cssFontFamily: list) }
        if let names = r["font_family"] as? [String] { s.font = FontStack(families: names) }
        if let v = r["font_size"] as? Double { s.size = v }
        if let v = r["font_weight"] as? Int { s.weight = v }
        if let v = r["font_style"] as? String { s.italic = v != "normal" }
        if let v = r["letter_spacing"] as? Double { s.letterSpacing = v }
        switch r["line_height"] {
        case let v as Double: s.lineHeight = .points(v)
        case let v as [String: Double]: s.lineHeight = .multiple(try XCTUnwrap(v["multiple"]))
        case let v as String where v == "normal": s.lineHeight = .normal
        default: break
        }
        return s
    }
}
