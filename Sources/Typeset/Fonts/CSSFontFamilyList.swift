/// CSS `font-family` values as text: `Noto Sans, "Noto Color Emoji", serif`.
///
/// Every interface that takes a font stack as one string reads it here, so a
/// string means the same everywhere (the `measure` tool's `--font`, the batch
/// protocol's `font_family` string, the C interface's and the Python
/// package's `font_family`): a comma-separated list, first preferred, as CSS
/// Fonts 4 defines the property's value. A family is a quoted string
/// (`"Font, With Comma"`, `'Noto Sans'`) or unquoted words (runs of spaces
/// between them become one space, as CSS reads identifiers); a backslash
/// escapes the next character, or gives a code point in 1 to 6 hex digits
/// (`\2c` is a comma) as in CSS. Generic families (`sans-serif`, `serif`,
/// `monospace`, `emoji`…) are names like any other here.
public enum CSSFontFamilyList {
    /// A `font-family` value that is not a list of family names.
    public struct SyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
        /// The value as given.
        public var value: String
        /// What is wrong with it.
        public var reason: String
        public var description: String { "\(reason) (got \"\(value)\")" }
    }

    /// The family names of a `font-family` value, first preferred.
    /// - Throws: ``SyntaxError`` for an empty list or an empty name (`"A,,B"`),
    ///   a quote left open, text after a quoted name (`"A" B`), or a quote
    ///   inside an unquoted name.
    public static func families(_ value: String) throws -> [String] {
        var families: [String] = []
        var chars = Array(value.unicodeScalars)[...]
        func fail(_ reason: String) -> SyntaxError { SyntaxError(value: value, reason: reason) }
        func skipSpaces() { while let c = chars.first, isSpace(c) { chars.removeFirst() } }
        while true {
            skipSpaces()
            var name = String.UnicodeScalarView()
            if let quote = chars.first, quote == "\"" || quote == "'" {
                chars.removeFirst()
                var closed = false
                while let c = chars.popFirst() {
                    if c == quote { closed = true; break }
                    if c == "\\" { if let e = escape(&chars) { name.append(e) } } else { name.append(c) }
                }
                guard closed else { throw fail("a font-family name's quote is not closed") }
                skipSpaces()
                if let c = chars.first, c != "," { throw fail("a quoted font-family name is followed by more than a comma") }
            } else {
                var pendingSpace = false
                while let c = chars.first, c != "," {
                    chars.removeFirst()
                    if isSpace(c) { pendingSpace = !name.isEmpty; continue }
                    if c == "\"" || c == "'" { throw fail("a quote inside an unquoted font-family name (quote the whole name)") }
                    if pendingSpace { name.append(" "); pendingSpace = false }
                    if c == "\\" { if let e = escape(&chars) { name.append(e) } } else { name.append(c) }
                }
            }
            guard !name.isEmpty else {
                throw fail(value.unicodeScalars.allSatisfy(isSpace)
                           ? "a font-family list names no family"
                           : "font-family names are separated by commas, none empty")
            }
            families.append(String(name))
            guard chars.popFirst() != nil else { return families }  // the comma, or the end
        }
    }

    /// A family name written as a `font-family` value names it alone: quoted
    /// when it holds anything a list would read otherwise (a comma, a quote,
    /// a backslash, spaces at its ends or two in a row).
    public static func quoted(_ family: String) -> String {
        let needsQuotes = family.isEmpty || family.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "'" || $0 == "\\" }
            || family.unicodeScalars.first.map(isSpace) == true || family.unicodeScalars.last.map(isSpace) == true
            || family.contains("  ") || family.unicodeScalars.contains { isSpace($0) && $0 != " " }
        guard needsQuotes else { return family }
        var out = "\""
        for c in family.unicodeScalars {
            if c == "\"" || c == "\\" { out.append("\\") }
            out.unicodeScalars.append(c)
        }
        return out + "\""
    }

    /// A list naming `families` in order (each ``quoted(_:)`` where needed).
    public static func value(of families: [String]) -> String {
        families.map(quoted).joined(separator: ", ")
    }

    private static func isSpace(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}"
    }

    /// The character a backslash escapes (the backslash already read): 1 to 6
    /// hex digits and one space after them, or the next character; nil at the end.
    private static func escape(_ chars: inout ArraySlice<Unicode.Scalar>) -> Unicode.Scalar? {
        var hex = ""
        while hex.count < 6, let c = chars.first, c.properties.isASCIIHexDigit { hex.unicodeScalars.append(c); chars.removeFirst() }
        guard !hex.isEmpty else { return chars.popFirst() }
        if let c = chars.first, isSpace(c) { chars.removeFirst() }
        let code = UInt32(hex, radix: 16)!
        return Unicode.Scalar(code == 0 || code > 0x10FFFF ? 0xFFFD : code) ?? "\u{FFFD}"
    }
}

extension FontStack {
    /// A stack of the families of a CSS `font-family` value
    /// (``CSSFontFamilyList``): `FontStack(cssFontFamily: "Noto Sans, \"My, Font\"")`.
    /// - Throws: ``CSSFontFamilyList/SyntaxError``.
    public init(cssFontFamily value: String) throws {
        self.init(families: try CSSFontFamilyList.families(value))
    }
}
