import Foundation
import FuzzSupport
import Typeset
import TypesetBatch
import TypesetCells

/// The `measure` tool's request path: the input's first byte picks the
/// protocol (batch, entities, a feed-post cell) and the offset unit, every
/// further line (at most 8) is a request answered as the tool answers it.
/// Every line must get exactly one answer line, itself a JSON object (an
/// answer or an error) that Foundation reads, whatever the request holds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequests(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var reader = FuzzFixtures.Reader(data, size)
    let mode = reader.byte()
    let utf16 = mode & 0x80 != 0
    let answer: (ArraySlice<UInt8>, Int, inout [UInt8]) -> Bool
    switch mode % 3 {
    case 0: answer = BatchLines(typesetter: FuzzFixtures.typesetter, utf16Offsets: utf16, includesLines: mode & 0x40 == 0).answer
    case 1: answer = EntityLines(utf16Offsets: utf16).answer
    default: answer = Fixtures.feedPost.answer
    }
    for (number, line) in reader.rest().split(separator: 0x0A, omittingEmptySubsequences: false).prefix(8).enumerated() {
        var out: [UInt8] = []
        _ = answer(line, number + 1, &out)
        precondition(out.last == 0x0A && out.dropLast().firstIndex(of: 0x0A) == nil, "not one answer line")
        // Foundation's parser as an independent check of the tool's output.
        guard (try? JSONSerialization.jsonObject(with: Data(out.dropLast()))) is [String: Any] else {
            preconditionFailure("the answer is not a JSON object: \(String(decoding: out, as: UTF8.self))")
        }
    }
    return 0
}

private enum Fixtures {
    static let feedPost: CellLines = {
        do {
            return CellLines(engine: CellLayoutEngine(typesetter: FuzzFixtures.typesetter),
                             template: try CellTemplate.feedPost(), width: 320, scale: 2)
        } catch { fatalError("fuzz: the feed-post template does not load: \(error)") }
    }()
}
