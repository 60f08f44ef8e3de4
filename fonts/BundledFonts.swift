// The TypesetFonts library: this directory's fonts as a SwiftPM resource, and
// where an app that depends on the package finds them at run time.

import Foundation
import Typeset

/// The fonts Typeset's corpus was recorded with (Noto Sans and its script
/// families, Noto Sans CJK JP, Noto Color Emoji; the `fonts/` directory of
/// the package), found at run time by an app that depends on the
/// `TypesetFonts` product.
///
/// ```swift
/// import Typeset
/// import TypesetFonts
///
/// let typesetter = Typesetter(fonts: try FontCollection.bundled())
/// ```
///
/// The fonts are a resource of this library: SwiftPM copies them beside
/// every executable built with it, as the directory
/// `<package>_TypesetFonts.resources`. To ship the app, copy that directory
/// with the executable (as any SwiftPM resource), or install the fonts as
/// `PREFIX/share/typeset/fonts` beside `PREFIX/bin/app`, or point
/// `TYPESET_FONTS` at them. ``directory()`` looks, in this order:
///
/// 1. `$TYPESET_FONTS`, when set and not empty (used as given);
/// 2. the resource directory beside the running executable;
/// 3. `share/typeset/fonts` of the prefix the executable is installed in
///    (`PREFIX/bin/app`, as `scripts/install` lays `measure` out);
/// 4. the package's `fonts/` directory this library was compiled from (a
///    checkout, or SwiftPM's copy of a dependency), while it exists.
///
/// An app that brings its own fonts depends on `Typeset` alone and uses
/// `FontCollection(directory:)`: nothing of this library is compiled or
/// copied into it.
public enum BundledFonts {
    /// The bundled fonts' directory, found as the type's overview says.
    /// - Throws: ``BundledFontsError`` naming every place looked, or the
    ///   `TYPESET_FONTS` directory when it does not exist.
    public static func directory() throws -> URL {
        try locate(environment: ProcessInfo.processInfo.environment, executable: executableURL,
                   compiledFrom: compiledDirectory)
    }

    /// The steps of ``directory()`` with their inputs given (for tests).
    static func locate(environment: [String: String], executable: URL?, compiledFrom: URL?) throws -> URL {
        let fm = FileManager.default
        if let given = environment["TYPESET_FONTS"], !given.isEmpty {
            let url = URL(fileURLWithPath: given).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw BundledFontsError.environmentDirectoryNotFound(url.path)
            }
            return url
        }
        var looked: [String] = []
        func found(_ dir: URL) -> Bool {
            looked.append(dir.path)
            return fm.fileExists(atPath: dir.appendingPathComponent(marker).path)
        }
        if let binDirectory = executable?.deletingLastPathComponent() {
            // SwiftPM names the directory after the package that declares the
            // resource ("Typeset", or what the dependency's manifest calls it).
            let names = ((try? fm.contentsOfDirectory(atPath: binDirectory.path)) ?? [])
                .filter { $0.hasSuffix("_TypesetFonts.resources") }.sorted()
            for name in names.isEmpty ? ["Typeset_TypesetFonts.resources"] : names {
                let resources = binDirectory.appendingPathComponent(name)
                if found(resources) { return resources }
            }
            let installed = binDirectory.deletingLastPathComponent().appendingPathComponent("share/typeset/fonts")
            if found(installed) { return installed }
        }
        if let compiledFrom, found(compiledFrom) { return compiledFrom }
        throw BundledFontsError.notFound(looked: looked)
    }

    /// A file every bundled fonts directory holds.
    static let marker = "NotoSans-Regular.ttf"

    /// The running executable (`/proc/self/exe`), nil when it cannot be read.
    static var executableURL: URL? {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return CommandLine.arguments.first.map { URL(fileURLWithPath: $0).standardizedFileURL }
        }
        return URL(fileURLWithPath: path)
    }

    /// The directory this file was compiled from: the package's `fonts/`.
    static let compiledDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
}

/// Why the bundled fonts were not found.
public enum BundledFontsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `TYPESET_FONTS` names a directory that does not exist (its absolute path).
    case environmentDirectoryNotFound(String)
    /// No place looked holds them; the absolute paths looked at, in order.
    case notFound(looked: [String])

    public var description: String {
        switch self {
        case .environmentDirectoryNotFound(let path):
            return "font directory not found: \(path) (from TYPESET_FONTS)"
        case .notFound(let looked):
            return "the bundled fonts were not found (looked in $TYPESET_FONTS, unset, and in "
                + looked.joined(separator: ", ")
                + "): ship the TypesetFonts resource directory beside the executable, or set TYPESET_FONTS to a fonts directory"
        }
    }
}

extension FontCollection {
    /// The bundled fonts (``BundledFonts``), found at run time from any
    /// working directory: what the README's examples, the corpus and the
    /// `measure` tool measure with.
    /// - Parameter includeSystemFonts: also reach the system's fonts through
    ///   Fontconfig, for fallback and for family names.
    /// - Throws: ``BundledFontsError`` when they are not found, and what
    ///   `FontCollection(directory:)` throws.
    public static func bundled(includeSystemFonts: Bool = false) throws -> FontCollection {
        try FontCollection(directory: BundledFonts.directory().path, includeSystemFonts: includeSystemFonts)
    }
}
