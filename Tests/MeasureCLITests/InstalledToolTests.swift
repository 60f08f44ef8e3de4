import Foundation
import TypesetTestSupport
import XCTest

/// The tool installed outside the repository (`scripts/install`'s layout:
/// PREFIX/bin/measure, PREFIX/share/typeset/fonts) finds its fonts on its own.
final class InstalledToolTests: XCTestCase {
    private func makePrefix(withFonts: Bool) throws -> (prefix: URL, tool: URL) {
        let fm = FileManager.default
        let prefix = fm.temporaryDirectory.appendingPathComponent("typeset-prefix-\(UUID().uuidString)")
        let bin = prefix.appendingPathComponent("bin")
        try fm.createDirectory(at: bin, withIntermediateDirectories: true)
        let built = try XCTUnwrap(CLI.executable, "measure not built")
        let tool = bin.appendingPathComponent("measure")
        try fm.copyItem(at: built, to: tool)
        if withFonts {
            let share = prefix.appendingPathComponent("share/typeset")
            try fm.createDirectory(at: share, withIntermediateDirectories: true)
            try fm.createSymbolicLink(atPath: share.appendingPathComponent("fonts").path,
                                      withDestinationPath: Fixtures.fontsDirectory)
        }
        return (prefix, tool)
    }

    func testInstalledToolFindsItsFontsBesideItsPrefix() throws {
        let (prefix, tool) = try makePrefix(withFonts: true)
        defer { try? FileManager.default.removeItem(at: prefix) }
        let r = try CLI.run(["text", "Hello world", "--json"], executable: tool, fontsFromEnvironment: false)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(JSON.double(try JSON.object(r.lines.first ?? ""), "exact_width"), 80.453125)
    }

    func testWithoutFontsTheErrorSaysWhereItLooked() throws {
        let (prefix, tool) = try makePrefix(withFonts: false)
        defer { try? FileManager.default.removeItem(at: prefix) }
        let r = try CLI.run(["text", "Hello"], executable: tool, fontsFromEnvironment: false)
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains(prefix.appendingPathComponent("share/typeset/fonts").path), r.summary)
        XCTAssertTrue(r.stderr.contains("TYPESET_FONTS"), r.summary)
    }
}
