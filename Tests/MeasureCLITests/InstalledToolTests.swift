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

    /// The file of every face `measure fonts` lists.
    private func fontFiles(_ tool: URL) throws -> [String] {
        let r = try CLI.run(["fonts", "--json"], executable: tool, fontsFromEnvironment: false)
        XCTAssertEqual(r.status, 0, r.summary)
        return try JSON.array(r.stdout).compactMap { ($0 as? [String: Any])?["file"] as? String }
    }

    func testInstalledToolFindsItsFontsBesideItsPrefix() throws {
        let (prefix, tool) = try makePrefix(withFonts: true)
        defer { try? FileManager.default.removeItem(at: prefix) }
        let r = try CLI.run(["text", "Hello world", "--size", "15", "--json"], executable: tool, fontsFromEnvironment: false)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(JSON.double(try JSON.object(r.lines.first ?? ""), "exact_width"), 80.453125)
        let files = try fontFiles(tool)
        XCTAssertEqual(files.count, 10)
        let share = prefix.appendingPathComponent("share/typeset/fonts").path
        XCTAssertTrue(files.allSatisfy { $0.hasPrefix(share) }, "\(files)")
    }

    /// A tool copied away from its build folder without fonts beside it
    /// still finds the fonts/ of the checkout it was built from.
    func testWithoutFontsBesideItTheToolUsesItsCheckout() throws {
        let (prefix, tool) = try makePrefix(withFonts: false)
        defer { try? FileManager.default.removeItem(at: prefix) }
        let files = try fontFiles(tool)
        XCTAssertEqual(files.count, 10)
        XCTAssertTrue(files.allSatisfy { $0.hasPrefix(Fixtures.fontsDirectory) }, "\(files)")
    }

    /// Built, the tool has the TypesetFonts resources beside it and takes its fonts from there.
    func testBuiltToolUsesTheResourcesBesideIt() throws {
        let built = try XCTUnwrap(CLI.executable)
        let resources = built.deletingLastPathComponent().appendingPathComponent("Typeset_TypesetFonts.resources").path
        let files = try fontFiles(built)
        XCTAssertEqual(files.count, 10)
        XCTAssertTrue(files.allSatisfy { $0.hasPrefix(resources) }, "\(files)")
    }
}
