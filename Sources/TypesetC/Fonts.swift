// `ts_fonts_*`: font collections from the bundled fonts, a directory or files.
import CTypeset
import Foundation
import Typeset
import TypesetFonts

/// `ts_fonts_bundled` (include/typeset.h): The bundled fonts as a `ts_fonts` handle: those of an installed prefix first (see `InstalledFonts`), else as `FontCollection.bundled()` finds them.
@_cdecl("ts_fonts_bundled")
public func tsFontsBundled(_ includeSystemFonts: Int32, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> ts_status {
    Status.run("ts_fonts_bundled") {
        let out = try Status.required(out, "out")
        let system = includeSystemFonts != 0
        let fonts = try InstalledFonts.directory().map { try FontCollection(directory: $0, includeSystemFonts: system) }
            ?? FontCollection.bundled(includeSystemFonts: system)
        out.pointee = Handle.make(FontsHandle(fonts))
    }
}

/// `ts_fonts_from_directory` (include/typeset.h): Every font file of a directory as a `ts_fonts` handle.
@_cdecl("ts_fonts_from_directory")
public func tsFontsFromDirectory(_ path: UnsafePointer<CChar>?, _ includeSystemFonts: Int32,
                               _ out: UnsafeMutablePointer<OpaquePointer?>?) -> ts_status {
    Status.run("ts_fonts_from_directory") {
        let path = try CStrings.required(path, "path")
        let out = try Status.required(out, "out")
        let fonts = try FontCollection(directory: path, includeSystemFonts: includeSystemFonts != 0)
        out.pointee = Handle.make(FontsHandle(fonts))
    }
}

/// `ts_fonts_from_files` (include/typeset.h): The font files at `count` paths as a `ts_fonts` handle.
@_cdecl("ts_fonts_from_files")
public func tsFontsFromFiles(_ paths: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int, _ includeSystemFonts: Int32,
                           _ out: UnsafeMutablePointer<OpaquePointer?>?) -> ts_status {
    Status.run("ts_fonts_from_files") {
        let count = try SourceText.count(count, "count")
        guard count >= 1 else { throw ArgumentError("count must be at least 1") }
        guard let paths else { throw ArgumentError("paths is NULL") }
        let out = try Status.required(out, "out")
        let files = try (0..<count).map { try CStrings.required(paths[$0], "paths[\($0)]") }
        let fonts = try FontCollection(paths: files, includeSystemFonts: includeSystemFonts != 0)
        out.pointee = Handle.make(FontsHandle(fonts))
    }
}

/// `ts_fonts_from_font_faces` (include/typeset.h): The faces of a CSS file's `@font-face` rules beside the fonts of a directory (NULL: the bundled fonts) as a `ts_fonts` handle.
@_cdecl("ts_fonts_from_font_faces")
public func tsFontsFromFontFaces(_ cssPath: UnsafePointer<CChar>?, _ fontsDirectory: UnsafePointer<CChar>?,
                                 _ includeSystemFonts: Int32, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> ts_status {
    Status.run("ts_fonts_from_font_faces") {
        let css = try CStrings.required(cssPath, "css_path")
        let out = try Status.required(out, "out")
        let directory: String
        if let fontsDirectory {
            directory = try CStrings.required(fontsDirectory, "fonts_dir")
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw TypesetError.fontDirectoryNotFound(path: URL(fileURLWithPath: directory).standardizedFileURL.path)
            }
        } else {
            directory = try InstalledFonts.directory() ?? BundledFonts.directory().path
        }
        let fonts = try FontCollection(fontFaceRules: URL(fileURLWithPath: css).standardizedFileURL, paths: [directory],
                                       includeSystemFonts: includeSystemFonts != 0)
        out.pointee = Handle.make(FontsHandle(fonts))
    }
}

/// `ts_fonts_face_count` (include/typeset.h): How many faces a `ts_fonts` handle holds.
@_cdecl("ts_fonts_face_count")
public func tsFontsFaceCount(_ fonts: OpaquePointer?, _ out: UnsafeMutablePointer<Int>?) -> ts_status {
    Status.run("ts_fonts_face_count") {
        let fonts = try Handle.argument(fonts, "fonts", as: FontsHandle.self)
        try Status.store(fonts.fonts.faces.count, to: out, "out")
    }
}

/// `ts_fonts_free` (include/typeset.h): Releases a `ts_fonts` handle (NULL is ignored).
@_cdecl("ts_fonts_free")
public func tsFontsFree(_ fonts: OpaquePointer?) {
    Handle.free(fonts, as: FontsHandle.self)
}

/// The bundled fonts of an installed library: `PREFIX/share/typeset/fonts`
/// beside `PREFIX/lib/libtypeset.so`.
enum InstalledFonts {
    /// That directory when it holds the fonts and `TYPESET_FONTS` is not
    /// set (which comes first, as for every program); nil otherwise.
    static func directory() -> String? {
        if let given = ProcessInfo.processInfo.environment["TYPESET_FONTS"], !given.isEmpty { return nil }
        guard let library = typeset_internal_library_path().map({ String(cString: $0) }) else { return nil }
        let prefix = URL(fileURLWithPath: library).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
        let fonts = prefix.appendingPathComponent("share/typeset/fonts")
        let marker = fonts.appendingPathComponent("NotoSans-Regular.ttf").path
        return FileManager.default.fileExists(atPath: marker) ? fonts.path : nil
    }
}
