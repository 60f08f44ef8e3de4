import Foundation
import Typeset
import TypesetTestSupport
import XCTest

/// Inline attachments against Chromium (corpus/attachments, recorded by
/// tools/record_attachments.py as inline-blocks): a case agrees when its
/// line starts, its ceil'd height, every attachment's frame (within 1/64 px)
/// and the max-content width its layout reports agree.
final class AttachmentCorpusAccuracyTests: XCTestCase {
    struct Case: Decodable {
        var id: String
        var category: String
        var text: String
        var attachments: [Box]
        var fonts: [String]
        var font_size: Double
        var line_height: Double?
        var width: Double
        var dir: String

        struct Box: Decodable { var width: Double; var height: Double; var vertical_align: String }
    }

    struct Expected: Decodable {
        var id: String
        var height: Double
        var starts: [Int]
        var frames: [[Double]]
        /// CSS max-content (recorded since attachments.js measured it; the
        /// scaled corpora's rows predate it).
        var natural_width: Double?
    }

    /// The one case that does not agree (Chromium 156), and why.
    static let knownMisses = [
        // Two attachments after an Arabic word in a 90 px RTL line: Chromium
        // keeps the first on the line although the line is then 1/64 px too
        // wide (its frame is at x = -1/64), the engine wraps before it.
        "attachments-arabic-029-s17-w90-lhN-rtl",
    ]

    func testAttachmentsAgreeWithChromium() throws {
        let dir = Fixtures.corpusDirectory.appendingPathComponent("attachments")
        let cases = try CorpusScoreboard.jsonLines(dir.appendingPathComponent("cases.jsonl"), as: Case.self)
        let expected = Dictionary(try CorpusScoreboard.jsonLines(dir.appendingPathComponent("expected.jsonl"), as: Expected.self)
            .map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var agree: [String: (Int, Int)] = [:]
        var misses: [String] = []
        for c in cases {
            let e = try XCTUnwrap(expected[c.id], c.id)
            let layout = try Self.layout(c)
            if ProcessInfo.processInfo.environment["TYPESET_ATTACHMENT_DEBUG"] == c.id {
                for l in layout.lines { print("line \(l.utf16Range) top \(l.top) height \(l.height) baseline \(l.baseline) ascent \(l.ascent) descent \(l.descent)") }
                print("frames \(layout.attachmentFrames().map(\.rect)) vs \(e.frames)")
            }
            let problems = Self.problems(layout, e, c, scale: 1)
            agree[c.category, default: (0, 0)].0 += 1
            if problems.isEmpty { agree[c.category, default: (0, 0)].1 += 1 } else { misses.append("\(c.id): " + problems.joined(separator: "; ")) }
        }
        let total = agree.values.reduce(0) { $0 + $1.0 }, good = agree.values.reduce(0) { $0 + $1.1 }
        print("attachments: \(good)/\(total)")
        for (k, v) in agree.sorted(by: { $0.key < $1.key }) where v.0 != v.1 { print("  \(k): \(v.1)/\(v.0)") }
        for m in misses { print("  " + m) }
        XCTAssertEqual(cases.count, 360)
        let unexpected = misses.filter { m in !Self.knownMisses.contains { m.hasPrefix($0 + ":") } }
        XCTAssertEqual(unexpected, [], "attachment cases that no longer agree with Chromium")
        XCTAssertGreaterThanOrEqual(Double(good) / Double(total), 0.995)
    }

    /// How a layout differs from Chromium's (empty: it agrees): line starts,
    /// the height ceil'd to the scale's grid, every frame within 1/64 of a
    /// device pixel.
    static func problems(_ layout: TextLayout, _ e: Expected, _ c: Case, scale: Double) -> [String] {
        let starts = layout.lines.map(\.utf16Range.lowerBound)
        let frames = layout.attachmentFrames().map(\.rect)
        let near = 1 / (64 * scale) + (scale == 1 ? 1e-9 : 1e-4)
        let exact = scale == 1 ? 1e-9 : 1e-4
        var problems: [String] = []
        if starts != e.starts { problems.append("starts \(starts) vs \(e.starts)") }
        if let natural = e.natural_width, abs(layout.naturalWidth - natural) > near {
            problems.append("natural width \(layout.naturalWidth) vs \(natural)")
        }
        if layout.size(scale: scale).height != OptionCorpusAccuracyTests.ceiled(e.height, scale: scale) {
            problems.append("height \(layout.exactHeight) vs \(e.height)")
        }
        if frames.count != e.frames.count { problems.append("\(frames.count) frames vs \(e.frames.count)") } else {
            for (k, (f, w)) in zip(frames, e.frames).enumerated() {
                let ok = abs(f.x - w[0]) <= near && abs(f.y - w[1]) <= near
                    && abs(f.width - w[2]) <= exact && abs(f.height - w[3]) <= exact
                if !ok { problems.append("frame \(k) \(c.attachments[k].vertical_align) \([f.x, f.y, f.width, f.height]) vs \(w)") }
            }
        }
        return problems
    }

    static func layout(_ c: Case, scale: Double = 1) throws -> TextLayout {
        try prepare(c, scale: scale).layout(width: c.width)
    }

    static func prepare(_ c: Case, scale: Double = 1) throws -> PreparedText {
        let style = TextStyle(font: FontStack(faces: c.fonts.map { Fixtures.face(file: $0) }), size: c.font_size,
                              lineHeight: c.line_height.map { .points($0) } ?? .normal)
        var text = AttributedText(c.text, baseStyle: style)
        var k = 0
        for (offset, unit) in c.text.utf16.enumerated() where unit == 0xFFFC {
            let box = c.attachments[k]
            text.setAttachment(TextAttachment(width: box.width, height: box.height,
                                              verticalAlignment: TextAttachment.VerticalAlignment(rawValue: box.vertical_align)!),
                               atUTF16Offset: offset)
            k += 1
        }
        let paragraph = ParagraphStyle(direction: c.dir == "rtl" ? .rtl : .ltr)
        return try Fixtures.typesetter.prepare(text, paragraph: paragraph, scale: scale)
    }
}
