import Foundation
import XCTest
import Typeset
import TypesetTestSupport

/// `measure text`, end to end.
final class TextCommandTests: XCTestCase {
    static let hello = ["text", "Hello world", "--font", "Noto Sans", "--size", "15", "--width", "320"]

    /// Chromium lays "Hello world" in Noto Sans 15px out at 80.453125 × 20 (README).
    func testJSONMatchesChromium() throws {
        let r = try CLI.run(Self.hello + ["--json"])
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(r.lines.count, 1, "one JSON line: \(r.summary)")
        let o = try JSON.object(r.lines.first ?? "")
        XCTAssertEqual(JSON.double(o, "width"), 81)
        XCTAssertEqual(JSON.double(o, "height"), 20)
        XCTAssertEqual(JSON.double(o, "exact_width"), 80.453125)
        XCTAssertEqual(JSON.double(o, "exact_height"), 20)
        XCTAssertEqual(JSON.double(o, "natural_width"), 80.453125)
        XCTAssertEqual(JSON.int(o, "line_count"), 1)
        XCTAssertEqual(o["truncated"] as? Bool, false)
        XCTAssertNil(o["id"], "measure text has no id")
        let lines = JSON.lines(o)
        XCTAssertEqual(lines.count, 1)
        XCTAssertEqual(lines.first?.0, 0)
        XCTAssertEqual(lines.first?.1, 11)
        XCTAssertEqual(lines.first?.2, 80.453125)
    }

    /// At a device pixel ratio the text is laid out in device pixels, as
    /// Chromium does on a 2x or 3x screen: 15 px Noto Sans is 20.5 px tall at
    /// 2x and 20.333 at 3x (ascent and descent rounded in device pixels).
    func testScaleLaysOutInDevicePixels() throws {
        for (scale, height) in [("2", 20.5), ("3", 61.0 / 3)] {
            let r = try CLI.run(Self.hello + ["--json", "--scale", scale])
            XCTAssertEqual(r.status, 0, r.summary)
            let o = try JSON.object(r.lines.first ?? "")
            XCTAssertEqual(JSON.double(o, "exact_height") ?? 0, height, accuracy: 1e-9)
            XCTAssertEqual(JSON.double(o, "height") ?? 0, height, accuracy: 1e-9, "on the device grid already")
        }
        let tooSmall = try CLI.run(Self.hello + ["--scale", "1e-300"])
        XCTAssertNotEqual(tooSmall.status, 0)
        XCTAssertTrue(tooSmall.stderr.contains("--scale"), tooSmall.summary)
    }

    /// CSS generic families and installed families can be named (docs/Protocol.md: Fonts),
    /// here against a Fontconfig configuration of DejaVu's fonts alone, so that the answers
    /// are the same whatever fonts the machine has.
    func testGenericAndInstalledFamilies() throws {
        guard let dejaVu = FontconfigSandbox.dejaVuFonts else { throw XCTSkip(FontconfigSandbox.dejaVuMissing) }
        let sandbox = try FontconfigSandbox(fonts: dejaVu, preferences: ["monospace": ["DejaVu Sans Mono"]])
        var widths: [String: Double] = [:]
        for args in [["--font", "sans-serif"], ["--font", "sans-serif", "--system-fonts"],
                     ["--font", "monospace", "--system-fonts"], ["--font", "DejaVu Sans", "--system-fonts"],
                     ["--font", "DejaVu Sans Mono", "--system-fonts"]] {
            let r = try CLI.run(["text", "Hello", "--json"] + args, environment: sandbox.environment)
            XCTAssertEqual(r.status, 0, "\(args): \(r.summary)")
            let width = JSON.double(try JSON.object(r.lines.first ?? ""), "exact_width") ?? 0
            XCTAssertGreaterThan(width, 0, "\(args)")
            XCTAssertEqual(r.stderr, "", "\(args)")
            widths[args.dropLast(args.last == "--system-fonts" ? 1 : 0).joined(separator: " ")] = width
        }
        XCTAssertEqual(widths["--font monospace"], widths["--font DejaVu Sans Mono"], "monospace is DejaVu Sans Mono here")
        XCTAssertNotEqual(widths["--font DejaVu Sans"], widths["--font DejaVu Sans Mono"])
        let unknown = try CLI.run(["text", "Hello", "--font", "DejaVu Sanz", "--system-fonts"], environment: sandbox.environment)
        XCTAssertEqual(unknown.status, 1, unknown.summary)
        XCTAssertTrue(unknown.stderr.contains("\"DejaVu Sanz\""), unknown.summary)
        let installedWithoutSystemFonts = try CLI.run(["text", "Hello", "--font", "DejaVu Sans"], environment: sandbox.environment)
        XCTAssertEqual(installedWithoutSystemFonts.status, 1, "installed families need --system-fonts")
        XCTAssertTrue(installedWithoutSystemFonts.stderr.contains("--system-fonts"), installedWithoutSystemFonts.summary)
    }

