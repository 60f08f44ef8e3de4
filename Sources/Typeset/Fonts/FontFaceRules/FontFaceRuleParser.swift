import Foundation

/// A problem in one `@font-face` rule's text, before it is placed (the
/// parser adds the file, line and rule).
struct FontFaceRuleError: Error {
    var message: String
    /// The line the problem is on, when it is not the rule's first.
    var line: Int?
    init(_ message: String, line: Int? = nil) { self.message = message; self.line = line }
}

extension FontFaceRule {
    /// The `@font-face` rules of a CSS text, in order.
    ///
    /// Comments, `@charset`, `@import`, `@media` blocks and style rules are
    /// passed over; every `@font-face` rule is read. Descriptors are read as
    /// CSS Fonts 4 and 5 define them: `font-family` (quoted or unquoted),
    /// `src` (`url()` resolved against `baseURL`, `data:` URLs kept,
    /// `local()`, `format()` and `tech()` hints), `font-weight`,
    /// `font-stretch` and `font-style` (single values or ranges, `auto`),
    /// `unicode-range`, `size-adjust`, `ascent-override`,
    /// `descent-override` and `line-gap-override`. Descriptors that do not
    /// change layout (`font-display`, `font-feature-settings`,
    /// `font-variation-settings`, `font-named-instance`) are accepted and
    /// ignored.
    ///
    /// - Parameters:
    ///   - css: the CSS text.
    ///   - baseURL: what relative `url()`s are resolved against (the CSS
    ///     file's own URL, or a directory URL).
    ///   - fileName: the name messages give the CSS (its path).
    /// - Throws: ``TypesetError/invalidFontFaceRule(file:line:rule:problem:)``
    ///   naming the file, line and rule of the first malformed rule: one
    ///   without `font-family` or `src`, a value a descriptor does not take,
    ///   an unterminated comment, string or block.
    public static func parse(css: String, baseURL: URL, fileName: String) throws -> [FontFaceRule] {
        var parser = FontFaceCSSParser(css: css, baseURL: baseURL, fileName: fileName)
        return try parser.rules()
    }

    /// The `@font-face` rules of a CSS file (relative `url()`s resolved
    /// against the file); see ``parse(css:baseURL:fileName:)``.
    /// - Throws: ``TypesetError/fontFaceRulesUnreadable(path:reason:)`` when
    ///   the file cannot be read, and what the text form throws.
    public static func parse(contentsOf file: URL) throws -> [FontFaceRule] {
        let path = file.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw TypesetError.fontFaceRulesUnreadable(path: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw TypesetError.fontFaceRulesUnreadable(path: path, reason: "is a directory") }
        let data: Data
        do { data = try Data(contentsOf: file) } catch {
            throw TypesetError.fontFaceRulesUnreadable(path: path, reason: "could not be read")
        }
        guard data.count <= 64 << 20 else {
            throw TypesetError.fontFaceRulesUnreadable(path: path, reason: "larger than 64 MiB")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw TypesetError.fontFaceRulesUnreadable(path: path, reason: "not UTF-8 text")
        }
        return try parse(css: text, baseURL: file, fileName: path)
    }
}

/// Reads `@font-face` rules out of CSS text, keeping line numbers for messages.
struct FontFaceCSSParser {
    private let text: [Unicode.Scalar]
    private let baseURL: URL
    private let fileName: String
    private var i = 0
    private var line = 1

