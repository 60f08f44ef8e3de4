import Typeset
import TypesetCells

/// `measure cell`'s protocol in process: a cell model (one JSON object) in,
/// the cell's height, every element's frame and every text's line count out.
public struct CellLines: Sendable, JSONLinesEndpoint {
    /// The engine every cell is laid out with.
    public let engine: CellLayoutEngine
    /// The template every model fills.
    public let template: CellTemplate
    /// The cell's width in points, and the device scale frames snap to.
    public var width: Double, scale: Double

    /// An endpoint laying `template` out at `width` and `scale` with `engine`.
    public init(engine: CellLayoutEngine, template: CellTemplate, width: Double, scale: Double) {
        self.engine = engine
        self.template = template
        self.width = width
        self.scale = scale
    }

    /// Appends the answer to one model line and a newline to `out`; returns
    /// whether the cell was laid out (see ``BatchLines/answer(_:number:to:)``).
    public func answer(_ line: ArraySlice<UInt8>, number: Int, to out: inout [UInt8]) -> Bool {
        answerLine(line, number: number, to: &out)
    }

    package func handle(_ model: CellData, id: JSONValue?) throws -> JSONValue {
        Self.answerObject(id: id, layout: try engine.layout(template, for: model, width: width, scale: scale))
    }

    /// The answer object of one model's layout.
    static func answerObject(id: JSONValue?, layout: CellLayout) -> JSONValue {
        var fields: [(String, JSONValue)] = []
        if let id { fields.append(("id", id)) }
        fields.append(("height", .number(layout.height)))
        fields.append(("frames", .object(layout.frames.map { frame in
            (frame.name, .array([.number(frame.rect.x), .number(frame.rect.y),
                                 .number(frame.rect.width), .number(frame.rect.height)]))
        })))
        fields.append(("texts", .object(layout.texts.map { text in
            (text.name, .object([("lines", .int(text.lineCount)), ("truncated", .bool(text.isTruncated))]))
        })))
        return .object(fields)
    }
}
