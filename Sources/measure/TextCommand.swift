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
          measure text "مرحبا بالعالم" --font "Noto Sans Arabic,Noto Sans" --width 120 --json
          echo "from stdin" | measure text - --width 80 --max-lines 2
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

    static func px(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
}