    /// `monospace` measured in a proportional font is a wrong answer: a
    /// generic family takes only a font of its kind, and the error says
    /// where one may be found. With the system's fonts (whichever monospaced
    /// face this machine's Fontconfig ranks first), a monospaced face
    /// measures every letter alike.
    func testGenericFamiliesTakeOnlyAFontOfTheirKind() throws {
        for generic in ["monospace", "serif", "cursive"] {
            let r = try CLI.run(["text", "Hello", "--font", generic])
            XCTAssertEqual(r.status, 1, "\(generic): \(r.summary)")
            XCTAssertEqual(r.stdout, "", generic)
            XCTAssertTrue(r.stderr.hasPrefix("measure: no font is a \(generic) font"), r.summary)
            XCTAssertTrue(r.stderr.contains("add --system-fonts"), r.summary)
        }
        guard FontconfigSandbox.dejaVuFonts != nil else { throw XCTSkip(FontconfigSandbox.dejaVuMissing) }
        let narrow = try CLI.run(["text", "iiii", "--font", "monospace", "--system-fonts", "--json"])
        let wide = try CLI.run(["text", "MMMM", "--font", "monospace", "--system-fonts", "--json"])
        XCTAssertEqual(narrow.status, 0, narrow.summary)
        XCTAssertEqual(JSON.double(try JSON.object(narrow.lines.first ?? ""), "exact_width"),
                       JSON.double(try JSON.object(wide.lines.first ?? ""), "exact_width"), "a monospaced face")
    }

    /// `--font` is a CSS font-family list: families without a font are
    /// skipped, each with a warning line; only a list with none is an error.
    func testFontListsSkipMissingFamiliesWithAWarning() throws {
        let r = try CLI.run(["text", "Hello world", "--font", "Helvetica Neue,Arial,sans-serif", "--size", "15", "--json"])
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(JSON.double(try JSON.object(r.lines.first ?? ""), "exact_width"), 80.453125, "Noto Sans")
        XCTAssertEqual(r.stderr.split(separator: "\n").map(String.init), [
            "measure: warning: font family \"Helvetica Neue\" has no font; skipped, as CSS skips it",
            "measure: warning: font family \"Arial\" has no font; skipped, as CSS skips it",
        ])
        let none = try CLI.run(["text", "Hello", "--font", "Helvetica Neue,Arial"])
        XCTAssertEqual(none.status, 1, none.summary)
        XCTAssertTrue(none.stderr.contains("none of the font families \"Helvetica Neue\", \"Arial\" has a font"), none.summary)
        let resolve = try CLI.run(["fonts", "--resolve", "Hi", "--font", "Arial,Noto Sans"])
        XCTAssertEqual(resolve.status, 0, resolve.summary)
        XCTAssertTrue(resolve.stderr.contains("\"Arial\" has no font"), resolve.summary)
    }

    /// Sizes on the 3x grid are thirds of a pixel: printed to six decimals,
    /// without a double's tail; `--json` keeps the exact doubles.
    func testHumanOutputPrintsSizesWithoutFloatNoise() throws {
        let r = try CLI.run(["text", "Hello world, this is a text", "--size", "15", "--width", "100", "--scale", "3"])
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(r.lines.first, "size: 84.666667 × 40.666667 px (exact 84.46875 × 40.666667)")
        let json = try CLI.run(["text", "Hello world, this is a text", "--size", "15", "--width", "100", "--scale", "3", "--json"])
        XCTAssertEqual(JSON.double(try JSON.object(json.lines.first ?? ""), "height"), 122.0 / 3)
    }

