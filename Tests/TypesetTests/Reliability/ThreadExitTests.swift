import CUnicode
import Foundation
import Typeset
import TypesetTestSupport
import XCTest

/// Per-thread ICU objects (line and grapheme iterators, bidi) are closed when
/// their thread exits: a thread-per-request server does not leak them.
final class ThreadExitTests: XCTestCase {
    func testShortLivedThreadsCloseTheirICUObjects() throws {
        let typesetter = Fixtures.typesetter
        // Bidi, graphemes and ICU line breaking (non-ASCII, two languages).
        let text = "東京へ行きました。مرحبا بالعالم! Hello 👋🏽"
        let style = Fixtures.style(["Noto Sans", "Noto Sans CJK JP", "Noto Sans Arabic", "Noto Color Emoji"])
        _ = try typesetter.prepare(text, style: style)
        let baseline = tsu_open_thread_objects()

        let threads = 64
        let done = DispatchSemaphore(value: 0)
        let failures = LockedFailures()
        for i in 0..<threads {
            let thread = Thread {
                do {
                    let paragraph = ParagraphStyle(locale: i.isMultiple(of: 2) ? "ja" : nil, lineBreak: .strict)
                    _ = try typesetter.prepare(text, style: style, paragraph: paragraph).layout(width: 120)
                } catch { failures.add("\(error)") }
                done.signal()
            }
            thread.start()
        }
        for _ in 0..<threads { XCTAssertEqual(done.wait(timeout: .now() + 30), .success) }
        XCTAssertEqual(failures.all, [])
        // The destructors run as each thread finishes exiting, just after its block returns.
        let deadline = Date().addingTimeInterval(10)
        while tsu_open_thread_objects() > baseline && Date() < deadline { usleep(1000) }
        XCTAssertEqual(tsu_open_thread_objects(), baseline,
                       "every exited thread closed its ICU objects (\(threads) threads, up to 3+ objects each)")
    }

    private final class LockedFailures: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func add(_ s: String) { lock.lock(); list.append(s); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return list }
    }
}
