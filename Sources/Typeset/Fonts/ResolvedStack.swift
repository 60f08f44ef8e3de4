/// A font stack resolved against a collection for one weight and style, with
/// the face each printable ASCII character takes (the first that covers it),
/// so the common case skips per-character coverage checks.
final class ResolvedStack: Sendable {
    let faces: [FontFace]
    let weight: Int
    let italic: Bool
    /// Index into `faces` per ASCII code 0x20–0x7E, or -1 when no stack face has it.
    let asciiFace: [Int8]
    /// The identity of that face per ASCII code (nil when none): comparable without retaining.
    let asciiFaceID: [ObjectIdentifier?]

    init(faces: [FontFace], weight: Int, italic: Bool) {
        self.faces = faces
        self.weight = weight
        self.italic = italic
        var table = [Int8](repeating: -1, count: 128)
        for c in 0x20..<0x7F {
            if let k = faces.firstIndex(where: { $0.covers(UInt32(c)) }) { table[c] = Int8(clamping: k) }
        }
        asciiFace = table
        asciiFaceID = table.map { $0 >= 0 ? ObjectIdentifier(faces[Int($0)]) : nil }
    }
}
