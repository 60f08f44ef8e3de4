/// One component of a descriptor's value, as CSS Syntax 3 tokenizes it
/// (the few kinds `@font-face` values use).
enum CSSValueToken: Equatable, CustomStringConvertible {
    case ident(String)
    case string(String)
    /// A number with its unit: "" for a bare number, "%" for a percentage.
    case number(Double, String)
    /// `url(…)`, quoted or not: its text.
    case url(String)
    /// Any other function: its name and arguments.
    indirect case function(String, [CSSValueToken])
    case comma
    /// Any other character.
    case delim(Unicode.Scalar)

    var description: String {
        switch self {
        case .ident(let s): return s
        case .string(let s): return "\"\(s)\""
        case .number(let v, let unit): return (v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)) + unit
        case .url(let s): return "url(\(s))"
        case .function(let name, let args): return "\(name)(\(args.map(\.description).joined(separator: " ")))"
        case .comma: return ","
        case .delim(let c): return "\"\(c)\""
        }
    }
}

/// Splits a descriptor's value into tokens.
enum CSSValueTokens {
    static func tokenize(_ text: [Unicode.Scalar]) throws -> [CSSValueToken] {
        var i = 0
        return try tokens(text, &i, closing: nil)
    }

    private static func isNameStart(_ c: Unicode.Scalar) -> Bool {
        c == "_" || c.properties.isAlphabetic || c.value >= 0x80
    }

    private static func isName(_ c: Unicode.Scalar) -> Bool {
        isNameStart(c) || c == "-" || ("0"..."9").contains(c)
    }

    private static func tokens(_ text: [Unicode.Scalar], _ i: inout Int, closing: Unicode.Scalar?) throws -> [CSSValueToken] {
        var out: [CSSValueToken] = []
        while i < text.count {
            let c = text[i]
            if c.properties.isWhitespace { i += 1; continue }
            if let closing, c == closing { i += 1; return out }
            switch c {
            case ",": out.append(.comma); i += 1
            case "\"", "'":
                var s = ""
                i += 1
                while i < text.count, text[i] != c {
                    if text[i] == "\\", i + 1 < text.count {
                        let (scalar, length) = FontFaceCSSParser.escape(text, i + 1)
                        s.unicodeScalars.append(scalar); i += 1 + length
                        continue
                    }
                    s.unicodeScalars.append(text[i]); i += 1
                }
                guard i < text.count else { throw FontFaceRuleError("unterminated string") }
                i += 1
                out.append(.string(s))
            case _ where startsNumber(text, i):
                out.append(number(text, &i))
            default:
                if isNameStart(c) || c == "-" || c == "\\" {
                    var name = ""
                    while i < text.count, isName(text[i]) || text[i] == "\\" {
                        if text[i] == "\\", i + 1 < text.count {
                            let (scalar, length) = FontFaceCSSParser.escape(text, i + 1)
                            name.unicodeScalars.append(scalar); i += 1 + length
                        } else {
                            name.unicodeScalars.append(text[i]); i += 1
                        }
                    }
                    if i < text.count, text[i] == "(" {
                        i += 1
                        if name.lowercased() == "url" {
                            out.append(try url(text, &i))
                        } else {
                            out.append(.function(name, try tokens(text, &i, closing: ")")))
                        }
                    } else {
                        out.append(.ident(name))
                    }
                } else {
                    if c == "(" || c == ")" { throw FontFaceRuleError(c == "(" ? "unbalanced \"(\"" : "unbalanced \")\"") }
                    out.append(.delim(c)); i += 1
                }
            }
        }
        if closing != nil { throw FontFaceRuleError("a function is not closed: \")\" missing") }
        return out
    }

    private static func startsNumber(_ text: [Unicode.Scalar], _ i: Int) -> Bool {
        func digit(_ k: Int) -> Bool { k < text.count && ("0"..."9").contains(text[k]) }
        var k = i
        if text[k] == "+" || text[k] == "-" { k += 1 }
        if digit(k) { return true }
        return k < text.count && text[k] == "." && digit(k + 1)
    }

    private static func number(_ text: [Unicode.Scalar], _ i: inout Int) -> CSSValueToken {
        var s = ""
        func take() { s.unicodeScalars.append(text[i]); i += 1 }
        if text[i] == "+" || text[i] == "-" { take() }
        while i < text.count, ("0"..."9").contains(text[i]) { take() }
        if i + 1 < text.count, text[i] == ".", ("0"..."9").contains(text[i + 1]) {
            take()
            while i < text.count, ("0"..."9").contains(text[i]) { take() }
        }
        if i + 1 < text.count, text[i] == "e" || text[i] == "E" {
            var k = i + 1
            if k < text.count, text[k] == "+" || text[k] == "-" { k += 1 }
            if k < text.count, ("0"..."9").contains(text[k]) {
                while i < k { take() }
                while i < text.count, ("0"..."9").contains(text[i]) { take() }
            }
        }
        var unit = ""
        if i < text.count, text[i] == "%" {
            unit = "%"; i += 1
        } else {
            while i < text.count, isName(text[i]) { unit.unicodeScalars.append(text[i]); i += 1 }
        }
        return .number(Double(s) ?? .nan, unit.lowercased())
    }

    /// The rest of `url(` (quoted or not).
    private static func url(_ text: [Unicode.Scalar], _ i: inout Int) throws -> CSSValueToken {
        while i < text.count, text[i].properties.isWhitespace { i += 1 }
        if i < text.count, text[i] == "\"" || text[i] == "'" {
            let inner = try tokens(text, &i, closing: ")")
            guard inner.count == 1, case .string(let s) = inner[0] else {
                throw FontFaceRuleError("url(): one quoted URL expected")
            }
            return .url(s)
        }
        var s = ""
        while i < text.count, text[i] != ")" {
            if text[i].properties.isWhitespace {
                while i < text.count, text[i].properties.isWhitespace { i += 1 }
                guard i < text.count, text[i] == ")" else { throw FontFaceRuleError("url(): white space inside an unquoted URL") }
                break
            }
            if text[i] == "\"" || text[i] == "'" || text[i] == "(" {
                throw FontFaceRuleError("url(): \"\(text[i])\" inside an unquoted URL")
            }
            if text[i] == "\\", i + 1 < text.count {
                let (scalar, length) = FontFaceCSSParser.escape(text, i + 1)
                s.unicodeScalars.append(scalar); i += 1 + length
                continue
            }
            s.unicodeScalars.append(text[i]); i += 1
        }
        guard i < text.count else { throw FontFaceRuleError("url(): \")\" missing") }
        i += 1
        return .url(s)
    }
}
