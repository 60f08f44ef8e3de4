import Foundation
@testable import Typeset
import TypesetTestSupport
import XCTest

/// Seeded random stress test: hostile text, attributes, paragraph options and
/// widths through `Typesetter.prepare` and `PreparedText.layout(width:)`, with
/// the engine's invariants checked on every input.
///
/// The suite runs a fixed seed and count. Environment variables scale it up
/// (`scripts/fuzz` uses them):
///
/// - `TYPESET_STRESS_SEED`: the base seed (default 0x7E57).
/// - `TYPESET_STRESS_ITERATIONS`: how many inputs (default 2500).
/// - `TYPESET_STRESS_START`: the first input's index, to replay one input
///   (`TYPESET_STRESS_START=1234 TYPESET_STRESS_ITERATIONS=1`).
/// - `TYPESET_STRESS_SECONDS`: run until this many seconds have passed instead.
/// - `TYPESET_STRESS_PROGRESS_FILE`: before each input, write "seed index" to
///   this file, so a crash or hang names the input that caused it.
///
/// Invariants (see `check`): no crash; the documented errors and only them;
/// lines partition the source text in order; every line fits the width unless
/// it is one unbreakable piece; finite, non-negative heights that add up to
/// `exactHeight`; and laying out again at the measured width gives the same
/// lines. Legitimate exceptions are listed where they are allowed.
final class StressTests: XCTestCase {
    struct Options {
        var seed: UInt64 = 0x7E57
        var iterations = 2500
        var start = 0
        var seconds: Double?
        var progressFile: String?

        static func fromEnvironment() -> Options {
            let env = ProcessInfo.processInfo.environment
            var o = Options()
            if let s = env["TYPESET_STRESS_SEED"], let v = UInt64(s) ?? UInt64(s.replacingOccurrences(of: "0x", with: ""), radix: 16) { o.seed = v }
            if let s = env["TYPESET_STRESS_ITERATIONS"], let v = Int(s) { o.iterations = v }
            if let s = env["TYPESET_STRESS_START"], let v = Int(s) { o.start = v }
            if let s = env["TYPESET_STRESS_SECONDS"], let v = Double(s) { o.seconds = v }
            o.progressFile = env["TYPESET_STRESS_PROGRESS_FILE"]
            return o
        }
    }

    /// Counts of what the run exercised.
    struct Stats: CustomStringConvertible {
        var inputs = 0, prepared = 0, prepareErrors = 0, layouts = 0, widthErrors = 0, utf8Inputs = 0, invalidUTF8 = 0
        var lines = 0, overflowingLines = 0, units = 0
        var description: String {
            "\(inputs) inputs (\(units) UTF-16 units), \(prepared) prepared, \(prepareErrors) expected prepare errors, "
                + "\(layouts) layouts (\(lines) lines, \(overflowingLines) allowed overflows), \(widthErrors) width errors, "
                + "\(utf8Inputs) UTF-8 inputs (\(invalidUTF8) invalid)"
        }
    }

    func testRandomInputsKeepInvariants() throws {
        let options = Options.fromEnvironment()
        let typesetter = Fixtures.typesetter
        var stats = Stats()
        var failures = 0
        let started = Date()
        var index = options.start
        while true {
            if let seconds = options.seconds {
                if Date().timeIntervalSince(started) >= seconds { break }
            } else if index >= options.start + options.iterations {
                break
            }
            if let file = options.progressFile {
                try? "\(options.seed) \(index)\n".write(toFile: file, atomically: false, encoding: .utf8)
            }
            let problems = Self.run(seed: options.seed, index: index, typesetter: typesetter, stats: &stats)
            if !problems.isEmpty {
                failures += 1
                XCTFail("input \(index) (TYPESET_STRESS_SEED=\(options.seed) TYPESET_STRESS_START=\(index) TYPESET_STRESS_ITERATIONS=1):\n  "
                        + problems.prefix(8).joined(separator: "\n  "))
                if failures >= 20 { break }
            }
            index += 1
        }
        let elapsed = Date().timeIntervalSince(started)
        print("stress: seed \(options.seed), \(stats), \(String(format: "%.1f", elapsed)) s, \(failures) failing inputs")
    }

