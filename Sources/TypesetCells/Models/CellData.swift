import Foundation
import Typeset
import TypesetEntities

/// A ready-made ``CellModel``: a dictionary of texts and numbers, such as a
/// JSON object read by the `measure cell` tool.
///
/// Without an explicit version, the version is a hash of the content (FNV-1a
/// over the sorted keys and values), so equal content gives equal versions in
/// every process.
public struct CellData: CellModel, Hashable {
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

    /// A model from a decoded JSON object (what `JSONSerialization` returns).
    ///
    /// `"id"` (integer or string) is the identity, `defaultID` when absent;
    /// `"version"` (integer) the version, a content hash when absent. Every
    /// other field is a model value: a string is a text, a number a number, a
    /// boolean `true` the text `"true"` and `false` or `null` an absent key (so
    /// `present` conditions read booleans naturally).
    /// - Throws: ``CellModelError`` naming a field of another type.
    public init(jsonObject object: [String: Any], defaultID: CellModelID) throws {
        var id = defaultID
        var version: Int? = nil
        var texts: [String: String] = [:]
        var numbers: [String: Double] = [:]
        for (key, value) in object {
            switch key {
            case "id":
                if let s = value as? String { id = .string(s) }
                else if let n = value as? NSNumber, !Self.isBoolean(n), let i = Int(exactly: n.doubleValue) { id = .int(i) }
                else { throw CellModelError.invalidField(name: "id", expected: "an integer or a string") }
            case "version":
                guard let n = value as? NSNumber, !Self.isBoolean(n), let v = Int(exactly: n.doubleValue) else {
                    throw CellModelError.invalidField(name: "version", expected: "an integer")
                }
                version = v
            default:
                if value is NSNull { continue }
                if let s = value as? String { texts[key] = s; continue }
                if let n = value as? NSNumber {
                    if Self.isBoolean(n) {
                        if n.boolValue { texts[key] = "true" }
                    } else {
                        numbers[key] = n.doubleValue
                        texts[key] = Self.numberText(n.doubleValue)
                    }
                    continue
                }
                throw CellModelError.invalidField(name: key, expected: "a string, a number, a boolean or null")
            }
        }
        self.init(id: id, version: version, texts: texts, numbers: numbers)
    }

    /// A model from one JSON object's bytes.
    /// - Throws: ``CellModelError`` for invalid JSON, a non-object, or a field of another type.
    public init(json: Data, defaultID: CellModelID) throws {
        let any: Any
        do { any = try JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed]) } catch {
            throw CellModelError.invalidJSON
        }
        guard let object = any as? [String: Any] else { throw CellModelError.notAnObject }
        try self.init(jsonObject: object, defaultID: defaultID)
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

    /// Whether JSONSerialization decoded the number from `true`/`false`.
    static func isBoolean(_ n: NSNumber) -> Bool {
        type(of: n) != NSNumber.self && String(cString: n.objCType) == "c"
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
