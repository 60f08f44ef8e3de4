import Typeset

extension Typesetter {
    /// Finds the entities of `text`, styles them, lays the text out at `width`
    /// and measures the entities' boxes: one call per feed row.
    ///
    /// The steps are those of ``applying(_:to:entities:paragraph:width:scale:)``
    /// (the height before styling is that of `text` as given) followed by
    /// ``TextLayout/entityBoxes(for:)`` on the styled layout.
    ///
    /// - Parameters:
    ///   - text: The unstyled text.
    ///   - paragraph: The paragraph options.
    ///   - width: The width to break lines at, nil for unbounded lines.
    ///   - entityStyles: A style per kind of entity; kinds without one keep the
    ///     text's look (their boxes are still measured).
    ///   - detector: What to look for (every kind by default).
    public func decorate(
        _ text: AttributedText, paragraph: ParagraphStyle = ParagraphStyle(), width: Double?,
        entityStyles: [EntityKind: EntityStyle], detector: EntityDetector = EntityDetector()
    ) throws -> DecoratedLayout {
        let entities = detector.detect(text.string)
        let styling = try applying(entityStyles, to: text, entities: entities, paragraph: paragraph, width: width)
        return DecoratedLayout(entities: entities, boxes: styling.layout.entityBoxes(for: entities), styling: styling)
    }

    /// ``decorate(_:paragraph:width:entityStyles:detector:)`` for a string in one style.
    public func decorate(
        _ text: String, style: TextStyle, paragraph: ParagraphStyle = ParagraphStyle(), width: Double?,
        entityStyles: [EntityKind: EntityStyle], detector: EntityDetector = EntityDetector()
    ) throws -> DecoratedLayout {
        try decorate(AttributedText(text, style: style), paragraph: paragraph, width: width,
                     entityStyles: entityStyles, detector: detector)
    }

    /// Finds, styles and lays out off the caller's executor.
    ///
    /// Runs on the global concurrent executor (never on the main actor or the
    /// caller's actor), so detection and shaping don't stall a UI; the result
    /// equals the synchronous ``decorate(_:paragraph:width:entityStyles:detector:)``'s. The typesetter is shared safely by
    /// any number of concurrent calls. Throws `CancellationError` when the
    /// calling task is cancelled before the work starts or between detection
    /// and shaping.
    ///
    /// ```swift
    /// let row = try await typesetter.decorateInBackground(post, style: body, width: 320,
    ///                                                     entityStyles: [.mention: EntityStyle(color: .token("link"), weight: 700)])
    /// if row.heightChanged { list.updateHeight(row.newHeight) }
    /// ```
    @concurrent
    public func decorateInBackground(
        _ text: AttributedText, paragraph: ParagraphStyle = ParagraphStyle(), width: Double?,
        entityStyles: [EntityKind: EntityStyle], detector: EntityDetector = EntityDetector()
    ) async throws -> DecoratedLayout {
        try Task.checkCancellation()
        let entities = detector.detect(text.string)
        try Task.checkCancellation()
        let styling = try applying(entityStyles, to: text, entities: entities, paragraph: paragraph, width: width)
        return DecoratedLayout(entities: entities, boxes: styling.layout.entityBoxes(for: entities), styling: styling)
    }

    /// ``decorateInBackground(_:paragraph:width:entityStyles:detector:)`` for a
    /// string in one style, off the caller's executor.
    @concurrent
    public func decorateInBackground(
        _ text: String, style: TextStyle, paragraph: ParagraphStyle = ParagraphStyle(), width: Double?,
        entityStyles: [EntityKind: EntityStyle], detector: EntityDetector = EntityDetector()
    ) async throws -> DecoratedLayout {
        try await decorateInBackground(AttributedText(text, style: style), paragraph: paragraph, width: width,
                                       entityStyles: entityStyles, detector: detector)
    }
}
