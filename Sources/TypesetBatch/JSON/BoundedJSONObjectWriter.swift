/// Writes a small JSON object of number and boolean fields (an answer's
/// line: seven numbers) at a pointer, then appends it to the output at
/// once: one append per object (or per run of an answer's fields, or per
/// run of its lines) instead of one per key, number and comma, which is
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
    /// The first field follows others (a comma goes before it).
    private let followsFields: Bool

    private init(base: UnsafeMutablePointer<UInt8>, maxFields: Int, followsFields: Bool = false) {
        self.base = base
        self.maxFields = maxFields
        self.followsFields = followsFields
    }

    @inline(__always)
    private mutating func key(_ name: StaticString) {
        precondition(fields < maxFields && name.utf8CodeUnitCount <= Self.maxKeyBytes, "a bounded object's field over its bound")
        if fields > 0 || followsFields { base[count] = UInt8(ascii: ","); count += 1 }
        fields += 1
        base[count] = UInt8(ascii: "\"")
        Self.copyShort(name.utf8Start, count: name.utf8CodeUnitCount, to: base + count + 1)
        count += 1 + name.utf8CodeUnitCount
        base[count] = UInt8(ascii: "\"")
        base[count + 1] = UInt8(ascii: ":")
        count += 2
    }

    /// A number field (as ``JSONValue/writeNumber(_:to:)`` writes it).
    @inline(__always)
    package mutating func number(_ name: StaticString, _ value: Double) {
        key(name)
        count += JSONValue.formatNumber(value, at: base + count)
    }

    /// An integer field.
    @inline(__always)
    package mutating func int(_ name: StaticString, _ value: Int) {
        key(name)
        count += JSONValue.formatInt(value, at: base + count)
    }

    /// Copies `n` bytes: a key of 4 to 16 bytes as two overlapping loads
    /// and stores (inside both ranges), shorter ones byte by byte; a call
    /// to `memmove`, for a few bytes, cost more than the copy.
    @inline(__always)
    private static func copyShort(_ source: UnsafePointer<UInt8>, count n: Int, to target: UnsafeMutablePointer<UInt8>) {
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(target)
        if n >= 8 && n <= 16 {
            to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self), toByteOffset: n - 8, as: UInt64.self)
        } else if n >= 4 && n < 8 {
            to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self), toByteOffset: n - 4, as: UInt32.self)
        } else if n < 4 {
            for i in 0..<n { target[i] = source[i] }
        } else {
            target.update(from: source, count: n)
        }
    }

    /// A boolean field.
    @inline(__always)
    package mutating func bool(_ name: StaticString, _ value: Bool) {
        key(name)
        count += value ? Self.copy("true", to: base + count) : Self.copy("false", to: base + count)
    }

    private static func copy(_ literal: StaticString, to p: UnsafeMutablePointer<UInt8>) -> Int {
        p.update(from: literal.utf8Start, count: literal.utf8CodeUnitCount)
        return literal.utf8CodeUnitCount
    }

    /// Appends to `out` the fields (at most `fields`) that `body` writes,
    /// inside an object being written: without braces, and after a comma
    /// when `followsFields`. Returns how many were written.
    @discardableResult
    package static func appendFields(to out: inout [UInt8], fields: Int, followsFields: Bool,
                                     _ body: (inout BoundedJSONObjectWriter) -> Void) -> Int {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: fields * maxFieldBytes) { buffer in
            var writer = BoundedJSONObjectWriter(base: buffer.baseAddress!, maxFields: fields, followsFields: followsFields)
            body(&writer)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<writer.count]))
            return writer.fields
        }
    }

    /// The most objects written together by ``appendArray(to:_:fields:_:)``
    /// before they are appended (bounds its buffer).
    private static let objectsPerAppend = 64

    /// Appends to `out` a JSON array of one object per element, each of at
    /// most `fields` fields written by `element`: the objects written
    /// together, up to ``objectsPerAppend`` per append.
    package static func appendArray<C: Collection>(to out: inout [UInt8], _ elements: C, fields: Int,
                                                    _ element: (inout BoundedJSONObjectWriter, C.Element) -> Void) {
        out.append(UInt8(ascii: "["))
        let objectBytes = 3 + fields * maxFieldBytes  // comma, braces, fields
        var iterator = elements.makeIterator()
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, min(elements.count, objectsPerAppend)) * objectBytes) { buffer in
            let base = buffer.baseAddress!
            var first = true
            while true {
                var count = 0, objects = 0
                while objects < objectsPerAppend, let e = iterator.next() {
                    if !first { base[count] = UInt8(ascii: ","); count += 1 }
                    first = false
                    base[count] = UInt8(ascii: "{")
                    var writer = BoundedJSONObjectWriter(base: base + count + 1, maxFields: fields)
                    element(&writer, e)
                    count += writer.count + 1
                    base[count] = UInt8(ascii: "}")
                    count += 1
                    objects += 1
                }
                out.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
                if objects < objectsPerAppend { break }
            }
        }
        out.append(UInt8(ascii: "]"))
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
