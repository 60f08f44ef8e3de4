import Foundation

/// A Fontconfig configuration a test writes itself: one directory holding
/// only the font files the test names, and the generic-family preferences
/// the test gives, so that tests of installed families and of `serif` or
/// `monospace` get the same answers on every machine, whatever fonts it has.
///
/// Fontconfig reads `FONTCONFIG_FILE` when a configuration is loaded: a
/// `FontCollection(…, includeSystemFonts: true)` made inside
/// ``withConfiguration(_:)`` (or a `measure --system-fonts` run with
/// ``environment``) sees these fonts as the system's, and no others.
public final class FontconfigSandbox {
    /// The folder holding the configuration, the fonts and Fontconfig's cache.
    public let directory: URL
    /// The configuration file (`FONTCONFIG_FILE`).
    public let configFile: String

    /// Writes a configuration whose only font directory holds links to
    /// `fonts`, with `preferences` as its generic families' preferred
    /// families (`["serif": ["DejaVu Serif"]]`, as the system's
    /// `60-latin.conf` lists them), and no others.
    public init(fonts: [String], preferences: [String: [String]] = [:]) throws {
        let fm = FileManager.default
        directory = fm.temporaryDirectory.appendingPathComponent("typeset-fontconfig-\(UUID().uuidString)")
        let fontsDirectory = directory.appendingPathComponent("fonts")
        try fm.createDirectory(at: fontsDirectory, withIntermediateDirectories: true)
        for font in fonts {
            let link = fontsDirectory.appendingPathComponent((font as NSString).lastPathComponent)
            try fm.createSymbolicLink(atPath: link.path, withDestinationPath: font)
        }
        var xml = """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>
              <dir>\(fontsDirectory.path)</dir>
              <cachedir>\(directory.appendingPathComponent("cache").path)</cachedir>

            """
        for (generic, families) in preferences.sorted(by: { $0.key < $1.key }) {
            xml += "  <alias><family>\(generic)</family><prefer>"
            xml += families.map { "<family>\($0)</family>" }.joined()
            xml += "</prefer></alias>\n"
        }
        xml += "</fontconfig>\n"
        configFile = directory.appendingPathComponent("fonts.conf").path
        try Data(xml.utf8).write(to: URL(fileURLWithPath: configFile))
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// The environment of a child process that uses this configuration.
    public var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["FONTCONFIG_FILE"] = configFile
        return environment
    }

    /// Runs `body` with `FONTCONFIG_FILE` naming this configuration, then
    /// puts the variable back as it was. Fontconfig reads it when a
    /// configuration is loaded (a collection with system fonts is made), not
    /// at each query.
    public func withConfiguration<T>(_ body: () throws -> T) rethrows -> T {
        let before = ProcessInfo.processInfo.environment["FONTCONFIG_FILE"]
        setenv("FONTCONFIG_FILE", configFile, 1)
        defer {
            if let before { setenv("FONTCONFIG_FILE", before, 1) } else { unsetenv("FONTCONFIG_FILE") }
        }
        return try body()
    }

    /// The path of an installed font file with this name under the system's
    /// font directories (`/usr/share/fonts`, `/usr/local/share/fonts`), or
    /// nil when there is none.
    public static func installedFont(named file: String) -> String? {
        let fm = FileManager.default
        for root in ["/usr/share/fonts", "/usr/local/share/fonts"] {
            guard let walk = fm.enumerator(atPath: root) else { continue }
            while let relative = walk.nextObject() as? String {
                if (relative as NSString).lastPathComponent == file { return (root as NSString).appendingPathComponent(relative) }
            }
        }
        return nil
    }

    /// DejaVu Sans, Sans Bold, Sans Mono and Serif: fonts-dejavu-core, which
    /// `scripts/setup` installs. Nil when one is missing.
    public static var dejaVuFonts: [String]? {
        let files = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf", "DejaVuSerif.ttf"].map(installedFont(named:))
        return files.contains(nil) ? nil : files.compactMap { $0 }
    }

    /// Why a test that needs `dejaVuFonts` is skipped where they are missing.
    public static let dejaVuMissing = "the DejaVu fonts (DejaVuSans.ttf, DejaVuSans-Bold.ttf, DejaVuSansMono.ttf, "
        + "DejaVuSerif.ttf) are not under /usr/share/fonts: install fonts-dejavu-core (scripts/setup does)"
}
