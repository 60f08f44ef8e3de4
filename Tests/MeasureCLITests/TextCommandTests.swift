import Foundation
import XCTest

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

    /// CSS generic families and installed families can be named (docs/Protocol.md: Fonts).
    func testGenericAndInstalledFamilies() throws {
        for args in [["--font", "sans-serif", "--system-fonts"], ["--font", "monospace"],
                     ["--font", "monospace", "--system-fonts"], ["--font", "DejaVu Sans", "--system-fonts"]] {
            let r = try CLI.run(["text", "Hello", "--json"] + args)
            XCTAssertEqual(r.status, 0, "\(args): \(r.summary)")
            XCTAssertGreaterThan(JSON.double(try JSON.object(r.lines.first ?? ""), "exact_width") ?? 0, 0, "\(args)")
        }
        let unknown = try CLI.run(["text", "Hello", "--font", "DejaVu Sanz", "--system-fonts"])
        XCTAssertNotEqual(unknown.status, 0)
        XCTAssertTrue(unknown.stderr.contains("\"DejaVu Sanz\""), unknown.summary)
        let installedWithoutSystemFonts = try CLI.run(["text", "Hello", "--font", "DejaVu Sans"])
        XCTAssertNotEqual(installedWithoutSystemFonts.status, 0, "installed families need --system-fonts")
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
            let r = try CLI.run(["text", "-", "--width", "320", "--json"], stdin: input)
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
