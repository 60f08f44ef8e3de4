import Foundation
import Typeset
import TypesetEntities
import TypesetCells

/// Reads JSON Lines from a file or stdin and writes one output line per input
/// line, in order, processing chunks on all cores. A bad line (invalid UTF-8,
/// invalid JSON, not an object, or a failure of `handle`) gets
/// `{"id": …, "error": {"line": N, "message": "…"}}` in its place.
struct JSONLinesProcessor {
    var jobs: Int
    var progress: ProgressReporter?

    /// Returns the number of failed lines.
    func run(input: FileHandle, output: FileHandle,
             handle: @escaping @Sendable (_ object: [String: Any], _ id: JSONValue?) throws -> JSONValue) -> (lines: Int, failed: Int) {
        var lineNumber = 0
        var failed = 0
        var pending = Data()
        let chunkSize = 2048
        var chunk: [Data] = []
        chunk.reserveCapacity(chunkSize)

        func flush() {
            guard !chunk.isEmpty else { return }
            let first = lineNumber - chunk.count + 1
            let results = UnsafeMutableBufferPointer<(String, Bool)>.allocate(capacity: chunk.count)
            results.initialize(repeating: ("", false))
            defer { results.deallocate() }
            let lines = chunk
            let workers = max(1, min(jobs, lines.count))
            let resultsBase = SendablePointer(base: results.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: workers) { w in
                var i = w
                while i < lines.count {
                    resultsBase.base[i] = Self.process(lines[i], number: first + i, handle: handle)
                    i += workers
                }
            }
            var out = ""
            for r in results {
                out += r.0
                out += "\n"
                if !r.1 { failed += 1 }
            }
            output.write(Data(out.utf8))
            progress?.update(done: lineNumber, failed: failed)
            chunk.removeAll(keepingCapacity: true)
        }

        while true {
            let data = input.readData(ofLength: 1 << 20)
            if data.isEmpty { break }
            pending.append(data)
            while let nl = pending.firstIndex(of: 0x0A) {
                chunk.append(pending[pending.startIndex..<nl])
                pending.removeSubrange(pending.startIndex...nl)
                lineNumber += 1
                if chunk.count == chunkSize { flush() }
            }
        }
        if !pending.isEmpty {  // a final line without a newline is still a line
            chunk.append(pending)
            lineNumber += 1
        }
        flush()
        progress?.finish(done: lineNumber, failed: failed)
        return (lineNumber, failed)
    }

    private static func process(_ bytes: Data, number: Int,
                                handle: (_ object: [String: Any], _ id: JSONValue?) throws -> JSONValue) -> (String, Bool) {
        var id: JSONValue? = nil
        do {
            var line = bytes
            if line.last == 0x0D { line.removeLast() }  // CRLF input
            if let bad = UTF8Validation.firstInvalidByte(in: line) {
                throw RequestError("invalid UTF-8 at byte \(bad)")
            }
            let any: Any
            do { any = try JSONSerialization.jsonObject(with: line, options: [.fragmentsAllowed]) } catch {
                throw RequestError(line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) ? "empty line" : "invalid JSON")
            }
            guard let object = any as? [String: Any] else { throw RequestError("each line must be a JSON object") }
            if let raw = object["id"] { id = JSONValue(any: raw) }
            return (try handle(object, id).serialized, true)
        } catch {
            var fields: [(String, JSONValue)] = []
            if let id { fields.append(("id", id)) }
            fields.append(("error", .object([("line", .int(number)), ("message", .string("\(error)"))])))
            return (JSONValue.object(fields).serialized, false)
        }
    }
}

/// A pointer handed to worker threads that write disjoint elements.
private struct SendablePointer<T>: @unchecked Sendable { let base: UnsafeMutablePointer<T> }
