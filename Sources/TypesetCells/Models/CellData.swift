import Foundation
import Typeset
import TypesetEntities

/// A ready-made ``CellModel``: a dictionary of texts and numbers, such as a
/// JSON object read by the `measure cell` tool (`Decodable`).
///
/// Without an explicit version, the version is a hash of the content (FNV-1a
/// over the sorted keys and values), so equal content gives equal versions in
/// every process.
public struct CellData: CellModel, Hashable, Decodable {
    /// The model's identity.
    public var id: CellModelID
    /// The content version (given, or a content hash).
    public var version: Int
    /// Texts by key.
    public var texts: [String: String]
    /// Numbers by key (aspect ratios and other per-model values).
    public var numbers: [String: Double]
    /// Entities known per text key (UTF-16 ranges into that key's text).
    public var knownEntities: [String: [Entity]]

    /// A model from texts and numbers; `version` defaults to a content hash.
    public init(id: CellModelID, version: Int? = nil, texts: [String: String] = [:], numbers: [String: Double] = [:],
                entities: [String: [Entity]] = [:]) {
        self.id = id
        self.texts = texts
        self.numbers = numbers
        self.knownEntities = entities
        self.version = version ?? Self.contentHash(texts: texts, numbers: numbers)
    }

    /// The text for a key, nil when absent.
    public func text(for key: String) -> String? { texts[key] }

    /// The number for a key: from `numbers`, else the key's text read as a number.
    public func number(for key: String) -> Double? { numbers[key] ?? texts[key].flatMap { Double($0) } }

    /// Entities given for a key, nil when none were given.
    public func entities(for key: String) -> [Entity]? { knownEntities[key] }

    /// The `userInfo` key of the identity a model without `"id"` gets when
    /// decoded (a ``CellModelID``; `.int(0)` when not given).
    public static let defaultIDKey = CodingUserInfoKey(rawValue: "dev.typeset.CellData.defaultID")!

    /// A model decoded from a JSON object (`JSONDecoder`).
    ///
    /// `"id"` (integer or string) is the identity, the decoder's
    /// ``defaultIDKey`` value when absent; `"version"` (integer) the version,
    /// a content hash when absent. Every other field is a model value: a
    /// string is a text, a number a number, a boolean `true` the text
    /// `"true"` and `false` or `null` an absent key (so `present` conditions
    /// read booleans naturally).
    /// - Throws: ``CellModelError`` for a non-object or a field of another type.
    public init(from decoder: any Decoder) throws {
        guard let object = try? decoder.container(keyedBy: CellJSON.AnyKey.self) else { throw CellModelError.notAnObject }
        var id = decoder.userInfo[Self.defaultIDKey] as? CellModelID ?? .int(0)
        var version: Int? = nil
        var texts: [String: String] = [:]
        var numbers: [String: Double] = [:]
        for key in object.allKeys {
            switch key.stringValue {
            case "id":
                guard let decoded = try? object.decode(CellModelID.self, forKey: key) else {
                    throw CellModelError.invalidField(name: "id", expected: "an integer from -2^63 to 2^64-1 or a string")
                }
                id = decoded
            case "version":
                guard let v = try? object.decode(Int.self, forKey: key) else {
                    throw CellModelError.invalidField(name: "version", expected: "an integer")
                }
                version = v
            default:
                if (try? object.decodeNil(forKey: key)) == true { continue }
                if let s = try? object.decode(String.self, forKey: key) { texts[key.stringValue] = s }
                else if let b = try? object.decode(Bool.self, forKey: key) { if b { texts[key.stringValue] = "true" } }
                else if let n = try? object.decode(Double.self, forKey: key) {
                    numbers[key.stringValue] = n
                    texts[key.stringValue] = Self.numberText(n)
                } else {
                    throw CellModelError.invalidField(name: key.stringValue, expected: "a string, a number, a boolean or null")
                }
            }
        }
        self.init(id: id, version: version, texts: texts, numbers: numbers)
    }

    /// A model from one JSON object's bytes.
    /// - Throws: ``CellModelError`` for invalid JSON, a non-object, or a field of another type.
    public init(json: Data, defaultID: CellModelID) throws {
        let decoder = JSONDecoder()
        decoder.userInfo[Self.defaultIDKey] = defaultID
        do { self = try decoder.decode(CellData.self, from: json) } catch is DecodingError {
            throw CellModelError.invalidJSON
        }
    }

    /// FNV-1a over sorted keys and values: stable across processes.
    static func contentHash(texts: [String: String], numbers: [String: Double]) -> Int {
        var h = FNV1aHash()
        func mix<S: Sequence>(_ bytes: S) where S.Element == UInt8 { h.mix(bytes: bytes) }
        for key in texts.keys.sorted() {
            mix(key.utf8); mix([0]); mix(texts[key, default: ""].utf8); mix([0])
        }
        mix([1])
        for key in numbers.keys.sorted() {
            mix(key.utf8); mix([0])
            let bits = numbers[key, default: 0].bitPattern
            mix((0..<8).map { UInt8(truncatingIfNeeded: bits >> ($0 * 8)) })
        }
        return Int(truncatingIfNeeded: h.value)
    }

    static func numberText(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }
}

/// A model that could not be read.
public enum CellModelError: LocalizedError, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not JSON.
    case invalidJSON
    /// The JSON is not an object.
    case notAnObject
    /// A field has a type the model cannot use.
    case invalidField(name: String, expected: String)

    /// A one-line explanation naming what is at fault.
    public var description: String {
        switch self {
        case .invalidJSON: return "invalid JSON"
        case .notAnObject: return "a model must be a JSON object"
        case .invalidField(let name, let expected): return "field \"\(name)\" must be \(expected)"
        }
    }
}

extension CellModelError {
    /// The same one-line explanation as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
