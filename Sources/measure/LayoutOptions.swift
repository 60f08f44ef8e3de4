import ArgumentParser
import Foundation
import TypesetBatch
import Typeset
import TypesetEntities
import TypesetCells

/// The text and the layout options shared by `measure text` and `measure render`:
/// each option is the batch protocol's field of the same name
/// (docs/Protocol.md), so a command line and a batch line measure alike.
struct LayoutOptions: ParsableArguments {
    @Argument(help: "The text, or - to read it from standard input (one trailing newline dropped).")
    var text: String

    @Option(help: ArgumentHelp("Font families, first preferred, comma-separated, as CSS font-family: a family without a font is skipped with a warning.", valueName: "FAMILY[,FAMILY…]"))
    var font: String = "Noto Sans"

    @Option(name: .customLong("font-file"), help: ArgumentHelp("Font files to use as the stack instead of --font (repeatable).", valueName: "PATH"))
    var fontFiles: [String] = []

    // Numbers are read whatever they start with: `--width -3` is a bad width, not a missing value.
    @Option(parsing: .unconditional, help: ArgumentHelp("Font size in px (CSS's initial font-size).", valueName: "PX")) var size: Double = 16
    @Option(parsing: .unconditional, help: "Font weight, 1–1000.") var weight: Int = 400
    @Flag(help: "Use an italic face.") var italic = false
    @Option(help: ArgumentHelp("CSS font-stretch: a percentage (75, 75%) or a keyword (condensed…); sets a variable font's wdth axis.", valueName: "PERCENT"))
    var stretch: String = "100"
    @Option(help: ArgumentHelp("CSS font-variation-settings, e.g. \"'wght' 650, 'GRAD' 50\".", valueName: "CSS"))
    var variations: String = "normal"
    @Option(name: .customLong("optical-sizing"), help: ArgumentHelp("CSS font-optical-sizing: auto (opsz follows the size in CSS px) or none.", valueName: "auto|none"))
    var opticalSizing: String = "auto"
    @Option(parsing: .unconditional, help: ArgumentHelp("Width to break lines at, in px (omit for unbounded lines).", valueName: "PX"))
    var width: Double?
    @Option(name: .customLong("line-height"), parsing: .unconditional, help: ArgumentHelp("Line height in px, or normal.", valueName: "PX|normal"))
    var lineHeight: String = "normal"
    @Option(name: .customLong("max-lines"), parsing: .unconditional, help: ArgumentHelp("Truncate with an ellipsis after this many lines.", valueName: "N"))
    var maxLines: Int?
    @Option(name: .customLong("white-space"), help: "CSS white-space.") var whiteSpace: ParagraphStyle.WhiteSpace = .normal
    @Option(name: .customLong("text-overflow"), help: "clip or ellipsis (cuts a nowrap line that does not fit).")
    var textOverflow: ParagraphStyle.TextOverflow = .clip
    @Option(name: .customLong("word-break"), help: "CSS word-break.") var wordBreak: ParagraphStyle.WordBreak = .normal
    @Option(name: .customLong("line-break"), help: "CSS line-break.") var lineBreak: ParagraphStyle.LineBreak = .auto
    @Option(name: .customLong("text-wrap"), help: "CSS text-wrap: balance (titles), pretty (no short last line), or nowrap.")
    var textWrap: TextWrapField = .wrap
    @Option(name: .customLong("text-box-trim"), help: "CSS text-box-trim: trims the first line's top and the last line's bottom to --text-box-edge.")
    var textBoxTrim: TextBoxTrim = .none
    @Option(name: .customLong("text-box-edge"), help: ArgumentHelp("CSS text-box-edge: auto, text, or an over edge (text, cap, ex) and an under edge (text, alphabetic), e.g. \"cap alphabetic\".", valueName: "CSS"))
    var textBoxEdge: String = "auto"
    @Option(help: ArgumentHelp("The text's language (BCP 47), for line breaking and shaping.", valueName: "TAG"))
    var lang: String?
    @Option(name: .customLong("letter-spacing"), parsing: .unconditional, help: ArgumentHelp("Extra px after every character (may be negative).", valueName: "PX"))
    var letterSpacing: Double = 0
    @Option(help: "CSS text-align.") var align: ParagraphStyle.Alignment = .start
    @Option(help: "Base direction.") var direction: ParagraphStyle.Direction = .auto
    @Option(parsing: .unconditional, help: """
        Device pixel ratio (1, 2, 2.625, 3…): the text is laid out in device pixels as Chromium does on such \
        a screen; answers stay in px, the size ceil'd to its grid.
        """) var scale: Double = 1
    @Option(help: ArgumentHelp("Styled runs as the batch protocol's JSON array, scalar offsets, e.g. "
                               + "'[{\"start\":0,\"end\":5,\"font_weight\":700}]'.",
                               valueName: "JSON"))
    var runs: String?
    @Option(help: ArgumentHelp("Inline boxes at U+FFFC characters of the text, as the batch protocol's JSON array, scalar offsets, e.g. "
                               + "'[{\"offset\":6,\"width\":18,\"height\":18}]'.",
                               valueName: "JSON"))
    var attachments: String?
    @OptionGroup var fonts: FontOptions

