import Foundation
import Typeset
@testable import TypesetFonts
import TypesetTestSupport
import XCTest

/// How an app that depends on the package finds the bundled fonts
/// (`scripts/check-package-use` checks the same from a package outside it).
final class BundledFontsTests: XCTestCase {
    let fm = FileManager.default

    func temporaryDirectory() throws -> URL {
        let dir = fm.temporaryDirectory.appendingPathComponent("typeset-fonts-\(UUID().uuidString)")
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    /// From any working directory: the collection is the ten bundled faces.
    func testBundledFromAnotherWorkingDirectory() throws {
        let before = fm.currentDirectoryPath
        defer { _ = fm.changeCurrentDirectoryPath(before) }
        XCTAssertTrue(fm.changeCurrentDirectoryPath(try temporaryDirectory().path))
        let fonts = try FontCollection.bundled()
        XCTAssertEqual(fonts.faces.count, 10)
        XCTAssertEqual(Set(fonts.familyNames), Set(Fixtures.fonts.familyNames))
        XCTAssertFalse(fonts.includeSystemFonts)
        XCTAssertTrue(try FontCollection.bundled(includeSystemFonts: true).includeSystemFonts)
        let layout = try Typesetter(fonts: fonts).layout("Hello world", style: TextStyle(font: "Noto Sans", size: 15), width: nil)
        XCTAssertEqual(layout.lines[0].width, 80.453125)
    }

    /// SwiftPM copied the resource beside the test executable: that copy
    /// comes before the checkout the library was compiled from.
    func testTheResourceBesideTheExecutableComesFirst() throws {
        let executable = try XCTUnwrap(BundledFonts.executableURL)
        let found = try BundledFonts.locate(environment: [:], executable: executable,
                                            compiledFrom: BundledFonts.compiledDirectory)
        XCTAssertEqual(found.lastPathComponent, "Typeset_TypesetFonts.resources")
        for file in ["NotoSans-Regular.ttf", "NotoColorEmoji.ttf", "OFL.txt", "Apache-2.0.txt", "README.md"] {
            XCTAssertTrue(fm.fileExists(atPath: found.appendingPathComponent(file).path), "\(file) ships with the fonts")
        }
        XCTAssertEqual(BundledFonts.compiledDirectory.standardizedFileURL.path,
                       URL(fileURLWithPath: Fixtures.fontsDirectory).standardizedFileURL.path)
    }

    /// The lookup order: $TYPESET_FONTS, beside the executable, the
    /// installed prefix, the checkout; and an error that lists each place.
    func testLookupOrderAndTheErrorNamingEachPlace() throws {
        let root = try temporaryDirectory()
        let bin = root.appendingPathComponent("bin")
        let executable = bin.appendingPathComponent("app")
        let share = root.appendingPathComponent("share/typeset/fonts")
        let checkout = URL(fileURLWithPath: Fixtures.fontsDirectory)
        try fm.createDirectory(at: bin, withIntermediateDirectories: true)

        // Nothing anywhere: every place looked at is named.
        let missingCheckout = root.appendingPathComponent("gone/fonts")
        XCTAssertThrowsError(try BundledFonts.locate(environment: [:], executable: executable, compiledFrom: missingCheckout)) { error in
            guard case .notFound(let looked)? = error as? BundledFontsError else { return XCTFail("\(error)") }
            XCTAssertEqual(looked, [bin.appendingPathComponent("Typeset_TypesetFonts.resources").path, share.path,
                                    missingCheckout.path])
            XCTAssertTrue("\(error)".contains("TYPESET_FONTS"), "\(error)")
        }
        // The checkout, then an installed prefix, then a resource beside the executable.
        XCTAssertEqual(try BundledFonts.locate(environment: [:], executable: executable, compiledFrom: checkout), checkout)
        try fm.createDirectory(at: share.deletingLastPathComponent(), withIntermediateDirectories: true)
        try fm.createSymbolicLink(at: share, withDestinationURL: checkout)
        XCTAssertEqual(try BundledFonts.locate(environment: [:], executable: executable, compiledFrom: checkout).path, share.path)
        let resources = bin.appendingPathComponent("MyApp_TypesetFonts.resources")
        try fm.createSymbolicLink(at: resources, withDestinationURL: checkout)
        XCTAssertEqual(try BundledFonts.locate(environment: [:], executable: executable, compiledFrom: checkout).path,
                       resources.path, "a dependency's resource directory is named after its package")
        // $TYPESET_FONTS wins, and is not second-guessed.
        XCTAssertEqual(try BundledFonts.locate(environment: ["TYPESET_FONTS": checkout.path], executable: executable,
                                               compiledFrom: nil).path, checkout.path)
        XCTAssertThrowsError(try BundledFonts.locate(environment: ["TYPESET_FONTS": "no/such/fonts"], executable: executable,
                                                     compiledFrom: checkout)) { error in
            let absolute = URL(fileURLWithPath: "no/such/fonts").standardizedFileURL.path
            XCTAssertEqual(error as? BundledFontsError, .environmentDirectoryNotFound(absolute))
        }
    }

    /// A fonts directory that is not there is called a directory, by its absolute path.
    func testAMissingDirectoryIsCalledADirectory() throws {
        let before = fm.currentDirectoryPath
        defer { _ = fm.changeCurrentDirectoryPath(before) }
        let dir = try temporaryDirectory()
        XCTAssertTrue(fm.changeCurrentDirectoryPath(dir.path))
        XCTAssertThrowsError(try FontCollection(directory: "fonts")) { error in
            let expected = dir.appendingPathComponent("fonts").standardizedFileURL.path
            XCTAssertEqual(error as? TypesetError, .fontDirectoryNotFound(path: expected))
            XCTAssertEqual("\(error)", "font directory not found: \(expected)")
        }
        XCTAssertThrowsError(try FontCollection(directory: URL(fileURLWithPath: "/no/such/fonts"))) { error in
            XCTAssertEqual(error as? TypesetError, .fontDirectoryNotFound(path: "/no/such/fonts"))
        }
    }
}
