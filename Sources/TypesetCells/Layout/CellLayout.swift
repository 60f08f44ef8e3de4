import Typeset
import TypesetEntities

/// The layout of one model in one cell template at one width and display
/// scale: a frame per named element, each text's lines and entity
/// rectangles, and the cell's height. What a list caches per row and a cell
/// applies without doing any layout.
///
/// The layout is computed in exact (fractional) px, as a browser lays out,
/// and snapped once at the end: every frame edge is rounded to the nearest
/// device pixel (`x × scale` and `(x + width) × scale` are integers), so
/// frames that touch exactly still touch and nothing drifts. The height is
/// the exact height ceil'd to the grid. Text lines are placed relative to the
/// snapped frame from the exact origin (where a browser draws them).
///
/// The value is compact: frames are stored as device pixels in one flat
/// array, and texts keep only what a cell draws (per line: its UTF-16 range,
/// position, width, height and baseline; per entity: its rectangles) in
/// three more flat arrays. ``byteCount`` reports the total.
public struct CellLayout: Sendable, Equatable {
    /// The width the cell was laid out at, px.
    public let width: Double
    /// The display scale (device pixels per px).
    public let scale: Double
    /// The cell's height, ceil'd to the pixel grid (and at least the template's minimum).
    public let height: Double
    /// Names of frames and texts, shared with the template.
    let schema: CellLayoutSchema
    /// Per named element (frame slot), in device pixels; omitted ones hidden.
    let pixelFrames: [PixelFrame]
    /// Per text slot.
    let textRecords: [TextRecord]
    /// Lines of every text, text after text.
    let lineRecords: [LineRecord]
    /// Entity rectangles of every text, text after text.
    let rectRecords: [EntityRectRecord]

    init(width: Double, scale: Double, height: Double, schema: CellLayoutSchema, pixelFrames: [PixelFrame],
         textRecords: [TextRecord], lineRecords: [LineRecord], rectRecords: [EntityRectRecord]) {
        self.width = width
        self.scale = scale
        self.height = height
        self.schema = schema
        self.pixelFrames = pixelFrames
        self.textRecords = textRecords
        self.lineRecords = lineRecords
        self.rectRecords = rectRecords
    }

    /// The names of every element that can have a frame, in document order.
    public var frameNames: [String] { schema.frameNames }

    /// The frame of a named element in cell coordinates (origin top-left),
    /// nil when the element was omitted or no element has that name.
    public func frame(named name: String) -> LayoutRect? {
        guard let slot = schema.frameIndex[name] else { return nil }
        return frame(slot: slot)
    }

    /// Whether the named element is shown (has a frame).
    public func isPresent(_ name: String) -> Bool { frame(named: name) != nil }

    /// The frames of the shown elements, in document order.
    public var frames: [(name: String, rect: LayoutRect)] {
        schema.frameNames.indices.compactMap { slot in frame(slot: slot).map { (schema.frameNames[slot], $0) } }
    }

    /// The layout of a named text, nil when it was omitted or is not a text.
    /// Its ``CellTextLayout/entityRects`` are empty unless the template's
    /// text element asks for entities: detection is opt-in per text
    /// (`entities: true` in the Swift builder, `"entities": true` in JSON),
    /// or the model gives the text's entities itself (``CellModel/entities(for:)``).
    public func text(named name: String) -> CellTextLayout? {
        guard let slot = schema.textIndex[name] else { return nil }
        return text(slot: slot)
    }

    /// The layouts of the shown texts, in document order.
    public var texts: [CellTextLayout] {
        textRecords.indices.compactMap { text(slot: $0) }
    }

    /// Approximate bytes held: the value itself plus its four arrays' heap
    /// storage (headers and capacity). The name table is shared with the
    /// template and not counted.
    public var byteCount: Int {
        MemoryLayout<CellLayout>.size + arrayBytes(pixelFrames) + arrayBytes(textRecords)
            + arrayBytes(lineRecords) + arrayBytes(rectRecords)
    }

    /// Equal sizes, frames and texts of the same template.
    public static func == (a: CellLayout, b: CellLayout) -> Bool {
        a.schema === b.schema && a.width == b.width && a.scale == b.scale && a.height == b.height
            && a.pixelFrames == b.pixelFrames && a.textRecords == b.textRecords && a.lineRecords == b.lineRecords
            && a.rectRecords == b.rectRecords
    }

    func frame(slot: Int) -> LayoutRect? {
        let f = pixelFrames[slot]
        guard !f.isHidden else { return nil }
        return LayoutRect(x: Double(f.x) / scale, y: Double(f.y) / scale,
                          width: Double(f.width) / scale, height: Double(f.height) / scale)
    }

    func text(slot: Int) -> CellTextLayout? {
        let r = textRecords[slot]
        guard r.isPresent, let frame = frame(slot: schema.textFrameSlots[slot]) else { return nil }
        var firstLine = 0, firstRect = 0
        for earlier in textRecords[..<slot] {
            firstLine += Int(earlier.lineCount)
            firstRect += Int(earlier.rectCount)
        }
        var lines: [CellLine] = []
        lines.reserveCapacity(Int(r.lineCount))
        // Records are in device pixels: back to px, as the text's layout gives them.
        func px(_ v: Float) -> Double { Double(v) / scale }
        var start = 0, deviceTop = Double(r.top)
        for record in lineRecords[firstLine..<firstLine + Int(r.lineCount)] {
            let top = deviceTop / scale
            lines.append(CellLine(utf16Range: start..<max(start, record.end), x: px(record.x), top: top,
                                  width: px(record.width), height: px(record.height),
                                  baseline: (deviceTop + Double(record.baseline)) / scale, hasEllipsis: record.hasEllipsis))
            start = max(start, record.end)
            deviceTop += Double(record.height)
        }
        let rects: [CellEntityRect] = rectRecords[firstRect..<firstRect + Int(r.rectCount)].map { e in
            let line = Int(e.line) < lines.count ? lines[Int(e.line)] : nil
            return CellEntityRect(kind: e.kind, utf16Range: Int(e.start)..<Int(max(e.start, e.end)),
                                  rect: LayoutRect(x: px(e.x), y: line?.top ?? 0, width: px(e.width),
                                                   height: line?.height ?? 0))
        }
        return CellTextLayout(name: schema.textNames[slot], frame: frame, isTruncated: r.isTruncated, lines: lines,
                              entityRects: rects)
    }
}

