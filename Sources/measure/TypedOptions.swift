import ArgumentParser
import Typeset

// The paragraph options as typed command-line values: `--help` lists each
// one's values, shell completion knows them, and a bad value is a usage error
// that names the option and the values it takes.
extension ParagraphStyle.WhiteSpace: ExpressibleByArgument {}
extension ParagraphStyle.TextOverflow: ExpressibleByArgument {}
extension ParagraphStyle.WordBreak: ExpressibleByArgument {}
extension ParagraphStyle.LineBreak: ExpressibleByArgument {}
extension ParagraphStyle.Alignment: ExpressibleByArgument {}
extension ParagraphStyle.Direction: ExpressibleByArgument {}

/// What output offsets count (`--offsets`).
enum OffsetUnit: String, CaseIterable, ExpressibleByArgument {
    /// Unicode scalars (code points), the default.
    case scalars
    /// UTF-16 code units (JavaScript, NSString, UIKit).
    case utf16
}

/// `--max-line-bytes`, shared by the JSON Lines commands.
struct LineLimitOption: ParsableArguments {
    @Option(help: ArgumentHelp("The longest input line accepted, in bytes; a longer line is skipped without being held in memory and answered with an error.",
                               valueName: "bytes"))
    var maxLineBytes: Int = JSONLinesProcessor.defaultMaxLineBytes

    func validate() throws {
        guard maxLineBytes >= 1 else { throw ValidationError("--max-line-bytes must be at least 1") }
    }
}