    /// The generator for input `index` of a run.
    static func generator(seed: UInt64, index: Int) -> SplitMix64 {
        var mix = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
        return SplitMix64(seed: mix.next())
    }

    /// Generates and checks input `index`; returns what went wrong.
    static func run(seed: UInt64, index: Int, typesetter: Typesetter, stats: inout Stats) -> [String] {
        var r = generator(seed: seed, index: index)
        stats.inputs += 1
        if r.chance(0.1) { return runUTF8(&r, typesetter: typesetter, stats: &stats) }

        let pieces = RandomText.text(&r)
        let faces = typesetter.fonts.faces
        let anyInvalid = r.chance(0.05)
        let invalidPiece = anyInvalid ? r.int(0...max(0, pieces.count - 1)) : -1
        var styled: [(String, TextStyle)] = []
        // Runs of several pieces share a style now and then (merged runs).
        var current = RandomText.style(&r, faces: faces, invalid: false)
        for (k, piece) in pieces.enumerated() {
            if k == invalidPiece || r.chance(0.6) {
                current = RandomText.style(&r, faces: faces, invalid: k == invalidPiece)
            }
            styled.append((piece, current))
        }
        let text = AttributedText(styled)
        let paragraph = RandomText.paragraph(&r)
        let widths = (0..<r.int(1...4)).map { _ in RandomText.width(&r) }
        stats.units += text.string.utf16.count

        let expected = expectedPrepareError(text)
        let prepared: PreparedText
        do {
            prepared = try typesetter.prepare(text, paragraph: paragraph)
        } catch {
            if let expected, let e = error as? TypesetError, sameError(e, expected) {
                stats.prepareErrors += 1
                return []
            }
            return [describe(text, paragraph), "prepare threw \(error), expected \(expected.map { "\($0)" } ?? "success")"]
        }
        if let expected { return [describe(text, paragraph), "prepare succeeded, expected \(expected)"] }
        stats.prepared += 1
        var problems: [String] = []
        if prepared.string != text.string { problems.append("prepared string differs from the input") }
        let nat = prepared.naturalWidth
        if !nat.isFinite { problems.append("natural width \(nat)") }
        for width in widths {
            problems += checkLayout(prepared, text: text, width: width, r: &r, stats: &stats)
            if !problems.isEmpty { break }
        }
        if !problems.isEmpty { problems.insert(describe(text, paragraph), at: 0) }
        return problems
    }

    /// The error `prepare` must throw for these runs, if any.
    static func expectedPrepareError(_ text: AttributedText) -> TypesetError? {
        if text.runs.isEmpty { return .invalidAttributeRuns("") }
        for run in text.runs {
            let s = run.style
            if !(s.size.isFinite && s.size >= 0) { return .invalidFontSize(s.size) }
            if !s.letterSpacing.isFinite { return .invalidStyleValue(name: "letter spacing", value: s.letterSpacing) }
            switch s.lineHeight {
            case .normal: break
            case .points(let v), .multiple(let v):
                if !(v.isFinite && v >= 0) { return .invalidStyleValue(name: "line height", value: v) }
            }
            if s.font.entries.isEmpty { return .emptyFontStack }
        }
        for run in text.runs {
            let families = run.style.font.entries.compactMap { if case .family(let name) = $0 { return name } else { return nil } }
            if families.first == RandomText.unknownFamily {
                return families.count == 1 ? .unknownFontFamily(families[0]) : .unknownFontFamilies(families)
            }
        }
        return nil
    }

