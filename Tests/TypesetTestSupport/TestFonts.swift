import Foundation
import XCTest

/// Fonts the project does not ship (variable Google Fonts families and
/// others), for tests of fonts as apps bring them. They are fetched into
/// `corpus/fonts/files/` by `scripts/fetch-test-fonts`; the environment
/// variable `TYPESET_TEST_FONTS_DIR` names another directory holding them.
/// A test that needs one skips when it is absent.
public enum TestFonts {
    /// The directory the test fonts are looked for in.
    public static var directory: String {
        if let dir = ProcessInfo.processInfo.environment["TYPESET_TEST_FONTS_DIR"], !dir.isEmpty { return dir }
        return Fixtures.repositoryRoot.appendingPathComponent("corpus/fonts/files").path
    }

    /// The path of the test font file `name` (e.g. "Inter-Variable.ttf").
    /// - Throws: `XCTSkip` naming the file and how to get it when it is absent.
    public static func path(_ name: String) throws -> String {
        let path = (directory as NSString).appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: path) else {
            throw XCTSkip("test font \(name) not found in \(directory): run scripts/fetch-test-fonts, "
                          + "or set TYPESET_TEST_FONTS_DIR to a directory holding it")
        }
        return path
    }
}
