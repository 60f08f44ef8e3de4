import Typeset
import TypesetEntities

/// Lays out cell templates for models: the fast path a list uses instead of
/// building views to learn row heights.
///
/// Create one per typesetter and share it between threads (it is `Sendable`
/// and keeps only the prepared fixed labels of templates, such as "Show more").
///
/// ```swift
/// let engine = CellLayoutEngine(typesetter: typesetter)
/// let template = try CellTemplate.feedPost()
/// let layout = try engine.layout(template, for: post, width: 390, scale: 3)
/// layout.height                     // the row height, on the 3x device pixel grid
/// layout.frame(named: "body")       // where the body goes
/// ```
///
/// `layout(_:for:width:scale:)` shapes every text (cold); `prepare(_:for:scale:)`
/// then `layout(_:prepared:width:scale:)` splits the expensive, width-free
/// part from the arithmetic, which is what ``LayoutCache`` does.
///
/// At a device pixel ratio `scale` other than 1 a cell is laid out as
/// Chromium lays it out on such a screen: in device pixels, every length of
/// the template (paddings, gaps, sizes, spacing) and of its texts' styles
/// multiplied by `scale`, percentages resolved in 1/64 of a device pixel;
/// frames and heights are answered in CSS px on the device pixel grid. The
/// texts are shaped at that scale, so a cell is prepared per scale.
public final class CellLayoutEngine: Sendable {
    /// The typesetter texts are prepared with.
    public let typesetter: Typesetter
    /// The detector used for texts whose template asks for entities and whose
    /// model does not supply them.
    public let entityDetector: EntityDetector
    /// Fixed labels, prepared once per template and text slot (at most 4,096:
    /// templates made on the fly cannot grow it for ever).
    private let literals = BoundedCache<LiteralKey, PreparedText>(countLimit: 4096)

    private struct LiteralKey: Hashable {
        let template: Int
        let slot: Int
        let scale: UInt64
    }

    /// An engine over a typesetter.
    public init(typesetter: Typesetter, entityDetector: EntityDetector = EntityDetector()) {
        self.typesetter = typesetter
        self.entityDetector = entityDetector
    }

    /// Prepares (shapes) the texts of a model for a template and reads the
    /// model values the template uses, at the device pixel ratio `scale` the
    /// cell will be laid out at. Missing text keys are empty strings.
    /// - Throws: `TypesetError` when a text cannot be prepared (an unknown
    ///   font family) or the scale is not finite and > 0.
    public func prepare(_ template: CellTemplate, for model: some CellModel, scale: Double = 1) throws -> PreparedCell {
        _ = try PixelGrid(scale: scale)
        let t = template.compiled
        var texts: [PreparedText?] = []
        var entities: [[Entity]] = []
        var shared: [Bool] = []
        texts.reserveCapacity(t.texts.count)
        entities.reserveCapacity(t.texts.count)
        shared.reserveCapacity(t.texts.count)
        let hasAttachments = t.hasAttachments
        var attachmentSlots: [[Int32]] = []
        for (slot, text) in t.texts.enumerated() {
            if text.isLiteral {
                if hasAttachments { attachmentSlots.append([]) }
                let p = try literal(t, slot: slot, text: text, scale: scale)
                texts.append(p.string.isEmpty && text.omitWhenEmpty ? nil : p)
                entities.append(text.detectEntities ? entityDetector.entities(in: p.string) : [])
                shared.append(true)
                continue
            }
            var pieces: [(String, TextStyle)] = []
            pieces.reserveCapacity(text.parts.count)
            var empty = true
            var known: [Entity]? = nil
            var offset = 0
            var attachments: [(offset: Int, attachment: TextAttachment)] = []
            var slots: [Int32] = []
            for part in text.parts {
                let s: String
                switch part.source {
                case .literal(let l): s = l
                case .key(let key):
                    s = model.text(for: key) ?? ""
                    if !s.isEmpty { empty = false }
                    if let given = model.entities(for: key) {
                        known = (known ?? []) + given.map { Self.shifted($0, by: offset) }
                    }
                case .attachment(let a):
                    if let key = a.presentKey, (model.text(for: key) ?? "").isEmpty { continue }
                    s = "\u{FFFC}"
                    attachments.append((offset, a.attachment))
                    slots.append(part.frameSlot)
                }
                pieces.append((s, part.style))
                offset += s.utf16.count
            }
            if hasAttachments { attachmentSlots.append(slots) }
            if empty && text.omitWhenEmpty {
                texts.append(nil)
                entities.append([])
                shared.append(false)
                continue
            }
            var attributed = pieces.count == 1 ? AttributedText(pieces[0].0, style: pieces[0].1) : AttributedText(pieces)
            for a in attachments { attributed.setAttachment(a.attachment, atUTF16Offset: a.offset) }
            let prepared = try typesetter.prepare(attributed, paragraph: text.paragraph, scale: scale)
            texts.append(prepared)
            if let known {
                entities.append(known.sorted { $0.utf16Range.lowerBound < $1.utf16Range.lowerBound })
            } else {
                entities.append(text.detectEntities ? entityDetector.entities(in: attributed.string) : [])
            }
            shared.append(false)
        }
        let flags = t.flagKeys.map { !(model.text(for: $0) ?? "").isEmpty }
        let numbers = t.numberKeys.map { model.number(for: $0) }
        return PreparedCell(modelID: model.id, version: model.version, templateUID: t.uid, templateName: t.name,
                            texts: texts, entities: entities, flags: flags, numbers: numbers,
                            isRightToLeft: template.direction.isRightToLeft(for: model), sharedTexts: shared,
                            attachmentSlots: attachmentSlots, scale: scale)
    }

