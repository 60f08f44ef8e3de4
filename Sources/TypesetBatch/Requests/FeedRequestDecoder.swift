import Foundation
import Typeset
import TypesetCells

/// Reads the request lines a feed is made of straight from their bytes:
/// an object of `id`, `text`, `font_family`, `font_size`, `font_weight` and
/// `width`, each at most once, every value of the type the protocol asks
/// for (`null` aside). Such a line decodes to the request the general path
/// (``JSONParser`` and ``JSONValueDecoder``) makes of it, without the
/// ``JSONValue`` tree, the decoding containers or the unknown-field check
/// (every field is known); any other line, and any line with a problem, is
/// not read here (nil) and goes the general way, which names the problem.
///
/// A `font_family` value whose bytes equal the previous line's is not read
/// again: its array of names is shared with that line's request. One
/// decoder reads one stream of lines, on one thread.
package struct FeedRequestDecoder {
    /// The last `font_family` value read: its bytes and its names.
    private var lastFamilies: (bytes: [UInt8], names: [String])?

    package init() {}

    /// The fields read here.
    private enum Field: Int {
        case id, text, family, size, weight, width

        /// The field named by a key's bytes (without quotes), if one of these.
        init?(_ key: UnsafeBufferPointer<UInt8>) {
            func equals(_ name: StaticString) -> Bool {
                name.utf8CodeUnitCount == key.count
                    && memcmp(name.utf8Start, key.baseAddress!, key.count) == 0
            }
            switch key.count {
            case 2 where equals("id"): self = .id
            case 4 where equals("text"): self = .text
            case 5 where equals("width"): self = .width
            case 9 where equals("font_size"): self = .size
            case 11 where equals("font_family"): self = .family
            case 11 where equals("font_weight"): self = .weight
            default: return nil
            }
        }
    }

    /// The request and the id of one line (its bytes without the newline),
    /// or nil when the line is not of the shape read here.
    package mutating func decode(_ line: UnsafeBufferPointer<UInt8>) -> (request: MeasureRequest, id: JSONValue?)? {
        guard line.count > 0 else { return nil }
        var i = 0
        func skipWhitespace() {
            while i < line.count, line[i] == 0x20 || line[i] == 0x0A || line[i] == 0x0D || line[i] == 0x09 { i += 1 }
        }
        skipWhitespace()
        guard i < line.count, line[i] == UInt8(ascii: "{") else { return nil }
        i += 1
        var seen = 0  // a bit per field read
        var id: JSONValue?, text: String?, families: [String]?
        var size: Double?, weight: Int?, width: Double?
        while true {
            skipWhitespace()
            // The key: a plain string (an escape or a control character sends the line the general way).
            guard i < line.count, line[i] == UInt8(ascii: "\"") else { return nil }
            let keyStart = i + 1
            i = keyStart
            while i < line.count, line[i] != UInt8(ascii: "\"") {
                guard line[i] != UInt8(ascii: "\\"), line[i] >= 0x20 else { return nil }
                i += 1
            }
            guard i < line.count, let field = Field(UnsafeBufferPointer(rebasing: line[keyStart..<i])),
                  seen & (1 << field.rawValue) == 0 else { return nil }
            seen |= 1 << field.rawValue
            i += 1
            skipWhitespace()
            guard i < line.count, line[i] == UInt8(ascii: ":") else { return nil }
            i += 1
            skipWhitespace()
            if field == .family, let last = lastFamilies, line.count - i >= last.bytes.count,
               memcmp(line.baseAddress! + i, last.bytes, last.bytes.count) == 0 {
                // A JSON value ends where its own bytes say: the same bytes are the same value.
                families = last.names
                i += last.bytes.count
            } else {
                guard let (value, end) = JSONParser.value(in: line, at: i) else { return nil }
                defer { i = end }
                switch field {
                case .id: id = value
                case .text:
                    guard case .string(let s) = value else { return nil }
                    text = s
                case .family:
                    guard let names = Self.familyNames(value) else { return nil }
                    families = names
                    lastFamilies = (Array(UnsafeBufferPointer(rebasing: line[i..<end])), names)
                case .size:
                    guard let n = value.numberValue else { return nil }
                    size = n
                case .weight:
                    guard let n = value.numberValue, n >= 1, n <= 1000 else { return nil }
                    weight = Int(n)
                case .width:
                    guard let n = value.numberValue else { return nil }
                    width = n
                }
            }
            skipWhitespace()
            guard i < line.count else { return nil }
            if line[i] == UInt8(ascii: ",") { i += 1; continue }
            guard line[i] == UInt8(ascii: "}") else { return nil }
            i += 1
            break
        }
        skipWhitespace()
        guard i == line.count, let text else { return nil }
        var request = MeasureRequest(text: text)
        if let families { request.families = families }
        if let size { request.size = size }
        if let weight { request.weight = weight }
        request.width = width
        return (request, id)
    }

    /// A font stack as the protocol takes it: a CSS font-family list, or a non-empty array
    /// of at most ``TextStyleFields/maxFamilies`` names.
    private static func familyNames(_ value: JSONValue) -> [String]? {
        switch value {
        case .string(let list):
            guard let names = try? CSSFontFamilyList.families(list), names.count <= TextStyleFields.maxFamilies else { return nil }
            return names
        case .array(let elements):
            guard !elements.isEmpty, elements.count <= TextStyleFields.maxFamilies else { return nil }
            var names: [String] = []
            names.reserveCapacity(elements.count)
            for case .string(let name) in elements { names.append(name) }
            return names.count == elements.count ? names : nil
        default: return nil
        }
    }
}

extension JSONValue {
    /// The number a JSON number reads as in a floating-point field, nil for
    /// any other value.
    fileprivate var numberValue: Double? {
        switch self {
        case .int(let n): return Double(n)
        case .number(let d): return d
        case .bigInteger(let digits): return Double(digits)
        default: return nil
        }
    }
}
