import ArgumentParser
import Foundation
import Typeset
import TypesetEntities
import TypesetCells
import TypesetFonts

/// Where the tool finds fonts: the bundled fonts by default.
struct FontOptions: ParsableArguments {
    @Option(name: .customLong("fonts-dir"), help: ArgumentHelp(
        "Directory of font files forming the collection (default: the bundled fonts: $TYPESET_FONTS, else beside the executable, else PREFIX/share/typeset/fonts of an installed measure, else the fonts/ it was built from).",
        valueName: "DIR"))
    var fontsDirectory: String?

    @Option(name: .customLong("font-faces"), help: ArgumentHelp(
        "CSS file of @font-face rules (font-family, src with url() relative to the file or local(), font-weight/-stretch/-style ranges, unicode-range, size-adjust, *-override): their families are set as a browser sets them, beside the --fonts-dir (or bundled) fonts.",
        valueName: "FILE.css"))
    var fontFaces: String?

    @Flag(name: .customLong("system-fonts"), help: "Also use the system's fonts through Fontconfig: installed families by name, generic families (serif, monospace…) and fallback.")
    var systemFonts = false

    /// Loads the collection; a directory that is not there is a failure
    /// (exit status 1) whose message names it, absolute.
    func collection() throws -> FontCollection {
        try Self.collection(directory: fontsDirectory, systemFonts: systemFonts, fontFaces: fontFaces)
    }

    /// The collection of `directory` (nil: the bundled fonts), with the
    /// system's fonts when `systemFonts` and the `@font-face` rules of the
    /// CSS file `fontFaces`; a failure names the directory, or the CSS
    /// file, line and rule.
    static func collection(directory: String?, systemFonts: Bool, fontFaces: String? = nil) throws -> FontCollection {
        do {
            if let fontFaces {
                let css = URL(fileURLWithPath: fontFaces).standardizedFileURL
                if let directory {
                    var isDirectory: ObjCBool = false
                    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
                          isDirectory.boolValue else {
                        throw TypesetError.fontDirectoryNotFound(path: URL(fileURLWithPath: directory).standardizedFileURL.path)
                    }
                }
                let fonts = try directory ?? BundledFonts.directory().path
                return try FontCollection(fontFaceRules: css, paths: [fonts], includeSystemFonts: systemFonts)
            }
            if let directory { return try FontCollection(directory: directory, includeSystemFonts: systemFonts) }
            return try FontCollection.bundled(includeSystemFonts: systemFonts)
        } catch {
            throw CommandFailure("\(error)")
        }
    }

    /// What is wrong with a font stack, for the tool's messages: a generic
    /// family without a font of its kind among the bundled fonts may have
    /// one among the system's.
    func explain(_ error: any Error) -> String {
        var message = "\(error)"
        guard !systemFonts, let typeset = error as? TypesetError else { return message }
        switch typeset {
        case .unknownFontFamily, .unknownFontFamilies, .unknownFontFamilyInRun:
            message += "; add --system-fonts to look among the system's fonts too"
        default: break
        }
        return message
    }

    /// Writes a warning line on standard error for each family of `families`
    /// that finds no font in `collection` and is skipped, as a browser skips
    /// it (once per name in `seen`, which bounds them). A stack with no
    /// family left is an error of its own, not a warning.
    static func warnSkipped(_ families: [String], in collection: FontCollection, seen: inout WarnedNames) {
        let skipped = collection.skippedFamilies(in: FontStack(families: families))
        guard skipped.count < families.count else { return }
        for name in skipped {
            guard let shown = seen.firstWarning(of: name, kind: "family") else { continue }
            warn("font family \"\(shown)\" has no font; skipped, as CSS skips it")
        }
    }
}

/// A failure that is not a usage error: printed as `measure: …`, exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}

/// Writes `measure: warning: …` on standard error (queued: never waits for
/// a stderr nobody reads; see ``DiagnosticWriter``).
func warn(_ message: String, essential: Bool = false) {
    DiagnosticWriter.standardError.write("measure: warning: \(message)\n", essential: essential)
}
