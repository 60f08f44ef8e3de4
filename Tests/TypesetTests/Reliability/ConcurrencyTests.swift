import Foundation
import Typeset
import TypesetTestSupport
import XCTest

/// Eight tasks (and eight threads) sharing one `FontCollection`, one
/// `Typesetter` and prepared texts, each laying out many texts at many widths;
/// every answer must equal the single-threaded one. The collection starts
/// cold, so its caches (font stacks, fallback, word shapes) fill under
/// contention.
///
/// `TYPESET_CONCURRENCY_ITERATIONS` sets the layouts per task (default 500;
/// `scripts/sanitize` runs 10,000 under the thread sanitizer).
final class ConcurrencyTests: XCTestCase {
    private static var iterations: Int {
        ProcessInfo.processInfo.environment["TYPESET_CONCURRENCY_ITERATIONS"].flatMap(Int.init) ?? 500
    }
    private static let workers = 8

    /// One text to lay out, with its style and paragraph options.
    struct Case: Sendable {
        var text: AttributedText
        var paragraph: ParagraphStyle
    }

    /// What a layout answers, compared exactly.
    struct Answer: Equatable, Sendable {
        var lines: [Range<Int>]
        var widths: [Double]
        var height: Double
        var contentWidth: Double
        var truncated: Bool

        init(_ l: TextLayout) {
            lines = l.lines.map(\.utf16Range)
            widths = l.lines.map(\.width)
            height = l.exactHeight
            contentWidth = l.contentWidth
            truncated = l.isTruncated
        }
    }

    static let widths: [Double?] = [nil, 0, 37.5, 120, 320, 1000]
    static let stack: FontStack = ["Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari", "Noto Sans Thai",
                                   "Noto Sans CJK JP", "Noto Color Emoji"]

    /// Fixed texts in every script plus seeded random ones (hostile Unicode,
    /// mixed styles), so fallback and the word cache see many distinct keys.
    static func cases() -> [Case] {
        let body = TextStyle(font: stack, size: 15)
        let fixed = [
            "Hello world, this is a feed post with a link https://example.com/a/b?c=d and #tags @people 👋",
            "مرحبا بالعالم! هذا نص عربي طويل بعض الشيء مع أرقام ١٢٣ و English words.",
            "שלום עולם, זה טקסט בעברית עם מספרים 123 ו־English.",
            "नमस्ते दुनिया, यह हिंदी में एक लंबा वाक्य है।",
            "สวัสดีชาวโลกนี่คือข้อความภาษาไทยที่ไม่มีช่องว่างระหว่างคำ",
            "日本語のテキストです。「括弧」や、句読点。も含みます。漢字かなカナ。",
            "👩‍👩‍👧‍👦 🇯🇵🇫🇷 ❤️‍🔥 1️⃣ 👍🏽 family, flags and keycaps",
            "Tabs\tand\nnewlines\n\nin pre-wrap \t text",
            "ﬁne ﬂow: office affluent ffl fi fl — ligatures everywhere",
        ]
        var out = fixed.enumerated().map { k, s in
            Case(text: AttributedText(s, style: body),
                 paragraph: ParagraphStyle(whiteSpace: k == 7 ? .preWrap : .normal, maxLines: k == 0 ? 2 : nil))
        }
        var r = SplitMix64(seed: 0xC0C0)
        let faces = Fixtures.fonts.faces
        while out.count < 48 {
            let pieces = RandomText.text(&r).map { ($0, RandomText.style(&r, faces: faces, invalid: false)) }
            guard !pieces.isEmpty else { continue }
            var paragraph = RandomText.paragraph(&r)
            paragraph.tabSize = 8
            out.append(Case(text: AttributedText(pieces), paragraph: paragraph))
        }
        return out
    }

    private func run(workers: Int, iterations: Int, parallel: (Int, @escaping @Sendable (Int) -> Void) -> Void) throws {
        let cases = Self.cases()
        // The single-threaded answers, from a collection of their own.
        let reference = Typesetter(fonts: try FontCollection(directory: Fixtures.fontsDirectory))
        var expected: [[Answer?]] = []
        for c in cases {
            let prepared = try? reference.prepare(c.text, paragraph: c.paragraph)
            expected.append(Self.widths.map { w in (try? prepared?.layout(width: w)).flatMap { $0 }.map(Answer.init) })
        }
        // Shared by every worker: a cold collection and typesetter, and texts
        // prepared once (by the first worker that needs them, or up front).
        let typesetter = Typesetter(fonts: try FontCollection(directory: Fixtures.fontsDirectory))
        let shared = cases.prefix(cases.count / 2).map { try? typesetter.prepare($0.text, paragraph: $0.paragraph) }
        let mismatches = LockedBox<[String]>([])
        let layouts = LockedBox<Int>(0)
        let expectedAnswers = expected
        parallel(workers) { worker in
            var count = 0
            for i in 0..<iterations {
                let k = (worker * 7919 + i * 31) % cases.count
                let w = (worker + i) % Self.widths.count
                let width = Self.widths[w]
                let answer: Answer?
                switch i % 4 {
                case 0, 1:
                    // Prepared in this worker, on the shared typesetter.
                    answer = (try? typesetter.prepare(cases[k].text, paragraph: cases[k].paragraph).layout(width: width)).map(Answer.init)
                case 2 where k < shared.count:
                    // A prepared text shared by every worker.
                    answer = (try? shared[k]?.layout(width: width)).flatMap { $0 }.map(Answer.init)
                default:
                    let layout = try? typesetter.prepare(cases[k].text, paragraph: cases[k].paragraph).layout(width: width)
                    answer = layout.map(Answer.init)
                    if let layout {
                        // The per-line APIs read the shared core too.
                        for line in layout.lines.prefix(3) {
                            for run in layout.visualRuns(of: line).prefix(2) { _ = layout.glyphs(of: run, on: line) }
                        }
                        _ = layout.rects(forUTF16Range: 0..<cases[k].text.string.utf16.count)
                        _ = layout.scalarOffset(utf16: cases[k].text.string.utf16.count / 2)
                    }
                }
                count += 1
                if answer != expectedAnswers[k][w] {
                    mismatches.modify { $0.append("worker \(worker) case \(k) width \(String(describing: width))") }
                }
            }
            layouts.modify { $0 += count }
        }
        XCTAssertEqual(layouts.get(), workers * iterations)
        XCTAssertEqual(mismatches.get().count, 0, mismatches.get().prefix(10).joined(separator: "\n"))
    }

    /// Eight tasks of a task group.
    func testTasksShareOneTypesetter() throws {
        let iterations = Self.iterations
        try run(workers: Self.workers, iterations: iterations) { workers, body in
            let group = DispatchGroup()
            for worker in 0..<workers {
                group.enter()
                Task.detached {
                    body(worker)
                    group.leave()
                }
            }
            group.wait()
        }
    }

    /// Eight threads of their own (the cooperative pool has only as many
    /// threads as cores, so this interleaves more).
    func testThreadsShareOneTypesetter() throws {
        let iterations = max(1, Self.iterations / 2)
        try run(workers: Self.workers, iterations: iterations) { workers, body in
            let group = DispatchGroup()
            for worker in 0..<workers {
                group.enter()
                let thread = Thread {
                    body(worker)
                    group.leave()
                }
                thread.stackSize = 8 << 20
                thread.start()
            }
            group.wait()
        }
    }
}
