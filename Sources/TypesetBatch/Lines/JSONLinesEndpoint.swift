import Foundation

/// One JSON Lines protocol in process: what a line decodes to and how a
/// decoded request is answered. ``BatchLines``, ``EntityLines`` and
/// ``CellLines`` are its three configurations; everything else about a line
/// is here, shared.
///
/// A line goes through three steps that a streaming tool runs on three
/// threads: read by ``JSONParser`` and decoded into the protocol's request
/// type by ``JSONValueDecoder`` (``decode(_:)``), handled (``respond(_:)``),
/// and its answer, or an error object in its place, written with its newline
/// (``Response/write(number:to:)``).
package protocol JSONLinesEndpoint: Sendable {
    /// What one line decodes to.
    associatedtype Request: Decodable
    /// What one request is answered with.
    associatedtype Answer: JSONWritable

    /// The answer to one decoded request; `id` is the line's, to echo.
    func handle(_ request: Request, id: JSONValue?) throws -> Answer

    /// The fields of a line's object the protocol does not define (none by
    /// default: a cell model's fields are all data, an entities line's
    /// other fields are the post's own).
    func unknownFields(in object: JSONValue) -> [String]

    /// Whether a line with an unknown field is an error line rather than
    /// answered (its fields are reported either way).
    var rejectsUnknownFields: Bool { get }
}

extension JSONLinesEndpoint {
    package func unknownFields(in object: JSONValue) -> [String] { [] }
    package var rejectsUnknownFields: Bool { false }
}

extension JSONLinesEndpoint {
    /// Appends the answer to one line (its bytes, without the newline; line
    /// `number` counts from 1 for error messages) and a newline to `out`;
    /// returns whether the line was answered rather than an error.
    package func answerLine(_ line: ArraySlice<UInt8>, number: Int, to out: inout [UInt8]) -> Bool {
        respond(decode(line)).write(number: number, to: &out)
    }

    /// A line read and decoded: what a streaming reader does ahead of the
    /// workers. A bad line (invalid UTF-8 or JSON, not an object, a request
    /// that does not decode) becomes a failure that keeps the line's id.
    package func decode(_ bytes: ArraySlice<UInt8>) -> DecodedLine<Request> {
        var id: JSONValue? = nil
        var line = bytes
        if line.last == 0x0D { line = line.dropLast() }  // CRLF input
        if line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }  // a byte order mark before the object
        do {
            let value = try JSONParser.parse(line)
            guard case .object = value else { throw RequestError("each line must be a JSON object") }
            id = value[field: "id"]
            let unknown = unknownFields(in: value)
            if rejectsUnknownFields, !unknown.isEmpty {
                return .failure(RequestFields.describe(unknown), id: id, unknownFields: unknown)
            }
            return .request(try JSONValueDecoder.decode(Request.self, from: value), id: id, unknownFields: unknown)
        } catch let error as DecodingError {
            return .failure(RequestLine.message(error), id: id)
        } catch let error as JSONParseError where error.problem == .invalidUTF8 {
            return .failure("\(error)", id: Self.readableID(in: line))
        } catch {
            return .failure("\(error)", id: id)
        }
    }

    /// The `id` of a line that is not valid UTF-8, when the bad bytes lie
    /// outside it: the line read with each bad sequence as U+FFFD, if that
    /// is a JSON object whose `id` holds no U+FFFD. Nil otherwise (the id is
    /// not echoed when it cannot be read as sent).
    static func readableID(in line: ArraySlice<UInt8>) -> JSONValue? {
        let repaired = Array(String(decoding: line, as: UTF8.self).utf8)
        guard let value = try? JSONParser.parse(repaired), let id = value[field: "id"] else { return nil }
        return id.serialized.unicodeScalars.contains("\u{FFFD}") ? nil : id
    }

    /// The answer to a decoded line, or why it has none (written later, by
    /// ``Response/write(number:to:)``, on whichever thread writes).
    package func respond(_ decoded: DecodedLine<Request>) -> Response<Answer> {
        switch decoded {
        case .failure(let message, let id, _): return .failure(message, id: id)
        case .request(let request, let id, _):
            do { return .answer(try handle(request, id: id)) } catch { return .failure("\(error)", id: id) }
        }
    }
}

/// The error lines every protocol writes.
package enum RequestLine {
    /// Appends `{"id": …, "error": {"line": N, "message": "…"}}` and a newline.
    package static func appendError(id: JSONValue?, number: Int, to out: inout [UInt8], message: String) {
        out.appendJSONObject { o in
            if let id { o.value("id", id) }
            o.object("error") { e in
                e.int("line", number)
                e.string("message", message)
            }
        }
        out.append(0x0A)
    }

    /// The message for a request that did not decode (a field the request's
    /// own checks do not name).
    static func message(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let c), .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c):
            return c.codingPath.isEmpty ? c.debugDescription
                : "\(c.codingPath.map(\.stringValue).joined(separator: ".")): \(c.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}

/// A request line after reading and decoding: the request and the line's
/// `id`, or why the line is not a request (the id kept when it has one),
/// with the fields of the line the protocol does not define.
///
/// A request is kept in a box of its own (`indirect`): a decoded line
/// passes from the reading thread through the queue to a worker, and each
/// hand-over copies it, which for a request held inline retained and later
/// released every one of its strings and arrays (a dozen copies a line:
/// some 3k instructions and 250 atomic reference-count operations, on two
/// threads).
package enum DecodedLine<Request> {
    indirect case request(Request, id: JSONValue?, unknownFields: [String] = [])
    case failure(String, id: JSONValue?, unknownFields: [String] = [])

    /// The line's fields the protocol does not define (`widht`, `runs[].font_wieght`).
    package var unknownFields: [String] {
        switch self {
        case .request(_, _, let unknown), .failure(_, _, let unknown): return unknown
        }
    }

    /// The decoded request, nil for a bad line.
    package var request: Request? {
        if case .request(let request, _, _) = self { return request }
        return nil
    }
}

/// What a request line gets: its answer, or an error object in its place.
package enum Response<Answer: JSONWritable> {
    case answer(Answer)
    case failure(String, id: JSONValue?)

    /// Whether the line was answered.
    package var succeeded: Bool {
        if case .answer = self { return true }
        return false
    }

    /// Appends the answer, or `{"id": …, "error": {"line": number, "message": …}}`,
    /// and a newline; returns whether the line was answered.
    @discardableResult
    package func write(number: Int, to out: inout [UInt8]) -> Bool {
        switch self {
        case .answer(let answer):
            answer.write(to: &out)
            out.append(0x0A)
        case .failure(let message, let id):
            RequestLine.appendError(id: id, number: number, to: &out, message: message)
        }
        return succeeded
    }
}