    func validate() throws {
        // Check every option now, so that a bad value is a usage error rather
        // than a failed measurement, and before any font is loaded.
        if let width, !(width.isFinite && width >= 0) { throw ValidationError("--width must be a finite number of px, 0 or more") }
        guard size.isFinite, size >= 0 else { throw ValidationError("--size must be a finite number of px, 0 or more") }
        guard (1...1000).contains(weight) else { throw ValidationError("--weight must be between 1 and 1000") }
        guard PixelGrid.scales.contains(scale) else {
            let range = PixelGrid.scales
            throw ValidationError("--scale must be a number from \(range.lowerBound) to \(range.upperBound)")
        }
        guard letterSpacing.isFinite else { throw ValidationError("--letter-spacing must be a finite number of px") }
        if lineHeight != "normal", let lh = Double(lineHeight), !(lh.isFinite && lh >= 0) {
            throw ValidationError("--line-height must be a finite number of px, 0 or more, or normal")
        }
        _ = try request(text: "", runs: false)
    }

    /// The text argument, or standard input for `-` without its final newline.
    func inputText() throws -> String {
        guard text == "-" else {
            // The same rule as for standard input: bytes that are not UTF-8 are an error, not U+FFFD.
            if let offset = Self.invalidUTF8Offset(ofArgument: text) {
                throw CommandFailure("the text argument is not valid UTF-8 (byte \(offset))")
            }
            return text
        }
        let data = FileHandle.standardInput.readDataToEndOfFile()
        guard var s = String(data: data, encoding: .utf8) else {
            throw CommandFailure("standard input is not valid UTF-8")
        }
        // "\r\n" is one Character, so look at scalars: drop one "\n" or "\r\n".
        if s.unicodeScalars.last == "\n" {
            s.unicodeScalars.removeLast()
            if s.unicodeScalars.last == "\r" { s.unicodeScalars.removeLast() }
        }
        return s
    }

