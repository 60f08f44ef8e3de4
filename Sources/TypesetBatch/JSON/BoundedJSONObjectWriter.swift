/// Writes a small JSON object of number fields (an answer's line: seven
/// numbers) at a pointer, then appends it to the output at once: one
/// append per object instead of one per key, number and comma, which is
/// most of the cost of encoding a batch answer. The object's size is
/// bounded by its field count (keys of at most ``maxKeyBytes`` bytes,
/// numbers of at most ``JSONValue/maxNumberBytes``).
package struct BoundedJSONObjectWriter {
    /// The longest key a field may have.
    package static let maxKeyBytes = 32
    /// The most bytes one field takes: comma, quoted key, colon, number.
    private static let maxFieldBytes = 1 + maxKeyBytes + 3 + JSONValue.maxNumberBytes

    private let base: UnsafeMutablePointer<UInt8>
    private let maxFields: Int
    private var count = 0
    private var fields = 0

    private init(base: UnsafeMutablePointer<UInt8>, maxFields: Int) {
        self.base = base
        self.maxFields = maxFields
    }

    private mutating func key(_ name: StaticString) {
        precondition(fields < maxFields && name.utf8CodeUnitCount <= Self.maxKeyBytes, "a bounded object's field over its bound")
        if fields > 0 { base[count] = UInt8(ascii: ","); count += 1 }
        fields += 1
        base[count] = UInt8(ascii: "\"")
        (base + count + 1).update(from: name.utf8Start, count: name.utf8CodeUnitCount)
        count += 1 + name.utf8CodeUnitCount
        base[count] = UInt8(ascii: "\"")
        base[count + 1] = UInt8(ascii: ":")
        count += 2
    }

    /// A number field (as ``JSONValue/writeNumber(_:to:)`` writes it).
    package mutating func number(_ name: StaticString, _ value: Double) {
        key(name)
        count += JSONValue.formatNumber(value, at: base + count)
    }

    /// An integer field.
    package mutating func int(_ name: StaticString, _ value: Int) {
        key(name)
        count += JSONValue.formatInt(value, at: base + count)
    }

    /// Appends to `out` the object of at most `fields` fields that `body` writes.
    package static func append(to out: inout [UInt8], fields: Int, _ body: (inout BoundedJSONObjectWriter) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 + fields * maxFieldBytes) { buffer in
            var writer = BoundedJSONObjectWriter(base: buffer.baseAddress! + 1, maxFields: fields)
            buffer[0] = UInt8(ascii: "{")
            body(&writer)
            buffer[writer.count + 1] = UInt8(ascii: "}")
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<(writer.count + 2)]))
        }
    }
}
