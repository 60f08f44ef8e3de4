import ArgumentParser
import Foundation
import Typeset
import TypesetBatch

// The paragraph options as typed command-line values: `--help` lists each
// one's values, shell completion knows them, and a bad value is a usage error
// that names the option and the values it takes.
extension ParagraphStyle.WhiteSpace: ExpressibleByArgument {}
extension ParagraphStyle.TextOverflow: ExpressibleByArgument {}
extension ParagraphStyle.WordBreak: ExpressibleByArgument {}
extension ParagraphStyle.LineBreak: ExpressibleByArgument {}
extension ParagraphStyle.Alignment: ExpressibleByArgument {}
extension ParagraphStyle.Direction: ExpressibleByArgument {}
extension TextWrapField: ExpressibleByArgument {}
extension TextBoxTrim: ExpressibleByArgument {}

/// What output offsets count (`--offsets`).
enum OffsetUnit: String, CaseIterable, ExpressibleByArgument {
    /// Unicode scalars (code points), the default.
    case scalars
    /// UTF-16 code units (JavaScript, NSString, UIKit).
    case utf16
}

/// `--max-line-bytes` and `--max-unwritten-bytes`, shared by the JSON Lines commands.
struct LineLimitOption: ParsableArguments {
    @Option(help: ArgumentHelp("The longest input line accepted, in bytes; a longer line is skipped without being held in memory and answered with an error.",
                               valueName: "bytes"))
    var maxLineBytes: Int = JSONLinesProcessor.defaultMaxLineBytes

    @Option(help: ArgumentHelp("The most bytes of answers that may wait for a slow reader of standard output; above it nothing more is read or measured until the reader catches up.",
                                valueName: "bytes"))
    var maxUnwrittenBytes: Int = JSONLinesProcessor.defaultMaxUnwrittenBytes

    @Flag(help: .hidden)
    var reportPeakUnwritten = false

    func validate() throws {
        guard maxLineBytes >= 1 else { throw ValidationError("--max-line-bytes must be at least 1") }
        guard maxUnwrittenBytes >= 1 else { throw ValidationError("--max-unwritten-bytes must be at least 1") }
    }

    /// The streaming pipeline with these limits.
    func processor(jobs: Int, progress: ProgressReporter?) -> JSONLinesProcessor {
        JSONLinesProcessor(jobs: jobs, progress: progress, maxLineBytes: maxLineBytes,
                           maxUnwrittenBytes: maxUnwrittenBytes, reportsPeakUnwritten: reportPeakUnwritten)
    }
}

/// `--jobs`, shared by the JSON Lines commands. Optional, so that `--help`
/// says what the default is rather than this machine's core count.
struct JobsOption: ParsableArguments {
    @Option(name: .customLong("jobs"), parsing: .unconditional, help: ArgumentHelp("Worker threads (default: one per core).", valueName: "N"))
    var requested: Int?

    /// The threads to use.
    var count: Int { requested ?? ProcessInfo.processInfo.activeProcessorCount }

    func validate() throws {
        if let requested, requested < 1 { throw ValidationError("--jobs must be at least 1") }
    }
}

/// Opens a file argument, or standard input for `-`; a file that cannot be
/// opened is a failure (exit status 1) that says why.
func openInput(_ path: String, what: String = "the input") throws -> FileHandle {
    if path == "-" { return .standardInput }
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else {
        throw CommandFailure("cannot open \(what) \(absolutePath(path)): \(String(cString: strerror(errno)))")
    }
    var info = stat()
    if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
        close(fd)
        throw CommandFailure("cannot read \(what) \(absolutePath(path)): it is a directory")
    }
    return FileHandle(fileDescriptor: fd, closeOnDealloc: true)
}

/// A file's bytes; a file that cannot be read is a failure that says why.
func readFile(_ path: String, what: String) throws -> Data {
    let handle = try openInput(path, what: what)
    do { return try handle.readToEnd() ?? Data() } catch {
        throw CommandFailure("cannot read \(what) \(absolutePath(path)): \(error.localizedDescription)")
    }
}

/// Writes an output file (replacing it whole); a file that cannot be
/// written is a failure that says why, naming the missing directory when
/// there is none.
func writeFile(_ data: Data, to path: String, what: String) throws {
    let directory = (absolutePath(path) as NSString).deletingLastPathComponent
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
        throw CommandFailure("cannot write \(what) \(absolutePath(path)): there is no directory \(directory)")
    }
    guard isDirectory.boolValue else {
        throw CommandFailure("cannot write \(what) \(absolutePath(path)): \(directory) is not a directory")
    }
    do { try data.write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
        let code = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.code
        let reason = code.map { String(cString: strerror(Int32($0))) } ?? error.localizedDescription
        throw CommandFailure("cannot write \(what) \(absolutePath(path)): \(reason)")
    }
}

/// A path made absolute against the working directory, for messages.
func absolutePath(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
}
