import Typeset

/// Reads one JSON text (RFC 8259) from bytes into a ``JSONValue``, strictly:
/// no comments, no trailing commas, no lone surrogate escapes, no control
/// characters inside strings, no bytes after the value. Each string is
/// checked as UTF-8 once, as it is read; a string without escapes becomes a
/// `String` straight from its bytes. Keys keep their order; an integer
/// written without a fraction or exponent that fits an `Int` is `.int`, a
/// larger one `.bigInteger` (its digits as written).
///
/// Written by hand because it is on the `measure` tool's hot path: Foundation's
/// `JSONDecoder` reads a feed's requests at ~57 MB/s on this machine, under
/// the 100 MB/s the entities command must reach in total.
package struct JSONParser {
    /// How deeply arrays and objects may nest: a bound on the parser's recursion.
    package static let maxDepth = 256

    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0
    private var depth = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The value `bytes` holds.
    /// - Throws: ``JSONParseError`` naming the byte offset and the problem.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes)
        parser.skipWhitespace()
        guard parser.i < bytes.count else { throw JSONParseError(offset: 0, problem: .empty) }
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.i == bytes.count else { throw parser.error(.trailingBytes) }
        return value
    }

    /// The value of a JSON text held in a byte array.
    package static func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
        let result: Result<JSONValue, JSONParseError>? = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONParseError) in try parse(buffer) }
        }
        if let result { return try result.get() }
        return try Array(bytes).withUnsafeBufferPointer { buffer throws(JSONParseError) in try parse(buffer) }
    }

    /// The value of a field of a top-level object that starts at byte
    /// `start` of `bytes` (no white space before it) and the offset just
    /// after it, or nil if no valid value starts there. For readers that
    /// walk a known shape of object themselves and read each field's value
    /// as `parse(_:)` would (nesting counted from the object, so that
    /// ``maxDepth`` holds as it does there).
    package static func value(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (value: JSONValue, end: Int)? {
        var parser = JSONParser(bytes)
        parser.i = start
        parser.depth = 1
        guard let value = try? parser.value() else { return nil }
        return (value, parser.i)
    }

    // MARK: Values

    private mutating func value() throws(JSONParseError) -> JSONValue {
        guard i < bytes.count else { throw error(.unexpectedEnd) }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw unexpectedByte()
        }
    }

    private mutating func object() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        var fields: [(String, JSONValue)] = []
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; depth -= 1; return .object(fields) }
        while true {
            guard i < bytes.count else { throw error(.unexpectedEnd) }
            guard bytes[i] == UInt8(ascii: "\"") else { throw error(.expected("a string key")) }
            let key = try string()
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error(i < bytes.count ? .expected("\":\"") : .unexpectedEnd) }
            i += 1
            skipWhitespace()
            fields.append((key, try value()))
            skipWhitespace()
            guard i < bytes.count else { throw error(.unexpectedEnd) }
            if bytes[i] == UInt8(ascii: "}") { i += 1; depth -= 1; return .object(fields) }
            guard bytes[i] == UInt8(ascii: ",") else { throw error(.expected("\",\" or \"}\"")) }
            i += 1
            skipWhitespace()
        }
    }

    private mutating func array() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        var elements: [JSONValue] = []
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; depth -= 1; return .array(elements) }
        while true {
            elements.append(try value())
            skipWhitespace()
            guard i < bytes.count else { throw error(.unexpectedEnd) }
            if bytes[i] == UInt8(ascii: "]") { i += 1; depth -= 1; return .array(elements) }
            guard bytes[i] == UInt8(ascii: ",") else { throw error(.expected("\",\" or \"]\"")) }
            i += 1
            skipWhitespace()
        }
    }

    private mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        guard depth <= Self.maxDepth else { throw error(.tooDeep) }
        i += 1
    }

    private mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - i >= count,
              UnsafeBufferPointer(rebasing: bytes[i..<i + count]).elementsEqual(UnsafeBufferPointer(start: word.utf8Start, count: count))
        else { throw unexpectedByte() }
        i += count
    }

    // MARK: Numbers

    private mutating func number() throws(JSONParseError) -> JSONValue {
        let start = i
        var integral = true
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count, isDigit(bytes[i]) else { throw error(.invalidNumber, at: start) }
        if bytes[i] == UInt8(ascii: "0") { i += 1 } else { skipDigits() }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            integral = false
            i += 1
            guard i < bytes.count, isDigit(bytes[i]) else { throw error(.invalidNumber, at: start) }
            skipDigits()
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            integral = false
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count, isDigit(bytes[i]) else { throw error(.invalidNumber, at: start) }
            skipDigits()
        }
        if let short = Self.shortNumber(UnsafeBufferPointer(rebasing: bytes[start..<i])) { return short }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        if integral, let n = Int(text) { return .int(n) }
        guard let d = Double(text), d.isFinite else { throw error(.numberOutOfRange, at: start) }
        // An integer beyond Int (a 64-bit unsigned id) keeps its digits, to be echoed as sent.
        return integral ? .bigInteger(text) : .number(d)
    }

    /// The powers of ten a `Double` holds exactly.
    private static let exactPowersOfTen: [Double] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
                                                     1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]

    /// A number token read without making a `String` of it (a request's
    /// sizes, widths and ids): an integer of at most 18 digits, or at most
    /// 15 digits with at most 22 after the point and no exponent, whose
    /// digits and power of ten are exact doubles, so that one correctly
    /// rounded division gives what `Double(text)` gives. Nil for any other.
    package static func shortNumber(_ token: UnsafeBufferPointer<UInt8>) -> JSONValue? {
        let negative = token.first == UInt8(ascii: "-")
        var mantissa: UInt64 = 0, digits = 0, fractionDigits = 0, point = false
        for b in token.dropFirst(negative ? 1 : 0) {
            if b == UInt8(ascii: ".") { point = true; continue }
            guard b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") else { return nil }
            mantissa = mantissa &* 10 &+ UInt64(b - UInt8(ascii: "0"))
            digits += 1
            if point { fractionDigits += 1 }
            guard digits <= 18 else { return nil }
        }
        guard point else { return .int(negative ? -Int(mantissa) : Int(mantissa)) }
        guard digits <= 15, fractionDigits < exactPowersOfTen.count else { return nil }
        let magnitude = Double(mantissa) / exactPowersOfTen[fractionDigits]
        return .number(negative ? -magnitude : magnitude)
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    private mutating func skipDigits() { while i < bytes.count, isDigit(bytes[i]) { i += 1 } }

    // MARK: Strings

    /// A string whose opening quote is at `i`; leaves `i` after its closing quote.
    private mutating func string() throws(JSONParseError) -> String {
        let start = i + 1
        var k = start
        let count = bytes.count
        // Eight bytes a step while none is a quote, a backslash or a control
        // character (a post's text is mostly plain), then byte by byte.
        var highWord: UInt64 = 0  // the bytes' high bits: 0 for ASCII
        if let base = bytes.baseAddress {
            while count - k >= 8 {
                let word = UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self)
                if Self.holdsQuoteBackslashOrControl(word) { break }
                highWord |= word
                k += 8
            }
        }
        var high: UInt8 = highWord & 0x8080_8080_8080_8080 != 0 ? 0x80 : 0
        while k < count {
            let b = bytes[k]
            if b == UInt8(ascii: "\"") {
                i = k + 1
                return try utf8String(UnsafeBufferPointer(rebasing: bytes[start..<k]), at: start, ascii: high < 0x80)
            }
            if b == UInt8(ascii: "\\") || b < 0x20 { break }
            high |= b
            k += 1
        }
        i = k
        return try escapedString(from: start)
    }

    /// Whether any of the eight bytes of `word` is `"`, `\\` or below 0x20
    /// (the classic tests for a zero byte and for a byte below n ≤ 128, each
    /// exact as a yes or no).
    @inline(__always)
    private static func holdsQuoteBackslashOrControl(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highBits: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
        let zeroInQuote = (quote &- ones) & ~quote
        let zeroInBackslash = (backslash &- ones) & ~backslash
        let belowSpace = (word &- ones &* 0x20) & ~word
        return (zeroInQuote | zeroInBackslash | belowSpace) & highBits != 0
    }

    /// The slow path: a string with escapes, its bytes gathered from `start`.
    private mutating func escapedString(from start: Int) throws(JSONParseError) -> String {
        var out = Array(UnsafeBufferPointer(rebasing: bytes[start..<i]))
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                i += 1
                let result: Result<String, JSONParseError> = out.withUnsafeBufferPointer { buffer in
                    if let s = UTF8Validation.string(ifValid: buffer) { return .success(s) }
                    // Escapes are ASCII: the bad byte is one copied from the input.
                    let raw = UnsafeBufferPointer(rebasing: bytes[start..<i - 1])
                    return .failure(JSONParseError(offset: start + (UTF8Validation.firstInvalidByte(in: raw) ?? 0), problem: .invalidUTF8))
                }
                return try result.get()
            }
            if b < 0x20 { throw error(.controlCharacter) }
            if b != UInt8(ascii: "\\") { out.append(b); i += 1; continue }
            guard i + 1 < bytes.count else { throw error(.unexpectedEnd) }
            let escape = bytes[i + 1]
            i += 2
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"): appendScalar(try unicodeEscape(), to: &out)
            default: throw error(.invalidEscape, at: i - 2)
            }
        }
        throw error(.unexpectedEnd)
    }

    /// The scalar of a `\u` escape whose hex digits start at `i` (a surrogate
    /// pair is two escapes); a lone surrogate is an error.
    private mutating func unicodeEscape() throws(JSONParseError) -> Unicode.Scalar {
        let escapeStart = i - 2
        let first = try hex4()
        if (0xDC00...0xDFFF).contains(first) { throw error(.loneSurrogate, at: escapeStart) }
        guard (0xD800...0xDBFF).contains(first) else { return Unicode.Scalar(first)! }
        guard bytes.count - i >= 6, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
            throw error(.loneSurrogate, at: escapeStart)
        }
        i += 2
        let second = try hex4()
        guard (0xDC00...0xDFFF).contains(second) else { throw error(.loneSurrogate, at: escapeStart) }
        return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
    }

    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard bytes.count - i >= 4 else { throw error(.invalidEscape, at: i - 2) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
            default: throw error(.invalidEscape)
            }
            value = value << 4 | UInt32(digit)
            i += 1
        }
        return value
    }

    private func appendScalar(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        UTF8.encode(scalar) { out.append($0) }
    }

    private func utf8String(_ raw: UnsafeBufferPointer<UInt8>, at start: Int, ascii: Bool) throws(JSONParseError) -> String {
        if let s = UTF8Validation.string(ifValid: raw, ascii: ascii) { return s }
        throw JSONParseError(offset: start + (UTF8Validation.firstInvalidByte(in: raw) ?? 0), problem: .invalidUTF8)
    }

    // MARK: Errors and white space

    private mutating func skipWhitespace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default: return
            }
        }
    }

    private func error(_ problem: JSONParseError.Problem, at offset: Int? = nil) -> JSONParseError {
        JSONParseError(offset: offset ?? i, problem: problem)
    }

    /// A byte no value can start with: invalid UTF-8 is named as such.
    private func unexpectedByte() -> JSONParseError {
        if bytes[i] >= 0x80, let bad = UTF8Validation.firstInvalidByte(in: UnsafeBufferPointer(rebasing: bytes[i...])) {
            return JSONParseError(offset: i + bad, problem: .invalidUTF8)
        }
        return error(.unexpectedCharacter)
    }
}

