// Every entry point's one way out: a status, and on failure the message in
// the calling thread's last error. No Swift error or trap crosses to C.
import CTypeset
import Foundation
import Typeset
import TypesetFonts

/// An argument the C caller got wrong: the message names it and the problem.
struct ArgumentError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// A failure of the library or the system (no memory).
struct InternalError: Error {
    let message: String
}

enum Status {
    /// Runs an entry point's body: `TS_OK` when it returns, otherwise the
    /// status of what it threw, with the message recorded for `ts_last_error`
    /// prefixed with the function's name.
    static func run(_ function: String, _ body: () throws -> Void) -> ts_status {
        do {
            try body()
            return TS_OK
        } catch {
            let (status, message) = describe(error)
            record("\(function): \(message)")
            return status
        }
    }

    /// The status and message of an error.
    static func describe(_ error: any Error) -> (ts_status, String) {
        switch error {
        case let e as ArgumentError: return (TS_ERROR_ARGUMENT, e.message)
        case let e as InternalError: return (TS_ERROR_INTERNAL, e.message)
        case let e as BundledFontsError: return (TS_ERROR_FONT, e.description)
        case let e as TypesetError: return (status(of: e), e.description)
        default: return (TS_ERROR_INTERNAL, String(describing: error))
        }
    }

    /// The status a Typeset error maps to.
    static func status(of error: TypesetError) -> ts_status {
        switch error {
        case .fontFileNotFound, .fontDirectoryNotFound, .fontFileUnreadable, .notAFont, .faceIndexOutOfRange,
             .fontWithoutCharacterMap, .unknownFontFamily, .unknownFontFamilies, .unknownFontFamilyInRun,
             .emptyFontStack, .invalidFontFaceRule, .fontFaceRulesUnreadable:
            return TS_ERROR_FONT
        case .invalidWidth, .invalidScale, .invalidFontSize, .invalidStyleValue, .invalidAttributeRuns,
             .invalidStyleRange, .invalidUTF8, .invalidAttachment, .invalidFontVariationSettings,
             .invalidStyleText:
            return TS_ERROR_ARGUMENT
        case .unicodeAnalysisFailed, .fontconfigUnavailable:
            return TS_ERROR_INTERNAL
        }
    }

    /// Sets the calling thread's last error message.
    static func record(_ message: String) {
        message.withCString { typeset_internal_set_error($0, strlen($0)) }
    }

    /// Stores `value` through an out-parameter, which must not be NULL.
    static func store<T>(_ value: T, to out: UnsafeMutablePointer<T>?, _ name: String) throws {
        guard let out else { throw ArgumentError("\(name) is NULL") }
        out.pointee = value
    }

    /// Checks an out-parameter before the work that fills it.
    static func required<T>(_ out: UnsafeMutablePointer<T>?, _ name: String) throws -> UnsafeMutablePointer<T> {
        guard let out else { throw ArgumentError("\(name) is NULL") }
        return out
    }
}

/// `ts_version` (include/typeset.h): The library's version (static storage).
@_cdecl("ts_version")
public func tsVersion() -> UnsafePointer<CChar> {
    versionString
}

/// The version as a C string that lives as long as the process.
nonisolated(unsafe) private let versionString: UnsafePointer<CChar> = {
    UnsafePointer(strdup(TypesetVersion.string)!)
}()
