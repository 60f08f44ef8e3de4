/// Writes a JSON object field by field straight into output bytes, for the
/// answers on the tool's hot paths (`batch`, `entities`): no ``JSONValue``
/// tree is built and freed per line. Fields come out in the order written.
package struct JSONObjectWriter {
    fileprivate var bytes: [UInt8]
    private var fieldCount = 0

    fileprivate init(bytes: [UInt8]) { self.bytes = bytes }

    /// A field name written in the source: plain ASCII, no escapes needed.
    private mutating func key(_ name: StaticString) {
        if fieldCount > 0 { bytes.append(UInt8(ascii: ",")) }
        fieldCount += 1
        bytes.append(UInt8(ascii: "\""))
        bytes.appendStatic(name)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// A number field (see ``JSONValue/writeNumber(_:to:)``).
    package mutating func number(_ name: StaticString, _ value: Double) {
        key(name)
        JSONValue.writeNumber(value, to: &bytes)
    }

    package mutating func int(_ name: StaticString, _ value: Int) {
        key(name)
        JSONValue.writeInt(value, to: &bytes)
    }

    package mutating func bool(_ name: StaticString, _ value: Bool) {
        key(name)
        bytes.appendStatic(value ? "true" : "false")
    }

    package mutating func string(_ name: StaticString, _ value: String) {
        key(name)
        JSONValue.writeString(value, to: &bytes)
    }

    package mutating func value(_ name: StaticString, _ value: JSONValue) {
        key(name)
        value.write(to: &bytes)
    }

    /// Number and boolean fields (at most `count`) written at once (see
    /// ``BoundedJSONObjectWriter``).
    package mutating func fields(_ count: Int, _ body: (inout BoundedJSONObjectWriter) -> Void) {
        fieldCount += BoundedJSONObjectWriter.appendFields(to: &bytes, fields: count, followsFields: fieldCount > 0, body)
    }

    /// An array of small objects of number fields (at most `fields` each),
    /// written together (see ``BoundedJSONObjectWriter/appendArray(to:_:fields:_:)``).
    package mutating func objects<C: Collection>(_ name: StaticString, _ elements: C, fields: Int,
                                                 _ element: (inout BoundedJSONObjectWriter, C.Element) -> Void) {
        key(name)
        BoundedJSONObjectWriter.appendArray(to: &bytes, elements, fields: fields, element)
    }

    /// A nested object.
    package mutating func object(_ name: StaticString, _ body: (inout JSONObjectWriter) -> Void) {
        key(name)
        bytes.appendJSONObject(body)
    }

    /// An array, each element written by `element`.
    package mutating func array<S: Sequence>(_ name: StaticString, _ elements: S, _ element: (inout [UInt8], S.Element) -> Void) {
        key(name)
        bytes.append(UInt8(ascii: "["))
        var first = true
        for e in elements {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            element(&bytes, e)
        }
        bytes.append(UInt8(ascii: "]"))
    }
}

extension Array<UInt8> {
    /// Appends a literal's bytes.
    mutating func appendStatic(_ literal: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends `{`, the fields `body` writes, and `}`.
    package mutating func appendJSONObject(_ body: (inout JSONObjectWriter) -> Void) {
        append(UInt8(ascii: "{"))
        // The bytes move into the writer and back (swaps, not copies), so
        // that every append finds its buffer uniquely referenced.
        var writer = JSONObjectWriter(bytes: [])
        swap(&self, &writer.bytes)
        body(&writer)
        writer.bytes.append(UInt8(ascii: "}"))
        swap(&self, &writer.bytes)
    }
}