    /// Equal errors, with NaN payloads equal and attribute-run messages ignored.
    static func sameError(_ a: TypesetError, _ b: TypesetError) -> Bool {
        func same(_ x: Double, _ y: Double) -> Bool { x == y || (x.isNaN && y.isNaN) }
        switch (a, b) {
        case (.invalidFontSize(let x), .invalidFontSize(let y)): return same(x, y)
        case (.invalidWidth(let x), .invalidWidth(let y)): return same(x, y)
        case (.invalidStyleValue(let n, let x), .invalidStyleValue(let m, let y)): return n == m && same(x, y)
        case (.invalidAttributeRuns, .invalidAttributeRuns): return true
        default: return a == b
        }
    }

    static func checkLayout(_ prepared: PreparedText, text: AttributedText, width: Double?, r: inout SplitMix64,
                            stats: inout Stats) -> [String] {
        let layout: TextLayout
        do {
            layout = try prepared.layout(width: width)
        } catch {
            if let width, !(width.isFinite && width >= 0), let e = error as? TypesetError, sameError(e, .invalidWidth(width)) {
                stats.widthErrors += 1
                return []
            }
            return ["layout(width: \(String(describing: width))) threw \(error)"]
        }
        if let width, !(width.isFinite && width >= 0) {
            return ["layout(width: \(width)) succeeded; an invalid width must throw"]
        }
        stats.layouts += 1
        stats.lines += layout.lines.count
        var problems = invariants(layout, prepared: prepared, width: width, stats: &stats)
        if !problems.isEmpty { return problems.map { "width \(String(describing: width)): \($0)" } }

        // Wrap stability: the measured width gives the same lines. Negative
        // letter spacing is exempt: a line's content can shrink after a wider
        // prefix, so the widest line is not the widest prefix.
        // A layout with an overflowing line is exempt too: its content width is
        // wider than the width, and more fits on the other lines there.
        // (Negative advances from the font itself, a mark's GPOS adjustment say,
        // and negative pieces of a ligature split by a break, too: the alef after
        // a lam-alef split is the ligature less the lam shaped alone, below 0.)
        let core = prepared.core
        let advances = core.unitMetrics.advances
        let negativeSpacing = core.styles.contains { $0.letterSpacing < 0 } || advances.contains { $0 < 0 }
            || (0..<core.segments.count).contains { s in  // (a negative width is stored as "too wide")
                core.segments[s].width == Int32.max && core.width(Int(core.segmentStart(s)), Int(core.contentEnd(s))) < 0
            }
            || (0..<advances.count).contains { i in
                core.ligatures.split(at: Int32(i)).map { $0.prefix > Int64(advances[Int($0.clusterStart)]) } ?? false
            }
        // And so is a layout whose content width is over the width by less
        // than 1/64 px (lines fit in truncated layout units, the content width
        // is rounded up): one layout unit more may fit more.
        let overflows = width.map { layout.contentWidth > $0 } ?? false
        // And so is a layout with a line that lost a widening kern where it
        // was reshaped (a break inside a word): Chromium fits the line by its
        // width in the word and reports it without the kern, narrower, and
        // at that width the line no longer fits (Comic Neue's "E-Mail-" at
        // 17 px is 54.375 px reshaped, 54.406 in the word: Chromium sets
        // "E-Mail-Adresse" as "E-" | "Mail-" | … in a 54.375 px box).
        let lostWideningKern = layout.lines.contains { line in
            let start = Int(line.contentStart), end = Int(line.contentEnd)
            return core.reshapedEndKern(at: Int32(end)) < 0 || core.reshapedStartKern(at: Int32(start)) < 0
                || core.splitCorrection(at: end) < 0 || core.splitStartCorrection(at: start) < 0
        }
        // Truncated layouts too: the last line is filled word by word, then cut
        // between clusters for the ellipsis; at its (narrower) content width the
        // cut word no longer fits the line, so the cut moves earlier.
        if !negativeSpacing && !overflows && !lostWideningKern && !layout.isTruncated {
            do {
                let again = try prepared.layout(width: layout.contentWidth)
                // (Justified lines fill whatever box they are in: only their breaks must stay.)
                let justified = core.paragraph.alignment == .justify
                if again.lines.map(\.utf16Range) != layout.lines.map(\.utf16Range)
                    || (!justified && again.lines.map(\.width) != layout.lines.map(\.width)) {
                    problems.append("width \(String(describing: width)): not stable at its content width \(layout.contentWidth): "
                                    + "\(summary(layout)) became \(summary(again))")
                }
            } catch {
                problems.append("layout at the content width \(layout.contentWidth) threw \(error)")
            }
        }

        // Everything else that reads a layout must not crash.
        for line in layout.lines.prefix(50) {
            let runs = layout.visualRuns(of: line)
            for run in runs where !(run.x.isFinite && run.width.isFinite) {
                problems.append("visual run \(run.utf16Range) at \(run.x) width \(run.width)")
            }
            if r.chance(0.05), let run = runs.first {
                let glyphs = layout.glyphs(of: run, on: line)
                if glyphs.contains(where: { !$0.x.isFinite || !$0.y.isFinite }) { problems.append("non-finite glyph position") }
            }
            _ = layout.text(of: line)
        }
        let n = text.string.utf16.count
        for _ in 0..<3 {
            let a = r.int(-2...n + 2), b = r.int(-2...n + 2)
            let range = min(a, b)..<max(a, b)
            for rect in layout.rects(forUTF16Range: range) where !(rect.x.isFinite && rect.y.isFinite && rect.width.isFinite && rect.height.isFinite) {
                problems.append("rect \(rect) for \(range)")
            }
            let offset = layout.scalarOffset(utf16: a)
            if offset < 0 || offset > text.string.unicodeScalars.count { problems.append("scalarOffset(utf16: \(a)) = \(offset)") }
        }
        let scale = r.pick([1, 2, 3, 1.5, 0, -1, .nan])
        let size = layout.size(scale: scale)
        if !(size.width.isFinite && size.height.isFinite) && !(width ?? 0 > 1e300) { problems.append("size(scale: \(scale)) = \(size)") }
        if let width {
            for constraint in [WidthConstraint.exactly(width), .atMost(width)] {
                do {
                    let l = try prepared.layout(constraint)
                    if l.lines.map(\.utf16Range) != layout.lines.map(\.utf16Range) { problems.append("\(constraint) gives other lines") }
                } catch { problems.append("layout(\(constraint)) threw \(error)") }
            }
        }
        return problems
    }

