// `ts_entities`: hashtags, mentions, cashtags and URLs, in UTF-8 byte ranges.
import CTypeset
import TypesetEntities

/// `ts_entities` (include/typeset.h): The hashtags, mentions, cashtags and URLs of UTF-8 text, in UTF-8 byte ranges.
@_cdecl("ts_entities")
public func tsEntities(_ text: UnsafePointer<CChar>?, _ length: Int, _ out: UnsafeMutablePointer<ts_entity>?,
                     _ capacity: Int, _ count: UnsafeMutablePointer<Int>?) -> ts_status {
    Status.run("ts_entities") {
        let source = try SourceText(text, length: length, name: "text")
        let capacity = try SourceText.count(capacity, "capacity")
        guard capacity == 0 || out != nil else { throw ArgumentError("out is NULL with a capacity of \(capacity)") }
        let count = try Status.required(count, "count")
        let found = detector.entities(in: source.string)
        for (i, e) in found.prefix(capacity).enumerated() {
            out![i] = ts_entity(kind: Enums.code(e.kind), start: source.byteOffset(ofUTF16: e.utf16Range.lowerBound),
                                end: source.byteOffset(ofUTF16: e.utf16Range.upperBound))
        }
        count.pointee = found.count
    }
}

/// One detector for every call (its rules are compiled once).
private let detector = EntityDetector()
