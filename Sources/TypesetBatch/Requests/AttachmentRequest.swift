import Typeset

/// One inline attachment of a batch request (`"attachments": [...]`): a box
/// of `width` × `height` px at the U+FFFC at `offset` (scalars, or UTF-16
/// units with `--offsets utf16`), on the baseline unless `vertical_align`
/// says otherwise (baseline, middle, text-top, text-bottom).
package struct AttachmentRequest {
    package var offset: Int
    package var attachment: TextAttachment

    /// Reads attachment number `index` (0-based, for the error messages).
    package init(from decoder: any Decoder, index: Int) throws {
        let context = "attachment \(index): "
        guard let o = try? decoder.container(keyedBy: FieldKey.self) else {
            throw RequestError("attachment \(index) must be an object")
        }
        offset = try o.offset("offset", context: context)
        func size(_ name: String) throws -> Double {
            guard let v = try o.number(name, context: context) else { throw RequestError("\(context)missing field \"\(name)\"") }
            guard v.isFinite, v >= 0, v < 32768 else { throw RequestError("\(context)\(name) must be between 0 and 32768 px, not \(v)") }
            return v
        }
        let align = try o.enumValue("vertical_align", TextAttachment.VerticalAlignment.self, context: context) ?? .baseline
        attachment = TextAttachment(width: try size("width"), height: try size("height"), verticalAlignment: align)
    }

    /// The attachments' UTF-16 offsets in `text`, checked: each at a U+FFFC,
    /// no two at one. The error names the attachment.
    package static func utf16Offsets(of attachments: [AttachmentRequest], in text: String, utf16Offsets: Bool) throws -> [Int] {
        guard !attachments.isEmpty else { return [] }
        let offsets = RequestOffsets(text: text, utf16: utf16Offsets)
        let units = Array(text.utf16)
        var seen = Set<Int>()
        return try attachments.enumerated().map { k, a in
            guard a.offset >= 0, a.offset < offsets.length else {
                throw RequestError("attachment \(k) at \(a.offset) is outside the text (\(offsets.length) \(offsets.unitName))")
            }
            let u = offsets.utf16Offset(a.offset)
            guard units[u] == 0xFFFC else {
                throw RequestError("attachment \(k) at \(a.offset): the text has no U+FFFC (object replacement character) there")
            }
            guard seen.insert(u).inserted else { throw RequestError("attachment \(k) at \(a.offset): another attachment is there") }
            return u
        }
    }
}