    static func summary(_ layout: TextLayout) -> String {
        "[" + layout.lines.prefix(6).map { "\($0.utf16Range.lowerBound)..<\($0.utf16Range.upperBound) w\($0.width)" }.joined(separator: ", ")
            + (layout.lines.count > 6 ? ", … \(layout.lines.count) lines" : "") + "]"
    }

    /// A reproducible description of an input (scalars escaped, long texts cut).
    static func describe(_ text: AttributedText, _ paragraph: ParagraphStyle) -> String {
        let scalars = text.string.unicodeScalars
        let shown = scalars.prefix(300).map { s -> String in
            s.value >= 0x20 && s.value < 0x7F ? String(Character(s)) : String(format: "\\u{%X}", s.value)
        }.joined()
        let runs = text.runs.prefix(8).map { run in
            "\(run.range) \(run.style.font.entries.map { entry -> String in if case .family(let f) = entry { return f } else { return "face" } }) "
                + "size \(run.style.size) ls \(run.style.letterSpacing) lh \(run.style.lineHeight) w\(run.style.weight)\(run.style.italic ? " italic" : "")"
        }
        return "text (\(text.string.utf16.count) units) \"\(shown)\(scalars.count > 300 ? "…" : "")\"; runs \(runs); paragraph \(paragraph)"
    }

}
