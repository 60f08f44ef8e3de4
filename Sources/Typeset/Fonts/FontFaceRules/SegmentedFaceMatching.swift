/// The segmented faces `@font-face` rules form, and which one a request picks.
///
/// Rules of one family whose `font-weight`, `font-stretch` and `font-style`
/// are identical form one *segmented* (composite) face, whatever their
/// `unicode-range`s (CSS Fonts 4 §4.6). A request picks descriptors by CSS
/// font matching (``FontMatching``, over every face of the family), then
/// takes every face with the descriptors picked, the rule written last first
/// (it takes precedence). A rule without a descriptor matches as `normal`
/// for it (``FontFace/descriptors``). Each face sets only the characters of its
/// `unicode-range` (``FontFace/covers(_:)``), so a character comes from the
/// first of them whose range holds it and whose font has it (or has its
/// canonical decomposition, every part in the range).
enum SegmentedFaceMatching {
    /// The faces of the segmented face a request picks among `faces` (one
    /// family's, in rule order), the last rule first.
    static func faces(from faces: [FontFace], weight: Int, stretch: Double, italic: Bool) -> [FontFace] {
        let request = FontMatching.Request(weight: Double(weight), stretch: stretch,
                                           slope: italic ? FaceStyle.italicSlope : 0)
        guard let best = FontMatching.bestIndex(of: faces.map(\.descriptors), for: request) else { return [] }
        let chosen = faces[best].descriptors
        return faces.filter { $0.descriptors == chosen }.reversed()
    }
}
