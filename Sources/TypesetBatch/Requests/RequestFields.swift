import Foundation
import Typeset
import TypesetCells

/// Any field name of a JSON object, so that requests can be decoded field by
/// field with the protocol's own messages.
package struct FieldKey: CodingKey {
    package var stringValue: String
    package var intValue: Int? { nil }
    package init(_ name: String) { stringValue = name }
    package init(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { nil }
}

/// Typed field readers for request objects: an absent field or `null` is
/// nil, a value of another type is a ``RequestError`` that names the field
/// (prefixed by `context`, e.g. "run 2: ").
extension KeyedDecodingContainer where Key == FieldKey {
    /// The request's `text`: present and a string.
    package func requiredText() throws -> String {
        let text: String?
        do { text = try decodeIfPresent(String.self, forKey: FieldKey("text")) } catch {
            throw RequestError("field \"text\" must be a string")
        }
        guard let text else {
            throw RequestError(contains(FieldKey("text")) ? "field \"text\" must be a string" : "missing field \"text\"")
        }
        return text
    }

    /// Whether the field is present and not `null`.
    package func has(_ name: String) -> Bool {
        let key = FieldKey(name)
        return contains(key) && (try? decodeNil(forKey: key)) == false
    }

    // The typed readers call the container's concrete `decodeIfPresent`
    // overloads, not the generic one: a request asks for some twenty fields,
    // and the generic path costs a metadata lookup and a dynamic cast each.

    /// A present, non-null number; another type is an error naming the field.
    package func number(_ name: String, context: String = "") throws -> Double? {
        do { return try decodeIfPresent(Double.self, forKey: FieldKey(name)) } catch {
            throw RequestError("\(context)field \"\(name)\" must be a number")
        }
    }

    /// A present, non-null string; another type is an error naming the field.
    package func string(_ name: String, context: String = "") throws -> String? {
        do { return try decodeIfPresent(String.self, forKey: FieldKey(name)) } catch {
            throw RequestError("\(context)field \"\(name)\" must be a string")
        }
    }

    /// A whole-number offset into the text (a run's `start`/`end`, an
    /// attachment's `offset`); missing or anything else is an error.
    package func offset(_ name: String, context: String) throws -> Int {
        guard let n = try? number(name), n == n.rounded(), abs(n) < 1e15 else {
            throw RequestError("\(context)\"\(name)\" must be an integer offset")
        }
        return Int(n)
    }

    /// An array of objects (`runs`, `attachments`), each read by `element`
    /// with its index; absent or `null` is empty.
    package func objects<T>(_ name: String, _ element: (_ decoder: any Decoder, _ index: Int) throws -> T) throws -> [T] {
        guard has(name) else { return [] }
        guard var list = try? nestedUnkeyedContainer(forKey: FieldKey(name)) else {
            throw RequestError("\(name) must be an array of objects")
        }
        var out: [T] = []
        while !list.isAtEnd { out.append(try element(try list.superDecoder(), out.count)) }
        return out
    }

    /// A string or a non-empty array of strings.
    package func strings(_ name: String, context: String = "") throws -> [String]? {
        let key = FieldKey(name)
        // Arrays first: a batch request's font stack usually is one.
        if let a = try? decodeIfPresent([String].self, forKey: key) { if !a.isEmpty { return a } }
        else if let s = try? decodeIfPresent(String.self, forKey: key) { return [s] }
        else if !has(name) { return nil }
        throw RequestError("\(context)\(name) must be a string or a non-empty array of strings")
    }

    /// One of an enumeration's raw values.
    package func enumValue<E: RawRepresentable & CaseIterable>(_ name: String, _: E.Type, context: String = "") throws -> E?
    where E.RawValue == String {
        guard let s = try string(name, context: context) else { return nil }
        guard let e = E(rawValue: s) else {
            throw RequestError("\(context)\(name) must be one of \(E.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(s)\"")
        }
        return e
    }

    /// The text-style fields (``TextStyleFields``: `font_family`,
    /// `font_size`, `font_weight`, `font_style`, `letter_spacing`,
    /// `line_height`, or their former template names); a problem is a
    /// ``RequestError`` naming the field.
    package func styleFields(context: String = "") throws -> TextStyleFields {
        do { return try TextStyleFields(from: self) } catch let problem as TextStyleFields.Problem {
            throw RequestError(context + problem.message)
        }
    }
}
