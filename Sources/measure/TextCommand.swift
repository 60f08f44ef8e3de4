import ArgumentParser
import Foundation
import Typeset

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

    @Argument(help: "The text, or - to read it from standard input.")
    var text: String

    @Option(help: ArgumentHelp("Font families, first preferred, comma-separated.", valueName: "FAMILY[,FAMILY…]"))
    var font: String = "Noto Sans"

    @Option(name: .customLong("font-file"), help: ArgumentHelp("Font files to use as the stack instead of --font (repeatable).", valueName: "PATH"))
    var fontFiles: [String] = []

    @Option(help: "Font size in px.") var size: Double = 15
    @Option(help: "Font weight, 1–1000.") var weight: Int = 400
    @Flag(help: "Use an italic face.") var italic = false
    @Option(help: "Width to break lines at, in px (omit for unbounded lines).") var width: Double?
    @Option(name: .customLong("line-height"), help: ArgumentHelp("Line height in px, or normal.", valueName: "PX|normal"))
    var lineHeight: String = "normal"
    @Option(name: .customLong("max-lines"), help: "Truncate with an ellipsis after this many lines.") var maxLines: Int?
    @Option(name: .customLong("white-space"), help: "normal or pre-wrap.") var whiteSpace: String = "normal"
    @Option(name: .customLong("word-break"), help: "normal, keep-all or break-all.") var wordBreak: String = "normal"
    @Option(name: .customLong("letter-spacing"), help: "Extra px after every character.") var letterSpacing: Double = 0
    @Option(help: "start, end, left, right, center or justify.") var align: String = "start"
    @Option(help: "auto, ltr or rtl.") var direction: String = "auto"
    @Option(help: "Display scale for the ceil'd size (1, 2, 3…).") var scale: Double = 1
    @Flag(help: "Print JSON (the batch protocol's output object).") var json = false
    @OptionGroup var fonts: FontOptions

    func run() throws {
        var input = text
        if text == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            guard let s = String(data: data, encoding: .utf8) else {
                throw ValidationError("standard input is not valid UTF-8")
            }
            input = s.hasSuffix("\n") ? String(s.dropLast()) : s
        }
        var object: [String: Any] = [
            "text": input, "font_size": size, "font_weight": weight, "font_style": italic ? "italic" : "normal",
            "white_space": whiteSpace, "word_break": wordBreak, "letter_spacing": letterSpacing, "align": align,
            "direction": direction, "scale": scale,
            "font_family": font.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) },
        ]
        if !fontFiles.isEmpty { object["font_file"] = fontFiles }
        if let width { object["width"] = width }
        if let maxLines { object["max_lines"] = maxLines }
        if lineHeight != "normal" {
            guard let lh = Double(lineHeight) else { throw ValidationError("--line-height must be a number of px or normal") }
            object["line_height"] = lh
        }
        let request: MeasureRequest
        do { request = try MeasureRequest(json: object) } catch { throw ValidationError("\(error)") }
        let typesetter = Typesetter(fonts: try fonts.collection())
        let layout: TextLayout
        do { layout = try request.measure(with: typesetter, files: FontFileCache()) } catch {
            FileHandle.standardError.write(Data("measure: \(error)\n".utf8))
            throw ExitStatus.someFailed
        }
        if json {
            print(MeasureRequest.output(id: nil, layout: layout, scale: scale, lines: true, utf16Offsets: false).serialized)
            return
        }
        let size = layout.size(scale: scale)
        print("size: \(Self.px(size.width)) × \(Self.px(size.height)) px (exact \(layout.exactWidth) × \(layout.exactHeight))")
        print("lines: \(layout.lines.count)\(layout.isTruncated ? " (truncated)" : "")")
        for (i, line) in layout.lines.enumerated() {
            let shown = layout.text(of: line).replacingOccurrences(of: "\n", with: "⏎").replacingOccurrences(of: "\t", with: "⇥")
            print(String(format: "%3d  %9.4f  ", i + 1, line.width) + "\"\(shown)\(line.hasEllipsis ? "…" : "")\"")
        }
    }

    static func px(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
}