    /// The offset of the first invalid byte of the command-line argument
    /// that `value` was decoded from (Swift's arguments replace invalid
    /// UTF-8 with U+FFFD), or nil when it was valid UTF-8.
    static func invalidUTF8Offset(ofArgument value: String) -> Int? {
        guard value.unicodeScalars.contains("\u{FFFD}") else { return nil }
        for k in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[k] else { continue }
            let bytes = UnsafeRawBufferPointer(start: argument, count: strlen(argument)).bindMemory(to: UInt8.self)
            guard let offset = UTF8Validation.firstInvalidByte(in: bytes),
                  String(decoding: bytes, as: UTF8.self) == value else { continue }
            return offset
        }
        return nil
    }

    /// The options as a batch protocol request for `text` (without `--runs`
    /// and `--attachments` when `runs` is false: their offsets need the text).
    func request(text: String, runs withRuns: Bool = true) throws -> MeasureRequest {
        var object: [(String, JSONValue)] = [
            ("text", .string(text)), ("font_size", .number(size)), ("font_weight", .number(Double(weight))),
            ("font_style", .string(italic ? "italic" : "normal")),
            ("font_stretch", .string(Double(stretch) != nil ? stretch + "%" : stretch)),
            ("font_variation_settings", .string(variations)), ("font_optical_sizing", .string(opticalSizing)),
            ("white_space", .string(whiteSpace.rawValue)), ("text_overflow", .string(textOverflow.rawValue)),
            ("word_break", .string(wordBreak.rawValue)), ("line_break", .string(lineBreak.rawValue)),
            ("text_wrap", .string(textWrap.rawValue)),
            ("text_box_trim", .string(textBoxTrim.rawValue)), ("text_box_edge", .string(textBoxEdge)),
            ("letter_spacing", .number(letterSpacing)), ("align", .string(align.rawValue)),
            ("direction", .string(direction.rawValue)), ("scale", .number(scale)),
            ("font_family", .string(font)),  // a CSS font-family list, read as the batch reads the string
        ]
        if !fontFiles.isEmpty { object.append(("font_file", .array(fontFiles.map { .string($0) }))) }
        var lists: [(String, JSONValue)] = []
        if let runs {
            guard let parsed = try? JSONParser.parse(Array(runs.utf8)) else {
                throw ValidationError("--runs must be a JSON array of runs")
            }
            lists.append(("runs", parsed))
        }
        if let attachments {
            guard let parsed = try? JSONParser.parse(Array(attachments.utf8)) else {
                throw ValidationError("--attachments must be a JSON array of attachments")
            }
            lists.append(("attachments", parsed))
        }
        // A misspelt field of --runs or --attachments is a usage error (a batch warns of it).
        if let unknown = RequestLines.unknownFields(in: .object(lists)).first {
            throw ValidationError(RequestLines.describe(unknownField: unknown))
        }
        if withRuns { object += lists }
        if let width { object.append(("width", .number(width))) }
        if let lang { object.append(("lang", .string(lang))) }
        if let maxLines { object.append(("max_lines", .number(Double(maxLines)))) }
        if lineHeight != "normal" {
            guard let lh = Double(lineHeight) else { throw ValidationError("--line-height must be a number of px or normal") }
            object.append(("line_height", .number(lh)))
        }
        // The options are read as the batch reads a request: one set of checks and messages.
        do {
            let request = try JSONValueDecoder.decode(MeasureRequest.self, from: .object(object))
            _ = try RunRequest.utf16Ranges(of: request.runs, in: request.text, utf16Offsets: false)
            _ = try AttachmentRequest.utf16Offsets(of: request.attachments, in: request.text, utf16Offsets: false)
            return request
        } catch {
            // The request's field is the option here.
            let message = "\(error)"
            throw ValidationError(message.hasPrefix("font_family ") ? "--font" + message.dropFirst("font_family".count) : message)
        }
    }

    /// Reads the text, loads the fonts and lays the text out. A text that cannot
    /// be measured (no font for its stack, a bad width) is a failure (exit
    /// status 1); each family skipped for want of a font is a warning line.
    func layout() throws -> (text: String, request: MeasureRequest, typesetter: Typesetter, layout: TextLayout) {
        let input = try inputText()
        let request = try request(text: input)
        let collection = try fonts.collection()
        let typesetter = Typesetter(fonts: collection)
        let layout: TextLayout
        do { layout = try request.measure(with: typesetter, files: FontFileCache(access: .anyPath)) } catch {
            throw CommandFailure(fonts.explain(error))
        }
        var seen = WarnedNames()
        if request.fontFiles.isEmpty { FontOptions.warnSkipped(request.families, in: collection, seen: &seen) }
        for run in request.runs where run.fontFiles == nil {
            if let families = run.style.families { FontOptions.warnSkipped(families, in: collection, seen: &seen) }
        }
        return (input, request, typesetter, layout)
    }
}
