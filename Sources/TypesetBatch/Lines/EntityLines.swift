import TypesetEntities

/// `measure entities`' protocol in process: `{"id": …, "text": "…"}` in, the
/// text's hashtags, mentions, cashtags and URLs out.
public struct EntityLines: Sendable, JSONLinesEndpoint {
    /// The detector every text goes through.
    public let detector: EntityDetector
    /// Whether entity offsets count UTF-16 units rather than Unicode scalars.
    public var utf16Offsets: Bool

    /// An endpoint detecting with `detector`.
    public init(detector: EntityDetector = EntityDetector(), utf16Offsets: Bool = false) {
        self.detector = detector
        self.utf16Offsets = utf16Offsets
    }

    /// Appends the answer to one line and a newline to `out`; returns whether
    /// the line was a valid request (see ``BatchLines/answer(_:number:to:)``).
    public func answer(_ line: ArraySlice<UInt8>, number: Int, to out: inout [UInt8]) -> Bool {
        answerLine(line, number: number, to: &out)
    }

    package func handle(_ request: TextRequest, id: JSONValue?) -> EntitiesAnswer {
        EntitiesAnswer(id: id, entities: detector.entities(in: request.text), utf16Offsets: utf16Offsets)
    }
}
