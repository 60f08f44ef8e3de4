import ArgumentParser
import Foundation
import TypesetBatch
import Typeset
import TypesetEntities
import TypesetCells

/// `measure text`: one text, human-readable or JSON.
struct TextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "text",
        abstract: "Measure one text: its size, line count and lines.",
        discussion: """
        Examples:
          measure text "Hello world" --font "Noto Sans" --size 15 --width 320
          measure text "مرحبا بالعالم" --font "Noto Sans Arabic,Noto Sans" \\
              --width 120 --json
          echo "from stdin" | measure text - --width 80 --max-lines 2
          measure text "Verified ￼ badge" --json \\
              --attachments '[{"offset": 9, "width": 16, "height": 16}]'
        """)

    @OptionGroup var options: LayoutOptions
    @Flag(help: "Print JSON (the batch protocol's output object).") var json = false

    func run() throws {
        let (_, request, _, layout) = try options.layout()
        let scale = request.scale
        if json {
            print(LayoutAnswer(id: nil, layout: layout, scale: scale, withLines: true, utf16Offsets: false).serialized)
            return
        }
        let size = layout.size(scale: scale)
        print("size: \(Self.px(size.width)) × \(Self.px(size.height)) px (exact \(Self.px(layout.exactWidth)) × \(Self.px(layout.exactHeight)))")
        print("lines: \(layout.lines.count)\(layout.isTruncated ? " (truncated)" : "")")
        for (i, line) in layout.lines.enumerated() {
            let shown = layout.text(of: line).replacingOccurrences(of: "\n", with: "⏎").replacingOccurrences(of: "\t", with: "⇥")
            print(String(format: "%3d  %9.4f  ", i + 1, line.width) + "\"\(shown)\(line.hasEllipsis ? "…" : "")\"")
        }
    }

    /// A length for people: whole px as integers, others to at most 6
    /// decimals (exact for 1/64 px; a third of a pixel at 3x prints 84.666667,
    /// not 84.66666666666667). `--json` writes every number exactly.
    static func px(_ v: Double) -> String {
        guard v.isFinite else { return String(v) }
        if v == v.rounded() && abs(v) < 1e15 { return String(Int(v)) }
        var s = String(format: "%.6f", v)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
    }
}