/// Why a JSON text could not be read, and where.
package struct JSONParseError: Error, CustomStringConvertible {
    /// The byte offset of the problem in the text.
    package var offset: Int
    package var problem: Problem

    /// What went wrong.
    package enum Problem: Equatable {
        case empty, unexpectedEnd, unexpectedCharacter, trailingBytes, tooDeep
        case expected(String)
        case invalidNumber, numberOutOfRange
        case invalidEscape, loneSurrogate, controlCharacter, invalidUTF8
    }

    package var description: String {
        switch problem {
        case .empty: return "empty line"
        case .invalidUTF8: return "invalid UTF-8 at byte \(offset)"
        default: return "invalid JSON at byte \(offset): \(explanation)"
        }
    }

    private var explanation: String {
        switch problem {
        case .empty: return "nothing to read"
        case .unexpectedEnd: return "the text ends inside a value"
        case .unexpectedCharacter: return "no JSON value starts here"
        case .trailingBytes: return "more after the value"
        case .tooDeep: return "arrays and objects nested more than \(JSONParser.maxDepth) deep"
        case .expected(let what): return "expected \(what)"
        case .invalidNumber: return "not a number"
        case .numberOutOfRange: return "a number beyond the range of a Double"
        case .invalidEscape: return "an invalid escape"
        case .loneSurrogate: return "a lone surrogate escape (a \\uD800–\\uDFFF not in a pair)"
        case .controlCharacter: return "a control character inside a string (escape it)"
        case .invalidUTF8: return "invalid UTF-8"
        }
    }
}
