import Foundation

/// A `Decoder` over a parsed ``JSONValue``: how the `measure` tool turns
/// request lines (and `measure cell` models) into their `Decodable` types,
/// with ``JSONParser`` in front instead of Foundation's `JSONDecoder`.
///
/// Numbers convert as `JSONDecoder` converts them: an integer field takes a
/// JSON number only if it is a whole number that fits; a floating-point field
/// takes any number. A key that occurs twice has its last value.
package struct JSONValueDecoder: Decoder {
    package let value: JSONValue
    package let userInfo: [CodingUserInfoKey: Any]
    /// The coding path is built only when asked for (an error): the parent's
    /// path and the key of this value.
    private let parentPath: [any CodingKey]
    private let key: (any CodingKey)?

    package init(_ value: JSONValue, userInfo: [CodingUserInfoKey: Any] = [:]) {
        self.init(value, parentPath: [], key: nil, userInfo: userInfo)
    }

    private init(_ value: JSONValue, parentPath: [any CodingKey], key: (any CodingKey)?, userInfo: [CodingUserInfoKey: Any]) {
        self.value = value
        self.parentPath = parentPath
        self.key = key
        self.userInfo = userInfo
    }

    package var codingPath: [any CodingKey] { key.map { parentPath + [$0] } ?? parentPath }

    /// Decodes `type` from `value`.
    package static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue,
                                     userInfo: [CodingUserInfoKey: Any] = [:]) throws -> T {
        try JSONValueDecoder(value, userInfo: userInfo).decodeValue(type)
    }

    package func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let fields) = value else { throw mismatch([String: Any].self) }
        return KeyedDecodingContainer(KeyedContainer<Key>(fields: fields, index: FieldIndex.of(fields), decoder: self))
    }

    package func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([Any].self) }
        return UnkeyedContainer(elements: elements, decoder: self)
    }

    package func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// A decoder for a value nested under `key`.
    package func nested(_ value: JSONValue, key: any CodingKey) -> JSONValueDecoder {
        JSONValueDecoder(value, parentPath: self.key == nil ? parentPath : codingPath, key: key, userInfo: userInfo)
    }

    package func decodeValue<T: Decodable>(_: T.Type) throws -> T {
        if T.self == String.self { return try decode(String.self) as! T }
        if T.self == Double.self { return try decode(Double.self) as! T }
        if T.self == Int.self { return try decode(Int.self) as! T }
        if T.self == [String].self { return try strings() as! T }
        return try T(from: self)
    }

    /// An array of strings (a font stack), read without a container per element.
    private func strings() throws -> [String] {
        guard case .array(let elements) = value else { throw mismatch([String].self) }
        return try elements.enumerated().map { k, element in
            guard case .string(let s) = element else { throw nested(element, key: IndexKey(intValue: k)).mismatch(String.self) }
            return s
        }
    }

    package func mismatch(_ type: Any.Type) -> DecodingError {
        DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription: "Expected \(type), found \(value.kindName)"))
    }

    /// A whole number of an integer type, if the value is one that fits.
    package func integer<I: FixedWidthInteger>(_: I.Type) throws -> I {
        switch value {
        case .int(let n): if let v = I(exactly: n) { return v }
        case .number(let d): if let v = I(exactly: d) { return v }
        case .bigInteger(let digits): if let v = I(digits) { return v }
        default: throw mismatch(I.self)
        }
        throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(value.serialized) does not fit \(I.self)"))
    }
}

extension JSONValueDecoder: SingleValueDecodingContainer {
    package func decodeNil() -> Bool { if case .null = value { return true }; return false }

    package func decode(_: Bool.Type) throws -> Bool {
        guard case .bool(let b) = value else { throw mismatch(Bool.self) }
        return b
    }

    package func decode(_: String.Type) throws -> String {
        guard case .string(let s) = value else { throw mismatch(String.self) }
        return s
    }

    package func decode(_: Double.Type) throws -> Double {
        switch value {
        case .int(let n): return Double(n)
        case .number(let d): return d
        case .bigInteger(let digits): return Double(digits) ?? .infinity
        default: throw mismatch(Double.self)
        }
    }

    package func decode(_: Float.Type) throws -> Float { Float(try decode(Double.self)) }
    package func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    package func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    package func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    package func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    package func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    package func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    package func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    package func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    package func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    package func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    package func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }
}

/// The position of each name among an object's fields (the last of equal
/// names), for objects with more fields than a scan is cheap for: a decoder
/// that asks for every field of an object of n fields (a cell model's
/// `allKeys`) then costs n lookups, not n scans of n fields.
final class FieldIndex {
    /// Objects with at most this many fields are scanned.
    static let smallestIndexed = 16

    let positions: [String: Int]

    private init(_ fields: [(String, JSONValue)]) {
        var positions = [String: Int](minimumCapacity: fields.count)
        for (k, field) in fields.enumerated() { positions[field.0] = k }
        self.positions = positions
    }

