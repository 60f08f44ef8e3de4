import TypesetEntities

/// The entity detector on arbitrary text (bytes decoded as UTF-8, invalid
/// sequences replaced): every range lies inside the text, in order, and the
/// UTF-16 and scalar ranges describe the same characters.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntities(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { UnsafeBufferPointer(start: $0, count: size) } ?? UnsafeBufferPointer(start: nil, count: 0)
    let text = String(decoding: bytes, as: UTF8.self)
    let utf16 = Array(text.utf16)
    let scalars = Array(text.unicodeScalars)
    var last = 0
    for entity in EntityDetector().entities(in: text) {
        let r = entity.utf16Range, s = entity.scalarRange
        precondition(r.lowerBound >= last && r.upperBound <= utf16.count && !r.isEmpty, "range \(r) of \(utf16.count)")
        precondition(s.upperBound <= scalars.count && !s.isEmpty, "scalar range \(s) of \(scalars.count)")
        let a = String(decoding: utf16[r], as: UTF16.self)
        var b = ""
        b.unicodeScalars.append(contentsOf: scalars[s])
        precondition(a == b, "UTF-16 and scalar ranges differ: \(a) vs \(b)")
        last = r.upperBound
    }
    return 0
}
