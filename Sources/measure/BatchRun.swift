import Foundation
import TypesetBatch
import Typeset

/// One `measure batch` run as its command line asked for it, in plain
/// values: what ``BatchCommand`` parses into and ``BatchCommandLine``
/// reads straight from the common command lines.
struct BatchRun {
    /// The JSON Lines file, or `-` for standard input.
    var input = "-"
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    var utf16Offsets = false
    var includesLines = true
    var strict = false
    /// Whether to show a progress line (nil: when stderr is a terminal).
    var progress: Bool? = nil
    /// No summary line and no warnings on stderr (`--quiet`).
    var quiet = false
    var fontFilesDirectory: String? = nil
    var maxLineBytes = JSONLinesProcessor.defaultMaxLineBytes
    var maxUnwrittenBytes = JSONLinesProcessor.defaultMaxUnwrittenBytes
    var reportsPeakUnwritten = false
    /// `--fonts-dir` (nil: the bundled fonts) and `--system-fonts`.
    var fontsDirectory: String? = nil
    var systemFonts = false
    /// `--font-faces`: a CSS file of `@font-face` rules.
    var fontFaces: String? = nil

    /// The most font stacks whose skipped families were looked at that are
    /// remembered, and the most bytes of names they may hold.
    static let mostCheckedStacks = 4096
    static let checkedStackBytes = 1 << 20

    /// Answers every line of the input on standard output; throws
    /// ``ExitStatus/someFailed`` when a line was an error, ``CommandFailure``
    /// when the run could not start or its answers could not be written.
    func run() throws {
        if let fontFilesDirectory {
            var isDirectory: ObjCBool = false
            let absolute = URL(fileURLWithPath: fontFilesDirectory).standardizedFileURL.path
            guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw CommandFailure("--font-files \(absolute): not a directory")
            }
        }
        let handle = try openInput(input)
        let collection = try FontOptions.collection(directory: fontsDirectory, systemFonts: systemFonts,
                                                      fontFaces: fontFaces)
        let typesetter = Typesetter(fonts: collection)
        keepUntilExit(typesetter)
        let lines = BatchLines(typesetter: typesetter, utf16Offsets: utf16Offsets, includesLines: includesLines,
                               rejectsUnknownFields: strict, fontFilesDirectory: fontFilesDirectory)
        let reporter = ProgressReporter.forRun(progress: progress, quiet: quiet, input: input)
        let processor = JSONLinesProcessor(jobs: jobs, progress: reporter, maxLineBytes: maxLineBytes,
                                           maxUnwrittenBytes: maxUnwrittenBytes, reportsPeakUnwritten: reportsPeakUnwritten)
        // Warnings, once per field or family name (at most WarnedNames.mostNames), from the reading thread (lines in order).
        var warned = WarnedNames()
        // Stacks looked at already (a feed names a few): at most 4,096 stacks of 1 MiB of names in all are remembered.
        var checkedStacks = Set<[String]>(), checkedBytes = 0
        // The stack of the line before (a feed's lines share theirs): no hashing to look it up again.
        var lastChecked: [String] = []
        func checkStack(_ families: [String]) {
            guard !quiet, families != lastChecked else { return }
            lastChecked = families
            guard !checkedStacks.contains(families) else { return }
            let bytes = families.reduce(16) { $0 + 16 + $1.utf8.count }
            if checkedStacks.count < Self.mostCheckedStacks, checkedBytes + bytes <= Self.checkedStackBytes {
                checkedStacks.insert(families)
                checkedBytes += bytes
            }
            FontOptions.warnSkipped(families, in: collection, seen: &warned)
        }
        var decoder = FeedRequestDecoder()
        defer { if !quiet, let summary = warned.summary { warn(summary, essential: true) } }
        let result = try processor.run(input: handle, output: .standardOutput, prepare: { line, number in
            let decoded = lines.decode(line, with: &decoder)
            if !quiet {
                for field in decoded.unknownFields {
                    guard let shown = warned.firstWarning(of: field, kind: "field") else { continue }
                    warn("line \(number): \(RequestLines.describe(unknownField: shown))"
                         + (strict ? ": an error line (--strict)" : "; ignored (--strict makes it an error)"))
                }
            }
            if !quiet, case .request(let request, _, _) = decoded {
                if request.fontFiles.isEmpty { checkStack(request.families) }
                for run in request.runs where run.fontFiles == nil {
                    if let families = run.style.families { checkStack(families) }
                }
            }
            return decoded
        }, respond: lines.respond)
        if result.failed > 0 { throw ExitStatus.someFailed }
    }
}
