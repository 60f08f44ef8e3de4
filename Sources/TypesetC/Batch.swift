// `ts_batch_answer`: one line of the batch JSON Lines protocol, answered in process.
import CTypeset
import Foundation
import TypesetBatch

/// `ts_batch_answer` (include/typeset.h): Answers one line of the batch JSON Lines protocol; the answer is malloc'd, freed with `ts_string_free`.
@_cdecl("ts_batch_answer")
public func tsBatchAnswer(_ typesetter: OpaquePointer?, _ line: UnsafePointer<CChar>?, _ length: Int,
                        _ answer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                        _ answerLength: UnsafeMutablePointer<Int>?) -> ts_status {
    var refused: String?
    let status = Status.run("ts_batch_answer") {
        let batch = try Handle.argument(typesetter, "typesetter", as: TypesetterHandle.self).batch
        let length = try SourceText.count(length, "length")
        guard length == 0 || line != nil else { throw ArgumentError("line is NULL with length \(length)") }
        let answer = try Status.required(answer, "answer")
        let answerLength = try Status.required(answerLength, "answer_length")
        let bytes = line.map { Array(UnsafeRawBufferPointer(start: $0, count: length)) } ?? []
        var out: [UInt8] = []
        let measured = batch.answer(bytes[...], number: 1, to: &out)
        guard let copy = malloc(out.count + 1)?.assumingMemoryBound(to: UInt8.self) else {
            throw InternalError(message: "no memory for an answer of \(out.count) bytes")
        }
        for (i, byte) in out.enumerated() { copy[i] = byte }
        copy[out.count] = 0
        answer.pointee = UnsafeMutableRawPointer(copy).assumingMemoryBound(to: CChar.self)
        answerLength.pointee = out.count
        if !measured { refused = String(decoding: out, as: UTF8.self) }
    }
    guard status == TS_OK, let refused else { return status }
    Status.record("ts_batch_answer: the request was answered with an error: \(refused.trimmingCharacters(in: .newlines))")
    return TS_ERROR_REQUEST
}

/// `ts_string_free` (include/typeset.h): Frees a string the library returned (NULL is ignored).
@_cdecl("ts_string_free")
public func tsStringFree(_ string: UnsafeMutablePointer<CChar>?) {
    free(string)
}
