import Foundation
@testable import Typeset
import TypesetBatch
import TypesetTestSupport
import XCTest

/// CSS min-content of a text whose lines at width 0 are whole plain
/// segments is taken straight from its segments (`PreparedCore.plainMinContent`);
/// every other text's is measured by the line breaker at width 0. The two
/// must agree wherever the shortcut answers: every request of every corpus
/// cases file (at 1x, 2x and 3x) and every category text under paragraph
/// variants (kept spaces and newlines, keep-all and break-all, right to
/// left, centred, justified, indented, `overflow-wrap`, `line-break`) is
/// prepared and both are compared.
final class MinContentShortcutTests: XCTestCase {
    func testShortcutEqualsTheBreakersMinContent() throws {
        let typesetter = Fixtures.typesetter
        var answered = 0, declined = 0, mismatches: [String] = []
        func check(_ prepared: PreparedText, _ what: @autoclosure () -> String) {
            let core = prepared.core
            guard let shortcut = core.plainMinContent else { declined += 1; return }
            answered += 1
            let breaker = core.breakerMinContent
            if shortcut != breaker {
                mismatches.append("\(what()): shortcut \(shortcut.pixels) px, breaker \(breaker.pixels) px")
            }
        }

        // Every corpus request, as the batch tool reads it.
        let lines = BatchLines(typesetter: typesetter)
        let files = FontFileCache(access: .off)
        var requests = 0
        for url in try Self.casesFiles() {
            let text = try String(contentsOf: url, encoding: .utf8)
            for (number, line) in text.split(separator: "\n").enumerated() {
                guard case .request(var request, _, _) = lines.decode(ArraySlice(Array(line.utf8))) else { continue }
                requests += 1
                for scale in [1.0, 2.0, 3.0] {
                    request.scale = scale
                    guard let prepared = try? request.prepare(with: typesetter, files: files) else { continue }
                    check(prepared, "\(url.lastPathComponent):\(number + 1) @\(scale)x")
                }
            }
        }
        XCTAssertGreaterThan(requests, 5000, "too few corpus requests read")

        // Every category text under the paragraph options the shortcut reads.
        let style = TextStyle(font: FontStack(families: ["Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew",
                                                         "Noto Sans Devanagari", "Noto Sans Thai", "Noto Sans CJK JP",
                                                         "Noto Color Emoji"]), size: 15)
        for text in try Self.categoryTexts() {
            for variant in [text, text.replacingOccurrences(of: ". ", with: ".\n  ")] {
                for (name, paragraph) in Self.paragraphs {
                    let prepared = try typesetter.prepare(variant, style: style, paragraph: paragraph)
                    check(prepared, "\(variant.prefix(40).debugDescription) \(name)")
                }
            }
        }

        XCTAssertEqual(mismatches, [], "\(mismatches.count) differ: \(mismatches.prefix(5))")
        XCTAssertGreaterThan(answered, 10_000, "too few texts took the shortcut")
        XCTAssertGreaterThan(declined, 1_000, "too few texts went to the breaker")
        print("min-content shortcut: \(answered) texts equal to the breaker's, \(declined) declined")
    }

    /// Every `cases*.jsonl` of the corpus (each subdirectory's and the top level's) and the examples' requests.
    private static func casesFiles() throws -> [URL] {
        let corpus = Fixtures.corpusDirectory
        var urls: [URL] = []
        let fm = FileManager.default
        for name in try fm.contentsOfDirectory(atPath: corpus.path).sorted() {
            let url = corpus.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
            let candidates = isDirectory.boolValue
                ? try fm.contentsOfDirectory(atPath: url.path).sorted().map { url.appendingPathComponent($0) } : [url]
            urls += candidates.filter { $0.lastPathComponent.hasPrefix("cases") && $0.pathExtension == "jsonl" }
        }
        let examples = Fixtures.repositoryRoot.appendingPathComponent("examples")
        urls += ["requests.jsonl", "posts.jsonl"].map { examples.appendingPathComponent($0) }
        return urls
    }

    /// The texts of `corpus/texts` (strings, or objects with a text).
    private static func categoryTexts() throws -> [String] {
        let dir = Fixtures.corpusDirectory.appendingPathComponent("texts")
        var texts: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() where file.hasSuffix(".json") {
            let category = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent(file)))
            let entries = (category as? [String: Any])?["texts"] as? [Any] ?? []
            texts += entries.compactMap { $0 as? String ?? ($0 as? [String: Any])?["text"] as? String }
        }
        return texts
    }

    /// Paragraph styles the shortcut answers for, and some it declines.
    private static let paragraphs: [(String, ParagraphStyle)] = {
        var out: [(String, ParagraphStyle)] = [("default", ParagraphStyle())]
        let changes: [(String, (inout ParagraphStyle) -> Void)] = [
            ("pre-wrap", { $0.whiteSpace = .preWrap }), ("pre-line", { $0.whiteSpace = .preLine }),
            ("break-spaces", { $0.whiteSpace = .breakSpaces }), ("nowrap", { $0.whiteSpace = .nowrap }),
            ("keep-all", { $0.wordBreak = .keepAll }), ("break-all", { $0.wordBreak = .breakAll }),
            ("rtl", { $0.direction = .rtl }), ("auto", { $0.direction = .auto }), ("center", { $0.alignment = .center }),
            ("justify", { $0.alignment = .justify }), ("indent", { $0.textIndent = TextIndent(.points(20)) }),
            ("break-word", { $0.overflowWrap = .breakWord }), ("anywhere", { $0.overflowWrap = .anywhere }),
            ("line-break anywhere", { $0.lineBreak = .anywhere }), ("loose", { $0.lineBreak = .loose }),
            ("max-lines", { $0.maxLines = 2; $0.textOverflow = .ellipsis }),
        ]
        for (name, change) in changes {
            var p = ParagraphStyle()
            change(&p)
            out.append((name, p))
        }
        return out
    }()
}
