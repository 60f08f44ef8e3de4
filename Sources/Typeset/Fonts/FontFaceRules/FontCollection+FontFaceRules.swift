import CFontconfig
import CHarfBuzz
import Foundation

extension FontCollection {
    /// A collection of the faces of CSS `@font-face` rules, beside the faces
    /// of font files and directories.
    ///
    /// Each rule becomes one face, loaded from the first of its `src`
    /// entries that loads: a `url()` of a font file (TrueType, OpenType,
    /// WOFF or WOFF2; a `data:` URL's bytes), or a `local()` font found by
    /// its full name or PostScript name among `paths`' faces and then the
    /// system's fonts (through Fontconfig). An entry whose `format()` hint
    /// names a format other than `truetype`, `opentype`, `woff`, `woff2` or
    /// `collection` (with or without `-variations`) is passed over, as a
    /// browser passes it over.
    ///
    /// A rule's faces are found by its `font-family` only (never as fallback
    /// for other text, as a browser uses web fonts), and hide any font of
    /// `paths` or the system with that family name. The rules of a family
    /// with identical `font-weight`, `font-stretch` and `font-style` form one
    /// segmented face: each character is set by the face written last whose
    /// `unicode-range` holds it and whose font has it (CSS Fonts 4, as
    /// Chromium does: a character outside a file's range never comes from
    /// that file).
    ///
    /// - Parameters:
    ///   - rules: the rules, in the order the CSS gives them.
    ///   - paths: font files and directories for everything else (fallback,
    ///     other families), as ``init(paths:includeSystemFonts:skipUnreadable:)`` takes them.
    ///   - includeSystemFonts: also reach the system's fonts, for fallback
    ///     and family names.
    /// - Throws: ``TypesetError/invalidFontFaceRule(file:line:rule:problem:)``
    ///   naming the rule whose sources all fail, with each source's problem,
    ///   and what ``init(paths:includeSystemFonts:skipUnreadable:)`` throws.
    public convenience init(fontFaceRules rules: [FontFaceRule], paths: [String] = [],
                            includeSystemFonts: Bool = false) throws {
        let files = try Self.loadFiles(paths: paths, skipUnreadable: false)
        var declared: [FontFace] = []
        for rule in rules { declared.append(try Self.face(of: rule, among: files.faces)) }
        try self.init(files: files, declared: declared, includeSystemFonts: includeSystemFonts, skipUnreadable: false)
    }

    /// A collection of the `@font-face` rules of a CSS file (relative
    /// `url()`s resolved against the file), beside the faces of `paths`; see
    /// `init(fontFaceRules:paths:includeSystemFonts:)` (of rules).
    /// - Throws: ``TypesetError/fontFaceRulesUnreadable(path:reason:)``,
    ///   ``TypesetError/invalidFontFaceRule(file:line:rule:problem:)`` and
    ///   what the rules form throws.
    public convenience init(fontFaceRules file: URL, paths: [String] = [], includeSystemFonts: Bool = false) throws {
        try self.init(fontFaceRules: try FontFaceRule.parse(contentsOf: file), paths: paths,
                      includeSystemFonts: includeSystemFonts)
    }

    /// A collection of the `@font-face` rules of a CSS text (relative
    /// `url()`s resolved against `baseURL`; `fileName` names the CSS in
    /// messages), beside the faces of `paths`; see
    /// `init(fontFaceRules:paths:includeSystemFonts:)` (of rules).
    public convenience init(css: String, baseURL: URL, fileName: String = "<css>", paths: [String] = [],
                            includeSystemFonts: Bool = false) throws {
        try self.init(fontFaceRules: try FontFaceRule.parse(css: css, baseURL: baseURL, fileName: fileName),
                      paths: paths, includeSystemFonts: includeSystemFonts)
    }

    /// The `format()` hints of formats this collection reads.
    static let readableFormats: Set<String> = [
        "truetype", "opentype", "woff", "woff2", "collection",
        "truetype-variations", "opentype-variations", "woff-variations", "woff2-variations",
    ]

    /// The face a rule declares: its first source that loads.
    static func face(of rule: FontFaceRule, among files: [FontFace]) throws -> FontFace {
        if let problem = problem(of: rule) {
            throw TypesetError.invalidFontFaceRule(file: rule.origin.file, line: rule.origin.line,
                                                   rule: rule.origin.index, problem: problem)
        }
        var problems: [String] = []
        for source in rule.sources {
            switch source {
            case .url(let url, let format):
                if let format, !readableFormats.contains(format) {
                    problems.append("url(\(url.lastPathComponent)): format(\"\(format)\") is not read")
                    continue
                }
                do {
                    return try face(at: url, rule: rule)
                } catch let error as TypesetError {
                    problems.append("\(error)")
                }
            case .local(let name):
                if let (path, index) = localFont(named: name, among: files) {
                    do { return try FontFace(path: path, index: index, rule: rule) } catch let error as TypesetError {
                        problems.append("local(\"\(name)\"): \(error)")
                    }
                } else {
                    problems.append("local(\"\(name)\"): no installed font has that full name or PostScript name")
                }
            }
        }
        let origin = rule.origin
        throw TypesetError.invalidFontFaceRule(
            file: origin.file, line: origin.line, rule: origin.index,
            problem: "no source of font-family \"\(rule.family)\" could be loaded: " + problems.joined(separator: "; "))
    }