    func testHumanOutputShowsSizeAndLines() throws {
        let r = try CLI.run(Self.hello)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(r.lines, [
            "size: 81 × 20 px (exact 80.453125 × 20)",
            "lines: 1",
            "  1    80.4531  \"Hello world\"",
        ])
        XCTAssertEqual(r.stderr, "")
    }

    func testWrapsAndTruncates() throws {
        let r = try CLI.run(["text", "Hello world", "--width", "50", "--json"])
        XCTAssertEqual(r.status, 0, r.summary)
        let o = try JSON.object(r.lines.first ?? "")
        XCTAssertEqual(JSON.int(o, "line_count"), 2)
        XCTAssertEqual(JSON.lines(o).map(\.0), [0, 6])
        XCTAssertEqual(JSON.lines(o).map(\.1), [6, 11])

        let t = try CLI.run(["text", "one two three four five six", "--width", "60", "--max-lines", "2"])
        XCTAssertEqual(t.status, 0, t.summary)
        XCTAssertEqual(t.lines.dropFirst().first, "lines: 2 (truncated)", t.summary)
        XCTAssertTrue(t.lines.last?.hasSuffix("…\"") ?? false, t.summary)
    }

    func testDashReadsStandardInput() throws {
        for input in ["Hello world\n", "Hello world\r\n", "Hello world"] {
            let r = try CLI.run(["text", "-", "--size", "15", "--width", "320", "--json"], stdin: input)
            XCTAssertEqual(r.status, 0, r.summary)
            let o = try JSON.object(r.lines.first ?? "")
            XCTAssertEqual(JSON.double(o, "exact_width"), 80.453125, "input \(input.debugDescription)")
            XCTAssertEqual(JSON.lines(o).first?.1, 11, "the final newline is dropped: \(input.debugDescription)")
        }
        // Only the final newline is dropped: "a\n\nb" is 3 lines in pre-wrap.
        let r = try CLI.run(["text", "-", "--white-space", "pre-wrap", "--json"], stdin: "a\n\nb\n")
        let o = try JSON.object(r.lines.first ?? "")
        XCTAssertEqual(JSON.int(o, "line_count"), 3, r.summary)
        XCTAssertEqual(JSON.lines(o).last?.1, 4, r.summary)

        let bad = try CLI.run(["text", "-"], stdin: Data([0x61, 0xFF, 0x0A]))
        XCTAssertNotEqual(bad.status, 0, bad.summary)
        XCTAssertTrue(bad.stderr.contains("UTF-8"), bad.summary)
    }

    func testUnmeasurableTextExitsWith1() throws {
        let r = try CLI.run(["text", "Hello", "--font", "No Such Family"])
        XCTAssertEqual(r.status, 1, r.summary)
        XCTAssertEqual(r.stdout, "")
        XCTAssertTrue(r.stderr.contains("No Such Family"), r.summary)
    }
}

/// Without `--size` / `font_size` the tool and the protocol lay text out at
/// 16 px, CSS's initial font-size, as `TextStyle`, C and Python do.
final class DefaultFontSizeTests: XCTestCase {
    func testTheToolAndTheProtocolDefaultToTheLibrarysSize() throws {
        let library = try Fixtures.typesetter.prepare("Hello world", style: TextStyle(font: "Noto Sans")).layout(width: nil)
        XCTAssertEqual(TextStyle(font: "Noto Sans").size, 16)
        let text = try CLI.run(["text", "Hello world", "--json"])
        let batch = try CLI.run(["batch", "-", "--no-progress"], stdin: #"{"text": "Hello world"}"# + "\n")
        for r in [text, batch] {
            XCTAssertEqual(r.status, 0, r.summary)
            let o = try JSON.object(r.lines.first ?? "")
            XCTAssertEqual(JSON.double(o, "exact_width"), library.exactWidth, r.summary)
            XCTAssertEqual(JSON.double(o, "height"), 22, r.summary)
        }
        XCTAssertEqual(library.exactWidth, 85.8125)
    }
}