    init(css: String, baseURL: URL, fileName: String) {
        // A leading byte order mark is not CSS.
        var scalars = Array(css.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        text = scalars
        self.baseURL = baseURL
        self.fileName = fileName
    }

    private func fail(_ line: Int, rule: Int, _ problem: String) -> TypesetError {
        .invalidFontFaceRule(file: fileName, line: line, rule: rule, problem: problem)
    }

    mutating func rules() throws -> [FontFaceRule] {
        var out: [FontFaceRule] = []
        while true {
            try skipSpaceAndComments(rule: out.count + 1)
            guard i < text.count else { return out }
            let startLine = line
            if text[i] == "@" {
                let name = atKeyword()
                if name.lowercased() == "@font-face" {
                    let index = out.count + 1
                    try skipSpaceAndComments(rule: index)
                    guard i < text.count, text[i] == "{" else {
                        throw fail(startLine, rule: index, "expected \"{\" after @font-face")
                    }
                    let body = try block(rule: index)
                    out.append(try rule(body, line: startLine, index: index))
                } else {
                    try skipStatement(rule: out.count + 1)
                }
            } else {
                try skipStatement(rule: out.count + 1)
            }
        }
    }

    /// Skips white space and comments; an unterminated comment is an error.
    private mutating func skipSpaceAndComments(rule: Int) throws {
        while i < text.count {
            let c = text[i]
            if c == "\n" { line += 1; i += 1 } else if c.properties.isWhitespace { i += 1 } else if c == "/", i + 1 < text.count, text[i + 1] == "*" {
                let start = line
                i += 2
                while i < text.count, !(text[i] == "*" && i + 1 < text.count && text[i + 1] == "/") {
                    if text[i] == "\n" { line += 1 }
                    i += 1
                }
                guard i < text.count else { throw fail(start, rule: rule, "unterminated comment") }
                i += 2
            } else {
                return
            }
        }
    }

    private mutating func atKeyword() -> String {
        var name = "@"
        i += 1
        while i < text.count, text[i] == "-" || text[i] == "_" || text[i].properties.isAlphabetic || ("0"..."9").contains(text[i]) {
            name.unicodeScalars.append(text[i]); i += 1
        }
        return name
    }

    /// Passes over an at-rule or style rule that is not `@font-face`: up to
    /// its `;` or through its `{…}` block.
    private mutating func skipStatement(rule: Int) throws {
        while i < text.count {
            switch text[i] {
            case ";": i += 1; return
            case "{": _ = try block(rule: rule); return
            case "\"", "'": _ = try string(rule: rule)
            case "\n": line += 1; i += 1
            case "/" where i + 1 < text.count && text[i + 1] == "*": try skipSpaceAndComments(rule: rule)
            default: i += 1
            }
        }
    }

    /// A string token at `i` (its quotes and escapes removed).
    private mutating func string(rule: Int) throws -> String {
        let quote = text[i], start = line
        var out = ""
        i += 1
        while i < text.count, text[i] != quote {
            if text[i] == "\n" { throw fail(start, rule: rule, "unterminated string") }
            if text[i] == "\\", i + 1 < text.count {
                i += 1
                if text[i] == "\n" { line += 1; i += 1; continue }
                let (scalar, length) = Self.escape(text, i)
                out.unicodeScalars.append(scalar); i += length
                continue
            }
            out.unicodeScalars.append(text[i]); i += 1
        }
        guard i < text.count else { throw fail(start, rule: rule, "unterminated string") }
        i += 1
        return out
    }

    /// A CSS escape after its backslash: up to six hex digits (and one
    /// white space), or the character itself.
    static func escape(_ text: [Unicode.Scalar], _ at: Int) -> (Unicode.Scalar, Int) {
        var j = at, value: UInt32 = 0
        while j < text.count, j - at < 6, let d = text[j].properties.numericType != nil || ("a"..."f").contains(text[j]) || ("A"..."F").contains(text[j]) ? UInt32(String(text[j]), radix: 16) : nil {
            value = value * 16 + d; j += 1
        }
        if j == at { return (text[at], 1) }
        if j < text.count, text[j] == " " || text[j] == "\t" || text[j] == "\n" { j += 1 }
        return (Unicode.Scalar(value).flatMap { value == 0 ? nil : $0 } ?? "\u{FFFD}", j - at)
    }

    /// The text of a `{…}` block at `i` (without its braces), comments
    /// blanked (newlines kept), with the line it starts on.
    private mutating func block(rule: Int) throws -> (text: [Unicode.Scalar], line: Int) {
        let start = line
        i += 1
        var body: [Unicode.Scalar] = []
        var depth = 0
        while i < text.count {
            let c = text[i]
            if c == "}" && depth == 0 { i += 1; return (body, start) }
            switch c {
            case "{": depth += 1
            case "}": depth -= 1
            case "\n": line += 1
            case "\"", "'":
                let from = i, fromLine = line
                _ = try string(rule: rule)
                body += text[from..<i]
                _ = fromLine
                continue
            case "/" where i + 1 < text.count && text[i + 1] == "*":
                let from = i
                try skipSpaceAndComments(rule: rule)
                body += text[from..<i].map { $0 == "\n" ? "\n" : " " }
                continue
            default: break
            }
            body.append(c); i += 1
        }
        throw fail(start, rule: rule, "unterminated block: no \"}\" closes the { opened here")
    }

    /// The rule a `@font-face` block's declarations make.
    private func rule(_ body: (text: [Unicode.Scalar], line: Int), line ruleLine: Int, index: Int) throws -> FontFaceRule {
        var rule = FontFaceRule(family: "", sources: [],
                                origin: .init(file: fileName, line: ruleLine, index: index))
        var seenFamily = false, seenSource = false
        for declaration in Self.declarations(body) {
            let colon = declaration.text.firstIndex(of: ":")
            let name = String(String.UnicodeScalarView(declaration.text[..<(colon ?? declaration.text.count)]))
                .trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            if name.isEmpty && colon == nil { continue }
            guard let colon else {
                throw fail(declaration.line, rule: index, "\"\(name)\" is not a declaration (no \":\")")
            }
            let value = Array(declaration.text[(colon + 1)...])
            let valueText = String(String.UnicodeScalarView(value)).trimmingCharacters(in: .whitespacesAndNewlines)
            do {
                if valueText.isEmpty { throw FontFaceRuleError("\(name): no value") }
                if valueText.lowercased().hasSuffix("!important") {
                    throw FontFaceRuleError("\(name): !important is not allowed in @font-face")
                }
                let tokens = try CSSValueTokens.tokenize(value)
                switch name {
                case "font-family": rule.family = try Self.family(tokens); seenFamily = true
                case "src": rule.sources = try Self.sources(tokens, baseURL: baseURL); seenSource = true
                case "font-weight": rule.weight = try Self.weight(tokens)
                case "font-stretch": rule.stretch = try Self.stretch(tokens)
                case "font-style": rule.style = try Self.style(tokens)
                case "unicode-range": rule.unicodeRange = try UnicodeRangeSet.parse(valueText).get()
                case "size-adjust": rule.sizeAdjust = try Self.percentage(tokens, name: name, allowNormal: false)!
                case "ascent-override": rule.ascentOverride = try Self.percentage(tokens, name: name, allowNormal: true)
                case "descent-override": rule.descentOverride = try Self.percentage(tokens, name: name, allowNormal: true)
                case "line-gap-override": rule.lineGapOverride = try Self.percentage(tokens, name: name, allowNormal: true)
                case "font-display", "font-feature-settings", "font-variation-settings", "font-named-instance",
                     "font-language-override", "font-variant":
                    break
                default:
                    throw FontFaceRuleError("unknown descriptor \"\(name)\"")
                }
            } catch let problem as FontFaceRuleError {
                throw fail(problem.line ?? declaration.line, rule: index, problem.message)
            }
        }
        guard seenFamily else { throw fail(ruleLine, rule: index, "no font-family descriptor") }
        guard seenSource else { throw fail(ruleLine, rule: index, "no src descriptor (font-family \"\(rule.family)\")") }
        return rule
    }

    /// The declarations of a block, split at semicolons outside strings and
    /// parentheses, each with the line it starts on (leading space skipped).
    static func declarations(_ body: (text: [Unicode.Scalar], line: Int)) -> [(text: [Unicode.Scalar], line: Int)] {
        var out: [(text: [Unicode.Scalar], line: Int)] = []
        var current: [Unicode.Scalar] = []
        var line = body.line, startLine = body.line
        var quote: Unicode.Scalar?, depth = 0, escaped = false
        for c in body.text {
            if current.allSatisfy(\.properties.isWhitespace) { startLine = line }
            if c == "\n" { line += 1 }
            if let q = quote {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "(" {
                depth += 1
            } else if c == ")" {
                depth = max(0, depth - 1)
            } else if c == ";" && depth == 0 {
                out.append((current, startLine)); current = []
                continue
            }
            current.append(c)
        }
        if !current.allSatisfy(\.properties.isWhitespace) { out.append((current, startLine)) }
        return out.filter { !$0.text.allSatisfy(\.properties.isWhitespace) }
    }

    // MARK: Descriptor values

    static func family(_ tokens: [CSSValueToken]) throws -> String {
        if tokens.count == 1, case .string(let s) = tokens[0] {
            guard !s.isEmpty else { throw FontFaceRuleError("font-family: an empty name") }
            return s
        }
        var words: [String] = []
        for token in tokens {
            guard case .ident(let w) = token else {
                throw FontFaceRuleError("font-family: one quoted name or a name of unquoted words is expected, not \(token)")
            }
            words.append(w)
        }
        guard !words.isEmpty else { throw FontFaceRuleError("font-family: no name") }
        if words.count == 1, ["serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "inherit",
                              "initial", "unset", "default", "emoji", "math"].contains(words[0].lowercased()) {
            throw FontFaceRuleError("font-family: \"\(words[0])\" is a CSS keyword; quote it to use it as a name")
        }
        return words.joined(separator: " ")
    }

    static func sources(_ tokens: [CSSValueToken], baseURL: URL) throws -> [FontFaceRule.Source] {
        var out: [FontFaceRule.Source] = []
        for entry in tokens.split(separator: .comma, omittingEmptySubsequences: false) {
            var parts = Array(entry)
            guard !parts.isEmpty else { throw FontFaceRuleError("src: an empty entry in the list") }
            let head = parts.removeFirst()
            switch head {
            case .url(let raw):
                guard !raw.isEmpty else { throw FontFaceRuleError("src: url() is empty") }
                var format: String?
                for hint in parts {
                    guard case .function(let name, let args) = hint, ["format", "tech"].contains(name.lowercased()) else {
                        throw FontFaceRuleError("src: after url(\(raw)) only format() and tech() may follow, not \(hint)")
                    }
                    if name.lowercased() == "format" {
                        let values = args.compactMap { t -> String? in
                            if case .string(let s) = t { return s }
                            if case .ident(let s) = t { return s }
                            return nil
                        }
                        guard !values.isEmpty else { throw FontFaceRuleError("src: format() names no format") }
                        format = values[0].lowercased()
                    }
                }
                guard let url = URL(string: raw, relativeTo: baseURL) ?? URL(string: raw.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "", relativeTo: baseURL) else {
                    throw FontFaceRuleError("src: url(\(raw)) is not a URL")
                }
                out.append(.url(url.absoluteURL, format: format))
            case .function(let name, let args) where name.lowercased() == "local":
                guard parts.isEmpty else { throw FontFaceRuleError("src: nothing may follow local()") }
                out.append(.local(try family(args)))
            default:
                throw FontFaceRuleError("src: each entry is url(…) or local(…), not \(head)")
            }
        }
        return out
    }

    static func weight(_ tokens: [CSSValueToken]) throws -> ClosedRange<Double>? {
        func one(_ t: CSSValueToken) throws -> Double {
            switch t {
            case .ident(let k) where k.lowercased() == "normal": return 400
            case .ident(let k) where k.lowercased() == "bold": return 700
            case .number(let v, "") where v >= 1 && v <= 1000: return v
            default: throw FontFaceRuleError("font-weight: \(t) is not a weight (1 to 1000, normal or bold)")
            }
        }
        if tokens.count == 1, case .ident(let k) = tokens[0], k.lowercased() == "auto" { return nil }
        return try range(tokens.map(one), name: "font-weight")
    }

    static let stretchKeywords: [String: Double] = [
        "ultra-condensed": 50, "extra-condensed": 62.5, "condensed": 75, "semi-condensed": 87.5, "normal": 100,
        "semi-expanded": 112.5, "expanded": 125, "extra-expanded": 150, "ultra-expanded": 200,
    ]

    static func stretch(_ tokens: [CSSValueToken]) throws -> ClosedRange<Double>? {
        func one(_ t: CSSValueToken) throws -> Double {
            switch t {
            case .ident(let k) where stretchKeywords[k.lowercased()] != nil: return stretchKeywords[k.lowercased()]!
            case .number(let v, "%") where v >= 0 && v.isFinite: return v
            default: throw FontFaceRuleError("font-stretch: \(t) is not a width (a percentage or a keyword such as condensed)")
            }
        }
        // `normal` sets no range, as Chromium reads it (a variable face's
        // wdth follows the request), and matches as 100% like `auto`.
        if tokens.count == 1, case .ident(let k) = tokens[0], ["auto", "normal"].contains(k.lowercased()) { return nil }
        return try range(tokens.map(one), name: "font-stretch")
    }

    static func style(_ tokens: [CSSValueToken]) throws -> FaceStyle? {
        guard case .ident(let k) = tokens.first else {
            throw FontFaceRuleError("font-style: normal, italic, oblique [angle [angle]] or auto expected")
        }
        switch (k.lowercased(), tokens.count) {
        case ("auto", 1): return nil
        case ("normal", 1): return .normal
        case ("italic", 1): return .italic
        case ("oblique", 1): return .oblique(14...14)
        case ("oblique", 2...3):
            let angles = try tokens.dropFirst().map { t -> Double in
                guard case .number(let v, let unit) = t, let degrees = Self.degrees(v, unit), (-90...90).contains(degrees) else {
                    throw FontFaceRuleError("font-style: \(t) is not an angle between -90deg and 90deg")
                }
                return degrees
            }
            return .oblique(try range(angles, name: "font-style"))
        default:
            throw FontFaceRuleError("font-style: normal, italic, oblique [angle [angle]] or auto expected")
        }
    }

    static func degrees(_ v: Double, _ unit: String) -> Double? {
        switch unit.lowercased() {
        case "deg": return v
        case "grad": return v * 0.9
        case "rad": return v * 180 / .pi
        case "turn": return v * 360
        case "" where v == 0: return 0
        default: return nil
        }
    }

    /// One or two values; a reversed pair is taken in order (CSS Fonts 4 says
    /// the used range is swapped).
    static func range(_ values: [Double], name: String) throws -> ClosedRange<Double> {
        switch values.count {
        case 1: return values[0]...values[0]
        case 2: return min(values[0], values[1])...max(values[0], values[1])
        default: throw FontFaceRuleError("\(name): one value or two (a range) expected, not \(values.count)")
        }
    }

    static func percentage(_ tokens: [CSSValueToken], name: String, allowNormal: Bool) throws -> Double? {
        if allowNormal, tokens.count == 1, case .ident(let k) = tokens[0], k.lowercased() == "normal" { return nil }
        // At most 100000% (a thousand times the font size): a larger factor
        // would take sizes and heights past what a float holds.
        guard tokens.count == 1, case .number(let v, "%") = tokens[0], v >= 0, v <= 100_000 else {
            throw FontFaceRuleError("\(name): a percentage from 0% to 100000%" + (allowNormal ? " or normal" : "") + " expected")
        }
        return v / 100
    }
}
