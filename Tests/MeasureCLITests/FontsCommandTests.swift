import Foundation
import TypesetTestSupport
import XCTest

/// `measure fonts`: the collection and fallback.
final class FontsCommandTests: XCTestCase {
    static let bundledFamilies = ["Noto Color Emoji", "Noto Sans", "Noto Sans Arabic", "Noto Sans CJK JP",
                                  "Noto Sans Devanagari", "Noto Sans Hebrew", "Noto Sans Thai"]

    func testListsTheBundledFamilies() throws {
        let r = try CLI.run(["fonts"])
        XCTAssertEqual(r.status, 0, r.summary)
        let headings = r.lines.filter { !$0.hasPrefix(" ") }
        XCTAssertEqual(headings.count, 10, "10 faces in fonts/: \(r.summary)")
        XCTAssertEqual(Set(headings.compactMap { $0.components(separatedBy: " — ").first }), Set(Self.bundledFamilies))
        XCTAssertTrue(r.lines.contains("Noto Sans — Bold Italic, weight 700, italic"), r.summary)
        XCTAssertTrue(r.stdout.contains("colour bitmaps"), r.summary)

        let j = try CLI.run(["fonts", "--json"])
        XCTAssertEqual(j.status, 0, j.summary)
        let faces = try JSON.array(j.stdout).compactMap { $0 as? [String: Any] }
        XCTAssertEqual(faces.count, 10)
        XCTAssertEqual(Set(faces.compactMap { $0["family"] as? String }), Set(Self.bundledFamilies))
        let emoji = faces.first { $0["family"] as? String == "Noto Color Emoji" }
        XCTAssertEqual(emoji?["color_bitmap"] as? Bool, true)
        XCTAssertEqual(emoji?["coverage"] as? String, "Emoji")
        let arabic = faces.first { $0["family"] as? String == "Noto Sans Arabic" }
        XCTAssertTrue((arabic?["coverage"] as? String ?? "").contains("Arabic"))
    }

    func testListsAVariableFacesAxes() throws {
        let inter = try TestFonts.path("Inter-Variable.ttf")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typeset-axes-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(atPath: inter, toPath: dir.appendingPathComponent("Inter-Variable.ttf").path)
        let r = try CLI.run(["fonts", "--fonts-dir", dir.path])
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertTrue(r.lines.contains("    variable: opsz 14–32 (default 14), wght 100–900 (default 400)"), r.summary)
        let j = try CLI.run(["fonts", "--fonts-dir", dir.path, "--json"])
        let face = try XCTUnwrap(try JSON.array(j.stdout).first as? [String: Any])
        let axes = try XCTUnwrap(face["axes"] as? [[String: Any]])
        XCTAssertEqual(axes.map { $0["tag"] as? String }, ["opsz", "wght"])
        XCTAssertEqual(axes[1]["max"] as? Double, 900)
    }

    func testResolveNamesTheFallbackFonts() throws {
        let text = "Hi مرحبا 你好 👋"
        let r = try CLI.run(["fonts", "--resolve", text])
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertTrue(r.lines.contains { $0.hasPrefix("\"Hi \"") && $0.contains("Noto Sans Regular") }, r.summary)
        XCTAssertTrue(r.lines.contains { $0.hasPrefix("\"مرحبا\"") && $0.contains("Noto Sans Arabic") }, r.summary)
        XCTAssertTrue(r.lines.contains { $0.hasPrefix("\"你好\"") && $0.contains("Noto Sans CJK JP") }, r.summary)
        XCTAssertTrue(r.lines.contains { $0.hasPrefix("\"👋\"") && $0.contains("Noto Color Emoji") }, r.summary)

        let j = try CLI.run(["fonts", "--resolve", text, "--json"])
        XCTAssertEqual(j.status, 0, j.summary)
        let runs = try JSON.array(j.stdout).compactMap { $0 as? [String: Any] }
        XCTAssertEqual(runs.compactMap { $0["family"] as? String },
                       ["Noto Sans", "Noto Sans Arabic", "Noto Sans", "Noto Sans CJK JP", "Noto Sans", "Noto Color Emoji"])
        XCTAssertEqual(runs.compactMap { $0["text"] as? String }.joined(), text, "runs cover the text")
        XCTAssertEqual(runs.last?["end"] as? Int, text.utf16.count)
    }
}
