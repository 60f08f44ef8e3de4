import Foundation

/// One line of a JSON Lines protocol, answered: read by ``JSONParser``,
/// decoded into the protocol's request type by ``JSONValueDecoder``, handled,
/// and the answer (or an error object in its place) appended with its
/// newline. Shared by ``BatchLines``, ``EntityLines`` and ``CellLines``.
package enum RequestLine {
    /// Appends the answer to one line (its bytes without the newline) and a
    /// newline to `out`; returns whether it succeeded. A bad line (invalid
    /// UTF-8 or JSON, not an object, a request that does not decode, a failure
    /// of `handle`) gets `{"id": …, "error": {"line": N, "message": "…"}}`,
    /// with the id when the line has one.
    package static func answer<Request: Decodable, Answer: JSONWritable>(
        _ bytes: ArraySlice<UInt8>, number: Int, to out: inout [UInt8],
        handle: (_ request: Request, _ id: JSONValue?) throws -> Answer
    ) -> Bool {
        answer(decode(bytes, as: Request.self), number: number, to: &out, handle: handle)
    }

    /// A line read and decoded: the first half of ``answer(_:number:to:handle:)``,
    /// which a streaming reader runs ahead of the workers.
    package static func decode<Request: Decodable>(_ bytes: ArraySlice<UInt8>, as _: Request.Type) -> DecodedLine<Request> {
        var id: JSONValue? = nil
        do {
            var line = bytes
            if line.last == 0x0D { line = line.dropLast() }  // CRLF input
            if line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }  // a byte order mark before the object
            let value = try JSONParser.parse(line)
            guard case .object = value else { throw RequestError("each line must be a JSON object") }
            id = value[field: "id"]
            return .request(try JSONValueDecoder.decode(Request.self, from: value), id: id)
        } catch let error as DecodingError {
            return .failure(message(error), id: id)
        } catch {
            return .failure("\(error)", id: id)
        }
    }

    /// The second half: handles a decoded request and appends its answer, or
    /// the error object, and a newline; returns whether it succeeded.
    package static func answer<Request, Answer: JSONWritable>(
        _ decoded: DecodedLine<Request>, number: Int, to out: inout [UInt8],
        handle: (_ request: Request, _ id: JSONValue?) throws -> Answer
    ) -> Bool {
        switch decoded {
        case .failure(let message, let id):
            appendError(id: id, number: number, to: &out, message: message)
            return false
        case .request(let request, let id):
            do {
                try handle(request, id).write(to: &out)
                out.append(0x0A)
                return true
            } catch {
                appendError(id: id, number: number, to: &out, message: "\(error)")
                return false
            }
        }
    }

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
    private static func message(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let c), .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c):
            return c.codingPath.isEmpty ? c.debugDescription
                : "\(c.codingPath.map(\.stringValue).joined(separator: ".")): \(c.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}

/// A request line after reading and decoding: the request and the line's
/// `id`, or why the line is not a request (the id kept when it has one).
package enum DecodedLine<Request> {
    case request(Request, id: JSONValue?)
    case failure(String, id: JSONValue?)
}