    /// The index of `fields`, or nil when a scan is cheaper.
    static func of(_ fields: [(String, JSONValue)]) -> FieldIndex? {
        fields.count > smallestIndexed ? FieldIndex(fields) : nil
    }
}

/// An object's fields, looked up by name (the last of equal names wins).
private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    package let fields: [(String, JSONValue)]
    /// For objects of many fields (nil for a scan).
    let index: FieldIndex?
    package let decoder: JSONValueDecoder

    package var codingPath: [any CodingKey] { decoder.codingPath }
    package var allKeys: [Key] { fields.compactMap { Key(stringValue: $0.0) } }

    package func contains(_ key: Key) -> Bool { field(key) != nil }

    private func field(_ key: Key) -> JSONValue? {
        let name = key.stringValue
        if let index { return index.positions[name].map { fields[$0].1 } }
        // Most of the names a request asks for are absent: comparing lengths
        // first (O(1)) skips most string comparisons.
        let length = name.utf8.count
        var k = fields.count
        while k > 0 {
            k -= 1
            if fields[k].0.utf8.count == length && fields[k].0 == name { return fields[k].1 }
        }
        return nil
    }

    private func value(_ key: Key) throws -> JSONValueDecoder {
        guard let value = field(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value for \"\(key.stringValue)\""))
        }
        return decoder.nested(value, key: key)
    }

    package func decodeNil(forKey key: Key) throws -> Bool { try value(key).decodeNil() }
    package func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(key).decode(type) }
    package func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(key).decode(type) }
    package func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(key).decode(type) }
    package func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(key).decode(type) }
    package func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(key).decode(type) }
    package func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(key).decode(type) }
    package func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(key).decode(type) }
    package func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(key).decode(type) }
    package func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(key).decode(type) }
    package func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(key).decode(type) }
    package func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(key).decode(type) }
    package func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(key).decode(type) }
    package func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(key).decode(type) }
    package func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(key).decode(type) }
    package func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try value(key).decodeValue(type) }

    // One lookup for an optional field (the defaults look it up three times).
    private func present(_ key: Key) -> JSONValueDecoder? {
        guard let value = field(key) else { return nil }
        if case .null = value { return nil }
        return decoder.nested(value, key: key)
    }

    package func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try present(key)?.decode(type) }
    package func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try present(key)?.decode(type) }
    package func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try present(key)?.decode(type) }
    package func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try present(key)?.decode(type) }
    package func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try present(key)?.decodeValue(type) }

    package func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try value(key).container(keyedBy: type)
    }

    package func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try value(key).unkeyedContainer() }

    package func superDecoder() throws -> any Decoder {
        decoder.nested(fields.last { $0.0 == "super" }?.1 ?? .null, key: FieldKey("super"))
    }

    package func superDecoder(forKey key: Key) throws -> any Decoder { decoder.nested(field(key) ?? .null, key: key) }
}

/// An array's elements, read in order.
private struct UnkeyedContainer: UnkeyedDecodingContainer {
    package let elements: [JSONValue]
    package let decoder: JSONValueDecoder
    private(set) var currentIndex = 0

    package init(elements: [JSONValue], decoder: JSONValueDecoder) {
        self.elements = elements
        self.decoder = decoder
    }

    package var codingPath: [any CodingKey] { decoder.codingPath }
    package var count: Int? { elements.count }
    package var isAtEnd: Bool { currentIndex >= elements.count }

    /// The next element's decoder; advances only when `read` succeeds.
    private mutating func next<T>(_ read: (JSONValueDecoder) throws -> T) throws -> T {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(T.self, .init(codingPath: codingPath, debugDescription: "The array has no more elements"))
        }
        let value = try read(decoder.nested(elements[currentIndex], key: IndexKey(intValue: currentIndex)))
        currentIndex += 1
        return value
    }

    package mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .null = elements[currentIndex] else { return false }
        currentIndex += 1
        return true
    }

    package mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next { try $0.decodeValue(type) } }

    package mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next { try $0.container(keyedBy: type) }
    }

    package mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next { try $0.unkeyedContainer() } }

    package mutating func superDecoder() throws -> any Decoder { try next { $0 } }
}

/// The coding-path key of an array element.
private struct IndexKey: CodingKey {
    package var intValue: Int?
    package var stringValue: String { "\(intValue ?? 0)" }
    package init(intValue: Int) { self.intValue = intValue }
    package init?(stringValue: String) { nil }
}

extension JSONValue {
    /// The JSON kind of the value, for messages.
    package var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number, .int, .bigInteger: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The value of the last field called `name` of an object (nil for
    /// anything else or no such field).
    package subscript(field name: String) -> JSONValue? {
        guard case .object(let fields) = self else { return nil }
        return fields.last { $0.0 == name }?.1
    }
}