    /// Lays out a prepared cell at a width and display scale: arithmetic only.
    /// - Throws: `TypesetError.invalidWidth` / `.invalidScale` for a bad width
    ///   or scale; ``CellLayoutError`` when `prepared` was made for another
    ///   template or at another scale.
    public func layout(_ template: CellTemplate, prepared: PreparedCell, width: Double, scale: Double) throws -> CellLayout {
        guard width.isFinite, width >= 0 else { throw TypesetError.invalidWidth(width) }
        let grid = try PixelGrid(scale: scale)
        let t = template.compiled
        guard prepared.templateUID == t.uid else {
            throw CellLayoutError.preparedForAnotherTemplate(expected: t.name, found: prepared.templateName)
        }
        guard prepared.scale == scale else {
            throw CellLayoutError.preparedAtAnotherScale(prepared: prepared.scale, requested: scale)
        }
        var pass = CellLayoutPass(template: t, prepared: prepared, grid: grid)
        return try pass.run(width: width)
    }

    /// Prepares and lays out in one call (the cold path).
    /// - Throws: as ``prepare(_:for:scale:)`` and ``layout(_:prepared:width:scale:)``.
    public func layout(_ template: CellTemplate, for model: some CellModel, width: Double, scale: Double) throws -> CellLayout {
        guard width.isFinite, width >= 0 else { throw TypesetError.invalidWidth(width) }
        _ = try PixelGrid(scale: scale)
        return try layout(template, prepared: try prepare(template, for: model, scale: scale), width: width, scale: scale)
    }

    private func literal(_ t: CompiledCellTemplate, slot: Int, text: CompiledText, scale: Double) throws -> PreparedText {
        let key = LiteralKey(template: t.uid, slot: slot, scale: scale.bitPattern)
        if let hit = literals.value(for: key) { return hit }
        let pieces: [(String, TextStyle)] = text.parts.map { part in
            if case .literal(let s) = part.source { return (s, part.style) }
            return ("", part.style)
        }
        let prepared = try typesetter.prepare(AttributedText(pieces), paragraph: text.paragraph, scale: scale)
        // Bounded (4,096 labels, least recently used evicted first): a process that
        // compiles templates over and over does not grow.
        literals.insert(prepared, for: key)
        return prepared
    }

    private static func shifted(_ e: Entity, by offset: Int) -> Entity {
        guard offset != 0 else { return e }
        var e = e
        e.utf16Range = e.utf16Range.lowerBound + offset..<e.utf16Range.upperBound + offset
        return e
    }
}
