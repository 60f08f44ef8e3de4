import Foundation
import Typeset

/// Shared fixtures for Typeset's tests: the repository's bundled fonts (and
/// nothing else, so tests are hermetic) and paths inside the repository.
public enum Fixtures {
    /// The repository's root directory.
    public static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// `fonts/` in the repository.
    public static var fontsDirectory: String { repositoryRoot.appendingPathComponent("fonts").path }

    /// `corpus/` in the repository.
    public static var corpusDirectory: URL { repositoryRoot.appendingPathComponent("corpus") }

    /// One collection of the bundled fonts, loaded once for the whole test run.
    public static let fonts: FontCollection = {
        do { return try FontCollection(directory: fontsDirectory) } catch {
            fatalError("cannot load bundled fonts: \(error)")
        }
    }()

    /// A typesetter over the bundled fonts.
    public static let typesetter = Typesetter(fonts: fonts)

    /// One short text per bundled script and feature that shapes differently
    /// (ligatures and kerning, Arabic joining with Latin and digits, a
    /// Devanagari conjunct, Thai without spaces, Japanese punctuation,
    /// emoji sequences), for tests that must hold for every kind of text.
    public static let scriptSamples = [
        "Office affluent fjord: ﬁ ligatures, kerning AV To, and a long URL https://example.com/a/b?c=d",
        "مرحبا بالعالم، هذا نص عربي مع English و 123",
        "नमस्ते दुनिया, यह हिन्दी है। क्षत्रिय",
        "ภาษาไทยไม่มีช่องว่างระหว่างคำ",
        "日本語のテキスト「括弧」、句読点。カタカナ",
        "Emoji 👩‍👩‍👧 flags 🇯🇵 keycap 1️⃣ #tag @name",
    ]

    /// The bundled face whose file has this name (e.g. "NotoSans-Regular.ttf").
    public static func face(file: String) -> FontFace {
        guard let f = fonts.faces.first(where: { ($0.path as NSString).lastPathComponent == file }) else {
            fatalError("no bundled font file \(file)")
        }
        return f
    }

    /// A style in the bundled Noto Sans with the usual fallbacks after it.
    public static func style(_ families: [String] = ["Noto Sans"], size: Double = 15) -> TextStyle {
        TextStyle(font: FontStack(families: families), size: size)
    }
}
