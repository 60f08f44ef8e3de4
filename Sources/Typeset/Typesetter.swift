import CHarfBuzz

/// The entry point: prepares attributed text for layout with the fonts of a
/// collection. Create one per process (it holds the font collection and the
/// caches) and use it from any number of threads.
///
/// ```swift
/// let typesetter = try Typesetter(fonts: FontCollection(directory: "/path/to/fonts"))
/// let style = TextStyle(font: ["Noto Sans", "Noto Color Emoji"], size: 15)
/// let prepared = try typesetter.prepare("Hello, world 👋", style: style, scale: 2)
/// let layout = try prepared.layout(width: 320)       // arithmetic only
/// print(layout.size(), layout.lines.count)           // CSS px, ceil'd to the 2x device grid
/// ```
public final class Typesetter: Sendable {
    /// The fonts text is set in.
    public let fonts: FontCollection
    /// How many texts were prepared (shaped): re-layout at a new width never adds to it.
    public let preparedTexts = Counter()
    /// The shared word shaping cache, nil when switched off.
    public let shapeCache: ShapeCache?
    /// What each prepare works in (shaper and scratch arrays), one task at a time.
    private let contexts = Pool(PrepareContext.init)

    /// A typesetter over a font collection.
    /// - Parameters:
    ///   - fonts: the fonts text is set in, shared by every thread.
    ///   - shapeCache: the word shaping cache (default: 262,144 words);
    ///     pass nil to shape every word every time (to measure the cache's effect).
    public init(fonts: FontCollection, shapeCache: ShapeCache? = ShapeCache()) {
        self.fonts = fonts
        self.shapeCache = shapeCache
    }

    /// Prepares a string in one style, at the device pixel ratio `scale`
    /// it will be shown at (see ``prepare(_:paragraph:scale:)``).
    public func prepare(_ string: String, style: TextStyle, paragraph: ParagraphStyle = ParagraphStyle(),
                        scale: Double = 1) throws -> PreparedText {
        // (As `prepare(AttributedText(string, style: style))`, without the text's array of one run.)
        try withSession(scale: scale) { try $0.prepare(string, style: style, paragraph: paragraph) }
    }

    /// Prepares a string given as UTF-8 bytes, rejecting invalid UTF-8 with the
    /// offset of the first bad byte.
    public func prepare(utf8 bytes: [UInt8], style: TextStyle, paragraph: ParagraphStyle = ParagraphStyle(),
                        scale: Double = 1) throws -> PreparedText {
        try prepare(try Self.decodeUTF8(bytes), style: style, paragraph: paragraph, scale: scale)
    }

    /// Analyses, itemizes and shapes attributed text: everything that does not
    /// depend on the width.
    ///
    /// A screen with a device pixel ratio `scale` (2 on most phones and
    /// retina screens, 3, 2.625…) is laid out as Chromium lays it out there:
    /// in device pixels, with every length of the styles and attachments
    /// multiplied by `scale` (fonts at size × scale, ascents and descents
    /// rounded to whole device pixels, widths in 1/64 of a device pixel).
    /// Every answer of the prepared text and its layouts stays in CSS px.
    /// The scale is part of what is prepared: to show one text at two
    /// scales, prepare it once per scale.
    /// - Throws: `TypesetError.invalidScale` unless `scale` is in `PixelGrid.scales` (0.01 to 100);
    ///   `TypesetError.invalidStyleRange` for a range given to
    ///   `AttributedText.setStyle` outside the text or splitting a surrogate pair.
    public func prepare(_ text: AttributedText, paragraph: ParagraphStyle = ParagraphStyle(),
                        scale: Double = 1) throws -> PreparedText {
        // `AttributedText([])` has no run and no block style, so no style to set even an empty text in.
        guard text.hasStyle else { throw TypesetError.invalidAttributeRuns("no runs: the text has no style") }
        if let bad = text.invalidStyleRange { throw bad.error }
        return try withSession(scale: scale) { try $0.prepare(text, paragraph: paragraph) }
    }

    /// Counts a prepared text and runs `body` with a session in a pooled context.
    private func withSession(scale: Double, _ body: (PrepareSession) throws -> PreparedText) throws -> PreparedText {
        guard PixelGrid.scales.contains(scale) else { throw TypesetError.invalidScale(scale) }
        preparedTexts.add()
        let context = contexts.take()
        defer { contexts.give(context) }
        return try body(PrepareSession(fonts: fonts, context: context, cache: shapeCache, scale: scale))
    }

    /// Prepares and lays out in one call.
    public func layout(_ string: String, style: TextStyle, paragraph: ParagraphStyle = ParagraphStyle(),
                       width: Double?, scale: Double = 1) throws -> TextLayout {
        try prepare(string, style: style, paragraph: paragraph, scale: scale).layout(width: width)
    }

    static func decodeUTF8(_ bytes: [UInt8]) throws -> String {
        // One decoding when the bytes are valid, not a check and then a decoding.
        if let s = bytes.withUnsafeBufferPointer({ UTF8Validation.string(ifValid: $0) }) { return s }
        throw TypesetError.invalidUTF8(byteOffset: UTF8Validation.firstInvalidByte(in: bytes) ?? 0)
    }
}