/// One text block of a ``CellLayout``. Line and entity positions are
/// relative to the text element's frame (padding included).
public struct CellTextLayout: Sendable, Equatable {
    /// The text element's name.
    public let name: String
    /// The element's frame in cell coordinates.
    public let frame: LayoutRect
    /// Whether `maxLines` cut the text.
    public let isTruncated: Bool
    /// The lines, top to bottom.
    public let lines: [CellLine]
    /// Rectangles of the text's entities (one per line and run an entity
    /// touches); empty unless the template's text element opts in to
    /// entity detection (`entities: true`, `"entities": true` in JSON) or
    /// the model gives the text's entities.
    public let entityRects: [CellEntityRect]

    /// The number of lines.
    public var lineCount: Int { lines.count }
}

/// One line of a text in a cell.
public struct CellLine: Sendable, Hashable {
    /// The UTF-16 range of the text's string the line shows.
    public let utf16Range: Range<Int>
    /// The line's left edge, from the frame's left edge.
    public let x: Double
    /// The line box's top, from the frame's top.
    public let top: Double
    /// The line's width (without trailing spaces).
    public let width: Double
    /// The line box's height.
    public let height: Double
    /// The baseline, from the frame's top.
    public let baseline: Double
    /// Whether the line ends with the truncation marker.
    public let hasEllipsis: Bool
}

/// A rectangle of an entity (hashtag, mention, cashtag, URL) in a cell's text.
public struct CellEntityRect: Sendable, Hashable {
    /// The entity's kind.
    public let kind: EntityKind
    /// The entity's UTF-16 range in the text's string.
    public let utf16Range: Range<Int>
    /// The rectangle, relative to the text element's frame.
    public let rect: LayoutRect
}

/// The names of a template's frames and texts, shared by its layouts.
final class CellLayoutSchema: Sendable {
    let templateName: String
    let frameNames: [String]
    let frameIndex: [String: Int]
    let textNames: [String]
    let textIndex: [String: Int]
    /// The frame slot of each text slot.
    let textFrameSlots: [Int]

    init(templateName: String, frameNames: [String], textNames: [String], textFrameSlots: [Int]) {
        self.templateName = templateName
        self.frameNames = frameNames
        self.textNames = textNames
        self.textFrameSlots = textFrameSlots
        var fi: [String: Int] = [:]
        for (i, n) in frameNames.enumerated() { fi[n] = i }
        frameIndex = fi
        var ti: [String: Int] = [:]
        for (i, n) in textNames.enumerated() { ti[n] = i }
        textIndex = ti
    }
}

/// A frame in device pixels; hidden (omitted) when `width` is negative.
struct PixelFrame: Sendable, Hashable {
    var x: Int32
    var y: Int32
    var width: Int32
    var height: Int32

    static let hidden = PixelFrame(x: 0, y: 0, width: -1, height: -1)
    var isHidden: Bool { width < 0 }
}

/// A text's share of the flat line and rectangle arrays (texts follow one
/// another there, so a text's first line is the sum of the counts before it).
struct TextRecord: Sendable, Hashable {
    var lineCount: UInt32
    var rectCount: UInt32
    /// The first line's top, relative to the frame (the top padding), in device pixels.
    var top: Float
    /// 1: present, 2: truncated.
    var flags: UInt8

    static let absent = TextRecord(lineCount: 0, rectCount: 0, top: 0, flags: 0)
    var isPresent: Bool { flags & 1 != 0 }
    var isTruncated: Bool { flags & 2 != 0 }
}

/// A line in single precision, in device pixels (line metrics are multiples
/// of 1/64 of a device pixel, exact in a Float well beyond any cell size, so
/// that a line at 3x reads back as 61/3 px, not a float's 20.33333396911621).
/// The line's start is
/// the previous line's end (lines partition their text, the first starting at
/// 0) and its top the sum of the heights above it, so neither is stored.
struct LineRecord: Sendable, Hashable {
    /// The UTF-16 end offset; bit 31 set when the line ends with the ellipsis.
    var endAndEllipsis: UInt32
    /// Left edge, relative to the text's frame.
    var x: Float
    var width: Float
    var height: Float
    /// Baseline, from the line's top.
    var baseline: Float

    init(end: Int, hasEllipsis: Bool, x: Float, width: Float, height: Float, baseline: Float) {
        endAndEllipsis = UInt32(clamping: end) & 0x7FFF_FFFF | (hasEllipsis ? 0x8000_0000 : 0)
        self.x = x
        self.width = width
        self.height = height
        self.baseline = baseline
    }

    var end: Int { Int(endAndEllipsis & 0x7FFF_FFFF) }
    var hasEllipsis: Bool { endAndEllipsis & 0x8000_0000 != 0 }
}

/// An entity rectangle: its top and height are those of its line; its x and
/// width in device pixels.
struct EntityRectRecord: Sendable, Hashable {
    var start: UInt32
    var end: UInt32
    /// Left edge, relative to the text's frame.
    var x: Float
    var width: Float
    /// The line, counted within its text.
    var line: UInt16
    var kind: EntityKind
}