    /// What is wrong with a rule made in code (the parser makes none of
    /// these): a value CSS would not take.
    static func problem(of rule: FontFaceRule) -> String? {
        if rule.family.isEmpty { return "font-family: an empty name" }
        if rule.sources.isEmpty { return "src: no source" }
        if let w = rule.weight, !(w.lowerBound >= 1 && w.upperBound <= 1000) { return "font-weight: \(w) is not within 1...1000" }
        if let s = rule.stretch, !(s.lowerBound >= 0 && s.upperBound <= 100_000) { return "font-stretch: \(s) is not a width" }
        if case .oblique(let a)? = rule.style, !(a.lowerBound >= -90 && a.upperBound <= 90) {
            return "font-style: oblique \(a) is not within -90...90 degrees"
        }
        for (name, value) in [("size-adjust", rule.sizeAdjust), ("ascent-override", rule.ascentOverride),
                              ("descent-override", rule.descentOverride), ("line-gap-override", rule.lineGapOverride)] {
            if let value, !(value >= 0 && value <= 1000) { return "\(name): \(value) is not a factor from 0 to 1000" }
        }
        return nil
    }

    /// The face at a `file:` or `data:` URL.
    private static func face(at url: URL, rule: FontFaceRule) throws -> FontFace {
        if url.isFileURL { return try FontFace(path: url.path, index: 0, rule: rule) }
        if url.scheme?.lowercased() == "data" {
            let text = url.absoluteString
            let name = "data: URL of font-family \"\(rule.family)\""
            guard let comma = text.firstIndex(of: ",") else {
                throw TypesetError.fontFileUnreadable(path: name, reason: "no \",\" before the data")
            }
            let header = text[..<comma].lowercased(), payload = String(text[text.index(after: comma)...])
            let bytes: [UInt8]?
            if header.hasSuffix(";base64") {
                bytes = (payload.removingPercentEncoding ?? payload).data(using: .utf8)
                    .flatMap { Data(base64Encoded: $0, options: .ignoreUnknownCharacters) }.map { [UInt8]($0) }
            } else {
                bytes = payload.removingPercentEncoding.map { Array($0.utf8) }
            }
            guard let bytes else { throw TypesetError.fontFileUnreadable(path: name, reason: "the data cannot be decoded") }
            return try FontFace(bytes: bytes, path: name, index: 0, rule: rule)
        }
        throw TypesetError.fontFileUnreadable(path: url.absoluteString, reason: "only file and data: URLs are read")
    }

    /// The file and face index of the font whose full name (name ID 4) or
    /// PostScript name (name ID 6) is `name` (case-insensitively): among
    /// `files` first, then among the system's fonts.
    static func localFont(named name: String, among files: [FontFace]) -> (String, Int)? {
        for face in files where face.fullNames.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
            return (face.path, face.faceIndex)
        }
        return SystemFontNames.font(named: name)
    }
}

/// The system's fonts by full name and PostScript name, through Fontconfig.
enum SystemFontNames {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var config: OpaquePointer?

    /// The file and index of the installed font with that full or PostScript name.
    static func font(named name: String) -> (String, Int)? {
        lock.lock()
        defer { lock.unlock() }
        if config == nil { config = FcInitLoadConfigAndFonts() }
        guard let config else { return nil }
        for element in [FC_FULLNAME, FC_POSTSCRIPT_NAME] {
            guard let pattern = FcPatternCreate() else { return nil }
            defer { FcPatternDestroy(pattern) }
            _ = name.withCString { FcPatternAddString(pattern, element, $0) }
            guard let objects = FcObjectSetCreate() else { return nil }
            defer { FcObjectSetDestroy(objects) }
            FcObjectSetAdd(objects, FC_FILE)
            FcObjectSetAdd(objects, FC_INDEX)
            guard let list = FcFontList(config, pattern, objects) else { continue }
            defer { FcFontSetDestroy(list) }
            guard list.pointee.nfont > 0, let font = list.pointee.fonts[0] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            var index: Int32 = 0
            _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
            return (String(cString: file), Int(index))
        }
        return nil
    }
}
