// Pipeline stage: Shaping. What HarfBuzz is told about a run of text.

import CHarfBuzz

/// How one run of text is shaped: its face at a size, its direction, script
/// and language, and the OpenType features its style turns on or off. The
/// values `Shaper.shape` passes to HarfBuzz, travelling together.
struct ShapingRun {
    var face: FontFace
    /// The font size in px (the face's `size-adjust` is applied when shaping).
    var size: Double
    var rightToLeft: Bool
    /// The ISO 15924 script code, as ICU numbers it.
    var script: Int32
    /// The BCP 47 language, nil for the default.
    var language: String?
    var features: [hb_feature_t]

    /// A run of `item`, in `face`, in `style`'s size and language, with `features`.
    init(item: Item, face: FontFace, style: borrowing TextStyle, features: [hb_feature_t]) {
        self.init(face: face, size: style.size, rightToLeft: item.level & 1 == 1, script: item.script,
                  language: style.language, features: features)
    }

    init(face: FontFace, size: Double, rightToLeft: Bool, script: Int32, language: String?, features: [hb_feature_t]) {
        self.face = face
        self.size = size
        self.rightToLeft = rightToLeft
        self.script = script
        self.language = language
        self.features = features
    }
}
