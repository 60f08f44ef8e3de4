/// A font stack resolved against a collection for one weight and style, with
/// the face each character of the Basic Multilingual Plane takes (the first
/// that covers it), so that itemization skips per-character coverage checks.
final class ResolvedStack: Sendable {
    let faces: [FontFace]
    /// The stack's families that found no font and were left out (CSS skips them).
    let skippedFamilies: [String]
    let weight: Int
    /// The `font-stretch` percentage the stack was resolved for.
    let stretch: Double
    let italic: Bool
    /// What the stack's style asks of variable faces: its faces are
    /// instances for it, and a fallback face is instanced for it too
    /// (``instance(of:)``).
    let request: VariationRequest
    /// Each face's identity, comparable without retaining it.
    let faceIDs: [ObjectIdentifier]
    /// Index into `faces` per ASCII code 0x20–0x7E, or `FaceTable.none`.
    let asciiFace: [UInt8]
    /// The first face alone: the faces of every text that is one item in
    /// it (see `PlainTextScan`), one array for all of them.
    let firstFace: [FontFace]
    /// The same for the whole BMP, built the first time a text needs it
    /// (64 KB; a stack used only for ASCII never builds it).
    private let storedBMPFaces = LazyReference<FaceTable>()

    /// A face index per BMP code point.
    final class FaceTable: Sendable {
        /// No face of the stack covers the character: fall back.
        static let none: UInt8 = 0xFF
        /// A control, default-ignorable or surrogate code unit: its cluster
        /// decides (it stays with its run, or needs the whole cluster).
        static let special: UInt8 = 0xFE

        let index: [UInt8]

        /// The table for code points `0..<count` (a multiple of 64), built a
        /// 64-bit coverage word at a time: faces last to first, so the first
        /// covering face is the one left.
        init(faces: [FontFace], count: Int) {
            var table = [UInt8](repeating: Self.none, count: count)
            func fill(_ bits: [UInt64], with value: UInt8) {
                for word in 0..<count / 64 {
                    var w = bits[word]
                    while w != 0 {
                        table[word * 64 + w.trailingZeroBitCount] = value
                        w &= w - 1
                    }
                }
            }
            for (k, face) in faces.enumerated().reversed() where k < Int(Self.special) {
                fill(face.bmpCoverage, with: UInt8(k))
            }
            // A face that lacks a precomposed character but has its
            // decomposition draws it too: HarfBuzz decomposes it (Chromium's
            // first font keeps "έ" as "ε" + U+0301 rather than falling back).
            // (Nothing below U+00C0 decomposes, nor is default-ignorable
            // below U+00AD: the ASCII table does not build either list, which
            // takes ICU through the whole BMP.)
            for (c, parts) in count > 0xC0 ? UnicodeProps.decomposableBMP : [] where Int(c) < count {
                let first = Int(table[Int(c)])
                for k in 0..<min(first, faces.count, Int(Self.special))
                where parts.allSatisfy({ ResolvedStack.draws(faces[k], $0) }) {
                    table[Int(c)] = UInt8(k)
                    break
                }
            }
            if count > 0xAD { fill(UnicodeProps.defaultIgnorableBMP, with: Self.special) }
            for c in 0..<min(0x20, count) { table[c] = Self.special }
            if count > 0xD800 { for c in 0xD800...0xDFFF { table[c] = Self.special } }
            index = table
        }
    }

    init(faces: [FontFace], weight: Int, stretch: Double = 100, italic: Bool, skippedFamilies: [String] = [],
         request: VariationRequest? = nil) {
        self.request = request ?? VariationRequest(weight: Double(weight), stretch: stretch,
                                                   slope: italic ? VariationRequest.italic : 0)
        self.faces = faces
        self.skippedFamilies = skippedFamilies
        self.weight = weight
        self.stretch = stretch
        self.italic = italic
        faceIDs = faces.map(ObjectIdentifier.init)
        hasVariableFaces = faces.contains { $0.isVariable }
        hasOpticalSizeAxes = faces.contains { $0.axes.contains { $0.tag == "opsz" } }
        asciiFace = FaceTable(faces: faces, count: 0x80).index
        firstFace = Array(faces.prefix(1))
    }

    /// Whether a face of the stack is variable.
    let hasVariableFaces: Bool
    /// Whether a face of the stack has an `opsz` axis.
    let hasOpticalSizeAxes: Bool

    /// The stack at a variable request: each variable face replaced by its
    /// instance (the same coverage, so the same face tables).
    func instanced(_ request: VariationRequest) -> ResolvedStack {
        ResolvedStack(faces: faces.map { $0.instance(request) }, weight: weight, stretch: stretch, italic: italic,
                      skippedFamilies: skippedFamilies, request: request)
    }

    /// A fallback face as the stack's style sets it (the instance a
    /// variable face takes for the request; a static face itself).
    func instance(of face: FontFace) -> FontFace {
        face.isVariable ? face.instance(request) : face
    }

    /// Whether HarfBuzz draws the scalar with the face: the face maps it, or
    /// maps every part of its canonical decomposition (HarfBuzz decomposes a
    /// character the font lacks, one level at a time).
    /// (Called for every character a face lacks while a cluster looks for
    /// its font: the parts are read into a buffer on the stack.)
    static func draws(_ face: FontFace, _ scalar: UInt32) -> Bool {
        if face.covers(scalar) { return true }
        return UnicodeProps.withCanonicalDecomposition(scalar) { parts in
            !parts.isEmpty && parts.allSatisfy { draws(face, $0) }
        }
    }

    /// The face table for the BMP.
    var bmpFaces: FaceTable {
        storedBMPFaces.value ?? storedBMPFaces.storeIfAbsent(FaceTable(faces: faces, count: 0x10000))
    }
}
