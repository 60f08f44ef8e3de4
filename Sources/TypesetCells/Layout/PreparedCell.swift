import Typeset
import TypesetEntities

/// Everything about one model in one template that does not depend on the
/// width: each text prepared (shaped), its entities, and the model values the
/// template's conditions and aspect ratios read. Laying it out at any width is
/// arithmetic only; ``LayoutCache`` keeps these so that a width change never
/// reshapes.
public struct PreparedCell: Sendable {
    /// The model's identity.
    public let modelID: CellModelID
    /// The model's content version.
    public let version: Int
    let templateUID: Int
    let templateName: String
    /// Per text slot; nil when the text was omitted because it is empty.
    let texts: [PreparedText?]
    /// Per text slot, sorted by start.
    let entities: [[Entity]]
    /// Per `flagKeys` entry: the model's text there is not empty.
    let flags: [Bool]
    /// Per `numberKeys` entry.
    let numbers: [Double?]
    /// Whether the cell is laid out right to left (the template's direction for this model).
    let isRightToLeft: Bool
    /// Per text, the frame slots of its shown attachments in text order
    /// (-1 for an unnamed one); empty when the template has none.
    let attachmentSlots: [[Int32]]
    /// The device pixel ratio its texts were prepared at.
    public let scale: Double
    /// Approximate heap bytes (texts shared with the template's fixed labels are not counted).
    public let byteCount: Int

    /// The number of texts that will be shown (not omitted as empty).
    public var preparedTextCount: Int { texts.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

    init(modelID: CellModelID, version: Int, templateUID: Int, templateName: String, texts: [PreparedText?],
         entities: [[Entity]], flags: [Bool], numbers: [Double?], isRightToLeft: Bool, sharedTexts: [Bool],
         attachmentSlots: [[Int32]] = [], scale: Double = 1) {
        self.modelID = modelID
        self.version = version
        self.templateUID = templateUID
        self.templateName = templateName
        self.texts = texts
        self.entities = entities
        self.flags = flags
        self.numbers = numbers
        self.isRightToLeft = isRightToLeft
        self.attachmentSlots = attachmentSlots
        self.scale = scale
        var bytes = MemoryLayout<PreparedCell>.size + 32 * 4
        for (i, t) in texts.enumerated() {
            bytes += MemoryLayout<PreparedText?>.stride
            if let t, !sharedTexts[i] { bytes += t.byteCount }
        }
        for e in entities {
            bytes += MemoryLayout<[Entity]>.stride
            for entity in e { bytes += MemoryLayout<Entity>.stride + entity.text.utf8.count }
        }
        bytes += flags.count + numbers.count * MemoryLayout<Double?>.stride
        self.byteCount = bytes
    }
}
