import Typeset

/// `measure batch`'s protocol in process (docs/Protocol.md): a
/// request line in, its answer line out. For servers that speak the protocol
/// without running the tool, and what the tool itself runs per line.
public struct BatchLines: Sendable, JSONLinesEndpoint {
    /// The typesetter every request is measured with.
    public let typesetter: Typesetter
    /// Whether offsets (run ranges in, line ranges out) count UTF-16 units
    /// rather than Unicode scalars.
    public var utf16Offsets: Bool
    /// Whether answers list every line.
    public var includesLines: Bool
    private let files = FontFileCache()

    /// A protocol endpoint measuring with `typesetter`.
    public init(typesetter: Typesetter, utf16Offsets: Bool = false, includesLines: Bool = true) {
        self.typesetter = typesetter
        self.utf16Offsets = utf16Offsets
        self.includesLines = includesLines
    }

    /// Appends the answer to one request line (a JSON object, without its
    /// newline; line `number` counts from 1 for error messages) and a newline
    /// to `out`. Returns whether the request was measured; otherwise an
    /// error object took the answer's place.
    public func answer(_ line: ArraySlice<UInt8>, number: Int, to out: inout [UInt8]) -> Bool {
        answerLine(line, number: number, to: &out)
    }

    package func handle(_ decoded: MeasureRequest, id: JSONValue?) throws -> LayoutAnswer {
        var request = decoded
        request.utf16Offsets = utf16Offsets
        let layout = try request.measure(with: typesetter, files: files)
        return LayoutAnswer(id: id, layout: layout, scale: request.scale, withLines: includesLines, utf16Offsets: utf16Offsets)
    }
}
