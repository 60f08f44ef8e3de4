import ArgumentParser
import Foundation
import Typeset
import TypesetEntities
import TypesetCells

/// Where the tool finds fonts: the bundled `fonts/` directory by default.
struct FontOptions: ParsableArguments {
    @Option(name: .customLong("fonts-dir"), help: ArgumentHelp(
        "Directory of font files forming the collection (default: $TYPESET_FONTS, else PREFIX/share/typeset/fonts beside an installed measure, else the repository's fonts/).",
        valueName: "DIR"))
    var fontsDirectory: String?

    @Flag(name: .customLong("system-fonts"), help: "Also fall back to the system's fonts through Fontconfig.")
    var systemFonts = false

    /// Loads the collection, failing with a message that names the directory.
    func collection() throws -> FontCollection {
        let dir = try fontsDirectory ?? Self.bundledFontsDirectory()
        return try FontCollection(directory: dir, includeSystemFonts: systemFonts)
    }

    /// $TYPESET_FONTS, else `share/typeset/fonts` of the prefix the executable
    /// is installed in (`PREFIX/bin/measure`, as `scripts/install` lays it
    /// out), else a `fonts/` directory holding Noto Sans found above the
    /// executable or the working directory (a checkout).
    static func bundledFontsDirectory() throws -> String {
        if let env = ProcessInfo.processInfo.environment["TYPESET_FONTS"], !env.isEmpty { return env }
        let fm = FileManager.default
        let exe = URL(fileURLWithPath: (try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                      ?? CommandLine.arguments[0])
        func holdsFonts(_ dir: URL) -> Bool {
            fm.fileExists(atPath: dir.appendingPathComponent("NotoSans-Regular.ttf").path)
        }
        var looked: [String] = []
        let installed = exe.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/typeset/fonts")
        looked.append(installed.path)
        if holdsFonts(installed) { return installed.path }
        for start in [exe.deletingLastPathComponent(), URL(fileURLWithPath: fm.currentDirectoryPath)] {
            var dir = start
            while true {
                let fonts = dir.appendingPathComponent("fonts")
                if holdsFonts(fonts) { return fonts.path }
                if dir.path == "/" { break }
                dir.deleteLastPathComponent()
            }
            looked.append("fonts/ in \(start.path) and every directory above it")
        }
        throw ValidationError("no fonts directory found (looked in $TYPESET_FONTS, "
            + looked.joined(separator: ", ") + "): pass --fonts-dir DIR or set TYPESET_FONTS")
    }
}
