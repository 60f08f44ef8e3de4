import Foundation

/// Font files the repository does not ship (the fonts corpus's Roboto, Lato,
/// Open Sans, Liberation, Comic Neue…), for tests of rules only such fonts
/// show. Looked for in `$TYPESET_TEST_FONTS_DIR` (default
/// `corpus/fonts/files`, which `scripts/fetch-test-fonts` fills), then
/// under `/usr/share/fonts` (Debian's font packages).
public enum TestFonts {
    /// The directories searched, in order.
    public static var directories: [String] {
        let corpus = ProcessInfo.processInfo.environment["TYPESET_TEST_FONTS_DIR"]
            ?? Fixtures.corpusDirectory.appendingPathComponent("fonts/files").path
        return [corpus, "/usr/share/fonts"]
    }

    /// The path of the first file named `name` in `directories` (searched
    /// recursively), or nil. A test that needs it skips when it is nil:
    /// `try XCTSkipIf(path == nil, TestFonts.missing(name))`.
    public static func path(_ name: String) -> String? {
        for directory in directories {
            let direct = (directory as NSString).appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: direct) { return direct }
            guard let walk = FileManager.default.enumerator(atPath: directory) else { continue }
            while let item = walk.nextObject() as? String {
                if (item as NSString).lastPathComponent == name { return (directory as NSString).appendingPathComponent(item) }
            }
        }
        return nil
    }

    /// The message a test that lacks `name` skips with.
    public static func missing(_ name: String) -> String {
        "\(name) not found in \(directories.joined(separator: " or ")): run scripts/fetch-test-fonts "
            + "(or install Debian's fonts-roboto, fonts-lato, fonts-open-sans, fonts-liberation2, fonts-comic-neue)"
    }
}
