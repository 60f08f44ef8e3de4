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
    /// Whether a request with a field the protocol does not define (a
    /// misspelt `widht`) is an error line naming it (`measure batch
    /// --strict`) rather than measured without it.
    public var rejectsUnknownFields: Bool
    /// The directory `font_file` paths are read from (`measure batch
    /// --font-files DIR`), or nil: `font_file` is an error line. Request
    /// lines may come from untrusted users: a path is resolved with
    /// `realpath` (relative paths against this directory) and must lie
    /// inside it, and every refused or unusable path gets one message, so a
    /// request learns nothing of the machine's other files.
    public let fontFilesDirectory: String?
    private let files: FontFileCache

    /// A protocol endpoint measuring with `typesetter`; `font_file` reads
    /// files from `fontFilesDirectory` only, and is off without it.
    public init(typesetter: Typesetter, utf16Offsets: Bool = false, includesLines: Bool = true,
                rejectsUnknownFields: Bool = false, fontFilesDirectory: String? = nil) {
        self.typesetter = typesetter
        self.fontFilesDirectory = fontFilesDirectory
        files = FontFileCache(access: fontFilesDirectory.map { .within($0) } ?? .off)
        self.utf16Offsets = utf16Offsets
        self.includesLines = includesLines
        self.rejectsUnknownFields = rejectsUnknownFields
    }

    /// Appends the answer to one request line (a JSON object, without its
    /// newline; line `number` counts from 1 for error messages) and a newline
    /// to `out`. Returns whether the request was measured; otherwise an
    /// error object took the answer's place.
    public func answer(_ line: ArraySlice<UInt8>, number: Int, to out: inout [UInt8]) -> Bool {
        var decoder = FeedRequestDecoder()
        return respond(decode(line, with: &decoder)).write(number: number, to: &out)
    }

    /// ``answer(_:number:to:)``, also setting `unknownFields` to the line's
    /// fields the protocol does not define, each once, in order: a
    /// request's own by name (`"widht"`), a run's or an attachment's under
    /// its list (`"runs[].font_wieght"`). `measure batch` warns of each on
    /// standard error; with ``rejectsUnknownFields`` the line is an error.
    public func answer(_ line: ArraySlice<UInt8>, number: Int, to out: inout [UInt8], unknownFields: inout [String]) -> Bool {
        var decoder = FeedRequestDecoder()
        let decoded = decode(line, with: &decoder)
        unknownFields = decoded.unknownFields
        return respond(decoded).write(number: number, to: &out)
    }

    /// A line read and decoded: a feed's plain request straight from its
    /// bytes by `decoder` (which remembers the last font stack read), any
    /// other line by the general path (`decode(_:)`), which names what is
    /// wrong with a bad one. Both make the same request of a line.
    package func decode(_ line: ArraySlice<UInt8>, with decoder: inout FeedRequestDecoder) -> DecodedLine<MeasureRequest> {
        if let (request, id) = line.withUnsafeBufferPointer({ decoder.decode($0) }) { return .request(request, id: id) }
        return decode(line)
    }

    package func unknownFields(in object: JSONValue) -> [String] { RequestFields.unknown(in: object) }

    package func handle(_ decoded: MeasureRequest, id: JSONValue?) throws -> LayoutAnswer {
        // (A copy only when the offsets' unit differs: copying a request retains each of its strings and arrays.)
        let layout: TextLayout
        if decoded.utf16Offsets == utf16Offsets {
            layout = try decoded.measure(with: typesetter, files: files)
        } else {
            var request = decoded
            request.utf16Offsets = utf16Offsets
            layout = try request.measure(with: typesetter, files: files)
        }
        var answer = LayoutAnswer(id: id, layout: layout, scale: decoded.scale, withLines: includesLines, utf16Offsets: utf16Offsets)
        if decoded.reportsSameLinesWidths { answer.sameLinesWidths = layout.sameLinesWidths }
        return answer
    }
}
